#include "persistence/engine_state.hpp"

#include "engine/table/table_state_text.hpp"

namespace tavolo::persistence {

const char* to_string(EngineStateErrc code) {
    switch (code) {
        case EngineStateErrc::unknown_entrant:
            return "unknown_entrant";
        case EngineStateErrc::missing:
            return "missing";
        case EngineStateErrc::unreadable:
            return "unreadable";
        case EngineStateErrc::invalid:
            return "invalid";
        case EngineStateErrc::disagrees_with_columns:
            return "disagrees_with_columns";
    }
    return "unknown";
}

namespace {

std::unexpected<EngineStateError> fail(EngineStateErrc code, TableId table, const std::string& what) {
    return std::unexpected(EngineStateError{
        code,
        "table " + std::to_string(raw(table)) + ": " + what +
            (code == EngineStateErrc::unknown_entrant
                 ? ""
                 : "; the table cannot be resumed as it stood: cancel it (RULES.md §7) or repair the row")});
}

SeatStatus status_of(const engine::TablePlayer& p) {
    if (p.busted) return SeatStatus::busted;
    if (p.excluded_hands > 0) return SeatStatus::excluded;
    if (p.sitting_out) return SeatStatus::sitting_out;
    if (p.disconnected) return SeatStatus::disconnected;
    return SeatStatus::active;
}

std::optional<int> button_column(engine::SeatIndex seat) {
    return seat == engine::kNoSeat ? std::nullopt : std::optional<int>(seat);
}

// A snapshot whose row was never written by a table (opened, not yet seated).
bool never_seated(const TableSnapshot& s) {
    return s.seats.empty() && s.engine_state.empty();
}

}  // namespace

EngineStateResult<TableSnapshot> table_snapshot(TableId table, std::int64_t hand_number, int level,
                                                const engine::TableState& state, const OwnerOf& owner_of) {
    TableSnapshot snap{table, hand_number, button_column(state.button.seat), level, {}, {}};
    for (const engine::SeatState& s : state.seats) {
        auto owner = owner_of(s.player.entrant);
        if (!owner)
            return fail(EngineStateErrc::unknown_entrant, table,
                        "entrant " + std::to_string(s.player.entrant) + " has no registration");
        snap.seats.push_back(
            {s.seat, owner->registration, owner->account, s.player.stack, status_of(s.player)});
    }
    snap.engine_state = engine::encode_table_state(state);
    return snap;
}

EngineStateResult<TableSnapshot> table_snapshot(TableId table, std::int64_t hand_number, int level,
                                                const engine::polacco::TableState& state,
                                                const OwnerOf& owner_of) {
    TableSnapshot snap{table, hand_number, std::nullopt, level, {}, {}};
    for (std::size_t i = 0; i < state.seats.size(); ++i) {
        const auto& p = state.seats[i];
        auto owner = owner_of(p.player);
        if (!owner)
            return fail(EngineStateErrc::unknown_entrant, table,
                        "player " + std::to_string(p.player) + " has no registration");
        const engine::Chips lives = engine::polacco::kMaxPenalties + 1 - p.penalties;
        snap.seats.push_back({static_cast<engine::SeatIndex>(i), owner->registration, owner->account, lives,
                              SeatStatus::active});
    }
    snap.engine_state = engine::polacco::encode_table_state(state);
    return snap;
}

EngineStateResult<engine::TableState> poker_table_state(const RecoveredTable& table) {
    const TableSnapshot& snap = table.snapshot;
    if (never_seated(snap)) {
        engine::TableState empty;
        empty.size = table.max_seats;
        return empty;
    }
    if (snap.engine_state.empty())
        return fail(EngineStateErrc::missing, table.id, "the snapshot has no engine state");
    auto state = engine::decode_table_state(snap.engine_state);
    if (!state) return fail(EngineStateErrc::unreadable, table.id, engine::describe(state.error()));
    if (auto ok = engine::validate(*state); !ok)
        return fail(EngineStateErrc::invalid, table.id, engine::to_string(ok.error()));
    // The columns are written from the same state in the same statement: any difference is damage.
    bool same = state->size == table.max_seats && state->seats.size() == snap.seats.size() &&
                button_column(state->button.seat) == snap.button;
    for (std::size_t i = 0; same && i < snap.seats.size(); ++i)
        same =
            state->seats[i].seat == snap.seats[i].seat && state->seats[i].player.stack == snap.seats[i].stack;
    if (!same)
        return fail(EngineStateErrc::disagrees_with_columns, table.id,
                    "the engine state's seats, stacks or button differ from the snapshot's");
    return *state;
}

EngineStateResult<engine::polacco::TableState> polacco_table_state(const RecoveredTable& table) {
    const TableSnapshot& snap = table.snapshot;
    if (snap.engine_state.empty())
        return fail(EngineStateErrc::missing, table.id, "the snapshot has no engine state");
    auto state = engine::polacco::decode_table_state(snap.engine_state);
    if (!state) return fail(EngineStateErrc::unreadable, table.id, engine::describe(state.error()));
    if (auto ok = engine::polacco::validate(*state); !ok)
        return fail(EngineStateErrc::invalid, table.id, std::string(engine::polacco::describe(ok.error())));
    bool same = state->seats.size() == snap.seats.size();
    for (std::size_t i = 0; same && i < snap.seats.size(); ++i)
        same = snap.seats[i].seat == static_cast<engine::SeatIndex>(i) &&
               snap.seats[i].stack == engine::polacco::kMaxPenalties + 1 - state->seats[i].penalties;
    if (!same)
        return fail(EngineStateErrc::disagrees_with_columns, table.id,
                    "the engine state's players differ from the snapshot's seats");
    return *state;
}

}  // namespace tavolo::persistence
