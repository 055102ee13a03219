#pragma once
// A lobby tournament as the client sees it (v1::TournamentInfo) and as the database records it
// (persistence::TournamentSpec): the two translations of a declaration the lobby makes.
#include <optional>

#include "persistence/tournament_store.hpp"
#include "server/start_rule.hpp"
#include "server/tournament_config.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::lobby {

namespace v1 = ::tavolo::v1;

v1::TournamentKind kind_of(engine::TournamentKind kind);
v1::TournamentState state_of(persistence::TournamentState state);

// What the listing needs besides the declaration.
struct ListingFacts {
    std::int64_t id = 0;
    persistence::TournamentState state = persistence::TournamentState::registering;
    int entrants = 0;
    std::optional<TimePoint> starts_at;  // the deadline of a Sit&Go, the start of an MTT
    bool registered = false;             // the viewer holds an entry
    engine::Cents prize_pool = 0;        // the entries' prize parts, at least the guarantee
};

// Id, name, game, betting (UNSPECIFIED for Polacco), kind, seats, buy-in as prize + fee, entrants,
// players, start rule, state, level minutes and starting chips (Polacco: lives).
v1::TournamentInfo listing_of(const TournamentDeclaration& declaration, const ListingFacts& facts);

// The row TournamentStore::create writes for a declaration opened now, registering.
persistence::TournamentSpec spec_of(const TournamentDeclaration& declaration,
                                    std::optional<TimePoint> starts_at);

}  // namespace tavolo::server::lobby
