// Every event of random poker hands of every game (hold'em, stud, draw x no-limit, pot-limit, limit),
// projected for every kind of viewer and translated to protocol messages (issue 10, RULES.md §8):
// - no translated message (event or snapshot) carries a card face its viewer may not see, judged
//   against the truth of the hand, over every face the message holds (found by reflection);
// - a face the projection gave arrives unchanged, a hidden card arrives face down;
// - every message survives its binary form;
// - every engine event kind has its own message.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

#include "engine/view/poker_view.hpp"
#include "server/protocol/envelope.hpp"
#include "server/protocol/poker_events.hpp"
#include "server/protocol/table_snapshot.hpp"
#include "tests/engine/poker/random_play.hpp"
#include "tests/engine/view/card_truth.hpp"
#include "tests/proto/wire_faces.hpp"

namespace tavolo::server::protocol {
namespace {

using namespace engine;
using engine::testing::cycled_game;
using engine::testing::random_legal;
using engine::testing::random_player_count;
using engine::testing::random_setup;
using engine::view::PokerSeen;
using engine::view::PokerViewer;
using engine::view::Role;
using testing::faces_in;
using testing::round_trips;

const TableAddress kTable{17, 3};

// The translated card events agree with what the projection gave: the same face, or face down.
void check_card_copy(const PokerSeen& seen, const v1::TableEvent& event) {
    if (const auto* dealt = std::get_if<view::SeenCardDealt>(&seen)) {
        ASSERT_EQ(event.event_case(), v1::TableEvent::kCardDealt);
        ASSERT_EQ(event.card_dealt().card().has_face(), dealt->card.has_value());
        if (dealt->card) {
            ASSERT_EQ(event.card_dealt().card().face(), face_of(*dealt->card));
        }
        ASSERT_EQ(event.card_dealt().seat(), dealt->seat);
    }
    if (const auto* thrown = std::get_if<view::SeenDiscarded>(&seen)) {
        ASSERT_EQ(event.event_case(), v1::TableEvent::kDiscarded);
        ASSERT_EQ(event.discarded().cards_size(), thrown->count);
        for (int i = 0; i < thrown->count; ++i) {
            const auto& card = thrown->cards[static_cast<std::size_t>(i)];
            ASSERT_EQ(event.discarded().cards(i).has_face(), card.has_value());
            if (card) {
                ASSERT_EQ(event.discarded().cards(i).face(), face_of(*card));
            }
        }
    }
}

class TranslatedHand {
  public:
    TranslatedHand(const HandSetup& setup, std::uint64_t deck_seed) : table_(setup.table_size) {
        for (const SeatSetup& s : setup.seats) {
            EXPECT_TRUE(table_.sit(s.seat, 100 + s.seat, s.stack).has_value());
            context_.players[100 + s.seat] = {"player" + std::to_string(s.seat), false, false};
        }
        context_.table = kTable;
        context_.level = 4;
        SeededRandom deck_rng(deck_seed);
        hand_.reset(setup, deck_rng);
    }

    Hand& hand() { return hand_; }
    std::set<int>& kinds() { return kinds_; }

    void deliver(std::span<const HandEvent> batch) {
        for (const HandEvent& e : batch)
            truth_.learn(e);
        for (const PokerViewer& viewer : engine::view::testing::every_poker_viewer()) {
            for (const HandEvent& e : batch) {
                const PokerSeen seen = view::project(e, viewer);
                const v1::TableEvent event = table_event(seen, kTable, hand_.hand_id());
                kinds_.insert(event.event_case());
                check_card_copy(seen, event);
                check(table_message(event, ++seq_), viewer, "event");
            }
            if (auto pending = view::pending_decision(hand_, viewer)) {
                const v1::TableEvent event = table_event(*pending, kTable, hand_.hand_id());
                kinds_.insert(event.event_case());
                ASSERT_EQ(event.poker_decision().decision(), hand_.decision());
                ASSERT_EQ(event.poker_decision().has_legal(), viewer.is(hand_.to_act()));
                check(table_message(event, ++seq_), viewer, "decision");
            }
            const v1::TableSnapshot snapshot =
                table_snapshot(view::view_of(table_, &hand_, viewer), context_);
            check_snapshot(snapshot, viewer);
            check(table_message(snapshot, ++seq_), viewer, "snapshot");
        }
    }

  private:
    void check(const v1::ServerMessage& message, const PokerViewer& viewer, const char* what) const {
        ASSERT_EQ(message.table_seq(), seq_);
        for (std::uint32_t face : faces_in(message))
            ASSERT_TRUE(face < static_cast<std::uint32_t>(kDeckSize) &&
                        truth_.may_receive(Card::from_index(static_cast<int>(face)), viewer))
                << what << " for viewer role " << static_cast<int>(viewer.role) << " seat " << viewer.who
                << " carries card " << face << ": " << message.ShortDebugString();
        ASSERT_TRUE(round_trips(message)) << message.ShortDebugString();
    }

    // A player's own live cards are all in his snapshot, with their faces.
    void check_snapshot(const v1::TableSnapshot& snapshot, const PokerViewer& viewer) const {
        ASSERT_EQ(snapshot.poker().seats_size(), table_.size());
        ASSERT_EQ(snapshot.poker().board_size(), static_cast<int>(hand_.board().size()));
        ASSERT_EQ(snapshot.poker().stakes().level(), 4);
        if (viewer.role != Role::Player || !hand_.dealt_in(viewer.who) || hand_.folded(viewer.who) ||
            hand_.mucked(viewer.who))
            return;
        ASSERT_EQ(snapshot.your_seat(), viewer.who);
        const v1::PokerSeat& mine = snapshot.poker().seats(viewer.who);
        ASSERT_EQ(mine.name(), "player" + std::to_string(viewer.who));
        const auto held = hand_.hole_cards(viewer.who);
        ASSERT_EQ(mine.cards_size(), static_cast<int>(held.size()));
        for (std::size_t i = 0; i < held.size(); ++i) {
            ASSERT_TRUE(mine.cards(static_cast<int>(i)).has_face());
            ASSERT_EQ(mine.cards(static_cast<int>(i)).face(), face_of(held[i]));
        }
        if (!hand_.is_over() && hand_.to_act() == viewer.who) {
            const LegalActions la = hand_.legal_actions();
            ASSERT_TRUE(snapshot.poker().has_legal());
            ASSERT_EQ(snapshot.poker().legal().min_to(), la.min_to);
            ASSERT_EQ(snapshot.poker().legal().max_to(), la.max_to);
            ASSERT_EQ(snapshot.poker().decision(), hand_.decision());
        }
    }

    Table table_;
    Hand hand_;
    engine::view::testing::CardTruth truth_;
    SnapshotContext context_;
    std::uint64_t seq_ = 0;
    std::set<int> kinds_;
};

TEST(Rules8PokerTranslation, NoTranslatedMessageCarriesACardItsViewerMayNotSee) {
    SeededRandom rng(1010);
    std::set<int> kinds;
    for (int i = 0; i < 180; ++i) {
        const auto [variant, betting] = cycled_game(i);
        const HandSetup setup = random_setup(rng, variant, betting, random_player_count(rng, variant));
        TranslatedHand translated(setup, 9000 + static_cast<std::uint64_t>(i));
        Hand& hand = translated.hand();
        ASSERT_TRUE(hand.setup_error().has_value());
        translated.deliver(hand.events());
        ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " start";
        for (int command = 0; !hand.is_over(); ++command) {
            const LegalActions la = hand.legal_actions();
            auto done = hand.act(la.seat, random_legal(rng, hand, la), la.decision);
            ASSERT_TRUE(done.has_value());
            translated.deliver(*done);
            ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " command " << command;
        }
        for (const SeatSetup& seat : setup.seats) {
            if (!hand.can(seat.seat, ShowCards{})) continue;
            auto shown = hand.act(seat.seat, ShowCards{}, hand.decision());
            ASSERT_TRUE(shown.has_value());
            translated.deliver(*shown);
            ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "hand " << i << " show";
        }
        kinds.insert(translated.kinds().begin(), translated.kinds().end());
    }
    // The random hands reach every event kind but the draw's reshuffle (too rare to count on; the
    // next test covers every kind).
    for (int kind = v1::TableEvent::kHandStarted; kind <= v1::TableEvent::kPokerDecision; ++kind) {
        if (kind == v1::TableEvent::kDeckReshuffled) continue;
        EXPECT_TRUE(kinds.contains(kind)) << "no event of kind " << kind << " in the random hands";
    }
}

// One message kind per engine event kind (and the pending decision), none left unset.
template <std::size_t... I>
std::set<int> kinds_of_every_alternative(std::index_sequence<I...>) {
    std::set<int> kinds;
    (kinds.insert(table_event(PokerSeen{std::in_place_index<I>}, kTable, 1).event_case()), ...);
    return kinds;
}

TEST(PokerTranslation, EveryEngineEventKindHasItsOwnMessage) {
    constexpr std::size_t n = std::variant_size_v<PokerSeen>;
    const std::set<int> kinds = kinds_of_every_alternative(std::make_index_sequence<n>{});
    EXPECT_EQ(kinds.size(), n);
    EXPECT_FALSE(kinds.contains(v1::TableEvent::EVENT_NOT_SET));
}

TEST(PokerTranslation, AHiddenCardGoesOutFaceDownAndAShownCardWithItsFace) {
    view::SeenCardDealt hidden{CardTarget::Player, 2, std::nullopt, Visibility::Owner, 0};
    const v1::TableEvent down = table_event(PokerSeen{hidden}, kTable, 5);
    EXPECT_TRUE(down.card_dealt().has_card());
    EXPECT_FALSE(down.card_dealt().card().has_face());
    EXPECT_EQ(down.hand(), 5);
    EXPECT_EQ(down.table().tournament_id(), 17);
    EXPECT_EQ(down.table().table(), 3);

    view::SeenCardDealt ace_of_spades{CardTarget::Board, kNoSeat, *Card::parse("As"), Visibility::Everyone,
                                      1};
    const v1::TableEvent up = table_event(PokerSeen{ace_of_spades}, kTable, 5);
    ASSERT_TRUE(up.card_dealt().card().has_face());
    EXPECT_EQ(up.card_dealt().card().face(), 51U);  // rank * 4 + suit: A = 12, spades = 3
    EXPECT_EQ(face_of(*Card::parse("2c")), 0U);
    EXPECT_EQ(face_of(*Card::parse("2d")), 1U);
    EXPECT_EQ(face_of(*Card::parse("3c")), 4U);
}

}  // namespace
}  // namespace tavolo::server::protocol
