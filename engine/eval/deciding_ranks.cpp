#include "engine/eval/hand_value.hpp"
#include "engine/eval/lookup_tables.hpp"
#include "engine/eval/reference_evaluator.hpp"

namespace tavolo::engine {

namespace {
constexpr std::array<int, kHandCategories> kDecidingRanks = {5, 4, 3, 3, 1, 5, 2, 2, 1};
}

DecidingRanks deciding_ranks(HandValue value) {
    const ReferenceValue ref(lookup_tables().classes[value.raw() - 1]);
    DecidingRanks out;
    out.category = ref.category();
    out.count = kDecidingRanks[static_cast<int>(out.category)];
    for (int i = 0; i < out.count; ++i)
        out.ranks[i] = ref.rank(i);
    return out;
}

}  // namespace tavolo::engine
