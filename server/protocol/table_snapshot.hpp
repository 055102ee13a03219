#pragma once
// A table as one viewer may see it (engine/view's view_of) as a v1::TableSnapshot, with what only the
// server knows: names, who sits out or is disconnected, the blind level, the turn clock.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

#include "engine/view/poker_view.hpp"
#include "engine/view/polacco_view.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// One player as the table's viewers know him, keyed by entrant (poker) or player id (Polacco).
struct PlayerStatus {
    std::string name;
    bool sitting_out = false;
    bool disconnected = false;
};

// The clock of the player to act (RULES.md §5), as the table actor's timers stand.
struct ClockState {
    engine::DecisionNumber decision = 0;
    std::int64_t time_left_ms = 0;
    std::int64_t time_bank_ms = 0;
};

struct SnapshotContext {
    TableAddress table;
    int level = 0;                                           // the blind level of the stakes shown
    std::unordered_map<std::int64_t, PlayerStatus> players;  // by entrant / player id
    std::optional<ClockState> clock;                         // while someone is to act
    std::int64_t level_ends_at_ms = 0;                       // 0: no levels
    std::string shuffle_commitment;  // the hand in play's (the core's snapshot has it), "" between hands
};

v1::TableSnapshot table_snapshot(const engine::view::PokerView& view, const SnapshotContext& context);
v1::TableSnapshot table_snapshot(const engine::view::PolaccoView& view, const SnapshotContext& context);

}  // namespace tavolo::server::protocol
