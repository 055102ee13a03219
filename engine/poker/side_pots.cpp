// Collecting bets (RULES.md §3): uncalled chips go back to their owner, then the pots are formed
// from what each player has put in. Each all-in caps the pot its player can win; chips above the
// cap form side pots; big-blind antes are dead money in the main pot.
#include <algorithm>

#include "engine/poker/hand.hpp"

namespace tavolo::engine {

Hand::Phase Hand::collect_bets() {
    // Uncalled: the highest bet beyond the second highest returns to its owner.
    // Branch-free (the bets are whatever the players did, so branches on them mispredict): the
    // first player with the highest bet, then the highest bet of everyone else.
    Chips highest = 0;
    for (int i = 0; i < count_; ++i)
        highest = std::max(highest, players_[i].bet);
    int top = count_ > 0 ? 0 : -1;
    for (int i = count_ - 1; i >= 0; --i)
        top = players_[i].bet == highest ? i : top;
    Chips second = 0;
    for (int i = 0; i < count_; ++i)
        second = std::max(second, i == top ? Chips{0} : players_[i].bet);
    if (top >= 0 && players_[top].bet > second) {
        Player& pl = players_[top];
        const Chips back = pl.bet - second;
        pl.bet -= back;
        pl.committed -= back;
        pl.stack += back;
        pot_chips_ -= back;
        if (pl.stack > 0 && pl.all_in) {
            pl.all_in = false;
            ++can_bet_count_;
        }
        emit(UncalledReturned{.seat = pl.seat, .amount = back});
    }
    Chips collected = 0;
    for (int i = 0; i < count_; ++i) {
        collected += players_[i].bet;
        players_[i].bet = 0;
    }
    current_bet_ = 0;
    form_pots();
    // With no bet collected the pots still change after a fold (when checking was free): its
    // player is no longer eligible. PotsFormed says how they now stand.
    const bool changed = collected > 0 || street_ == 0 || folded_since_collect_;
    folded_since_collect_ = false;
    if (changed) {
        if (PotsFormed* e = emplace_event<PotsFormed>()) {
            e->street = street_;
            e->collected = collected;
            e->count = pot_count_;
            std::copy_n(pots_.begin(), pot_count_, e->pots.begin());
        }
    }

    const int in_hand = contenders();
    if (in_hand <= 1) return Phase::Award;
    if (!exposed_ && players_who_can_bet() <= 1) expose_all();
    if (street_ + 1 < game_->street_count) {
        ++street_;
        return Phase::Deal;
    }
    return Phase::Showdown;
}

void Hand::form_pots() {
    // Nobody still in is all-in: one pot, everything in it, every live player eligible.
    SeatMask live = 0;
    bool any_all_in = false;
    for (int i = 0; i < count_; ++i) {  // branch-free: who folded follows no pattern
        const bool in = !players_[i].folded;
        live |= SeatMask{in} << players_[i].seat;
        any_all_in = any_all_in | (in & players_[i].all_in);
    }
    if (!any_all_in) {
        pots_[0] = Pot{.amount = pot_chips_, .eligible = live};
        pot_count_ = pot_chips_ > 0 ? 1 : 0;
        return;
    }
    // Levels: the distinct amounts put in by players still in, ascending.
    std::array<Chips, kMaxSeats> levels{};
    int level_count = 0;
    for (int i = 0; i < count_; ++i) {
        if (players_[i].folded) continue;
        levels[level_count++] = players_[i].committed;
    }
    std::sort(levels.begin(), levels.begin() + level_count);
    level_count =
        static_cast<int>(std::unique(levels.begin(), levels.begin() + level_count) - levels.begin());

    pot_count_ = 0;
    Chips prev = 0;
    for (int l = 0; l < level_count; ++l) {
        const Chips level = levels[l];
        Pot pot;
        for (int i = 0; i < count_; ++i) {
            const Player& pl = players_[i];
            pot.amount += std::min(pl.committed, level) - std::min(pl.committed, prev);
            if (!pl.folded && pl.committed >= level) pot.eligible |= SeatMask{1} << pl.seat;
        }
        if (pot.amount > 0 || (pot_count_ == 0 && dead_money_ > 0)) pots_[pot_count_++] = pot;
        prev = level;
    }
    // Chips of folded players above every live player's total (possible only after a fold when a
    // check was free) join the top pot.
    Chips above = 0;
    for (int i = 0; i < count_; ++i)
        above += std::max<Chips>(0, players_[i].committed - prev);
    if (pot_count_ == 0 && (above > 0 || dead_money_ > 0)) {
        Pot pot;
        for (int i = 0; i < count_; ++i)
            if (!players_[i].folded) pot.eligible |= SeatMask{1} << players_[i].seat;
        pots_[pot_count_++] = pot;
    }
    if (pot_count_ > 0) {
        pots_[pot_count_ - 1].amount += above;
        pots_[0].amount += dead_money_;
    }
}

}  // namespace tavolo::engine
