#pragma once
// A running Poker Polacco tournament restored after a restart (issue 11 item 4) from what is durable,
// with no saved tournament state (engine/polacco/README.md "After a restart" says why): the
// configuration and the entrants, the tables of the current draw as of their last committed hands
// (a hand in flight is void, RULES.md §7), and the places already committed. Everything else follows:
//   - the draws: a non-final table pauses at exactly three (one player leaves per hand or penalty),
//     so the tables of every draw are fixed by the number of entrants (draw_plan); the server knows
//     the draw of its tables from their wire numbers (first_table_of_draw);
//   - a table of a draw that is not the last waits iff it has three players or fewer; when all wait,
//     the redraw was decided but not recorded: restore() draws it (with its RandomSource);
//   - the final table is the last draw's one table; one player left there has won;
//   - an entrant neither seated nor placed was eliminated by a committed hand whose place did not
//     commit: he takes one of the places left, the first such entrant (in entrants' order) the worst
//     (their true order is lost when several hands' places were lost at once).
// Refused with InconsistentTournament (or a table's own check) when it does not add up: a player at
// two tables, seated and placed, placed twice or unknown, places outside 1..n or twice, a prize that
// is not the place's, a table missing, too many players for its draw, lives out of range.
#include <vector>

#include "engine/polacco/table_state.hpp"
#include "engine/polacco/tournament.hpp"

namespace tavolo::engine::polacco {

struct TournamentRecord {
    std::vector<PlayerId> entrants;  // every entrant, as at the start
    TournamentConfig config;
    int draw = 0;                    // the draw the tables belong to (0: the start's)
    std::vector<TableState> tables;  // every table of that draw (ids 0..), as of its last committed hand
    std::vector<Standing> placed;    // the places committed, in any order
};

// The number of tables of each draw, the start's first, the final table's (1) last.
std::vector<int> draw_plan(int entrants, int table_max);
// The wire numbering of a server (every table of the tournament numbered once, draw after draw from
// 0): the number of the first table of `draw`; -1 past the last draw.
int first_table_of_draw(const std::vector<int>& plan, int draw);
// The draw whose tables are numbered from `first`; -1 when none is.
int draw_starting_at(const std::vector<int>& plan, int first);

}  // namespace tavolo::engine::polacco
