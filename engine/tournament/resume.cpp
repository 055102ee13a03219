#include "engine/tournament/resume.hpp"

namespace tavolo::engine {

std::expected<ResumedTable, std::string> resume_table(const TournamentDirector& director, CommittedTable c,
                                                      RandomSource& rng) {
    const std::string which = "table " + std::to_string(c.id) + ": ";
    if (!director.floor().open(c.id)) return std::unexpected(which + "the director has closed it");
    const auto& s = director.structure();
    const HandId playing = director.hand_playing(c.id);
    const int level = director.level();
    const Stakes stakes = director.stakes(level);
    if (playing != 0 && c.hand == playing) {
        // The hand committed; the director's answer did not: it hears the saved report again.
        if (!c.owed || c.owed->finished_hand != playing || c.owed->table != c.id)
            return std::unexpected(which + "hand " + std::to_string(playing) +
                                   " committed but its report to the director was not saved with it");
        TableReport report = *c.owed;
        auto t = TournamentTable::resumed(c.id, std::move(c.table), s.variant, s.betting, level, stakes,
                                          playing, report.seat_changes_applied, 0);
        return ResumedTable{std::move(t), std::move(report), ResumedTable::How::ReportAgain};
    }
    if (c.hand > playing && playing != 0)
        return std::unexpected(which + "its last committed hand " + std::to_string(c.hand) +
                               " is newer than the one the director started there");
    // The seats as the director sees them: moves applied between hands never committed a snapshot.
    const TableView& view = director.floor().table(c.id);
    Table& t = c.table;
    if (t.size() != view.size()) return std::unexpected(which + "its size is not the director's");
    for (SeatIndex seat = 0; seat < t.size(); ++seat) {
        const bool here = t.occupied(seat);
        const bool there = view.occupied(seat);
        if (here && (!there || t.at(seat).entrant != view.at(seat).entrant))
            if (auto out = t.stand(seat); !out)
                return std::unexpected(which + "cannot stand up seat " + std::to_string(seat) + ": " +
                                       to_string(out.error()));
        if (!there) continue;
        if (!t.occupied(seat)) {
            if (auto in = t.sit(seat, view.at(seat)); !in)
                return std::unexpected(which + "cannot seat entrant " +
                                       std::to_string(view.at(seat).entrant) + ": " + to_string(in.error()));
        } else if (t.at(seat).stack != view.at(seat).stack) {
            // Chips bought between hands, reported to the director after the last hand committed.
            const Chips more = view.at(seat).stack - t.at(seat).stack;
            if (more < 0 || !t.add_chips(seat, more))
                return std::unexpected(which + "seat " + std::to_string(seat) +
                                       " holds other chips than the director counts");
        }
    }
    // A table opened but never played: the button is drawn again (nobody was told of the first draw).
    if (t.button() == kNoSeat && t.player_count() >= 2)
        if (auto drawn = t.draw_button(rng); !drawn)
            return std::unexpected(which + "cannot draw the button: " + to_string(drawn.error()));
    const HandId last = std::max(playing, c.hand);
    auto resumed = TournamentTable::resumed(c.id, std::move(c.table), s.variant, s.betting, level, stakes,
                                            last, director.seat_changes_sent(c.id), playing);
    TableReport report = resumed.report();
    return ResumedTable{std::move(resumed), std::move(report),
                        playing != 0 ? ResumedTable::How::HandVoid : ResumedTable::How::SeatsFromDirector};
}

}  // namespace tavolo::engine
