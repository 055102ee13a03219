#include "server/actors/move_notices.hpp"

#include <spdlog/spdlog.h>

#include "server/actors/tournament_payments.hpp"
#include "server/protocol/tournament_events.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

void MoveNotices::stood_up(const engine::StandUp& up) {
    stood_[up.move] = up;
}

std::optional<MoveNotice> MoveNotices::seated(std::int64_t tournament, const engine::SeatPlayer& seat,
                                              AccountIdValue account) {
    const auto it = stood_.find(seat.move);
    if (it == stood_.end()) return std::nullopt;
    const engine::StandUp up = it->second;
    stood_.erase(it);
    auto event = protocol::moved(tournament, up, seat);
    if (!event) return std::nullopt;
    spdlog::debug("event=player_moved tournament={} entrant={} from={} to={} seat={} breaking={}", tournament,
                  up.entrant, up.table, seat.table, seat.seat, up.breaking);
    return MoveNotice{seat.move, account, session::serialise(tournament_message(std::move(*event)))};
}

}  // namespace tavolo::server::actors
