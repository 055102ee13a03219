#include "engine/poker/setup_limits.hpp"

namespace tavolo::engine {

std::expected<void, SetupError> verify_setup_limits(const HandSetup& setup) {
    if (setup.small_blind > kMaxTotalChips || setup.big_blind > kMaxTotalChips || setup.ante > kMaxTotalChips)
        return std::unexpected(SetupError::ChipsOverLimit);
    // Each stack is checked before it is added, so the running total never passes twice the limit.
    Chips total = 0;
    for (const SeatSetup& s : setup.seats) {
        if (s.stack <= 0) return std::unexpected(SetupError::EmptyStack);
        if (s.stack > kMaxTotalChips) return std::unexpected(SetupError::ChipsOverLimit);
        total += s.stack;
        if (total > kMaxTotalChips) return std::unexpected(SetupError::ChipsOverLimit);
    }
    return {};
}

}  // namespace tavolo::engine
