#pragma once
// Helpers for the poker hand tests: tables with seats 0..n-1, cards fixed by the test.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/cards.hpp"
#include "engine/poker/hand.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::testing {

// n players in seats 0..n-1 with the given stacks; button seat 0; blinds on seats 1 and 2
// (heads-up: the button posts the small blind, seat 1 the big blind).
inline HandSetup make_setup(Variant variant, Betting betting, std::vector<Chips> stacks, Chips sb, Chips bb,
                            Chips ante = 0, AnteMode ante_mode = AnteMode::None) {
    HandSetup s;
    s.hand_id = 1;
    s.variant = variant;
    s.betting = betting;
    s.small_blind = sb;
    s.big_blind = bb;
    s.ante = ante;
    s.ante_mode = ante_mode;
    s.table_size = 10;
    for (std::size_t i = 0; i < stacks.size(); ++i)
        s.seats.push_back(SeatSetup{.seat = static_cast<SeatIndex>(i), .stack = stacks[i]});
    s.button = 0;
    if (stacks.size() == 2) {
        s.small_blind_seat = 0;
        s.big_blind_seat = 1;
    } else {
        s.small_blind_seat = 1;
        s.big_blind_seat = 2;
    }
    return s;
}

inline std::vector<Card> cards(std::string_view text) {
    auto parsed = parse_cards(text);
    EXPECT_TRUE(parsed.has_value()) << text;
    return parsed.value_or(std::vector<Card>{});
}

inline CardSet card_set(std::string_view text) {
    CardSet s;
    for (Card c : cards(text))
        s.insert(c);
    return s;
}

// Seats in deal order: dealt-in seats clockwise from the button's left.
inline std::vector<SeatIndex> deal_order(const HandSetup& setup) {
    std::vector<SeatIndex> order;
    std::size_t first = 0;
    while (first < setup.seats.size() && setup.seats[first].seat <= setup.button)
        ++first;
    for (std::size_t k = 0; k < setup.seats.size(); ++k)
        order.push_back(setup.seats[(first + k) % setup.seats.size()].seat);
    return order;
}

// The stacked top of the deck that deals each seat its cards (given per seat in ascending seat
// order, in the order the seat receives them: round-robin rounds), then the rest of `tail` (hold'em:
// burn, flop, burn, turn, burn, river; draw: burn, replacements in turn order).
inline std::vector<Card> stacked(const HandSetup& setup, const std::vector<std::string>& per_seat,
                                 std::string_view tail = "") {
    std::vector<std::vector<Card>> hands;
    for (const auto& h : per_seat)
        hands.push_back(cards(h));
    std::vector<Card> out;
    const auto order = deal_order(setup);
    const std::size_t rounds = hands.empty() ? 0 : hands[0].size();
    for (std::size_t r = 0; r < rounds; ++r)
        for (SeatIndex seat : order) {
            std::size_t i = 0;
            while (setup.seats[i].seat != seat)
                ++i;
            out.push_back(hands[i][r]);
        }
    for (Card c : cards(tail))
        out.push_back(c);
    return out;
}

template <class E>
std::vector<E> events_of(const Hand& hand) {
    std::vector<E> out;
    for (const HandEvent& e : hand.events())
        if (const E* x = std::get_if<E>(&e)) out.push_back(*x);
    return out;
}

#define ASSERT_OK(expr)                                                                     \
    do {                                                                                    \
        auto result_ = (expr);                                                              \
        ASSERT_TRUE(result_.has_value()) << #expr << " refused: " << name(result_.error()); \
    } while (0)

#define EXPECT_REFUSED(expr, err)                                      \
    do {                                                               \
        auto result_ = (expr);                                         \
        ASSERT_FALSE(result_.has_value()) << #expr << " was accepted"; \
        EXPECT_EQ(result_.error(), (err)) << name(result_.error());    \
    } while (0)

// Three players (make_setup: button 0, blinds 1 and 2): the button and the small blind call, the
// big blind checks, then all three check streets 1..last_street, seats 1, 2, 0 in turn.
inline void limp_and_check_through(Hand& h, int last_street) {
    ASSERT_OK(h.call(0));
    ASSERT_OK(h.call(1));
    ASSERT_OK(h.check(2));
    for (int street = 1; street <= last_street; ++street)
        for (SeatIndex seat : {1, 2, 0})
            ASSERT_OK(h.check(seat));
}

}  // namespace tavolo::engine::testing
