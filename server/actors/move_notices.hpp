#pragma once
// What a moved player is told (RULES.md §6, server/actors/README.md "Moves"): the director pairs
// each StandUp with the SeatPlayer of the same move number and hands the destination table a
// MoveNotice (a v1::TournamentEvent MovedTable, serialised once). The destination table sends it to
// the player on its own strand just before it applies the SeatPlayer, whose fresh views give him
// the new table's snapshot: the notice, the snapshot and the table's stream reach him in that order,
// before the table's first hand with him, so his client follows him (it forgets both tables' streams
// on the notice and takes the snapshot as the start of the new one).
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "engine/tournament/director_messages.hpp"
#include "server/actors/outbox.hpp"

namespace tavolo::server::actors {

struct MoveNotice {
    std::int64_t move = 0;  // the SeatPlayer's move number
    AccountIdValue account{};
    Frame frame;  // the MovedTable event
};

// The notices to hand each destination table with its messages.
using MoveNoticesByTable = std::map<engine::TableId, std::vector<MoveNotice>>;

// The director's side: remembers each StandUp until its SeatPlayer (which may follow in a later
// answer, when the destination was playing a hand). One per director, on its strand.
class MoveNotices {
  public:
    void stood_up(const engine::StandUp& up);
    // The notice of a SeatPlayer that completes a move (nothing for a seat that is not a move's).
    std::optional<MoveNotice> seated(std::int64_t tournament, const engine::SeatPlayer& seat,
                                     AccountIdValue account);
    std::size_t in_transit() const { return stood_.size(); }

  private:
    std::map<std::int64_t, engine::StandUp> stood_;  // by move number
};

}  // namespace tavolo::server::actors
