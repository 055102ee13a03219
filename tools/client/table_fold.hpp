#pragma once
// The client's fold: a TableEvent applied to the table as the viewer knows it (a TableSnapshot), as
// engine/view's apply() does for the engine's views. It moves chips and cards as the event says and
// never judges a rule: whose turn it is and what may be done arrive with the pending decision.
#include <array>
#include <cstdint>

#include "tavolo.pb.h"

namespace tavolo::client {

// What the fold remembers between a draw's Discarded and its replacement cards, which take the
// thrown cards' places in the hand (as engine/view does, so the order of cards agrees with a snapshot).
struct DrawReplacement {
    std::int32_t seat = -1;
    int count = 0;               // replacements still to come
    std::array<int, 5> slots{};  // their places, the last one first
};

void fold(::tavolo::v1::TableSnapshot& state, const ::tavolo::v1::TableEvent& event, DrawReplacement& draw);

}  // namespace tavolo::client
