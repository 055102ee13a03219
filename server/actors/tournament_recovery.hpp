#pragma once
// A restart (issue 11 item 4): at start, before the listener takes a connection, every unfinished
// tournament is read back from PostgreSQL (persistence::load_unfinished_tournaments, one consistent
// view) and resumed, adopted by the lobby or cancelled.
//   - A running poker tournament whose director saved a decision resumes: the director from that
//     save (engine/tournament/director_state_text.hpp), each open table from its last committed hand
//     (engine/tournament/resume.hpp: hands in flight are void, chips back as at their start, RULES.md
//     §7; moves decided and not yet committed are carried out), the level clock and the break where
//     the director last stood (the time the server was down does not count), the registrations and
//     balances as committed. The SeatBook is rebuilt, so a player who reconnects with his resume
//     token finds his seat.
//   - A running Poker Polacco tournament resumes from its open tables and its registrations
//     (polacco_recovery.hpp; no saved state: engine/polacco/README.md "After a restart").
//   - A running tournament that cannot resume (no save: no hand was ever dealt; a save or a table
//     that does not read or does not agree; a declaration no longer configured; a Polacco tournament
//     whose tables and places do not add up) is cancelled with refunds per RULES.md §7 from the last
//     committed snapshot of each table (recovery_cancel.hpp; Polacco: lives left as chips, places
//     already paid not paid again), the reason logged.
//   - A registering (or announced) tournament is adopted by the lobby with its committed
//     registrations (accounts, registration ids, what each paid), its start time and its buy-in
//     keys, if the configuration still declares the same tournament (same name and fingerprint,
//     server/lobby/declaration_fingerprint.hpp) and its start time (a Sit&Go's deadline) did not
//     pass more than lobby::kLateStartGrace ago; the lobby opens no copy of it (LobbyCore::adopt).
//     Otherwise (declaration gone or changed, start long past) it is cancelled and every entry paid
//     back in full, the reason logged (event=tournament_cancelled_at_recovery).
//   - Every resumed tournament is handed to the lobby too, listed as running until it finishes.
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "server/actors/tournament_launcher.hpp"
#include "server/lobby/lobby_adoption.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::actors {

struct RecoveryOutcome {
    int resumed = 0;
    int cancelled = 0;
    int adopted_registering = 0;      // registering tournaments the lobby adopts
    int tables = 0;                   // tables resumed
    std::vector<std::string> errors;  // why each cancelled tournament could not resume
    // For LobbyActor::adopt, before the lobby opens: the registering ones adopted and the resumed ones.
    std::vector<lobby::AdoptedTournament> adopted;
};

// What recover_tournaments() takes on: every unfinished tournament (one node), or only the registering
// ones the lobby adopts (several nodes: each running tournament is taken by the node that gets its
// lease, through recover_tournament()).
enum class RecoveryScope { everything, registering_only };

// Reads, decides and hands each resumable tournament to `tournaments`. `declared` are the lobby's
// declarations (AdoptedTournament::declaration indexes them); `now` is the lobby's time. Throws
// nothing: a database that cannot be read is an error in the outcome (nothing resumed or adopted).
RecoveryOutcome recover_tournaments(persistence::Database& db,
                                    const std::vector<TournamentDeclaration>& declared,
                                    Tournaments& tournaments, TimePoint now,
                                    RecoveryScope scope = RecoveryScope::everything);

// Several nodes (server/cluster/lease_keeper.hpp): one running tournament, at any moment, the same way
// (resumed from its last committed hands, or cancelled with refunds when it cannot resume); nothing
// when it is over or still registering (the lobby's). The outcome's `adopted` names it when resumed.
RecoveryOutcome recover_tournament(persistence::Database& db,
                                   const std::vector<TournamentDeclaration>& declared,
                                   Tournaments& tournaments, TimePoint now, persistence::TournamentId id);

}  // namespace tavolo::server::actors
