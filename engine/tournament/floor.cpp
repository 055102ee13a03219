#include "engine/tournament/floor.hpp"

#include <algorithm>

#include "engine/tournament/seating.hpp"

namespace tavolo::engine {

const char* to_string(FloorError e) {
    switch (e) {
        case FloorError::UnknownTable:
            return "no such open table";
        case FloorError::TableInHand:
            return "a table concerned is playing a hand: seat changes wait until it ends";
        case FloorError::NoRoom:
            return "the other tables have too few empty seats for the players of the table to break";
        case FloorError::BustedPlayersPending:
            return "busted players may still re-buy: settle them before breaking the table";
    }
    return "unknown floor error";
}

Floor::Floor(int tables, int table_size)
    : table_size_(std::clamp(table_size, 2, kMaxTableSize)),
      tables_(static_cast<std::size_t>(std::max(tables, 0)), Table(table_size_)),
      count_of_(tables_.size(), -1),
      bucket_pos_(tables_.size(), -1) {
    for (int id = 0; id < table_count(); ++id)
        index_add(id, 0);
}

void Floor::index_add(int id, int count) {
    count_of_[static_cast<std::size_t>(id)] = count;
    by_count_[static_cast<std::size_t>(count)].insert(id);
    auto& b = bucket_[static_cast<std::size_t>(count)];
    bucket_pos_[static_cast<std::size_t>(id)] = static_cast<int>(b.size());
    b.push_back(id);
    ++open_tables_;
    players_ += count;
}

void Floor::index_remove(int id) {
    const int count = count_of_[static_cast<std::size_t>(id)];
    if (count < 0) return;
    by_count_[static_cast<std::size_t>(count)].erase(id);
    auto& b = bucket_[static_cast<std::size_t>(count)];
    const int pos = bucket_pos_[static_cast<std::size_t>(id)];
    b[static_cast<std::size_t>(pos)] = b.back();
    bucket_pos_[static_cast<std::size_t>(b.back())] = pos;
    b.pop_back();
    count_of_[static_cast<std::size_t>(id)] = -1;
    --open_tables_;
    players_ -= count;
}

void Floor::refresh(int id) {
    if (!open(id)) return;
    const int now = table(id).player_count();
    if (now == count_of_[static_cast<std::size_t>(id)]) return;
    index_remove(id);
    index_add(id, now);
}

void Floor::close(int id) {
    index_remove(id);
}

int Floor::smallest_size() const {
    for (int c = 0; c <= kMaxTableSize; ++c)
        if (!by_count_[static_cast<std::size_t>(c)].empty()) return c;
    return 0;
}

int Floor::largest_size() const {
    for (int c = kMaxTableSize; c >= 0; --c)
        if (!by_count_[static_cast<std::size_t>(c)].empty()) return c;
    return 0;
}

std::optional<int> Floor::table_to_break() const {
    if (open_tables_ <= 1 || open_tables_ <= tables_needed(players_, table_size_)) return std::nullopt;
    return *by_count_[static_cast<std::size_t>(smallest_size())].rbegin();
}

std::optional<int> Floor::balance_destination(int from) const {
    if (!open(from)) return std::nullopt;
    const int smallest = smallest_size();
    if (count_of_[static_cast<std::size_t>(from)] < smallest + 2) return std::nullopt;
    return *by_count_[static_cast<std::size_t>(smallest)].begin();
}

int Floor::random_smallest(RandomSource& rng) const {
    const auto& b = bucket_[static_cast<std::size_t>(smallest_size())];
    return b[rng.uniform_below(b.size())];
}

std::expected<std::vector<SeatMove>, FloorError> Floor::break_table(int id, RandomSource& rng) {
    if (!open(id)) return std::unexpected(FloorError::UnknownTable);
    Table& from = table(id);
    if (from.in_hand()) return std::unexpected(FloorError::TableInHand);
    for (SeatIndex s = 0; s < from.size(); ++s)
        if (from.at(s).busted) return std::unexpected(FloorError::BustedPlayersPending);
    const int movers = from.player_count();
    const int others_players = players_ - count_of_[static_cast<std::size_t>(id)];
    if ((open_tables_ - 1) * table_size_ - others_players < movers)
        return std::unexpected(FloorError::NoRoom);

    // First choose every player's table, the index following the planned counts, so that a
    // receiving table found in a hand (or full) undoes the plan and nothing changes.
    index_remove(id);
    std::vector<int> to_table;
    to_table.reserve(static_cast<std::size_t>(movers));
    auto undo = [&] {
        for (int t : to_table) {
            if (count_of_[static_cast<std::size_t>(t)] == table(t).player_count()) continue;
            index_remove(t);
            index_add(t, table(t).player_count());
        }
        index_add(id, from.player_count());
    };
    for (int i = 0; i < movers; ++i) {
        // The broken table is out of the index, so the smallest table is another one.
        const int to = random_smallest(rng);
        const int planned = count_of_[static_cast<std::size_t>(to)];
        const Table& dest = table(to);
        if (dest.in_hand() || planned >= dest.size()) {
            undo();
            return std::unexpected(dest.in_hand() ? FloorError::TableInHand : FloorError::NoRoom);
        }
        index_remove(to);
        index_add(to, planned + 1);
        to_table.push_back(to);
    }
    // Then seat them, one by one in seat order, each in a random empty seat of its table.
    std::vector<SeatMove> moves;
    moves.reserve(static_cast<std::size_t>(movers));
    std::size_t next = 0;
    for (SeatIndex s = 0; s < from.size(); ++s) {
        if (!from.occupied(s)) continue;
        auto player = from.stand(s);
        if (!player) continue;  // cannot happen: the table is between hands
        const int to = to_table[next++];
        Table& dest = table(to);
        const SeatIndex seat = dest.random_empty_seat(rng);
        (void)dest.sit(seat, *player);  // cannot fail: checked above
        moves.push_back(SeatMove{player->entrant, id, s, to, seat, true});
    }
    return moves;
}

std::expected<std::optional<SeatMove>, FloorError> Floor::balance_once(int from) {
    if (from < 0 || from >= table_count() || !open(from)) return std::unexpected(FloorError::UnknownTable);
    const auto to = balance_destination(from);
    if (!to) return std::nullopt;
    Table& src = table(from);
    Table& dest = table(*to);
    if (src.in_hand() || dest.in_hand()) return std::unexpected(FloorError::TableInHand);
    const SeatIndex s = src.next_big_blind_seat();
    const SeatIndex d = dest.seat_posting_big_blind_soonest();
    if (s == kNoSeat || d == kNoSeat) return std::nullopt;
    auto player = src.stand(s);
    if (!player) return std::nullopt;
    if (auto ok = dest.sit(d, *player); !ok) {
        (void)src.sit(s, *player);  // cannot happen (the seat is empty, the entrant new there): undo
        return std::nullopt;
    }
    refresh(from);
    refresh(*to);
    return SeatMove{player->entrant, from, s, *to, d, false};
}

std::expected<void, FloorError> Floor::after_hand(int table_id, RandomSource& rng,
                                                  std::vector<SeatMove>& moves) {
    if (table_id < 0 || table_id >= table_count() || !open(table_id))
        return std::unexpected(FloorError::UnknownTable);
    refresh(table_id);
    while (auto b = table_to_break()) {
        auto m = break_table(*b, rng);
        if (!m) return std::unexpected(m.error());
        moves.insert(moves.end(), m->begin(), m->end());
    }
    if (!open(table_id)) return {};  // this table was the one broken
    while (true) {
        auto m = balance_once(table_id);
        if (!m) return std::unexpected(m.error());
        if (!*m) return {};
        moves.push_back(**m);
    }
}

}  // namespace tavolo::engine
