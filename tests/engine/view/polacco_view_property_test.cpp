// Every event of many random Poker Polacco tables, hand after hand, projected for every kind of
// viewer (RULES.md §8, §9, issue 9): nobody receives a card face before the reveal but its holder
// (and an operator after the hand), and replaying what a viewer received, from the view before the
// hand and from a view built mid-hand (a reconnect), rebuilds exactly the view built directly.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "engine/view/polacco_view.hpp"
#include "tests/engine/view/view_diff.hpp"

namespace tavolo::engine::view {
namespace {

namespace pl = polacco;

struct Follower {
    PolaccoViewer viewer;
    PolaccoView from_start;
    std::optional<PolaccoView> reconnected;
};

// A random command the player to act may give (the refusals are the hand's own tests).
pl::Events act_at_random(pl::Hand& hand, SeededRandom& rng) {
    const pl::LegalActions legal = hand.legal_actions();
    const auto who = legal.player;
    const auto decision = legal.decision;
    if (legal.choose_direction) {
        const auto d = rng.uniform_below(2) ? pl::Direction::Clockwise : pl::Direction::Anticlockwise;
        return hand.choose_direction(who, d, decision).value();
    }
    const auto r = rng.uniform_below(10);
    if (r == 0) return hand.timeout(who, decision).value();
    if (legal.pass && r == 1) return hand.pass(who, decision).value();
    if (legal.doubt && (r < 4 || !legal.declare)) return hand.doubt(who, decision).value();
    const int step = legal.lowest_declaration->step() + static_cast<int>(rng.uniform_below(6));
    const pl::Punto punto = *pl::Punto::from_step(std::min(step, pl::kLadderSteps - 1));
    return hand.declare(who, punto, decision).value();
}

TEST(Rules8PolaccoProjection, NoViewerReceivesACardHeMayNotSeeAndReplayingRebuildsHisView) {
    SeededRandom rng(909);
    int hands = 0;
    for (int t = 0; t < 60; ++t) {
        pl::Rules rules;
        rules.mode = rng.uniform_below(2) ? pl::Mode::Casino : pl::Mode::NoDealer;
        rules.passamano = rng.uniform_below(2);
        rules.bonus = rng.uniform_below(2);
        rules.clockwise_only = rules.mode == pl::Mode::Casino && rng.uniform_below(3) == 0;
        const int n =
            2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(rules.table_max() - 1)));
        std::vector<pl::HandPlayer> seats;
        for (int i = 0; i < n; ++i)
            seats.push_back({10 + i, static_cast<int>(rng.uniform_below(4)), true});
        pl::Table table{t, rules, seats, 10};

        for (int h = 0; h < 12 && table.players() >= 2; ++h) {
            std::vector<Follower> followers;
            for (const auto& s : table.seats())
                followers.push_back({PolaccoViewer::player(s.player), {}, std::nullopt});
            followers.push_back({PolaccoViewer::observer(), {}, std::nullopt});
            followers.push_back({PolaccoViewer::operator_during_hand(), {}, std::nullopt});
            followers.push_back({PolaccoViewer::operator_after_hand(), {}, std::nullopt});
            for (Follower& f : followers)
                f.from_start = view_of(table, f.viewer);

            bool doubted = false;
            const auto deliver = [&](const pl::Events& batch) {
                for (Follower& f : followers) {
                    for (const pl::Event& e : batch) {
                        doubted = doubted || std::holds_alternative<pl::Doubted>(e);
                        const PolaccoSeen seen = project(e, f.viewer);
                        // The face reaches its holder only (and an operator after the hand).
                        if (const auto* dealt = std::get_if<pl::CardDealt>(&seen)) {
                            ASSERT_EQ(dealt->card.has_value(),
                                      f.viewer.is(dealt->to) || f.viewer.role == Role::OperatorAfterHand)
                                << "viewer " << static_cast<int>(f.viewer.role) << " " << f.viewer.who
                                << ", card dealt to " << dealt->to;
                        }
                        if (std::holds_alternative<pl::CardsRevealed>(seen)) {
                            ASSERT_TRUE(doubted) << "a hand revealed before the doubt";
                        }
                        apply(f.from_start, seen);
                        if (f.reconnected) apply(*f.reconnected, seen);
                    }
                    if (auto pending = pending_decision(*table.hand(), f.viewer)) {
                        apply(f.from_start, *pending);
                        if (f.reconnected) apply(*f.reconnected, *pending);
                    }
                    const PolaccoView direct = view_of(table, f.viewer);
                    ASSERT_EQ(f.from_start, direct) << testing::diff(f.from_start, direct);
                    if (f.reconnected) {
                        ASSERT_EQ(*f.reconnected, direct) << testing::diff(*f.reconnected, direct);
                    }
                }
            };

            deliver(table.start_hand(rng).value());
            ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "table " << t << " hand " << h;
            const int reconnect_at = static_cast<int>(rng.uniform_below(4));
            for (int command = 0; table.hand()->phase() != pl::Phase::Ended; ++command) {
                if (command == reconnect_at)
                    for (Follower& f : followers)
                        f.reconnected = view_of(table, f.viewer);
                deliver(act_at_random(*table.hand(), rng));
                ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "table " << t << " hand " << h;
            }
            ASSERT_TRUE(table.finish_hand().has_value());
            ++hands;
        }
    }
    EXPECT_GT(hands, 300);
}

}  // namespace
}  // namespace tavolo::engine::view
