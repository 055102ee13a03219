#pragma once
// A Poker Polacco table between hands as a plain copyable value, and as versioned text for the
// engine_state a server saves with each table snapshot: the seats in clockwise order with their
// penalties and passes, who speaks first next, the last hand's direction (it decides who speaks first
// after an operator's penalty eliminates a player) and the hands played. Version 1:
//
//     tavolo.polacco_table_state version=1
//     table id=0 first_speaker=12 last_direction=0 hands_played=7
//     rules mode=0 clockwise_only=0 passamano=1 bonus=0 turn_seconds=30
//     player player=12 penalties=2 pass_available=1
//
// (one `player` line per seat, clockwise; direction 0 clockwise, 1 anticlockwise; mode 0 no-dealer,
// 1 casino). The format is engine/table/state_text.hpp's.
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/polacco/errors.hpp"
#include "engine/polacco/hand.hpp"
#include "engine/polacco/types.hpp"
#include "engine/table/state_text.hpp"

namespace tavolo::engine::polacco {

struct TableState {
    TableId id = 0;
    Rules rules;
    std::vector<HandPlayer> seats;  // clockwise
    PlayerId first_speaker = -1;
    Direction last_direction = Direction::Clockwise;
    std::int64_t hands_played = 0;
};

bool operator==(const TableState& a, const TableState& b);

// The checks Table::restore() applies: the first problem found (InvalidRules, TooManyPlayers,
// InvalidPenalties, DuplicateEntrant, NotSeated for a first speaker who is not at the table,
// InvalidTableState), or nothing.
std::expected<void, PolaccoError> validate(const TableState& state);

inline constexpr std::string_view kPolaccoTableStateKind = "tavolo.polacco_table_state";
inline constexpr int kPolaccoTableStateVersion = 1;

std::string encode_table_state(const TableState& state);
std::expected<TableState, StateTextError> decode_table_state(std::string_view text);

}  // namespace tavolo::engine::polacco
