#pragma once
// The typed vocabulary of tournaments as the stores take and return it: the engine's own enums for
// what the engine knows (kind, poker variant, betting structure), and enums of this layer for the
// states a tournament and an entry go through, which the engine does not track. Text exists only at
// the SQL edge (persistence/detail/sql_enums.hpp).
#include <variant>

#include "engine/poker/hand_setup.hpp"
#include "engine/tournament/tournament_kind.hpp"

namespace tavolo::persistence {

enum class TournamentState { announced, registering, running, paused, finished, cancelled };

enum class RegistrationState {
    registered,    // paid, not seated yet
    playing,       // seated
    eliminated,    // out (a re-buy brings the entry back to playing)
    winner,        // finished first
    unregistered,  // left before the start and was paid back
    refunded,      // paid back (a cancelled tournament, RULES.md §7)
};

// For messages and logs; the same words as in the database.
const char* to_string(TournamentState state);
const char* to_string(RegistrationState state);

// A poker game: the engine's variant under one of its betting structures.
struct PokerGame {
    engine::Variant variant = engine::Variant::Holdem;
    engine::Betting betting = engine::Betting::NoLimit;
    bool operator==(const PokerGame&) const = default;
};

// Poker Polacco (engine/polacco): no betting structure; its mode is part of the configuration.
struct PolaccoGame {
    bool operator==(const PolaccoGame&) const = default;
};

// What a tournament plays. A combination the engine cannot deal (Polacco under a betting structure,
// poker without one) cannot be written, and one read from the database is a bad_stored_value error.
using TournamentGame = std::variant<PokerGame, PolaccoGame>;

// The tournament is over: nothing more is paid into it.
constexpr bool is_over(TournamentState state) {
    return state == TournamentState::finished || state == TournamentState::cancelled;
}
// The entry was paid back: it wins nothing and is not refunded again.
constexpr bool is_paid_back(RegistrationState state) {
    return state == RegistrationState::refunded || state == RegistrationState::unregistered;
}

}  // namespace tavolo::persistence
