#pragma once
// Resuming a poker tournament after a restart (RULES.md §7), pure: one table of a restored director
// (director_state_text.hpp) from the table's last committed hand. The director's saved state is
// ahead of the table's snapshot by what the table did between hands (the seat changes it applied:
// moved players, arrivals), and behind it by at most one hand: the one the director started there
// and the table committed, whose report never reached a saved decision. So:
//   - the director started no hand there: the table's seats become the director's view of them
//     (a player moved away stands up, a player moved in sits with the state his old table
//     reported); its report (a change between hands) tells the director its button;
//   - the director's hand committed: the table is its snapshot, and the report saved with that hand
//     (table_report_text.hpp) is given to the director again;
//   - the director's hand never committed: it is void (chips back as at its start, which is the
//     snapshot), seats as the director sees them; the table's report closes the hand with no chip moved.
// Refused (the tournament cannot resume: cancel it, RULES.md §7) when the table is ahead of the
// director by more than that hand, the owed report is missing, or the seats cannot be made so.
#include <expected>
#include <optional>
#include <string>

#include "engine/random.hpp"
#include "engine/table/table.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "engine/tournament/tournament_table.hpp"

namespace tavolo::engine {

struct CommittedTable {
    TableId id = 0;
    Table table;                      // as its last committed hand left it (Table::restored)
    HandId hand = 0;                  // that hand's number; 0: none committed yet
    std::optional<TableReport> owed;  // the report saved with that hand
};

struct ResumedTable {
    TournamentTable table;
    TableReport report;  // for the director, before it decides anything new
    enum class How { SeatsFromDirector, ReportAgain, HandVoid } how = How::SeatsFromDirector;
};

std::expected<ResumedTable, std::string> resume_table(const TournamentDirector& director,
                                                      CommittedTable committed, RandomSource& rng);

}  // namespace tavolo::engine
