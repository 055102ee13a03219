// polacco::Table::snapshot() / restore(), the checks a restored state must pass, and its text.
#include "engine/polacco/table_state.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "engine/polacco/table.hpp"

namespace tavolo::engine::polacco {

bool operator==(const TableState& a, const TableState& b) {
    const auto same_rules = [](const Rules& x, const Rules& y) {
        return x.mode == y.mode && x.clockwise_only == y.clockwise_only && x.passamano == y.passamano &&
               x.bonus == y.bonus && x.turn_seconds == y.turn_seconds;
    };
    const auto same_player = [](const HandPlayer& x, const HandPlayer& y) {
        return x.player == y.player && x.penalties == y.penalties && x.pass_available == y.pass_available;
    };
    return a.id == b.id && same_rules(a.rules, b.rules) &&
           std::ranges::equal(a.seats, b.seats, same_player) && a.first_speaker == b.first_speaker &&
           a.last_direction == b.last_direction && a.hands_played == b.hands_played;
}

std::expected<void, PolaccoError> validate(const TableState& state) {
    const Rules& r = state.rules;
    if ((r.clockwise_only && r.mode != Mode::Casino) || r.turn_seconds <= 0)
        return std::unexpected(PolaccoError::InvalidRules);
    if (r.mode != Mode::NoDealer && r.mode != Mode::Casino)
        return std::unexpected(PolaccoError::InvalidRules);
    if (state.last_direction != Direction::Clockwise && state.last_direction != Direction::Anticlockwise)
        return std::unexpected(PolaccoError::InvalidDirection);
    if (state.seats.size() > static_cast<std::size_t>(r.table_max()))
        return std::unexpected(PolaccoError::TooManyPlayers);
    // The next hand's number is hands_played + 1: a count at the 64-bit maximum would overflow.
    if (state.hands_played < 0 || state.hands_played == std::numeric_limits<std::int64_t>::max() ||
        state.id < 0)
        return std::unexpected(PolaccoError::InvalidTableState);
    for (std::size_t i = 0; i < state.seats.size(); ++i) {
        const HandPlayer& p = state.seats[i];
        if (p.player < 0) return std::unexpected(PolaccoError::InvalidTableState);
        if (p.penalties < 0 || p.penalties > kMaxPenalties)
            return std::unexpected(PolaccoError::InvalidPenalties);
        for (std::size_t j = 0; j < i; ++j)
            if (state.seats[j].player == p.player) return std::unexpected(PolaccoError::DuplicateEntrant);
    }
    // A table whose last player left keeps no first speaker worth checking.
    if (!state.seats.empty() &&
        std::ranges::find(state.seats, state.first_speaker, &HandPlayer::player) == state.seats.end())
        return std::unexpected(PolaccoError::NotSeated);
    return {};
}

std::expected<TableState, PolaccoError> Table::snapshot() const {
    if (hand_) return std::unexpected(PolaccoError::HandInProgress);
    return TableState{id_, rules_, seats_, first_speaker_, last_direction_, hands_played_};
}

std::expected<void, PolaccoError> Table::restore(const TableState& state) {
    if (hand_) return std::unexpected(PolaccoError::HandInProgress);
    auto table = restored(state);
    if (!table) return std::unexpected(table.error());
    *this = std::move(*table);
    return {};
}

std::expected<Table, PolaccoError> Table::restored(const TableState& state) {
    if (auto ok = validate(state); !ok) return std::unexpected(ok.error());
    Table t(state.id, state.rules, state.seats, state.first_speaker);
    t.last_direction_ = state.last_direction;
    t.hands_played_ = state.hands_played;
    return t;
}

// ---- text ----

namespace {

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

// Enums as fixed numbers, so reordering an enum never changes saved states.
std::int64_t code_of(Direction d) {
    return d == Direction::Clockwise ? 0 : 1;
}
std::int64_t code_of(Mode m) {
    return m == Mode::NoDealer ? 0 : 1;
}

}  // namespace

std::string encode_table_state(const TableState& state) {
    StateTextWriter w(kPolaccoTableStateKind, kPolaccoTableStateVersion);
    w.record("table")
        .field("id", state.id)
        .field("first_speaker", state.first_speaker)
        .field("last_direction", code_of(state.last_direction))
        .field("hands_played", state.hands_played);
    w.record("rules")
        .field("mode", code_of(state.rules.mode))
        .field("clockwise_only", state.rules.clockwise_only)
        .field("passamano", state.rules.passamano)
        .field("bonus", state.rules.bonus)
        .field("turn_seconds", state.rules.turn_seconds);
    for (const HandPlayer& p : state.seats)
        w.record("player")
            .field("player", p.player)
            .field("penalties", p.penalties)
            .field("pass_available", p.pass_available);
    return w.finish();
}

std::expected<TableState, StateTextError> decode_table_state(std::string_view text) {
    auto records = parse_state_text(text, kPolaccoTableStateKind, kPolaccoTableStateVersion);
    if (!records) return std::unexpected(records.error());
    TableState state;
    bool table = false, rules = false;
    for (const StateRecord& r : *records) {
        if (r.name == "table") {
            if (table) return std::unexpected(StateTextError{StateTextErrc::RepeatedRecord, r.line});
            auto v = checked_values(r, {"id", "first_speaker", "last_direction", "hands_played"},
                                    {{0, kInt32Max}, {kInt64Min, kInt64Max}, {0, 1}, {kInt64Min, kInt64Max}});
            if (!v) return std::unexpected(v.error());
            state.id = static_cast<TableId>((*v)[0]);
            state.first_speaker = (*v)[1];
            state.last_direction = (*v)[2] == 0 ? Direction::Clockwise : Direction::Anticlockwise;
            state.hands_played = (*v)[3];
            table = true;
        } else if (r.name == "rules") {
            if (rules) return std::unexpected(StateTextError{StateTextErrc::RepeatedRecord, r.line});
            auto v = checked_values(r, {"mode", "clockwise_only", "passamano", "bonus", "turn_seconds"},
                                    {{0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, kInt32Max}});
            if (!v) return std::unexpected(v.error());
            state.rules.mode = (*v)[0] == 0 ? Mode::NoDealer : Mode::Casino;
            state.rules.clockwise_only = (*v)[1] == 1;
            state.rules.passamano = (*v)[2] == 1;
            state.rules.bonus = (*v)[3] == 1;
            state.rules.turn_seconds = static_cast<int>((*v)[4]);
            rules = true;
        } else if (r.name == "player") {
            if (state.seats.size() >= static_cast<std::size_t>(kTableMaxCasino))
                return std::unexpected(StateTextError{StateTextErrc::TooManyRecords, r.line});
            auto v = checked_values(r, {"player", "penalties", "pass_available"},
                                    {{kInt64Min, kInt64Max}, {-kInt32Max, kInt32Max}, {0, 1}});
            if (!v) return std::unexpected(v.error());
            state.seats.push_back(HandPlayer{(*v)[0], static_cast<int>((*v)[1]), (*v)[2] == 1});
        } else {
            return std::unexpected(StateTextError{StateTextErrc::UnknownRecord, r.line});
        }
    }
    if (!table || !rules) return std::unexpected(StateTextError{StateTextErrc::MissingRecord, 0});
    return state;
}

}  // namespace tavolo::engine::polacco
