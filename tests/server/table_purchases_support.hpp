#pragma once
// Test support for re-buys and the add-on at a live table (table_purchases.cpp): a table with the
// tournament's purchase terms, a hand that busts players (the same seed each run), and checks of what
// a purchase published, recorded and refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

#include "tests/server/table_core_support.hpp"

namespace tavolo::server::table::testing {

using engine::Chips;
using engine::EntrantId;
using engine::Purchase;
using engine::SeatIndex;
using namespace std::chrono_literals;

inline constexpr Chips kStartingStack = 3000;  // OpenedTable's stacks
inline constexpr Chips kAddOnChips = 5000;

inline PurchaseTerms rebuy_terms(bool rebuys = true, bool addon = true) {
    PurchaseTerms t;
    t.rebuys = rebuys;
    t.addon = addon;
    t.starting_stack = kStartingStack;
    t.rebuy_price = {1000, 100};
    t.addon_price = {1500, 50};
    t.addon_chips = kAddOnChips;
    t.answer_within = 15s;
    return t;
}

// A table of `count` players with the tournament's purchase terms; start(n, open) deals hand n, in
// the re-buy period or not (the director's StartHand says).
struct PurchaseTable {
    OpenedTable t;

    explicit PurchaseTable(int count, PurchaseTerms terms = rebuy_terms(), std::uint64_t seed = 7)
        : t(count, engine::Variant::Holdem, engine::Betting::NoLimit, seed) {
        t.core.set_purchase_terms(terms);
    }
    Effects start(engine::HandId hand, bool rebuys_open = true) {
        Effects e = t.core.on_director(engine::StartHand{0, hand, rebuys_open}, t.now);
        EXPECT_TRUE(all_of<DirectorMessageRefused>(e).empty()) << "hand " << hand << " did not start";
        return e;
    }
    // Everyone's chips in: the first to act raises all in, the others call; the hand runs to its end.
    Effects all_in() {
        Effects all;
        for (int guard = 0; t.core.in_hand() && guard < 50; ++guard) {
            const auto legal = t.core.hand().legal_actions();
            Effects e;
            if (legal.betting) {
                e = t.act(legal.may_bet_or_raise ? engine::Command{engine::BetOrRaiseTo{legal.max_to}}
                          : legal.may_call       ? engine::Command{engine::Call{}}
                                                 : engine::Command{engine::Check{}});
            } else {  // no betting decision: let the clock decide
                const ClockView clock = t.core.clock_at(t.now);
                if (clock.seat == engine::kNoSeat) break;
                t.now = clock.expires_at;
                e = t.core.on_clock_expiry(clock.hand, clock.decision, t.now);
            }
            all.insert(all.end(), e.begin(), e.end());
        }
        EXPECT_FALSE(t.core.in_hand());
        return all;
    }
    // Everyone folds to the big blind.
    Effects fold_out() {
        Effects all;
        for (int guard = 0; t.core.in_hand() && guard < 10; ++guard) {
            Effects e = t.act(engine::Fold{});
            all.insert(all.end(), e.begin(), e.end());
        }
        EXPECT_FALSE(t.core.in_hand());
        return all;
    }
    Effects buy(SeatIndex seat, Purchase kind) {
        return t.core.on_purchase(entrant_at(seat), seat, kind, false, t.now);
    }
    Effects decline(SeatIndex seat, Purchase kind = Purchase::Rebuy) {
        return t.core.on_purchase(entrant_at(seat), seat, kind, true, t.now);
    }
    Effects offer_addon() { return t.core.on_director(engine::OfferAddOn{0, kAddOnChips}, t.now); }
    Chips stack(SeatIndex seat) const { return t.core.table().table().at(seat).stack; }
};

// A table where hand 1, everyone all in, busted exactly `want` players: seeds are tried in order
// until one does, so each run finds the same table and the same cards.
struct Busted {
    std::unique_ptr<PurchaseTable> table;
    Effects effects;               // of hand 1, from its start to its end
    std::vector<SeatIndex> seats;  // the busted players' seats, ascending
    SeatIndex winner = engine::kNoSeat;
};
// `during`: what the players do once the hand is dealt, before the chips go in.
inline Busted bust(int count, int want, PurchaseTerms terms = rebuy_terms(), bool rebuys_open = true,
                   const std::function<void(PurchaseTable&)>& during = {}) {
    for (std::uint64_t seed = 1; seed < 300; ++seed) {
        Busted b;
        b.table = std::make_unique<PurchaseTable>(count, terms, seed);
        b.effects = b.table->start(1, rebuys_open);
        if (during) during(*b.table);
        const Effects played = b.table->all_in();
        b.effects.insert(b.effects.end(), played.begin(), played.end());
        for (SeatIndex s = 0; s < count; ++s) {
            if (b.table->t.core.hand().stack(s) == 0)
                b.seats.push_back(s);
            else
                b.winner = s;
        }
        if (static_cast<int>(b.seats.size()) == want && count - want == 1) return b;
    }
    ADD_FAILURE() << "no seed below 300 busts " << want << " of " << count << " players";
    return {};
}

// The last view each viewer class received in `effects` shows `stack` chips in `seat`.
inline ::testing::AssertionResult views_show(const Effects& effects, SeatIndex seat, Chips stack,
                                             EntrantId entrant) {
    const auto views = all_of<TableViews>(effects);
    if (views.empty()) return ::testing::AssertionFailure() << "no view was published";
    for (const auto& [to, view] : views.back().views) {
        const auto& s = view.seats[static_cast<std::size_t>(seat)];
        if (s.entrant != entrant || s.stack != stack)
            return ::testing::AssertionFailure()
                   << "a view shows entrant " << s.entrant << " with " << s.stack << " chips in seat " << seat
                   << ", not entrant " << entrant << " with " << stack;
    }
    return ::testing::AssertionSuccess();
}

inline const engine::SeatState* seat_in(const engine::TableState& state, SeatIndex seat) {
    for (const auto& s : state.seats)
        if (s.seat == seat) return &s;
    return nullptr;
}

inline bool eliminates(const HandFinished& done, EntrantId entrant) {
    return std::ranges::any_of(done.report.eliminated,
                               [&](const engine::Elimination& e) { return e.entrant == entrant; });
}

// A purchase refused: one Refused (Purchase) to that player whose message says why and that nothing
// was paid, and nothing paid.
inline void expect_refused(const Effects& effects, SeatIndex seat, const std::string& why) {
    const auto refused = all_of<Refused>(effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::Purchase);
    EXPECT_EQ(refused[0].seat, seat);
    EXPECT_EQ(refused[0].entrant, entrant_at(seat));
    EXPECT_NE(refused[0].message.find(why), std::string::npos) << refused[0].message;
    EXPECT_NE(refused[0].message.find("nothing was paid"), std::string::npos) << refused[0].message;
    EXPECT_TRUE(all_of<PayForChips>(effects).empty());
    EXPECT_TRUE(all_of<ChipsAdded>(effects).empty());
}

}  // namespace tavolo::server::table::testing
