// RULES.md §3 checked against an independent computation over random hands of every game and
// structure: the final stacks are what pot-by-pot splitting of the players' contributions gives
// (each all-in caps what its player can win, folded chips stay in, big-blind antes are dead money
// in the main pot, equal hands split with odd chips clockwise from the button's left, evaluated by
// the reference evaluator); the first to show is the last aggressor of the final round, else the
// first left of the button, in stud the highest showing board; hands are exposed exactly when no
// further betting is possible; every player who shows at showdown can win or
// tie a pot still undecided (or must show: all-in exposure, always-show), every player who mucks cannot; a
// hand won without showdown shows nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "engine/eval/reference_evaluator.hpp"
#include "tests/engine/poker/random_play.hpp"
#include "tests/engine/property_count.hpp"

namespace tavolo::engine::testing {
namespace {

struct Expected {
    std::array<Chips, kMaxSeats> stacks{};
};

// Dealt-in seats clockwise from the button's left.
std::vector<SeatIndex> clockwise_from_button(const HandSetup& s) {
    return deal_order(s);
}

ReferenceValue value_of(const Hand& h, SeatIndex seat) {
    std::vector<Card> cards(h.hole_cards(seat).begin(), h.hole_cards(seat).end());
    for (Card c : h.board())
        cards.push_back(c);
    return reference_evaluate(cards);
}

Expected expected_stacks(const Hand& h, const HandSetup& s, bool showdown) {
    Expected out;
    Chips dead = 0;
    for (const HandEvent& e : h.events())
        if (const auto* a = std::get_if<AntePosted>(&e); a && s.ante_mode == AnteMode::BigBlind)
            dead += a->amount;
    std::vector<SeatIndex> live;
    for (const SeatSetup& p : s.seats) {
        out.stacks[p.seat] = p.stack - h.committed(p.seat);
        if (!h.folded(p.seat)) live.push_back(p.seat);
    }
    if (s.ante_mode == AnteMode::BigBlind && s.big_blind_seat != kNoSeat)
        out.stacks[s.big_blind_seat] -= dead;
    if (live.size() == 1) {
        Chips all = dead;
        for (const SeatSetup& p : s.seats)
            all += h.committed(p.seat);
        out.stacks[live[0]] += all;
        return out;
    }
    EXPECT_TRUE(showdown);
    std::vector<Chips> levels;
    for (SeatIndex seat : live)
        levels.push_back(h.committed(seat));
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    Chips prev = 0;
    for (std::size_t l = 0; l < levels.size(); ++l) {
        Chips amount = l == 0 ? dead : 0;
        for (const SeatSetup& p : s.seats) {
            const Chips c = h.committed(p.seat);
            amount += std::min(c, levels[l]) - std::min(c, prev);
            if (l + 1 == levels.size()) amount += std::max<Chips>(0, c - levels[l]);  // folded, above all
        }
        prev = levels[l];
        std::vector<SeatIndex> winners;
        ReferenceValue best;
        for (SeatIndex seat : clockwise_from_button(s)) {
            if (h.folded(seat) || h.committed(seat) < levels[l]) continue;
            const ReferenceValue v = value_of(h, seat);
            if (winners.empty() || v > best) {
                winners.clear();
                best = v;
            }
            if (v == best) winners.push_back(seat);
        }
        const auto n = static_cast<Chips>(winners.size());
        for (std::size_t w = 0; w < winners.size(); ++w)
            out.stacks[winners[w]] += amount / n + (static_cast<Chips>(w) < amount % n ? 1 : 0);
    }
    return out;
}

// Show or muck, in the order the hand announced them: a shown hand can win or tie a pot it is
// eligible for against the hands shown before it (unless it had to show), a mucked one cannot.
void check_show_or_muck(const Hand& h, const HandSetup& s) {
    std::array<Pot, kMaxPots> pots{};
    int pot_count = 0;
    std::array<ReferenceValue, kMaxPots> best{};
    std::array<bool, kMaxPots> any{};
    bool exposed = false;
    for (const HandEvent& e : h.events()) {
        if (const auto* f = std::get_if<PotsFormed>(&e)) {
            pots = f->pots;
            pot_count = f->count;
        }
        const auto* shown = std::get_if<CardsShown>(&e);
        const auto* mucked = std::get_if<Mucked>(&e);
        if (shown && shown->all_in_exposure) exposed = true;
        if (!shown && !mucked) continue;
        const SeatIndex seat = shown ? shown->seat : mucked->seat;
        if (!h.is_over() || h.folded(seat)) continue;
        const ReferenceValue v = value_of(h, seat);
        bool can_win = false;
        for (int i = 0; i < pot_count; ++i)
            if (has_seat(pots[i].eligible, seat) && (!any[i] || v >= best[i])) can_win = true;
        bool always = false;
        for (const SeatSetup& p : s.seats)
            always = always || (p.seat == seat && p.always_show);
        if (mucked) {
            EXPECT_FALSE(can_win) << "seat " << seat << " mucked a hand that could win or tie";
            EXPECT_FALSE(exposed);
            continue;
        }
        EXPECT_TRUE(can_win || exposed || always) << "seat " << seat << " showed a hand it could muck";
        for (int i = 0; i < pot_count; ++i) {
            if (!has_seat(pots[i].eligible, seat)) continue;
            if (!any[i] || v > best[i]) best[i] = v;
            any[i] = true;
        }
    }
}

// All-in exposure: when two or more players are in and at most one of them is not all-in, every
// hand still in is shown at once, before any card after the first deal is dealt or drawn and before
// the showdown; an exposure happens only then.
void check_all_in_exposure(const Hand& h, const HandSetup& s) {
    std::array<Chips, kMaxSeats> stack{};
    std::array<bool, kMaxSeats> folded{};
    bool exposed = false;
    const auto events = h.events();
    auto no_more_betting = [&] {
        int live = 0, can_bet = 0;
        for (const SeatSetup& p : s.seats) {
            if (folded[p.seat]) continue;
            ++live;
            can_bet += stack[p.seat] > 0 ? 1 : 0;
        }
        return live >= 2 && can_bet <= 1;
    };
    for (std::size_t k = 0; k < events.size(); ++k) {
        const HandEvent& e = events[k];
        if (const auto* x = std::get_if<HandStarted>(&e)) stack = x->stacks;
        if (const auto* x = std::get_if<AntePosted>(&e)) stack[x->seat] -= x->amount;
        if (const auto* x = std::get_if<BlindPosted>(&e)) stack[x->seat] -= x->amount;
        if (const auto* x = std::get_if<UncalledReturned>(&e)) stack[x->seat] += x->amount;
        if (const auto* x = std::get_if<Acted>(&e)) {
            stack[x->seat] -= x->added;
            folded[x->seat] = folded[x->seat] || x->action == Action::Fold;
        }
        const auto* shown = std::get_if<CardsShown>(&e);
        if (shown && shown->all_in_exposure && !exposed) {
            ASSERT_TRUE(no_more_betting()) << "an exposure while betting was still possible";
            for (SeatIndex seat : deal_order(s)) {
                if (folded[seat]) continue;
                ASSERT_LT(k, events.size());
                const auto* next = std::get_if<CardsShown>(&events[k]);
                ASSERT_TRUE(next && next->all_in_exposure && next->seat == seat)
                    << "seat " << seat << " not exposed";
                ++k;
            }
            --k;
            exposed = true;
            continue;
        }
        const auto* dealt = std::get_if<CardDealt>(&e);
        const bool next_card_or_showdown =
            (dealt && dealt->target != CardTarget::Burn && dealt->street > 0) ||
            std::holds_alternative<DrawStarted>(e) || std::holds_alternative<Mucked>(e) || shown;
        if (next_card_or_showdown && !exposed) {
            ASSERT_FALSE(no_more_betting())
                << "no further betting was possible but the hands were not exposed";
        }
    }
}

// A stud showing board (the up-cards) as a comparable key: the group sizes (4; 3+1; 2+2; 2+1+1;
// 1+1+1+1), then the ranks by group size and rank. Straights and flushes do not exist under five.
std::vector<int> showing_key(const Hand& h, SeatIndex seat) {
    std::array<int, kRanks> count{};
    const auto cards = h.hole_cards(seat);
    for (int i = 0; i < static_cast<int>(cards.size()); ++i)
        if (h.card_face_up(seat, i)) ++count[static_cast<int>(cards[i].rank())];
    std::vector<std::pair<int, int>> groups;  // (size, rank)
    for (int r = 0; r < kRanks; ++r)
        if (count[r] > 0) groups.push_back({count[r], r});
    std::sort(groups.rbegin(), groups.rend());
    std::vector<int> key;
    for (const auto& g : groups)
        key.push_back(g.first);
    key.resize(4, 0);
    for (const auto& g : groups)
        key.push_back(g.second);
    return key;
}

// Who shows first (RULES.md §3): the last bettor or raiser of the final round; if it was checked
// through, the first player still in left of the button; in stud, the highest showing board (ties:
// nearest the button's left).
SeatIndex expected_first_to_show(const Hand& h, const HandSetup& s) {
    SeatIndex aggressor = kNoSeat;
    for (const HandEvent& e : h.events()) {
        if (std::holds_alternative<BettingRoundStarted>(e)) aggressor = kNoSeat;
        if (const auto* a = std::get_if<Acted>(&e);
            a && (a->action == Action::Bet || a->action == Action::Raise))
            aggressor = a->seat;
    }
    if (aggressor != kNoSeat && !h.folded(aggressor)) return aggressor;
    SeatIndex first = kNoSeat;
    std::vector<int> best;
    for (SeatIndex seat : clockwise_from_button(s)) {
        if (h.folded(seat)) continue;
        if (s.variant != Variant::FiveCardStud) return seat;
        const std::vector<int> key = showing_key(h, seat);
        if (first == kNoSeat || key > best) {
            first = seat;
            best = key;
        }
    }
    return first;
}

TEST(PotsProperty, FinalStacksMatchIndependentPotSplitting_ShowOrMuckAsRules3) {
    SeededRandom rng(20261122);
    Hand hand;
    int showdowns = 0, multiway_side_pots = 0, ordered = 0;
    for (int i = 0; i < property_count(6000); ++i) {
        const auto [v, b] = cycled_game(i);
        const int players = random_player_count(rng, v);
        HandSetup setup = random_setup(rng, v, b, players);
        for (SeatSetup& p : setup.seats)
            p.always_show = rng.uniform_below(10) == 0;
        ASSERT_TRUE(hand.reset(setup, rng).has_value());
        while (!hand.is_over()) {
            const LegalActions la = hand.legal_actions();
            // Mostly calls and all-ins, so that many hands reach showdown with side pots.
            Command c = random_legal(rng, hand, la);
            if (la.betting && rng.uniform_below(3) == 0)
                c = la.may_check ? Command{Check{}} : Command{Call{}};
            ASSERT_TRUE(hand.act(la.seat, c).has_value());
        }
        const auto& ended = std::get<HandEnded>(hand.events().back());
        const Expected want = expected_stacks(hand, setup, ended.showdown);
        for (const SeatSetup& p : setup.seats)
            ASSERT_EQ(hand.stack(p.seat), want.stacks[p.seat]) << "hand " << i << " seat " << p.seat;
        check_all_in_exposure(hand, setup);
        if (ended.showdown) {
            ++showdowns;
            check_show_or_muck(hand, setup);
            if (events_of<CardsShown>(hand).empty() || !events_of<CardsShown>(hand)[0].all_in_exposure) {
                SeatIndex first = kNoSeat;
                for (const HandEvent& e : hand.events()) {
                    if (const auto* sh = std::get_if<CardsShown>(&e)) first = sh->seat;
                    if (const auto* mu = std::get_if<Mucked>(&e)) first = mu->seat;
                    if (first != kNoSeat) break;
                }
                EXPECT_EQ(first, expected_first_to_show(hand, setup)) << "hand " << i;
                ++ordered;
            }
        } else {
            EXPECT_TRUE(events_of<CardsShown>(hand).empty()) << "a hand won without showdown was shown";
        }
        const auto pots = events_of<PotsFormed>(hand);
        if (ended.showdown && !pots.empty() && pots.back().count > 1) ++multiway_side_pots;
        if (HasFailure()) break;
    }
    EXPECT_GT(showdowns, property_count(1000));
    EXPECT_GT(multiway_side_pots, property_count(200));
    EXPECT_GT(ordered, property_count(500));
}

}  // namespace
}  // namespace tavolo::engine::testing
