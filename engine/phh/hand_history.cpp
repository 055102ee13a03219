#include "engine/phh/hand_history.hpp"

namespace tavolo::engine::phh {

const Value* HandHistory::find_other(std::string_view key) const {
    for (const auto& f : other) {
        if (f.key == key) return &f.value;
    }
    return nullptr;
}

bool HandHistory::same_record(const HandHistory& o) const {
    return variant == o.variant && ante_trimming_status == o.ante_trimming_status && antes == o.antes &&
           blinds_or_straddles == o.blinds_or_straddles && bring_in == o.bring_in &&
           small_bet == o.small_bet && big_bet == o.big_bet && min_bet == o.min_bet &&
           starting_stacks == o.starting_stacks && actions == o.actions && players == o.players &&
           finishing_stacks == o.finishing_stacks && winnings == o.winnings && other == o.other;
}

}  // namespace tavolo::engine::phh
