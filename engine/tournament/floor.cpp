#include "engine/tournament/floor.hpp"

#include "engine/tournament/seating.hpp"

namespace tavolo::engine {

Floor::Floor(int tables, int table_size)
    : table_size_(table_size),
      tables_(static_cast<std::size_t>(tables), Table(table_size)),
      count_of_(static_cast<std::size_t>(tables), -1),
      bucket_pos_(static_cast<std::size_t>(tables), -1) {
    for (int id = 0; id < tables; ++id)
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

std::vector<SeatMove> Floor::break_table(int id, RandomSource& rng) {
    std::vector<SeatMove> moves;
    if (!open(id)) return moves;
    index_remove(id);
    Table& from = table(id);
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

std::optional<SeatMove> Floor::balance_once(int from) {
    const auto to = balance_destination(from);
    if (!to) return std::nullopt;
    Table& src = table(from);
    Table& dest = table(*to);
    const SeatIndex s = src.next_big_blind_seat();
    const SeatIndex d = dest.seat_posting_big_blind_soonest();
    if (s == kNoSeat || d == kNoSeat) return std::nullopt;
    auto player = src.stand(s);
    if (!player) return std::nullopt;
    (void)dest.sit(d, *player);
    refresh(from);
    refresh(*to);
    return SeatMove{player->entrant, from, s, *to, d, false};
}

void Floor::after_hand(int table_id, RandomSource& rng, std::vector<SeatMove>& moves) {
    refresh(table_id);
    while (auto b = table_to_break()) {
        auto m = break_table(*b, rng);
        moves.insert(moves.end(), m.begin(), m.end());
    }
    while (auto m = balance_once(table_id))
        moves.push_back(*m);
}

}  // namespace tavolo::engine
