// Table::snapshot() and Table::restore(), and the checks a restored state must pass.
#include "engine/table/table_state.hpp"

#include <array>
#include <cstdint>
#include <limits>

#include "engine/table/table.hpp"

namespace tavolo::engine {

const char* to_string(TableStateError e) {
    switch (e) {
        case TableStateError::HandInProgress:
            return "the table is playing a hand: finish or void it before restoring";
        case TableStateError::TableSizeOutOfRange:
            return "a table has 2 to 10 seats";
        case TableStateError::SeatOutOfRange:
            return "a seat or a position lies outside the table";
        case TableStateError::SeatListedTwice:
            return "a seat is listed twice";
        case TableStateError::InvalidEntrant:
            return "an entrant id is below zero";
        case TableStateError::EntrantSeatedTwice:
            return "an entrant is seated twice";
        case TableStateError::NegativeChips:
            return "a stack or a start stack is below zero";
        case TableStateError::ChipsOverLimit:
            return "a stack or a start stack is above the engine's limit (2^53 - 1 chips)";
        case TableStateError::BustedMismatch:
            return "a player without chips must be busted, and a busted player has no chips";
        case TableStateError::NegativeExclusion:
            return "the hands left of an exclusion are below zero";
        case TableStateError::HandsPlayedOutOfRange:
            return "the number of hands played is below zero or too large to count one more";
        case TableStateError::HolderMismatch:
            return "a blind has a seat without a holder, a position a holder without a seat, or one player "
                   "holds both blinds";
        case TableStateError::NoBigBlindAfterHands:
            return "hands were played but no big blind is recorded";
    }
    return "unknown table state error";
}

namespace {

bool on_table(SeatIndex seat, int size) {
    return seat >= 0 && seat < size;
}

std::expected<void, TableStateError> check_seats(const TableState& state) {
    std::array<bool, kMaxTableSize> taken{};
    for (const SeatState& s : state.seats) {
        if (!on_table(s.seat, state.size)) return std::unexpected(TableStateError::SeatOutOfRange);
        if (taken[static_cast<std::size_t>(s.seat)]) return std::unexpected(TableStateError::SeatListedTwice);
        taken[static_cast<std::size_t>(s.seat)] = true;
        const TablePlayer& p = s.player;
        if (p.entrant < 0) return std::unexpected(TableStateError::InvalidEntrant);
        for (const SeatState& other : state.seats)
            if (&other != &s && other.player.entrant == p.entrant)
                return std::unexpected(TableStateError::EntrantSeatedTwice);
        if (p.stack < 0 || s.start_chips < 0) return std::unexpected(TableStateError::NegativeChips);
        // Held to the limit like a stack that sits down (Table::sit): the table's sums over ten
        // such stacks cannot overflow, and a hand refuses a table whose total passes the limit.
        if (p.stack > kMaxTotalChips || s.start_chips > kMaxTotalChips)
            return std::unexpected(TableStateError::ChipsOverLimit);
        if ((p.stack == 0) != p.busted) return std::unexpected(TableStateError::BustedMismatch);
        if (p.excluded_hands < 0) return std::unexpected(TableStateError::NegativeExclusion);
    }
    return {};
}

// The button may stay on an empty seat (its holder left), so it may have a seat without a holder;
// a blind was posted by somebody, so its seat and holder come together.
std::expected<void, TableStateError> check_position(const PositionHolder& p, int size, bool is_blind) {
    if (p.seat == kNoSeat) {
        if (p.entrant != kNoEntrant) return std::unexpected(TableStateError::HolderMismatch);
        return {};
    }
    if (!on_table(p.seat, size)) return std::unexpected(TableStateError::SeatOutOfRange);
    if (p.entrant < kNoEntrant) return std::unexpected(TableStateError::InvalidEntrant);
    if (is_blind && p.entrant == kNoEntrant) return std::unexpected(TableStateError::HolderMismatch);
    return {};
}

}  // namespace

std::expected<void, TableStateError> validate(const TableState& state) {
    if (state.size < 2 || state.size > kMaxTableSize)
        return std::unexpected(TableStateError::TableSizeOutOfRange);
    if (auto ok = check_seats(state); !ok) return ok;
    // The next hand adds one: a saved count at the 64-bit maximum would overflow.
    if (state.hands_played < 0 || state.hands_played == std::numeric_limits<std::int64_t>::max())
        return std::unexpected(TableStateError::HandsPlayedOutOfRange);
    if (auto ok = check_position(state.button, state.size, false); !ok) return ok;
    if (auto ok = check_position(state.last_small_blind, state.size, true); !ok) return ok;
    if (auto ok = check_position(state.last_big_blind, state.size, true); !ok) return ok;
    // One player never posts both blinds of a hand.
    const PositionHolder& sb = state.last_small_blind;
    const PositionHolder& bb = state.last_big_blind;
    if (sb.seat != kNoSeat && bb.seat != kNoSeat && (sb.seat == bb.seat || sb.entrant == bb.entrant))
        return std::unexpected(TableStateError::HolderMismatch);
    // After a hand the next big blind is found from the last one (§4); without it the table cannot go on.
    if (state.started && (state.last_big_blind.seat == kNoSeat || state.button.seat == kNoSeat))
        return std::unexpected(TableStateError::NoBigBlindAfterHands);
    return {};
}

std::expected<TableState, TableError> Table::snapshot() const {
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    TableState state;
    state.size = size_;
    for (SeatIndex s = 0; s < size_; ++s)
        if (occupied(s)) state.seats.push_back({s, at(s), start_stacks_[static_cast<std::size_t>(s)]});
    state.started = has_history_;
    state.hands_played = hands_played_;
    state.button = {button_seat_, button_holder_};
    state.last_small_blind = {last_sb_seat_, last_sb_holder_};
    state.last_big_blind = {last_bb_seat_, last_bb_holder_};
    state.rebuy_window = rebuy_window_;
    return state;
}

std::expected<void, TableStateError> Table::restore(const TableState& state) {
    if (in_hand_) return std::unexpected(TableStateError::HandInProgress);
    auto table = restored(state);
    if (!table) return std::unexpected(table.error());
    *this = std::move(*table);
    return {};
}

std::expected<Table, TableStateError> Table::restored(const TableState& state) {
    if (auto ok = validate(state); !ok) return std::unexpected(ok.error());
    Table t(state.size);
    for (const SeatState& s : state.seats) {
        t.seats_[static_cast<std::size_t>(s.seat)] = s.player;
        t.start_stacks_[static_cast<std::size_t>(s.seat)] = s.start_chips;
    }
    t.count_ = static_cast<int>(state.seats.size());
    t.has_history_ = state.started;
    t.hands_played_ = state.hands_played;
    t.button_seat_ = state.button.seat;
    t.button_holder_ = state.button.entrant;
    t.last_sb_seat_ = state.last_small_blind.seat;
    t.last_sb_holder_ = state.last_small_blind.entrant;
    t.last_bb_seat_ = state.last_big_blind.seat;
    t.last_bb_holder_ = state.last_big_blind.entrant;
    t.rebuy_window_ = state.rebuy_window;
    return t;
}

}  // namespace tavolo::engine
