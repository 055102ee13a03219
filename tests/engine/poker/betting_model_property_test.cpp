// RULES.md §2 as a second, independent model, rebuilt from the public events alone (what a client
// sees: blinds, antes, actions, uncalled bets, round starts), compared with legal_actions() at every
// decision of random hands in every game and structure: who opens each round; may check, may call and for how
// much, may raise, minimum and maximum raise-to. The model is the rule text: no-limit minimum increment = the
// larger of the big blind and the largest full increment, measured from the big blind under it (APT 17.5);
// the full big blind to enter; pot-limit maximum = current bet + pot with all bets + the call; limit
// small/big bet, one bet and three raises (pre-flop the big blind is the bet), uncapped when the round starts
// with exactly two players not all-in; an all-in of half a bet counts in limit; reopening only by a full
// raise or short all-ins adding up to one (TDA).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "tests/engine/poker/random_play.hpp"
#include "tests/engine/property_count.hpp"

namespace tavolo::engine::testing {
namespace {

class BettingModel {
  public:
    explicit BettingModel(const HandSetup& s) : setup_(s) {}

    void apply(const HandEvent& e) {
        std::visit([&](const auto& x) { on(x); }, e);
    }

    LegalActions expected(SeatIndex p) const {
        LegalActions la;
        la.seat = p;
        la.betting = true;
        la.may_fold = true;
        la.may_check = bet_[p] >= current_;
        la.may_call = bet_[p] < current_;
        if (la.may_call) la.call_amount = std::min(current_ - bet_[p], stack_[p]);
        la.all_in_to = bet_[p] + stack_[p];
        la.is_raise = current_ > 0;
        int can_bet = 0;
        for (const SeatSetup& x : setup_.seats)
            can_bet += !folded_[x.seat] && stack_[x.seat] > 0 ? 1 : 0;
        bool may = la.all_in_to > current_ && can_bet >= 2;
        const bool limit = setup_.betting == Betting::Limit;
        if (acted_[p])
            may = may && (limit ? full_level_ > faced_full_[p] : current_ - faced_[p] >= increment_);
        if (limit && !uncapped_ && counted_ >= 4) may = false;
        la.may_bet_or_raise = may;
        if (!may) return la;
        const Chips bb = setup_.big_blind;
        const Chips full_to =
            limit ? full_level_ + unit_ : (current_ == 0 ? bb : std::max(current_, bb) + increment_);
        la.min_to = std::min(full_to, la.all_in_to);
        Chips max_to = limit ? la.min_to : la.all_in_to;
        if (setup_.betting == Betting::PotLimit)
            max_to = std::min(max_to, current_ + pot_ + (current_ - bet_[p]));
        la.max_to = std::max(max_to, la.min_to);
        return la;
    }

  private:
    void on(const HandStarted& e) {
        for (const SeatSetup& x : setup_.seats)
            stack_[x.seat] = e.stacks[x.seat];
    }
    void on(const AntePosted& e) { move(e.seat, e.amount, false); }
    void on(const BlindPosted& e) { move(e.seat, e.amount, true); }
    void on(const UncalledReturned& e) {
        stack_[e.seat] += e.amount;
        pot_ -= e.amount;
    }
    void on(const BettingRoundStarted& e) {
        // Limit: small bets on hold'em's pre-flop and flop, stud's first two rounds, draw's first.
        const int first_big = setup_.variant == Variant::FiveCardDraw ? 1 : 2;
        const bool big = setup_.betting == Betting::Limit && e.street >= first_big;
        unit_ = big ? 2 * setup_.big_blind : setup_.big_blind;
        EXPECT_EQ(e.bet_unit, unit_) << "street " << e.street;
        acted_ = {};
        faced_ = {};
        faced_full_ = {};
        increment_ = setup_.big_blind;
        if (e.street == 0) {
            current_ = setup_.big_blind_seat != kNoSeat ? setup_.big_blind : 0;
            for (const SeatSetup& x : setup_.seats)
                current_ = std::max(current_, bet_[x.seat]);
        } else {
            bet_ = {};
            current_ = 0;
        }
        full_level_ = current_;
        counted_ = current_ > 0 ? 1 : 0;
        int can_bet = 0;
        for (const SeatSetup& x : setup_.seats)
            can_bet += !folded_[x.seat] && stack_[x.seat] > 0 ? 1 : 0;
        uncapped_ = can_bet == 2;
        EXPECT_EQ(e.first_to_act, expected_opener(e.street, can_bet)) << "street " << e.street;
    }
    void on(const CardDealt& e) {
        if (e.target == CardTarget::Player && e.visibility == Visibility::Everyone && e.street == 0)
            up_[e.seat] = e.card;
    }

    // RULES.md §1: pre-flop and before the draw, left of the big blind; stud's first round, the
    // lowest up-card (ties: nearest the button's left); later rounds, left of the button. The first
    // of those, clockwise, who can still act; nobody when fewer than two players are in.
    SeatIndex expected_opener(int street, int can_bet) const {
        const std::vector<SeatIndex> order = deal_order(setup_);
        std::size_t start = 0;
        if (street == 0 && setup_.variant == Variant::FiveCardStud) {
            for (std::size_t k = 1; k < order.size(); ++k)
                if (up_[order[k]].rank() < up_[order[start]].rank()) start = k;
        } else if (street == 0 && setup_.big_blind_seat != kNoSeat) {
            while (order[start] != setup_.big_blind_seat)
                ++start;
            start = (start + 1) % order.size();
        }
        int live = 0;
        for (SeatIndex seat : order)
            live += folded_[seat] ? 0 : 1;
        if (live < 2) return kNoSeat;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const SeatIndex seat = order[(start + k) % order.size()];
            if (!folded_[seat] && stack_[seat] > 0 && (bet_[seat] < current_ || can_bet >= 2)) return seat;
        }
        return kNoSeat;
    }
    void on(const Acted& e) {
        const SeatIndex p = e.seat;
        if (e.action == Action::Fold) folded_[p] = true;
        move(p, e.added, true);
        if (e.action == Action::Bet || e.action == Action::Raise) {
            const Chips to = e.total_bet;
            if (setup_.betting == Betting::Limit) {
                if (to >= full_level_ + unit_ || 2 * (to - full_level_) >= unit_) {
                    full_level_ = to;
                    ++counted_;
                }
            } else {
                const Chips bb = setup_.big_blind;
                const Chips base = current_ == 0 ? 0 : std::max(current_, bb);
                const Chips full_to = current_ == 0 ? bb : base + increment_;
                if (to >= full_to) increment_ = std::max(increment_, to - base);
            }
            current_ = to;
        }
        acted_[p] = true;
        faced_[p] = current_;
        faced_full_[p] = full_level_;
    }
    template <class E>
    void on(const E&) {}

    void move(SeatIndex p, Chips amount, bool is_bet) {
        stack_[p] -= amount;
        pot_ += amount;
        if (is_bet) bet_[p] += amount;
    }

    const HandSetup& setup_;
    std::array<Chips, kMaxSeats> stack_{}, bet_{}, faced_{}, faced_full_{};
    std::array<bool, kMaxSeats> folded_{}, acted_{};
    std::array<Card, kMaxSeats> up_{};
    Chips pot_ = 0, current_ = 0, increment_ = 0, full_level_ = 0, unit_ = 0;
    int counted_ = 0;
    bool uncapped_ = false;
};

TEST(BettingModelProperty, LegalActionsAgreeWithTheRuleTextRebuiltFromPublicEvents_Rules2) {
    SeededRandom rng(777);
    Hand hand;
    long decisions = 0, raises_possible = 0, not_reopened = 0;
    for (int i = 0; i < property_count(6000) && !HasFailure(); ++i) {
        const auto [v, b] = cycled_game(i);
        const int players = random_player_count(rng, v);
        const HandSetup setup = random_setup(rng, v, b, players);
        ASSERT_TRUE(hand.reset(setup, rng).has_value());
        BettingModel model(setup);
        std::size_t seen = 0;
        while (!hand.is_over() && !HasFailure()) {
            for (; seen < hand.events().size(); ++seen)
                model.apply(hand.events()[seen]);
            const LegalActions la = hand.legal_actions();
            if (la.betting) {
                const LegalActions want = model.expected(la.seat);
                ++decisions;
                raises_possible += want.may_bet_or_raise ? 1 : 0;
                const auto raise = hand.verify(la.seat, BetOrRaiseTo{la.all_in_to});
                not_reopened += !raise && raise.error() == RuleError::BettingNotReopened ? 1 : 0;
                EXPECT_EQ(la.may_check, want.may_check) << "hand " << i;
                EXPECT_EQ(la.may_call, want.may_call) << "hand " << i;
                EXPECT_EQ(la.call_amount, want.call_amount) << "hand " << i;
                EXPECT_EQ(la.all_in_to, want.all_in_to) << "hand " << i;
                EXPECT_EQ(la.may_bet_or_raise, want.may_bet_or_raise) << "hand " << i;
                EXPECT_EQ(la.min_to, want.min_to) << "hand " << i;
                EXPECT_EQ(la.max_to, want.max_to) << "hand " << i;
            }
            // Short all-ins often, so that reopening is exercised.
            Command c = random_legal(rng, hand, la);
            if (la.betting && la.may_bet_or_raise && rng.uniform_below(4) == 0 && la.all_in_to <= la.max_to)
                c = BetOrRaiseTo{la.all_in_to};
            ASSERT_TRUE(hand.act(la.seat, c).has_value());
        }
    }
    EXPECT_GT(decisions, property_count(20000));
    EXPECT_GT(raises_possible, property_count(5000));
    EXPECT_GT(not_reopened, property_count(50));
}

}  // namespace
}  // namespace tavolo::engine::testing
