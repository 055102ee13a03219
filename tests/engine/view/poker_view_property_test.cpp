// Every event of many random poker hands of every game (hold'em, stud, draw x no-limit, pot-limit,
// limit), projected for every kind of viewer (RULES.md §8, issue 9):
// - no viewer ever receives a card he may not see, judged against the truth of the hand (whose each
//   card is, what the board, the up-cards and the shown hands have made public);
// - replaying what a viewer received, from the view at the hand's start and from a view built in the
//   middle of the hand (a reconnect), gives exactly the view built directly, after every command.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <vector>

#include "engine/view/poker_view.hpp"
#include "tests/engine/poker/random_play.hpp"
#include "tests/engine/view/card_truth.hpp"
#include "tests/engine/view/view_diff.hpp"

namespace tavolo::engine::view {
namespace {

using engine::testing::cycled_game;
using engine::testing::random_legal;
using engine::testing::random_player_count;
using engine::testing::random_setup;

std::vector<Card> cards_in(const PokerSeen& seen) {
    std::vector<Card> out;
    if (const auto* dealt = std::get_if<SeenCardDealt>(&seen); dealt && dealt->card)
        out.push_back(*dealt->card);
    if (const auto* thrown = std::get_if<SeenDiscarded>(&seen))
        for (const SeenCard& c : thrown->cards)
            if (c) out.push_back(*c);
    if (const auto* shown = std::get_if<CardsShown>(&seen))
        for (int i = 0; i < shown->count; ++i)
            out.push_back(shown->cards[static_cast<std::size_t>(i)]);
    return out;
}

struct Follower {
    PokerViewer viewer;
    PokerView from_start;
    std::optional<PokerView> reconnected;
};

class PokerHandViews {
  public:
    PokerHandViews(const HandSetup& setup, std::uint64_t deck_seed) : table_(setup.table_size) {
        for (const SeatSetup& s : setup.seats)
            EXPECT_TRUE(table_.sit(s.seat, 100 + s.seat, s.stack).has_value());
        // A player seated but not dealt in (waiting for the button): he sees what an observer sees.
        for (SeatIndex s = 0; s < setup.table_size; ++s) {
            if (!table_.occupied(s)) {
                EXPECT_TRUE(table_.sit(s, 100 + s, 777).has_value());
                break;
            }
        }
        for (const PokerViewer& v : testing::every_poker_viewer())
            followers_.push_back({v, view_of(table_, nullptr, v), std::nullopt});
        SeededRandom deck_rng(deck_seed);
        hand_.reset(setup, deck_rng);
    }

    Hand& hand() { return hand_; }

    // Everything the last command (or the hand's start) caused, sent to every viewer.
    void deliver(std::span<const HandEvent> batch) {
        for (const HandEvent& e : batch)
            truth_.learn(e);
        truth_.learn_up_cards(hand_);
        for (Follower& f : followers_) {
            for (const HandEvent& e : batch) {
                const PokerSeen seen = project(e, f.viewer);
                for (Card c : cards_in(seen))
                    ASSERT_TRUE(truth_.may_receive(c, f.viewer))
                        << "viewer role " << static_cast<int>(f.viewer.role) << " seat " << f.viewer.who
                        << " received " << c.to_string() << " (event " << e.index() << ")";
                receive(f, seen);
            }
            if (auto pending = pending_decision(hand_, f.viewer)) receive(f, *pending);
            const PokerView direct = view_of(table_, &hand_, f.viewer);
            ASSERT_EQ(f.from_start, direct) << testing::diff(f.from_start, direct);
            if (f.reconnected) {
                ASSERT_EQ(*f.reconnected, direct) << testing::diff(*f.reconnected, direct);
            }
            check_complete(direct, f.viewer);
        }
    }

    void reconnect_everyone() {
        for (Follower& f : followers_)
            f.reconnected = view_of(table_, &hand_, f.viewer);
    }

  private:
    static void receive(Follower& f, const PokerSeen& seen) {
        apply(f.from_start, seen);
        if (f.reconnected) apply(*f.reconnected, seen);
    }

    // The view holds what the viewer may see: his own cards in full while he is in, the board.
    void check_complete(const PokerView& view, const PokerViewer& viewer) const {
        ASSERT_TRUE(std::ranges::equal(view.board, hand_.board()));
        if (viewer.role != Role::Player || !hand_.dealt_in(viewer.who) || hand_.folded(viewer.who) ||
            hand_.mucked(viewer.who))
            return;
        const auto held = hand_.hole_cards(viewer.who);
        const PokerSeatView& mine = view.seats[static_cast<std::size_t>(viewer.who)];
        ASSERT_EQ(mine.card_count, static_cast<int>(held.size()));
        for (std::size_t i = 0; i < held.size(); ++i)
            ASSERT_EQ(mine.cards[i], held[i]);
    }

    Table table_;
    Hand hand_;
    testing::CardTruth truth_;
    std::vector<Follower> followers_;
};

TEST(Rules8PokerProjection, NoViewerReceivesACardHeMayNotSeeAndReplayingRebuildsHisView) {
    SeededRandom rng(2026);
    int hands = 0;
    int reconnects = 0;
    int shows = 0;
    for (int i = 0; i < 360; ++i) {
        const auto [variant, betting] = cycled_game(i);
        const HandSetup setup = random_setup(rng, variant, betting, random_player_count(rng, variant));
        PokerHandViews views(setup, 5000 + static_cast<std::uint64_t>(i));
        Hand& hand = views.hand();
        ASSERT_TRUE(hand.setup_error().has_value());
        views.deliver(hand.events());
        ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " start";
        const int reconnect_at = static_cast<int>(rng.uniform_below(8));
        for (int command = 0; !hand.is_over(); ++command) {
            if (command == reconnect_at) {
                views.reconnect_everyone();
                ++reconnects;
            }
            const LegalActions la = hand.legal_actions();
            auto done = hand.act(la.seat, random_legal(rng, hand, la), la.decision);
            ASSERT_TRUE(done.has_value());
            views.deliver(*done);
            ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " command " << command;
        }
        // The winner of a pot won without showdown may show, after the hand: to everyone.
        for (const SeatSetup& seat : setup.seats) {
            if (rng.uniform_below(2) == 0 || !hand.can(seat.seat, ShowCards{})) continue;
            auto shown = hand.act(seat.seat, ShowCards{}, hand.decision());
            ASSERT_TRUE(shown.has_value());
            views.deliver(*shown);
            ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " shown";
            ++shows;
        }
        ++hands;
    }
    EXPECT_EQ(hands, 360);
    EXPECT_GT(reconnects, 100);
    EXPECT_GT(shows, 10);
}

}  // namespace
}  // namespace tavolo::engine::view
