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
    std::vector<SeatMove> moves;
    if (id < 0 || id >= table_count() || !open(id)) return std::unexpected(FloorError::UnknownTable);
    Table& from = table(id);
    // Every table the players could reach: the level of the smallest tables rises by at most one
    // per player seated, so only tables below (smallest + players) can receive one.
    const int movers = from.player_count();
    if (from.in_hand()) return std::unexpected(FloorError::TableInHand);
    for (SeatIndex s = 0; s < from.size(); ++s)
        if (from.at(s).busted) return std::unexpected(FloorError::BustedPlayersPending);
    int smallest_other = kMaxTableSize + 1;
    int room = 0;
    for (int t = 0; t < table_count(); ++t) {
        if (t == id || !open(t)) continue;
        smallest_other = std::min(smallest_other, count_of_[static_cast<std::size_t>(t)]);
        room += table(t).size() - table(t).player_count();
    }
    if (room < movers) return std::unexpected(FloorError::NoRoom);
    for (int t = 0; t < table_count(); ++t)
        if (t != id && open(t) && table(t).in_hand() &&
            count_of_[static_cast<std::size_t>(t)] < smallest_other + movers)
            return std::unexpected(FloorError::TableInHand);
    index_remove(id);
    for (SeatIndex s = 0; s < from.size(); ++s) {
        if (!from.occupied(s)) continue;
        auto player = from.stand(s);
        if (!player) continue;
        // The broken table is out of the index, so the smallest table is another one; its
        // players fit, so it has an empty seat.
        const int to = random_smallest(rng);
        Table& dest = table(to);
        const SeatIndex seat = dest.random_empty_seat(rng);
        (void)dest.sit(seat, *player);
        refresh(to);
        moves.push_back(SeatMove{player->entrant, id, s, to, seat, true});
    }
    // The broken table's own count is gone from the total; the players are counted at their new tables.
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
