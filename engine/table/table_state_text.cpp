#include "engine/table/table_state_text.hpp"

#include <array>
#include <cstdint>
#include <limits>

namespace tavolo::engine {

namespace {

constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

void write_position(StateTextWriter& w, std::string_view name, const PositionHolder& p) {
    w.record(name).field("seat", p.seat).field("entrant", p.entrant);
}

using Decoded = std::expected<void, StateTextError>;

Decoded read_position(const StateRecord& record, PositionHolder& p) {
    auto v = checked_values(record, {"seat", "entrant"}, {{kInt32Min, kInt32Max}, {kInt32Min, kInt32Max}});
    if (!v) return std::unexpected(v.error());
    p.seat = static_cast<SeatIndex>((*v)[0]);
    p.entrant = static_cast<EntrantId>((*v)[1]);
    return {};
}

Decoded read_table(const StateRecord& record, TableState& state) {
    auto v = checked_values(record, {"size", "started", "hands_played", "rebuy_window"},
                            {{kInt32Min, kInt32Max}, {0, 1}, {kInt64Min, kInt64Max}, {0, 1}});
    if (!v) return std::unexpected(v.error());
    state.size = static_cast<int>((*v)[0]);
    state.started = (*v)[1] == 1;
    state.hands_played = (*v)[2];
    state.rebuy_window = (*v)[3] == 1;
    return {};
}

Decoded read_seat(const StateRecord& record, SeatState& s) {
    auto v = checked_values(record,
                            {"seat", "entrant", "stack", "start_chips", "sitting_out", "disconnected",
                             "excluded_hands", "waiting", "busted"},
                            {{kInt32Min, kInt32Max},
                             {kInt32Min, kInt32Max},
                             {kInt64Min, kInt64Max},
                             {kInt64Min, kInt64Max},
                             {0, 1},
                             {0, 1},
                             {kInt32Min, kInt32Max},
                             {0, 1},
                             {0, 1}});
    if (!v) return std::unexpected(v.error());
    s.seat = static_cast<SeatIndex>((*v)[0]);
    s.player.entrant = static_cast<EntrantId>((*v)[1]);
    s.player.stack = (*v)[2];
    s.start_chips = (*v)[3];
    s.player.sitting_out = (*v)[4] == 1;
    s.player.disconnected = (*v)[5] == 1;
    s.player.excluded_hands = static_cast<int>((*v)[6]);
    s.player.waiting = (*v)[7] == 1;
    s.player.busted = (*v)[8] == 1;
    return {};
}

}  // namespace

std::string encode_table_state(const TableState& state) {
    StateTextWriter w(kTableStateKind, kTableStateVersion);
    w.record("table")
        .field("size", state.size)
        .field("started", state.started)
        .field("hands_played", state.hands_played)
        .field("rebuy_window", state.rebuy_window);
    write_position(w, "button", state.button);
    write_position(w, "last_small_blind", state.last_small_blind);
    write_position(w, "last_big_blind", state.last_big_blind);
    for (const SeatState& s : state.seats) {
        const TablePlayer& p = s.player;
        w.record("seat")
            .field("seat", s.seat)
            .field("entrant", p.entrant)
            .field("stack", p.stack)
            .field("start_chips", s.start_chips)
            .field("sitting_out", p.sitting_out)
            .field("disconnected", p.disconnected)
            .field("excluded_hands", p.excluded_hands)
            .field("waiting", p.waiting)
            .field("busted", p.busted);
    }
    return w.finish();
}

std::expected<TableState, StateTextError> decode_table_state(std::string_view text) {
    auto records = parse_state_text(text, kTableStateKind, kTableStateVersion);
    if (!records) return std::unexpected(records.error());
    TableState state;
    state.seats.clear();
    // table, button, last_small_blind, last_big_blind: once each.
    std::array<bool, 4> seen{};
    for (const StateRecord& r : *records) {
        Decoded ok;
        std::size_t once = seen.size();
        if (r.name == "table") {
            once = 0;
            ok = read_table(r, state);
        } else if (r.name == "button") {
            once = 1;
            ok = read_position(r, state.button);
        } else if (r.name == "last_small_blind") {
            once = 2;
            ok = read_position(r, state.last_small_blind);
        } else if (r.name == "last_big_blind") {
            once = 3;
            ok = read_position(r, state.last_big_blind);
        } else if (r.name == "seat") {
            if (state.seats.size() >= static_cast<std::size_t>(kMaxTableSize))
                return std::unexpected(StateTextError{StateTextErrc::TooManyRecords, r.line});
            ok = read_seat(r, state.seats.emplace_back());
        } else {
            return std::unexpected(StateTextError{StateTextErrc::UnknownRecord, r.line});
        }
        if (!ok) return std::unexpected(ok.error());
        if (once < seen.size()) {
            if (seen[once]) return std::unexpected(StateTextError{StateTextErrc::RepeatedRecord, r.line});
            seen[once] = true;
        }
    }
    for (bool s : seen)
        if (!s) return std::unexpected(StateTextError{StateTextErrc::MissingRecord, 0});
    return state;
}

}  // namespace tavolo::engine
