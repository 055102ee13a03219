#include "engine/tournament/floor.hpp"

#include <algorithm>

#include "engine/table/seat_search.hpp"
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

// ---- TableView ------------------------------------------------------------------------------

TableView::TableView(int table_size) : size_(std::clamp(table_size, 2, kMaxTableSize)) {}

Chips TableView::total_chips() const {
    Chips sum = 0;
    for (int s = 0; s < size_; ++s)
        sum += seats_[static_cast<std::size_t>(s)].stack;
    return sum;
}

void TableView::update(const TableReport& r) {
    seats_.fill(TablePlayer{});
    count_ = 0;
    for (const auto& p : r.players) {
        if (p.seat < 0 || p.seat >= size_) continue;  // the director validated the report
        seats_[static_cast<std::size_t>(p.seat)] = p.player;
        ++count_;
    }
    button_ = r.button;
    anchor_ = r.big_blind_after;
    in_hand_ = r.in_hand;
}

TablePlayer TableView::stand(SeatIndex seat) {
    TablePlayer out = seats_[static_cast<std::size_t>(seat)];
    if (!out.empty()) --count_;
    seats_[static_cast<std::size_t>(seat)] = TablePlayer{};
    return out;
}

void TableView::sit(SeatIndex seat, const TablePlayer& player) {
    if (!occupied(seat)) ++count_;
    seats_[static_cast<std::size_t>(seat)] = player;
}

SeatIndex TableView::next_big_blind_seat() const {
    if (anchor_ == kNoSeat || count_ < 2) return kNoSeat;
    return first_seat_after(anchor_, size_, [&](SeatIndex c) { return occupied(c); });
}

SeatIndex TableView::seat_posting_big_blind_soonest() const {
    // As Table does: an arrival in the first empty seat after the anchor posts the next big blind.
    const SeatIndex from = anchor_ == kNoSeat ? size_ - 1 : anchor_;
    return first_seat_after(from, size_, [&](SeatIndex c) { return !occupied(c); });
}

SeatIndex TableView::random_empty_seat(RandomSource& rng) const {
    return engine::random_empty_seat(
        size_, size_ - count_, [&](SeatIndex c) { return occupied(c); }, rng);
}

// ---- Floor ----------------------------------------------------------------------------------

Floor::Floor(int tables, int table_size) : table_size_(std::clamp(table_size, 2, kMaxTableSize)) {
    for (int i = 0; i < tables; ++i)
        add_table();
}

int Floor::add_table() {
    const int id = table_count();
    tables_.emplace_back(table_size_);
    count_of_.push_back(-1);
    bucket_pos_.push_back(-1);
    index_add(id, 0);
    listed_.push_back(id);
    return id;
}

void Floor::reserve(int more_tables) {
    const auto n = tables_.size() + static_cast<std::size_t>(std::max(more_tables, 0));
    tables_.reserve(n);
    count_of_.reserve(n);
    bucket_pos_.reserve(n);
    listed_.reserve(n);
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

void Floor::update(int id, const TableReport& report) {
    if (!open(id)) return;
    tables_[static_cast<std::size_t>(id)].update(report);
    refresh(id);
}

void Floor::seat(int id, SeatIndex seat, const TablePlayer& player) {
    if (!open(id) || seat < 0 || seat >= table(id).size()) return;
    tables_[static_cast<std::size_t>(id)].sit(seat, player);
    refresh(id);
}

void Floor::seat(int id, std::span<const ReportedSeat> players) {
    if (!open(id)) return;
    for (const auto& p : players)
        if (p.seat >= 0 && p.seat < table(id).size())
            tables_[static_cast<std::size_t>(id)].sit(p.seat, p.player);
    refresh(id);
}

void Floor::set_in_hand(int id, bool in_hand) {
    if (open(id)) tables_[static_cast<std::size_t>(id)].set_in_hand(in_hand);
}

void Floor::close(int id) {
    index_remove(id);
}

void Floor::tidy() {
    if (static_cast<int>(listed_.size()) > open_tables_)
        std::erase_if(listed_, [&](int t) { return !open(t); });
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
    TableView& from = tables_[static_cast<std::size_t>(id)];
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
        if (planned >= table(to).size()) {
            undo();
            return std::unexpected(FloorError::NoRoom);
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
        const TablePlayer player = from.stand(s);
        const int to = to_table[next++];
        TableView& dest = tables_[static_cast<std::size_t>(to)];
        if (dest.in_hand()) {  // its seats cannot change now: a place is reserved
            moves.push_back(SeatMove{player.entrant, id, s, to, kNoSeat, true, player});
            dest.reserve(moves.back());
            continue;
        }
        const SeatIndex seat = dest.random_empty_seat(rng);
        dest.sit(seat, player);
        moves.push_back(SeatMove{player.entrant, id, s, to, seat, true, player});
    }
    return moves;
}

std::expected<std::optional<SeatMove>, FloorError> Floor::balance_once(int from) {
    if (!open(from)) return std::unexpected(FloorError::UnknownTable);
    const auto to = balance_destination(from);
    if (!to) return std::nullopt;
    TableView& src = tables_[static_cast<std::size_t>(from)];
    TableView& dest = tables_[static_cast<std::size_t>(*to)];
    if (src.in_hand()) return std::unexpected(FloorError::TableInHand);
    const SeatIndex s = src.next_big_blind_seat();
    // A destination playing a hand will name its seat when the hand is over.
    const SeatIndex d = dest.in_hand() ? kNoSeat : dest.seat_posting_big_blind_soonest();
    if (s == kNoSeat || (d == kNoSeat && !dest.in_hand())) return std::nullopt;
    const TablePlayer player = src.stand(s);
    const SeatMove move{player.entrant, from, s, *to, d, false, player};
    if (dest.in_hand())
        dest.reserve(move);
    else
        dest.sit(d, player);
    refresh(from);
    refresh(*to);
    return move;
}

std::expected<void, FloorError> Floor::after_hand(int table_id, RandomSource& rng,
                                                  std::vector<SeatMove>& moves) {
    if (!open(table_id)) return std::unexpected(FloorError::UnknownTable);
    while (auto b = table_to_break()) {
        if (table(*b).in_hand()) break;  // broken after its hand, when it reports
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

void Floor::seat_arrivals(int id, RandomSource& rng, std::vector<SeatMove>& moves) {
    if (!open(id)) return;
    TableView& t = tables_[static_cast<std::size_t>(id)];
    if (t.in_hand() || t.arrivals().empty()) return;
    for (SeatMove m : t.take_arrivals()) {
        m.to_seat = m.breaking ? t.random_empty_seat(rng) : t.seat_posting_big_blind_soonest();
        t.sit(m.to_seat, m.player);
        moves.push_back(m);
    }
    refresh(id);
}

std::optional<SeatMove> Floor::seat_new_player(const TablePlayer& player, RandomSource& rng) {
    if (open_tables_ == 0 || smallest_size() >= table_size_) return std::nullopt;
    const int to = random_smallest(rng);
    TableView& dest = tables_[static_cast<std::size_t>(to)];
    SeatMove m{player.entrant, -1, kNoSeat, to, kNoSeat, true, player};
    if (dest.in_hand()) {
        dest.reserve(m);
    } else {
        m.to_seat = dest.random_empty_seat(rng);
        dest.sit(m.to_seat, player);
    }
    refresh(to);
    return m;
}

}  // namespace tavolo::engine
