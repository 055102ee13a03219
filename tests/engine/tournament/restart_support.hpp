#pragma once
// Helpers for the restart tests: a table through snapshot -> text -> restore, a hand setup as one
// comparable line, and what a restart could rebuild from the snapshot's columns alone (seats, stacks,
// one status per seat, button) before the engine state was saved.
#include <gtest/gtest.h>

#include <string>

#include "engine/table/table.hpp"
#include "engine/table/table_state_text.hpp"

namespace tavolo::engine::testing {

// The table as a restarted server gets it back: snapshot, saved as text, read, restored.
inline Table restarted(const Table& t) {
    auto state = t.snapshot();
    EXPECT_TRUE(state.has_value());
    if (!state) return Table(t.size());
    auto decoded = decode_table_state(encode_table_state(*state));
    EXPECT_TRUE(decoded.has_value()) << (decoded ? "" : describe(decoded.error()));
    if (!decoded) return Table(t.size());
    EXPECT_EQ(*decoded, *state);
    auto back = Table::restored(*decoded);
    if (!back) {
        ADD_FAILURE() << to_string(back.error());
        return Table(t.size());
    }
    return std::move(*back);
}

// Before this issue a restart had only the columns of persistence's TableSnapshot: each seat's
// stack and one status, and the button. The best it could do was to seat everyone again around that
// button as for a first hand.
inline Table from_columns_only(const Table& t) {
    Table out(t.size());
    for (SeatIndex s = 0; s < t.size(); ++s) {
        if (!t.occupied(s) || t.at(s).stack <= 0) continue;  // a busted seat (0 chips) cannot sit
        TablePlayer p;
        p.entrant = t.at(s).entrant;
        p.stack = t.at(s).stack;
        p.sitting_out = t.at(s).sitting_out;
        p.disconnected = t.at(s).disconnected;
        EXPECT_TRUE(out.sit(s, p).has_value());
    }
    SeatIndex button = t.button();
    for (int i = 0; i < t.size() && button != kNoSeat && !out.occupied(button); ++i)
        button = (button + 1) % t.size();
    if (button != kNoSeat) {
        EXPECT_TRUE(out.set_first_button(button).has_value());
    }
    return out;
}

inline std::string setup_line(const HandSetup& h) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict) on long chains of std::string operator+.
    std::string out = "hand ";
    const auto put = [&out](const char* label, long long v) {
        out += label;
        out += std::to_string(v);
    };
    put("", h.hand_id);
    put(" button ", h.button);
    put(" sb ", h.small_blind_seat);
    put(" bb ", h.big_blind_seat);
    put(" ante ", h.ante);
    out += " seats";
    for (const SeatSetup& s : h.seats) {
        put(" ", s.seat);
        put(":", s.stack);
        if (s.auto_act) out += 'a';
    }
    return out;
}

}  // namespace tavolo::engine::testing
