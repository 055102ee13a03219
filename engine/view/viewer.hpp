#pragma once
// Who is looking at a table (RULES.md §8), the same four kinds in every game. A viewer of a poker
// table is identified by his seat; a viewer of a Poker Polacco table by his player id.
#include <cstdint>

#include "engine/polacco/types.hpp"
#include "engine/types.hpp"

namespace tavolo::engine::view {

enum class Role : std::uint8_t {
    Player,              // seated at the table: his own cards and what is public
    Observer,            // watching: what is public
    OperatorDuringHand,  // an operator watching a hand in play: what is public (decided: see README)
    OperatorAfterHand,   // an operator reviewing a hand: every card dealt to a player, folded and mucked too
};

template <class Who>
struct Viewer {
    Role role = Role::Observer;
    Who who = static_cast<Who>(-1);  // the seated player (Role::Player only)

    static Viewer player(Who w) { return {Role::Player, w}; }
    static Viewer observer() { return {Role::Observer, static_cast<Who>(-1)}; }
    static Viewer operator_during_hand() { return {Role::OperatorDuringHand, static_cast<Who>(-1)}; }
    static Viewer operator_after_hand() { return {Role::OperatorAfterHand, static_cast<Who>(-1)}; }

    bool is(Who w) const { return role == Role::Player && who == w; }
    bool sees_every_hand() const { return role == Role::OperatorAfterHand; }
    friend bool operator==(const Viewer&, const Viewer&) = default;
};

using PokerViewer = Viewer<SeatIndex>;
using PolaccoViewer = Viewer<polacco::PlayerId>;

}  // namespace tavolo::engine::view
