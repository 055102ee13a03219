// Recurring schedules (`every = "30m"`, server/lobby/README.md): copy k of a declaration opens k
// periods after the first; a relative start ("+15m") counts from the copy's own opening, a fixed
// start (RFC 3339) moves by k periods.
#include "server/lobby/lobby_core.hpp"

namespace tavolo::server::lobby {

std::optional<TimePoint> LobbyCore::shifted_start(const StartRule& rule, TimePoint opened,
                                                  std::chrono::milliseconds shift) {
    const auto at = start_time(rule, opened);
    if (!at || !std::holds_alternative<StartAt>(rule)) return at;
    return *at + shift;
}

void LobbyCore::open_due_copies(TimePoint now, Effects& out) {
    if (stopping_) return;
    for (auto& [declaration, r] : recurring_) {
        const std::chrono::milliseconds every = *declarations_[declaration].every;
        // Every copy due opens, each at its own scheduled moment (a late tick misses none).
        while (now >= r.first + r.copies * every) {
            const TimePoint due = r.first + r.copies * every;
            create(declaration, due, out, r.copies * every);
            ++r.copies;
        }
    }
}

}  // namespace tavolo::server::lobby
