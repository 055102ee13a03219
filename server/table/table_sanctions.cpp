// An operator's sanctions at a live table (RULES.md §6 "Sanctions"): the engine decides what each
// does (engine/table/sanction.hpp); the core finds the seat and tells the viewers.
#include "server/table/table_core.hpp"

namespace tavolo::server::table {

std::expected<engine::SanctionOutcome, engine::TableError> TableCore::sanction(engine::EntrantId entrant,
                                                                               engine::SanctionKind kind,
                                                                               int orbits, Effects& out) {
    const engine::Table& t = table_.table();
    engine::SeatIndex seat = engine::kNoSeat;
    for (engine::SeatIndex s = 0; s < t.size(); ++s)
        if (t.occupied(s) && t.at(s).entrant == entrant) seat = s;
    if (seat == engine::kNoSeat) return std::unexpected(engine::TableError::SeatEmpty);
    // A settlement's report is being written: the player's chips must not leave under it.
    if (kind == engine::SanctionKind::Disqualification && (in_hand() || settling()))
        return std::unexpected(engine::TableError::HandInProgress);
    auto outcome = table_.sanction(engine::Sanction{kind, seat, orbits});
    if (!outcome) return outcome;
    if (kind == engine::SanctionKind::Disqualification) {
        forget(entrant);
        publish_views(out);
    }
    return outcome;
}

}  // namespace tavolo::server::table
