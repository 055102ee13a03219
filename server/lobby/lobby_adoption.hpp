#pragma once
// A restart gives the lobby back what it listed (issue 11 item 4; server/lobby/README.md "Adoption at
// a restart"). The recovery (server/actors/tournament_recovery.hpp) reads every unfinished tournament
// and asks adoption_of() which declaration a registering one was opened from; the lobby then adopts
// it with its committed registrations (LobbyCore::adopt) instead of opening a copy, and lists each
// running tournament its director resumed.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "persistence/tournament_store.hpp"
#include "server/start_rule.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::lobby {

// How long after its start time (or a Sit&Go's deadline) that passed while the server was down a
// registering tournament may still start at the restart (decided, README "Tournaments"): one default
// MTT level. Later, its players have gone: it is cancelled and every entry refunded in full.
inline constexpr std::chrono::minutes kLateStartGrace{15};

struct AdoptedTournament {
    persistence::TournamentId id{};
    std::size_t declaration = 0;         // its index in the lobby's declarations
    bool running = false;                // resumed by its director; else registering (or announced)
    std::optional<TimePoint> starts_at;  // as stored: an MTT's start, a Sit&Go's deadline
    std::vector<persistence::Registration> registrations;  // every row of the tournament, by id
    bool late_open = false;                                // running: its director still takes late entries
};

// The declaration a stored registering tournament may be adopted under, or why not.
struct AdoptionVerdict {
    std::optional<std::size_t> declaration;
    std::string why_not;  // when none: for the log and the cancellation's reason
};

// By name and fingerprint (declaration_fingerprint.hpp): a declaration gone or changed is refused,
// and so is a start time (deadline) that passed more than `grace` before `now`.
AdoptionVerdict adoption_of(const std::vector<TournamentDeclaration>& declarations,
                            const persistence::Tournament& stored, TimePoint now,
                            std::chrono::milliseconds grace = kLateStartGrace);

// The declaration a running tournament resumes under: by name only, as its director does.
std::optional<std::size_t> declaration_named(const std::vector<TournamentDeclaration>& declarations,
                                             const std::string& name);

}  // namespace tavolo::server::lobby
