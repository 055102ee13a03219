// The client's fold (tools/client/table_fold.cpp) agrees with the server: a TableTracker fed the
// messages a viewer receives of random hands of every game and structure (translated by
// server/protocol exactly as the table actor sends them) holds, after every command, the snapshot the
// server would send that viewer at that moment. And the tracker raises no problem on a correct stream
// (no false alarm on any card the viewer may see, RULES.md §8).
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include "engine/view/poker_view.hpp"
#include "engine/view/polacco_view.hpp"
#include "server/protocol/client_action.hpp"
#include "server/protocol/envelope.hpp"
#include "server/protocol/poker_events.hpp"
#include "server/protocol/polacco_events.hpp"
#include "server/protocol/table_snapshot.hpp"
#include "tests/engine/poker/random_play.hpp"
#include "tools/client/table_tracker.hpp"

namespace tavolo::client {
namespace {

using namespace engine;
namespace protocol = server::protocol;
namespace pl = engine::polacco;
using engine::testing::cycled_game;
using engine::testing::random_legal;
using engine::testing::random_player_count;
using engine::testing::random_setup;

const protocol::TableAddress kTable{21, 2};

// The tracker's state and the server's snapshot say the same, field by field.
::testing::AssertionResult same_table(const v1::TableSnapshot& folded, const v1::TableSnapshot& server) {
    google::protobuf::util::MessageDifferencer differ;
    std::string differences;
    differ.ReportDifferencesToString(&differences);
    if (differ.Compare(folded, server)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << differences << "\nfolded: " << folded.ShortDebugString()
                                         << "\nserver: " << server.ShortDebugString();
}

// One viewer's stream of a poker hand: what the table actor sends him, into a tracker.
class PokerStream {
  public:
    PokerStream(const HandSetup& setup, view::PokerViewer viewer)
        : table_(setup.table_size), viewer_(viewer) {
        for (const SeatSetup& s : setup.seats) {
            EXPECT_TRUE(table_.sit(s.seat, 100 + s.seat, s.stack).has_value());
            context_.players[100 + s.seat] = {"player" + std::to_string(s.seat), false, false};
        }
        context_.table = kTable;
        receive(protocol::table_message(server_snapshot(nullptr), ++seq_));
    }

    v1::TableSnapshot server_snapshot(const Hand* hand) const {
        return protocol::table_snapshot(view::view_of(table_, hand, viewer_), context_);
    }

    void deliver(const Hand& hand, std::span<const HandEvent> batch) {
        for (const HandEvent& e : batch)
            receive(protocol::table_message(
                protocol::table_event(view::project(e, viewer_), kTable, hand.hand_id()), ++seq_));
        if (auto pending = view::pending_decision(hand, viewer_))
            receive(protocol::table_message(protocol::table_event(*pending, kTable, hand.hand_id()), ++seq_));
    }

    const TableTracker& tracker() const { return tracker_; }

  private:
    void receive(const v1::ServerMessage& message) {
        auto folded = tracker_.on_message(message);
        ASSERT_TRUE(folded.has_value()) << folded.error().text;
        ASSERT_EQ(*folded, Folded::Applied);
    }

    Table table_;
    view::PokerViewer viewer_;
    protocol::SnapshotContext context_;
    TableTracker tracker_;
    std::uint64_t seq_ = 0;
};

TEST(ClientFold, PokerTrackerHoldsTheServersSnapshotAfterEveryCommand) {
    SeededRandom rng(2026);
    for (int i = 0; i < 90; ++i) {
        const auto [variant, betting] = cycled_game(i);
        const HandSetup setup = random_setup(rng, variant, betting, random_player_count(rng, variant));
        const SeatIndex seat = setup.seats[rng.uniform_below(setup.seats.size())].seat;
        for (const view::PokerViewer viewer :
             {view::PokerViewer::player(seat), view::PokerViewer::observer()}) {
            SeededRandom deck(500 + static_cast<std::uint64_t>(i));
            SeededRandom play(900 + static_cast<std::uint64_t>(i));
            PokerStream stream(setup, viewer);
            ASSERT_FALSE(::testing::Test::HasFatalFailure());
            Hand hand;
            hand.reset(setup, deck);
            ASSERT_TRUE(hand.setup_error().has_value());
            stream.deliver(hand, hand.events());
            ASSERT_TRUE(same_table(stream.tracker().state(), stream.server_snapshot(&hand))) << "hand " << i;
            for (int command = 0; !hand.is_over(); ++command) {
                const LegalActions la = hand.legal_actions();
                auto done = hand.act(la.seat, random_legal(play, hand, la), la.decision);
                ASSERT_TRUE(done.has_value());
                stream.deliver(hand, *done);
                ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " command " << command;
                ASSERT_TRUE(same_table(stream.tracker().state(), stream.server_snapshot(&hand)))
                    << "hand " << i << " command " << command;
            }
        }
    }
}

TEST(ClientFold, PolaccoTrackerHoldsTheServersSnapshotAfterEveryCommand) {
    SeededRandom rng(77);
    int hands = 0;
    for (int t = 0; t < 12; ++t) {
        pl::Rules rules;
        rules.mode = rng.uniform_below(2) ? pl::Mode::Casino : pl::Mode::NoDealer;
        rules.passamano = true;
        const int n =
            2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(rules.table_max() - 1)));
        std::vector<pl::HandPlayer> seats;
        protocol::SnapshotContext context;
        context.table = kTable;
        for (int i = 0; i < n; ++i) {
            seats.push_back({10 + i, static_cast<int>(rng.uniform_below(4)), true});
            context.players[10 + i].name = std::to_string(10 + i);
        }
        pl::Table table{t, rules, seats, 10};
        const view::PolaccoViewer viewer =
            t % 3 == 2 ? view::PolaccoViewer::observer() : view::PolaccoViewer::player(10);
        TableTracker tracker;
        std::uint64_t seq = 0;
        const auto receive = [&](const v1::ServerMessage& m) {
            auto folded = tracker.on_message(m);
            ASSERT_TRUE(folded.has_value()) << folded.error().text;
        };
        receive(
            protocol::table_message(protocol::table_snapshot(view::view_of(table, viewer), context), ++seq));
        for (int h = 0; h < 6 && table.players() >= 2; ++h) {
            const auto deliver = [&](const pl::Events& batch) {
                const std::int64_t number = table.hand()->hand_number();
                for (const pl::Event& e : batch)
                    receive(protocol::table_message(
                        protocol::table_event(view::project(e, viewer), kTable, number), ++seq));
                if (auto pending = view::pending_decision(*table.hand(), viewer))
                    receive(protocol::table_message(protocol::table_event(*pending, kTable, number), ++seq));
            };
            deliver(table.start_hand(rng).value());
            ASSERT_FALSE(::testing::Test::HasFatalFailure());
            while (table.hand()->phase() != pl::Phase::Ended) {
                pl::Hand& hand = *table.hand();
                const pl::LegalActions legal = hand.legal_actions();
                const protocol::PolaccoCommand command =
                    legal.choose_direction ? protocol::PolaccoCommand{protocol::ChooseDirection{}}
                    : legal.doubt && (rng.uniform_below(3) == 0 || !legal.declare)
                        ? protocol::PolaccoCommand{protocol::Doubt{}}
                        : protocol::PolaccoCommand{protocol::Declare{*legal.lowest_declaration}};
                auto events = protocol::act(hand, legal.player, command, legal.decision);
                ASSERT_TRUE(events.has_value());
                deliver(*events);
                ASSERT_FALSE(::testing::Test::HasFatalFailure());
                ASSERT_TRUE(same_table(tracker.state(),
                                       protocol::table_snapshot(view::view_of(table, viewer), context)))
                    << "table " << t << " hand " << h;
            }
            ASSERT_TRUE(table.finish_hand().has_value());
            ++hands;
        }
    }
    EXPECT_GT(hands, 30);
}

}  // namespace
}  // namespace tavolo::client
