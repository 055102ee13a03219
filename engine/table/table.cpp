#include "engine/table/table.hpp"

#include <algorithm>

#include "engine/deck.hpp"
#include "engine/table/seat_search.hpp"

namespace tavolo::engine {

const char* to_string(TableError e) {
    switch (e) {
        case TableError::NotEnoughPlayers:
            return "fewer than two players are seated";
        case TableError::ButtonNotDrawn:
            return "the button has not been drawn for the first hand";
        case TableError::HandInProgress:
            return "a hand is in progress";
        case TableError::NoHandInProgress:
            return "no hand is in progress";
        case TableError::StackCountMismatch:
            return "the final stacks do not match the players dealt in";
        case TableError::SeatOutOfRange:
            return "no such seat at this table";
        case TableError::SeatTaken:
            return "the seat is taken";
        case TableError::SeatEmpty:
            return "the seat is empty";
        case TableError::BadOrbitCount:
            return "an exclusion lasts 1 to 4 orbits";
        case TableError::BustedPlayersPending:
            return "busted players may still re-buy: settle them before the next hand";
        case TableError::InvalidEntrant:
            return "an entrant id must be zero or more";
        case TableError::AlreadySeated:
            return "the entrant already has a seat at this table";
        case TableError::ChipsNotPositive:
            return "the chips must be more than zero";
        case TableError::NegativeStack:
            return "a final stack is below zero";
        case TableError::ChipsNotConserved:
            return "the final stacks do not add up to the chips the hand started with";
        case TableError::ChipsOverLimit:
            return "the table would hold more chips than the engine allows (2^53 - 1): lower the stack or "
                   "the re-buy";
    }
    return "unknown table error";
}

namespace {
// Is `seat` in the clockwise run that starts at `from` (included) and stops before `to`?
bool in_clockwise_run(SeatIndex seat, SeatIndex from, SeatIndex to, int size) {
    const int d_seat = (seat - from + size) % size;
    const int d_to = (to - from + size) % size;
    return d_seat < d_to;
}
}  // namespace

Table::Table(int table_size) : size_(std::clamp(table_size, 2, kMaxTableSize)) {}

Chips Table::total_chips() const {
    Chips sum = 0;
    for (int s = 0; s < size_; ++s)
        sum += seats_[static_cast<std::size_t>(s)].stack;
    return sum;
}

std::expected<void, TableError> Table::sit(SeatIndex seat, EntrantId entrant, Chips stack) {
    if (stack > kMaxTotalChips - total_chips()) return std::unexpected(TableError::ChipsOverLimit);
    TablePlayer p;
    p.entrant = entrant;
    p.stack = stack;
    return sit(seat, p);
}

std::expected<void, TableError> Table::sit(SeatIndex seat, const TablePlayer& player) {
    if (seat < 0 || seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (!p.empty()) return std::unexpected(TableError::SeatTaken);
    if (player.entrant < 0) return std::unexpected(TableError::InvalidEntrant);
    if (seated_here(player.entrant)) return std::unexpected(TableError::AlreadySeated);
    if (player.stack <= 0) return std::unexpected(TableError::ChipsNotPositive);
    if (player.stack > kMaxTotalChips) return std::unexpected(TableError::ChipsOverLimit);
    p = player;
    p.waiting = has_history_;
    ++count_;
    return {};
}

std::expected<TablePlayer, TableError> Table::stand(SeatIndex seat) {
    if (seat < 0 || seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (p.empty()) return std::unexpected(TableError::SeatEmpty);
    TablePlayer out = p;
    p = TablePlayer{};
    --count_;
    return out;
}

std::expected<void, TableError> Table::set_sitting_out(SeatIndex seat, bool sitting_out) {
    if (seat < 0 || seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (p.empty()) return std::unexpected(TableError::SeatEmpty);
    p.sitting_out = sitting_out;
    return {};
}

std::expected<void, TableError> Table::set_disconnected(SeatIndex seat, bool disconnected) {
    if (seat < 0 || seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (p.empty()) return std::unexpected(TableError::SeatEmpty);
    p.disconnected = disconnected;
    return {};
}

std::expected<void, TableError> Table::add_chips(SeatIndex seat, Chips chips) {
    if (seat < 0 || seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (p.empty()) return std::unexpected(TableError::SeatEmpty);
    if (chips <= 0) return std::unexpected(TableError::ChipsNotPositive);
    if (chips > kMaxTotalChips - total_chips()) return std::unexpected(TableError::ChipsOverLimit);
    p.stack += chips;
    if (p.stack > 0) p.busted = false;
    return {};
}

std::expected<SeatIndex, TableError> Table::draw_button(RandomSource& rng) {
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    if (count_ < 2) return std::unexpected(TableError::NotEnoughPlayers);
    std::vector<SeatIndex> contenders;
    for (SeatIndex s = 0; s < size_; ++s)
        if (occupied(s)) contenders.push_back(s);
    Deck deck;
    // One card each; the highest rank wins; suits do not rank (§1), so a tie draws again.
    while (contenders.size() > 1) {
        deck.shuffle(rng);
        int best = -1;
        std::vector<SeatIndex> next;
        for (SeatIndex s : contenders) {
            const int rank = static_cast<int>(deck.deal().rank());
            if (rank > best) {
                best = rank;
                next.clear();
            }
            if (rank == best) next.push_back(s);
        }
        contenders = std::move(next);
    }
    if (auto ok = set_first_button(contenders.front()); !ok) return std::unexpected(ok.error());
    return contenders.front();
}

std::expected<void, TableError> Table::set_first_button(SeatIndex seat) {
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    if (seat < 0 || seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    if (!occupied(seat)) return std::unexpected(TableError::SeatEmpty);
    button_seat_ = seat;
    button_holder_ = at(seat).entrant;
    has_history_ = false;
    return {};
}

SeatIndex Table::next_occupied_after(SeatIndex s) const {
    return first_seat_after(s, size_, [&](SeatIndex c) { return occupied(c); });
}

SeatIndex Table::previous_occupied_before(SeatIndex s) const {
    for (int i = 1; i <= size_; ++i) {
        const SeatIndex c = (s - i + 2 * size_) % size_;
        if (occupied(c)) return c;
    }
    return kNoSeat;
}

bool Table::seated_here(EntrantId entrant) const {
    for (SeatIndex s = 0; s < size_; ++s)
        if (at(s).entrant == entrant) return true;
    return false;
}

bool Table::holder_still_seated(SeatIndex seat, EntrantId who) const {
    return seat != kNoSeat && who != kNoEntrant && at(seat).entrant == who;
}

std::expected<Positions, TableError> Table::next_positions() const {
    if (in_hand_) return std::unexpected(TableError::HandInProgress);
    for (SeatIndex s = 0; s < size_; ++s)
        if (at(s).busted) return std::unexpected(TableError::BustedPlayersPending);
    if (count_ < 2) return std::unexpected(TableError::NotEnoughPlayers);
    Positions pos;
    if (!has_history_) {
        // First hand: everyone seated plays; blinds follow the drawn button. If its holder left
        // before the first hand (moved, disqualified), the button stays on the empty seat.
        if (button_seat_ == kNoSeat) return std::unexpected(TableError::ButtonNotDrawn);
        for (SeatIndex s = 0; s < size_; ++s)
            if (occupied(s)) pos.dealt_in.push_back(s);
        pos.button = button_seat_;
        if (count_ == 2) {
            if (!occupied(pos.button)) pos.button = next_occupied_after(pos.button);
            pos.small_blind = pos.button;
            pos.big_blind = next_occupied_after(pos.button);
        } else {
            pos.small_blind = next_occupied_after(pos.button);
            pos.big_blind = next_occupied_after(pos.small_blind);
        }
        return pos;
    }

    // The big blind always advances to the next occupied seat, arrivals included.
    pos.big_blind = next_occupied_after(last_bb_seat_);
    // The small blind is the last big blind if still here; otherwise it is dead.
    pos.small_blind = holder_still_seated(last_bb_seat_, last_bb_holder_) ? last_bb_seat_ : kNoSeat;
    // The button goes to the last small blind if still here; otherwise it stays where it was.
    pos.button = holder_still_seated(last_sb_seat_, last_sb_holder_) ? last_sb_seat_ : button_seat_;
    if (pos.button == pos.big_blind) {
        // Only after heads-up, when an arrival makes three: the button goes to the seat before
        // the first blind, so the blinds keep their order.
        pos.button = previous_occupied_before(pos.small_blind != kNoSeat ? pos.small_blind : pos.big_blind);
    }

    // Arrivals on the button or between it and the big blind wait until the button has passed.
    for (SeatIndex s = 0; s < size_; ++s) {
        if (!occupied(s)) continue;
        if (at(s).waiting && in_clockwise_run(s, pos.button, pos.big_blind, size_)) {
            continue;
        }
        pos.dealt_in.push_back(s);
    }
    if (pos.dealt_in.size() < 2) {
        // Waiting would leave no game: everyone plays.
        pos.dealt_in.clear();
        for (SeatIndex s = 0; s < size_; ++s)
            if (occupied(s)) pos.dealt_in.push_back(s);
    }
    if (pos.dealt_in.size() == 2) {
        // Heads-up: the big blind (who did not post it last hand) faces the button, who posts the small
        // blind.
        pos.button = pos.dealt_in[0] == pos.big_blind ? pos.dealt_in[1] : pos.dealt_in[0];
        pos.small_blind = pos.button;
    } else if (pos.small_blind != kNoSeat && !pos.dealt_in.contains(pos.small_blind)) {
        pos.small_blind = kNoSeat;
    }
    return pos;
}

bool SeatList::contains(SeatIndex s) const {
    for (SeatIndex x : *this)
        if (x == s) return true;
    return false;
}

std::expected<HandSetup, TableError> Table::start_hand(HandId id, Variant variant, Betting betting,
                                                       const Stakes& stakes) {
    HandSetup setup;
    if (auto ok = start_hand(id, variant, betting, stakes, setup); !ok) return std::unexpected(ok.error());
    return setup;
}

std::expected<void, TableError> Table::start_hand(HandId id, Variant variant, Betting betting,
                                                  const Stakes& stakes, HandSetup& setup) {
    auto pos = next_positions();
    if (!pos) return std::unexpected(pos.error());
    current_ = *pos;
    setup.hand_id = id;
    setup.variant = variant;
    setup.betting = betting;
    setup.small_blind = stakes.small_blind;
    setup.big_blind = stakes.big_blind;
    setup.ante = stakes.ante;
    setup.ante_mode = stakes.ante > 0 ? stakes.ante_mode : AnteMode::None;
    setup.table_size = size_;
    setup.button = current_.button;
    setup.small_blind_seat = current_.small_blind;
    setup.big_blind_seat = current_.big_blind;
    setup.seats.clear();
    for (SeatIndex s : current_.dealt_in) {
        auto& p = seats_[static_cast<std::size_t>(s)];
        p.waiting = false;
        setup.seats.push_back(SeatSetup{s, p.stack, p.auto_acts()});
    }
    for (SeatIndex s = 0; s < size_; ++s)
        start_stacks_[static_cast<std::size_t>(s)] = at(s).stack;
    excluded_at_start_ = 0;
    for (SeatIndex s : current_.dealt_in)
        if (at(s).excluded_hands > 0) excluded_at_start_ |= 1U << s;
    in_hand_ = true;
    return {};
}

std::expected<std::vector<Elimination>, TableError> Table::finish_hand(std::span<const Chips> final_stacks) {
    if (!in_hand_) return std::unexpected(TableError::NoHandInProgress);
    if (final_stacks.size() != current_.dealt_in.size())
        return std::unexpected(TableError::StackCountMismatch);
    Chips before = 0, after = 0;
    for (std::size_t i = 0; i < final_stacks.size(); ++i) {
        if (final_stacks[i] < 0) return std::unexpected(TableError::NegativeStack);
        if (final_stacks[i] > kMaxTotalChips) return std::unexpected(TableError::ChipsNotConserved);
        before += start_stacks_[static_cast<std::size_t>(current_.dealt_in[i])];
        after += final_stacks[i];
    }
    if (before != after) return std::unexpected(TableError::ChipsNotConserved);
    in_hand_ = false;
    ++hands_played_;
    has_history_ = true;
    // Remember who held each position, so the next hand knows whether they are still here.
    button_seat_ = current_.button;
    button_holder_ = occupied(current_.button) ? at(current_.button).entrant : kNoEntrant;
    last_sb_seat_ = current_.small_blind;
    last_sb_holder_ = current_.small_blind != kNoSeat ? at(current_.small_blind).entrant : kNoEntrant;
    last_bb_seat_ = current_.big_blind;
    last_bb_holder_ = at(current_.big_blind).entrant;

    std::vector<Elimination> out;
    for (std::size_t i = 0; i < final_stacks.size(); ++i) {
        const SeatIndex s = current_.dealt_in[i];
        auto& p = seats_[static_cast<std::size_t>(s)];
        p.stack = final_stacks[i];
        // An exclusion counts the hands it folded, not one it began in the middle of.
        if ((excluded_at_start_ >> s) & 1U) --p.excluded_hands;
        if (p.stack > 0) continue;
        if (rebuy_window_) {
            p.busted = true;
            continue;
        }
        out.push_back(Elimination{p.entrant, s, start_stacks_[static_cast<std::size_t>(s)],
                                  (s - current_.button + size_) % size_});
        p = TablePlayer{};
        --count_;
    }
    sort_for_ranking(out);
    return out;
}

std::vector<Elimination> Table::settle_busted() {
    std::vector<Elimination> out;
    for (SeatIndex s = 0; s < size_; ++s) {
        auto& p = seats_[static_cast<std::size_t>(s)];
        if (!p.busted) continue;
        out.push_back(Elimination{p.entrant, s, start_stacks_[static_cast<std::size_t>(s)],
                                  (s - button_seat_ + size_) % size_});
        p = TablePlayer{};
        --count_;
    }
    sort_for_ranking(out);
    return out;
}

// More chips at the start of the hand rank higher; equal chips: the button, then to its left.
void sort_for_ranking(std::vector<Elimination>& out) {
    std::sort(out.begin(), out.end(), [](const Elimination& a, const Elimination& b) {
        if (a.start_chips != b.start_chips) return a.start_chips > b.start_chips;
        return a.seat_from_button < b.seat_from_button;
    });
}

std::expected<void, TableError> Table::void_hand() {
    if (!in_hand_) return std::unexpected(TableError::NoHandInProgress);
    in_hand_ = false;
    return {};
}

SeatIndex Table::next_big_blind_seat() const {
    auto pos = next_positions();
    return pos ? pos->big_blind : kNoSeat;
}

SeatIndex Table::seat_posting_big_blind_soonest() const {
    // An arrival in the first empty seat after the last big blind becomes the next big blind.
    // Before the first hand the big blind is the second player after the button (with the
    // arrival, at least three play), so the search starts after the first one, the small blind.
    SeatIndex from = size_ - 1;
    if (has_history_)
        from = last_bb_seat_;
    else if (button_seat_ != kNoSeat && count_ > 0)
        from = next_occupied_after(button_seat_);
    return first_seat_after(from, size_, [&](SeatIndex c) { return !occupied(c); });
}

SeatIndex Table::random_empty_seat(RandomSource& rng) const {
    return engine::random_empty_seat(
        size_, size_ - count_, [&](SeatIndex c) { return occupied(c); }, rng);
}

std::expected<SanctionOutcome, TableError> Table::apply(const Sanction& sanction) {
    if (sanction.seat < 0 || sanction.seat >= size_) return std::unexpected(TableError::SeatOutOfRange);
    if (!occupied(sanction.seat)) return std::unexpected(TableError::SeatEmpty);
    auto& p = seats_[static_cast<std::size_t>(sanction.seat)];
    SanctionOutcome out{sanction.kind, p.entrant, 0, 0};
    switch (sanction.kind) {
        case SanctionKind::Warning:
            return out;
        case SanctionKind::Exclusion:
            if (sanction.orbits < kMinExclusionOrbits || sanction.orbits > kMaxExclusionOrbits)
                return std::unexpected(TableError::BadOrbitCount);
            p.excluded_hands = exclusion_hands(sanction.orbits, count_);
            out.excluded_hands = p.excluded_hands;
            return out;
        case SanctionKind::Disqualification: {
            if (in_hand_) return std::unexpected(TableError::HandInProgress);
            out.chips_removed = p.stack;
            p = TablePlayer{};
            --count_;
            return out;
        }
    }
    return out;
}

}  // namespace tavolo::engine
