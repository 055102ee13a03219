#pragma once
// Helpers for the Poker Polacco tests: Punti and decks written as text by the test.
#include <string_view>

#include "engine/cards.hpp"
#include "engine/deck.hpp"
#include "engine/polacco/punto.hpp"

namespace tavolo::engine::polacco::testing {

inline Punto p(std::string_view text) {
    return Punto::parse(text).value();
}

// A deck whose top cards are these, dealt in order: the first speaker's, then the next player's
// in the chosen direction.
inline Deck deck(std::string_view top) {
    Deck d;
    d.stack_top(parse_cards(top).value());
    return d;
}

}  // namespace tavolo::engine::polacco::testing
