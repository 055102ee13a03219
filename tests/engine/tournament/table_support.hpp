#pragma once
// Helpers for table tests: seat players, play a hand with chosen players busting.
#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <vector>

#include "engine/table/table.hpp"

namespace tavolo::engine::testing {

inline Table table_with(std::initializer_list<SeatIndex> seats, SeatIndex button, int size = 10,
                        Chips stack = 1000) {
    Table t(size);
    for (SeatIndex s : seats)
        EXPECT_TRUE(t.sit(s, 100 + s, stack).has_value());
    EXPECT_TRUE(t.set_first_button(button).has_value());
    return t;
}

// Plays one hand: the players in `busted` lose every chip to the first survivor.
inline HandSetup play(Table& t, std::set<SeatIndex> busted = {}, std::vector<Elimination>* out = nullptr) {
    auto setup = t.start_hand(t.hands_played() + 1, Variant::Holdem, Betting::NoLimit, Stakes{25, 50, 0});
    EXPECT_TRUE(setup.has_value());
    if (!setup) return {};
    std::vector<Chips> stacks;
    Chips pot = 0;
    for (const auto& s : setup->seats) {
        stacks.push_back(busted.contains(s.seat) ? 0 : s.stack);
        if (busted.contains(s.seat)) pot += s.stack;
    }
    for (std::size_t i = 0; i < stacks.size(); ++i) {
        if (stacks[i] > 0) {
            stacks[i] += pot;
            break;
        }
    }
    auto elim = t.finish_hand(stacks);
    EXPECT_TRUE(elim.has_value());
    if (out && elim) *out = *elim;
    return *setup;
}

inline std::vector<SeatIndex> dealt(const HandSetup& h) {
    std::vector<SeatIndex> out;
    for (const auto& s : h.seats)
        out.push_back(s.seat);
    return out;
}

}  // namespace tavolo::engine::testing
