#pragma once
// The engine's state of a table in a TableSnapshot, both ways. Building a snapshot from an engine
// table between hands fills the columns (seats, stacks, statuses, button) and engine_state (the whole
// state as the engine's versioned text: dead blinds, sanctions, waiting and busted players, re-buy
// window...). Recovery reads it back, checked against the columns, for Table::restore().
#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>

#include "engine/polacco/table_state.hpp"
#include "engine/table/table_state.hpp"
#include "persistence/recovery.hpp"
#include "persistence/table_snapshot.hpp"

namespace tavolo::persistence {

enum class EngineStateErrc {
    unknown_entrant,  // building: an entrant at the table has no registration
    missing,          // reading: the snapshot has seats but no engine state (written before it existed)
    unreadable,       // reading: the engine state is not a state this program reads
    invalid,          // reading: it reads, but no table can be in that state
    disagrees_with_columns,  // reading: its seats, stacks or button differ from the snapshot's columns
};

const char* to_string(EngineStateErrc code);

struct EngineStateError {
    EngineStateErrc code;
    std::string message;  // what went wrong and what to do
};

template <class T>
using EngineStateResult = std::expected<T, EngineStateError>;

// Who holds a seat, as the database knows him.
struct SeatOwner {
    RegistrationId registration{};
    AccountId account{};
};
using OwnerOf = std::function<std::optional<SeatOwner>(std::int64_t entrant)>;

// A poker table's snapshot after hand `hand_number` (0: none yet) at blind level `level`.
EngineStateResult<TableSnapshot> table_snapshot(TableId table, std::int64_t hand_number, int level,
                                                const engine::TableState& state, const OwnerOf& owner_of);
// A Poker Polacco table's: seat i is the i-th player clockwise; its "stack" is the lives left (6 - cards
// held, RULES.md §7).
EngineStateResult<TableSnapshot> table_snapshot(TableId table, std::int64_t hand_number, int level,
                                                const engine::polacco::TableState& state,
                                                const OwnerOf& owner_of);

// The poker table a recovered snapshot holds. A table never seated (no seats, no engine state) is an
// empty table of its max_seats.
EngineStateResult<engine::TableState> poker_table_state(const RecoveredTable& table);
EngineStateResult<engine::polacco::TableState> polacco_table_state(const RecoveredTable& table);

}  // namespace tavolo::persistence
