// A betting round (RULES.md §2): who acts, the verifiers for fold/check/call/bet-or-raise, the
// no-limit, pot-limit and limit bounds, reopening after short all-ins, and applying the actions;
// also the command dispatch (verify, act, legal_actions), kept here so the compiler can inline the
// rules into it.
#include <algorithm>
#include <bit>

#include "engine/poker/hand.hpp"

namespace tavolo::engine {

namespace {
template <class... F>
struct Overload : F... {
    using F::operator()...;
};
}  // namespace

Hand::Phase Hand::begin_betting() {
    const Street& st = game_->streets[street_];
    bet_unit_ = (betting_ == Betting::Limit && st.big_bet) ? 2 * big_blind_ : big_blind_;
    min_increment_ = big_blind_;
    last_aggressor_ = -1;
    for (int i = 0; i < count_; ++i) {
        players_[i].acted = false;
        players_[i].faced_bet = 0;
        players_[i].faced_full = 0;
    }
    if (street_ == 0) {
        // The big blind is the opening bet; a short big blind still makes the full blind the
        // amount to enter the pot (APT Art.14.1, decided).
        current_bet_ = big_blind_seat_ != kNoSeat ? big_blind_ : 0;
        for (int i = 0; i < count_; ++i)
            current_bet_ = std::max(current_bet_, players_[i].bet);
        full_level_ = current_bet_;
        raises_ = current_bet_ > 0 ? 1 : 0;
    } else {
        current_bet_ = 0;
        full_level_ = 0;
        raises_ = 0;
    }
    // Limit: no cap in a round that starts with exactly two players not all-in.
    uncapped_ = players_who_can_bet() == 2;

    int opener = first_left_of_button_;
    switch (st.opener) {
        case Opener::LeftOfBigBlind:
            opener = big_blind_seat_ != kNoSeat ? first_left_of_seat(big_blind_seat_) : first_left_of_button_;
            break;
        case Opener::LowestUpCard: {
            int best = -1;
            for (int k = 0, p = first_left_of_button_; k < count_; ++k, p = next_player(p)) {
                const Player& pl = players_[p];
                if (pl.folded || pl.up_mask == 0) continue;
                const int idx = std::countr_zero(static_cast<unsigned>(pl.up_mask));
                if (best < 0 ||
                    pl.cards[idx].rank() <
                        players_[best]
                            .cards[std::countr_zero(static_cast<unsigned>(players_[best].up_mask))]
                            .rank())
                    best = p;
            }
            if (best >= 0) opener = best;
            break;
        }
        case Opener::LeftOfButton:
            break;
    }
    to_act_ = next_to_act(opener);
    emit(BettingRoundStarted{.street = street_,
                             .first_to_act = to_act_ >= 0 ? players_[to_act_].seat : kNoSeat,
                             .bet_unit = bet_unit_});
    return Phase::Betting;
}

// The first player from `from` on, clockwise, who needs to act: neither folded nor all-in, and
// owing chips or not yet acted while another player can still bet. Branch-free over the players (who
// folded, is all-in or owes chips follows no pattern, and the branches mispredicted): a mask of
// the players needing action, then the first bit at or after `from`, wrapping round.
int Hand::next_to_act(int from) const {
    if (contenders() < 2) return -1;
    const bool open = can_bet_count_ >= 2;
    unsigned need = 0;
    for (int i = 0; i < count_; ++i) {
        const Player& pl = players_[i];
        const bool in = !(pl.folded | pl.all_in);
        const bool owes = pl.bet < current_bet_;
        need |= static_cast<unsigned>(in & (owes | (!pl.acted & open))) << i;
    }
    if (const unsigned after = need >> from) return from + std::countr_zero(after);
    return need != 0 ? std::countr_zero(need) : -1;
}

std::expected<void, RuleError> Hand::verify_turn(SeatIndex seat, bool betting) const {
    if (phase_ != Phase::Betting && phase_ != Phase::Draw) return std::unexpected(RuleError::HandOver);
    const int p = player_index(seat);
    if (p < 0) return std::unexpected(RuleError::UnknownSeat);
    if (p != to_act_) return std::unexpected(RuleError::NotYourTurn);
    if (betting && phase_ != Phase::Betting) return std::unexpected(RuleError::NotABettingRound);
    if (!betting && phase_ != Phase::Draw) return std::unexpected(RuleError::NotADrawRound);
    return {};
}

// Each verifier is "is it this player's turn in a betting round" plus one rule about the player to
// act; legal_actions() asks the same rules, so the question and the action cannot disagree.
std::expected<void, RuleError> Hand::check_rule(int p) const {
    if (players_[p].bet < current_bet_) return std::unexpected(RuleError::CannotCheck);
    return {};
}

std::expected<void, RuleError> Hand::call_rule(int p) const {
    if (players_[p].bet >= current_bet_) return std::unexpected(RuleError::NothingToCall);
    return {};
}

std::expected<void, RuleError> Hand::raise_rule(int p) const {
    const Player& pl = players_[p];
    if (pl.bet + pl.stack <= current_bet_) return std::unexpected(RuleError::RaiseNotAllowed);
    // The player to act is neither folded nor all-in: an opponent who can bet means two or more.
    if (can_bet_count_ < 2) return std::unexpected(RuleError::RaiseNotAllowed);
    if (pl.acted) {
        // Reopened only by a full raise, or by short all-ins adding up to one over what the
        // player last faced (TDA); limit: by an all-in of at least half a bet (APT Art.17.3).
        const bool reopened = betting_ == Betting::Limit ? full_level_ > pl.faced_full
                                                         : current_bet_ - pl.faced_bet >= min_increment_;
        if (!reopened) return std::unexpected(RuleError::BettingNotReopened);
    }
    if (betting_ == Betting::Limit && !uncapped_ && raises_ >= 4)
        return std::unexpected(RuleError::RaiseCapReached);
    return {};
}

std::expected<void, RuleError> Hand::verify_fold(SeatIndex seat) const {
    return verify_turn(seat, true);
}

std::expected<void, RuleError> Hand::verify_check(SeatIndex seat) const {
    if (auto ok = verify_turn(seat, true); !ok) return ok;
    return check_rule(to_act_);
}

std::expected<void, RuleError> Hand::verify_call(SeatIndex seat) const {
    if (auto ok = verify_turn(seat, true); !ok) return ok;
    return call_rule(to_act_);
}

std::expected<void, RuleError> Hand::verify_raise_allowed(SeatIndex seat) const {
    if (auto ok = verify_turn(seat, true); !ok) return ok;
    return raise_rule(to_act_);
}

// Inlined into its callers: returned through memory, its three fields were stored one by one and
// read back two at a time by the caller, a store-forwarding stall on every legal_actions() call.
[[gnu::always_inline]] inline Hand::RaiseBounds Hand::raise_bounds(int p) const {
    const Player& pl = players_[p];
    const Chips all_in_to = pl.bet + pl.stack;
    RaiseBounds b;
    if (betting_ == Betting::Limit) {
        b.full_to = full_level_ + bet_unit_;
        b.min_to = b.max_to = std::min(b.full_to, all_in_to);
        return b;
    }
    // An opening bet is at least the big blind; a raise adds at least the largest full increment,
    // measured from the big blind when the bet to raise is an all-in below it (APT Art.17.5).
    b.full_to = current_bet_ == 0 ? big_blind_ : std::max(current_bet_, big_blind_) + min_increment_;
    Chips max_to = all_in_to;
    if (betting_ == Betting::PotLimit) {
        const Chips call = current_bet_ - pl.bet;
        max_to = std::min(max_to, current_bet_ + pot_chips_ + call);
    }
    b.min_to = std::min(b.full_to, all_in_to);
    b.max_to = std::max(max_to, b.min_to);
    return b;
}

std::expected<void, RuleError> Hand::verify_bet_or_raise(SeatIndex seat, Chips amount) const {
    if (auto ok = verify_raise_allowed(seat); !ok) return ok;
    const Player& pl = players_[to_act_];
    const Chips all_in_to = pl.bet + pl.stack;
    if (amount > all_in_to) return std::unexpected(RuleError::MoreThanStack);
    const RaiseBounds b = raise_bounds(to_act_);
    if (amount < b.min_to && amount != all_in_to) return std::unexpected(RuleError::BelowMinimum);
    if (amount > b.max_to) return std::unexpected(RuleError::AboveMaximum);
    return {};
}

void Hand::apply_fold(int p, bool automatic) {
    Player& pl = players_[p];
    pl.folded = true;
    pl.acted = true;
    folded_since_collect_ = true;
    --live_count_;
    --can_bet_count_;
    emit(Acted{.seat = pl.seat, .action = Action::Fold, .total_bet = pl.bet, .automatic = automatic});
    after_betting_action(p);
}

void Hand::apply_check(int p, bool automatic) {
    Player& pl = players_[p];
    pl.acted = true;
    pl.faced_bet = current_bet_;
    pl.faced_full = full_level_;
    emit(Acted{.seat = pl.seat, .action = Action::Check, .total_bet = pl.bet, .automatic = automatic});
    after_betting_action(p);
}

void Hand::apply_call(int p, bool automatic) {
    Player& pl = players_[p];
    const Chips add = std::min(current_bet_ - pl.bet, pl.stack);
    post(p, add);
    pl.acted = true;
    pl.faced_bet = current_bet_;
    pl.faced_full = full_level_;
    emit(Acted{.seat = pl.seat,
               .action = Action::Call,
               .added = add,
               .total_bet = pl.bet,
               .all_in = pl.all_in,
               .automatic = automatic});
    after_betting_action(p);
}

void Hand::apply_bet_or_raise(int p, Chips to, bool automatic) {
    Player& pl = players_[p];
    const RaiseBounds b = raise_bounds(p);
    const bool opening = current_bet_ == 0;
    const Chips add = to - pl.bet;
    post(p, add);
    if (betting_ == Betting::Limit) {
        // A full bet, or an all-in of at least half a bet, counts as a bet or raise (APT Art.17.3).
        if (to >= b.full_to || 2 * (to - full_level_) >= bet_unit_) {
            full_level_ = to;
            ++raises_;
        }
    } else if (to >= b.full_to) {
        const Chips base = opening ? 0 : std::max(current_bet_, big_blind_);
        min_increment_ = std::max(min_increment_, to - base);
    }
    current_bet_ = to;
    last_aggressor_ = p;
    pl.acted = true;
    pl.faced_bet = current_bet_;
    pl.faced_full = full_level_;
    emit(Acted{.seat = pl.seat,
               .action = opening ? Action::Bet : Action::Raise,
               .added = add,
               .total_bet = pl.bet,
               .all_in = pl.all_in,
               .automatic = automatic});
    after_betting_action(p);
}

void Hand::after_betting_action(int p) {
    to_act_ = next_to_act(next_player(p));
}

// ---- command dispatch: verify, act, and the legal-action query built from the verifiers ----

std::expected<void, RuleError> Hand::verify(SeatIndex seat, const Command& command,
                                            DecisionNumber decision) const {
    if (decision != decision_) return std::unexpected(RuleError::StaleDecision);
    return verify(seat, command);
}

ActResult Hand::act(SeatIndex seat, const Command& command, DecisionNumber decision) {
    if (decision != decision_) return std::unexpected(RuleError::StaleDecision);
    return act(seat, command);
}

std::expected<void, RuleError> Hand::verify(SeatIndex seat, const Command& command) const {
    return std::visit(Overload{
                          [&](const Fold&) { return verify_fold(seat); },
                          [&](const Check&) { return verify_check(seat); },
                          [&](const Call&) { return verify_call(seat); },
                          [&](const BetOrRaiseTo& b) { return verify_bet_or_raise(seat, b.amount); },
                          [&](const Discard& d) { return verify_discard(seat, d.cards); },
                          [&](const ShowCards&) { return verify_show(seat); },
                          [&](const Timeout&) -> std::expected<void, RuleError> {
                              if (phase_ == Phase::Draw) return verify_turn(seat, false);
                              return verify_turn(seat, true);
                          },
                      },
                      command);
}

ActResult Hand::act(SeatIndex seat, const Command& command) {
    if (auto ok = verify(seat, command); !ok) return std::unexpected(ok.error());
    const std::size_t before = events_.size();
    if (std::holds_alternative<ShowCards>(command)) {
        Player& pl = players_[player_index(seat)];
        CardsShown shown{.seat = seat, .count = pl.card_count};
        std::copy_n(pl.cards.begin(), pl.card_count, shown.cards.begin());
        pl.shown = true;
        emit(shown);
    } else {
        apply(player_index(seat), command, std::holds_alternative<Timeout>(command));
        run();
    }
    return std::span<const HandEvent>(events_).subspan(before);
}

void Hand::apply(int p, const Command& command, bool automatic) {
    ++decision_;  // each applied command answers one decision point (one Acted or Discarded event)
    std::visit(Overload{
                   [&](const Fold&) { apply_fold(p, automatic); },
                   [&](const Check&) { apply_check(p, automatic); },
                   [&](const Call&) { apply_call(p, automatic); },
                   [&](const BetOrRaiseTo& b) { apply_bet_or_raise(p, b.amount, automatic); },
                   [&](const Discard& d) { apply_discard(p, d.cards, automatic); },
                   [&](const ShowCards&) {},
                   [&](const Timeout&) {
                       if (phase_ == Phase::Draw) {
                           apply_discard(p, CardSet{}, true);
                       } else if (players_[p].bet == current_bet_) {
                           apply_check(p, true);
                       } else {
                           apply_fold(p, true);
                       }
                   },
               },
               command);
}

LegalActions Hand::legal_actions() const {
    LegalActions la;
    la.decision = decision_;
    if (to_act_ < 0 || (phase_ != Phase::Betting && phase_ != Phase::Draw)) return la;
    const Player& pl = players_[to_act_];
    la.seat = pl.seat;
    if (phase_ == Phase::Draw) {
        la.drawing = verify_discard(pl.seat, CardSet{}).has_value();
        la.max_discards = la.drawing ? pl.card_count : 0;
        return la;
    }
    la.betting = true;
    // verify_turn(seat, true) holds here: the rules below are the verifiers' own.
    la.may_fold = true;
    la.may_check = check_rule(to_act_).has_value();
    la.may_call = call_rule(to_act_).has_value();
    if (la.may_call) la.call_amount = std::min(current_bet_ - pl.bet, pl.stack);
    la.all_in_to = pl.bet + pl.stack;
    la.may_bet_or_raise = raise_rule(to_act_).has_value();
    la.is_raise = current_bet_ > 0;
    if (la.may_bet_or_raise) {
        const RaiseBounds b = raise_bounds(to_act_);
        la.min_to = b.min_to;
        la.max_to = b.max_to;
    }
    return la;
}

}  // namespace tavolo::engine
