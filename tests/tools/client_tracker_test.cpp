// The client's checks (tools/client/table_tracker.hpp, card_check.hpp, message_codec.hpp) on synthetic
// ServerMessages: the sequence rule agreed with the server (drop before the snapshot, then S+1, S+2...;
// a gap is a problem), a face the viewer may not see (RULES.md §8) in an event or a snapshot, and
// malformed frames. Each refusal leaves the table as it was.
#include <gtest/gtest.h>

#include "tools/client/message_codec.hpp"
#include "tools/client/table_tracker.hpp"

namespace tavolo::client {
namespace {

constexpr std::int64_t kTournament = 12;
constexpr std::int32_t kTableNumber = 0;
constexpr std::int32_t kMySeat = 1;

// The problem a message raised, or nothing when it was accepted.
std::optional<ProblemKind> kind_of(const std::expected<Folded, Problem>& result) {
    if (result) return std::nullopt;
    return result.error().kind;
}
std::optional<ProblemKind> kind_of(const std::expected<v1::ServerMessage, Problem>& result) {
    if (result) return std::nullopt;
    return result.error().kind;
}

void set_table(v1::TableRef* ref) {
    ref->set_tournament_id(kTournament);
    ref->set_table(kTableNumber);
}

// A hold'em table of three seats seen from `your_seat` (-1: an observer), between hands.
v1::ServerMessage snapshot(std::uint64_t seq, std::int32_t your_seat = kMySeat) {
    v1::ServerMessage m;
    m.set_table_seq(seq);
    v1::TableSnapshot* s = m.mutable_table_snapshot();
    set_table(s->mutable_table());
    s->set_your_seat(your_seat);
    s->set_your_player(-1);
    v1::PokerTable* t = s->mutable_poker();
    t->set_table_size(3);
    t->set_game(v1::GAME_HOLDEM);
    for (int i = 0; i < 3; ++i) {
        v1::PokerSeat* seat = t->add_seats();
        seat->set_seat(i);
        seat->set_entrant(100 + i);
        seat->set_stack(1000);
    }
    t->set_to_act(-1);
    return m;
}

v1::ServerMessage event(std::uint64_t seq) {
    v1::ServerMessage m;
    m.set_table_seq(seq);
    set_table(m.mutable_table_event()->mutable_table());
    m.mutable_table_event()->set_hand(1);
    return m;
}

v1::ServerMessage hand_started(std::uint64_t seq) {
    v1::ServerMessage m = event(seq);
    v1::HandStarted* e = m.mutable_table_event()->mutable_hand_started();
    e->set_hand(1);
    e->set_game(v1::GAME_HOLDEM);
    e->set_table_size(3);
    e->set_button(0);
    e->set_small_blind_seat(1);
    e->set_big_blind_seat(2);
    for (int i = 0; i < 3; ++i) {
        e->add_seats(i);
        e->add_stacks(1000);
    }
    return m;
}

v1::ServerMessage card_dealt(std::uint64_t seq, std::int32_t to, std::optional<std::uint32_t> face,
                             v1::CardVisibility visibility = v1::CARD_VISIBILITY_OWNER,
                             v1::CardTarget target = v1::CARD_TARGET_PLAYER) {
    v1::ServerMessage m = event(seq);
    v1::CardDealt* e = m.mutable_table_event()->mutable_card_dealt();
    e->set_target(target);
    e->set_seat(to);
    if (face) e->mutable_card()->set_face(*face);
    e->set_visibility(visibility);
    return m;
}

v1::ServerMessage decision_for(std::uint64_t seq, std::int32_t seat, std::int64_t decision) {
    v1::ServerMessage m = event(seq);
    v1::PokerDecisionPending* e = m.mutable_table_event()->mutable_poker_decision();
    e->set_decision(decision);
    e->set_to_act(seat);
    if (seat == kMySeat) {
        e->mutable_legal()->set_decision(decision);
        e->mutable_legal()->set_seat(seat);
        e->mutable_legal()->set_betting(true);
        e->mutable_legal()->set_may_fold(true);
        e->mutable_legal()->set_may_call(true);
    }
    return m;
}

// ---- The sequence rule -------------------------------------------------------------------------------

TEST(ClientTracker, TableMessagesBeforeTheSnapshotAreDropped) {
    TableTracker tracker;
    EXPECT_EQ(tracker.on_message(hand_started(4)), Folded::Dropped);
    EXPECT_EQ(tracker.on_message(card_dealt(5, kMySeat, 3)), Folded::Dropped);
    EXPECT_FALSE(tracker.has_snapshot());
    EXPECT_EQ(tracker.on_message(snapshot(9)), Folded::Applied);
    EXPECT_EQ(tracker.last_seq(), 9u);
    EXPECT_EQ(tracker.on_message(hand_started(10)), Folded::Applied);
    EXPECT_EQ(tracker.on_message(card_dealt(11, kMySeat, 3)), Folded::Applied);
    EXPECT_EQ(tracker.last_seq(), 11u);
    EXPECT_EQ(tracker.own_cards(), std::vector<std::uint32_t>{3});
}

TEST(ClientTracker, AGapAfterTheSnapshotIsAProblemAndChangesNothing) {
    TableTracker tracker;
    ASSERT_TRUE(tracker.on_message(snapshot(3)).has_value());
    ASSERT_TRUE(tracker.on_message(hand_started(4)).has_value());
    const auto skipped = tracker.on_message(card_dealt(6, kMySeat, 7));
    ASSERT_FALSE(skipped.has_value());
    EXPECT_EQ(skipped.error().kind, ProblemKind::SequenceGap);
    EXPECT_NE(skipped.error().text.find("table_seq 6 after 4 (TableEvent.card_dealt)"), std::string::npos)
        << skipped.error().text;
    EXPECT_EQ(tracker.last_seq(), 4u);
    EXPECT_TRUE(tracker.own_cards().empty());
    // A repeated number is out of sequence too; the next one in sequence is taken.
    EXPECT_FALSE(tracker.on_message(card_dealt(4, kMySeat, 7)).has_value());
    EXPECT_TRUE(tracker.on_message(card_dealt(5, kMySeat, 7)).has_value());
}

TEST(ClientTracker, ALaterSnapshotMustAlsoBeInSequenceUntilTheTrackerIsReset) {
    TableTracker tracker;
    ASSERT_TRUE(tracker.on_message(snapshot(1)).has_value());
    EXPECT_FALSE(tracker.on_message(snapshot(5)).has_value());
    EXPECT_TRUE(tracker.on_message(snapshot(2)).has_value());
    EXPECT_FALSE(tracker.on_message(hand_started(4)).has_value());
    // A table resumed after a restart or taken over by another node numbers its stream from 1 again:
    // its snapshot replaces the table, and the stream goes on from it.
    EXPECT_EQ(tracker.on_message(snapshot(1)), Folded::Applied);
    EXPECT_EQ(tracker.on_message(hand_started(2)), Folded::Applied);
    // A new connection: the stream after a Resume restarts from its own snapshot.
    tracker.reset();
    EXPECT_EQ(tracker.on_message(hand_started(3)), Folded::Dropped);
    EXPECT_EQ(tracker.on_message(snapshot(1)), Folded::Applied);
}

TEST(ClientTracker, AnErrorOrChatLineCarriesTheTablesCurrentNumberWithoutAdvancingIt) {
    TableBook book;
    ASSERT_TRUE(book.on_message(snapshot(1)).has_value());
    v1::ServerMessage refused;
    refused.set_table_seq(1);  // refused to this player only: the others never see a number for it
    refused.mutable_error()->set_code(v1::ERROR_CODE_STALE_DECISION);
    set_table(refused.mutable_error()->mutable_table());
    ASSERT_TRUE(book.on_message(refused).has_value());
    v1::ServerMessage chat;
    chat.set_table_seq(1);
    set_table(chat.mutable_chat_line()->mutable_table());
    ASSERT_TRUE(book.on_message(chat).has_value());
    EXPECT_EQ(book.find({kTournament, kTableNumber})->last_seq(), 1u);
    EXPECT_TRUE(book.on_message(hand_started(2)).has_value()) << "the stream goes on at 2";
    // A player who busted out no longer gets the stream; a late refusal names the table's number now.
    refused.set_table_seq(9);
    EXPECT_TRUE(book.on_message(refused).has_value());
    EXPECT_EQ(book.find({kTournament, kTableNumber})->last_seq(), 2u);
    // A chat line ahead of the stream is a gap.
    chat.set_table_seq(5);
    EXPECT_FALSE(book.on_message(chat).has_value());
    // An error about a table the server does not run is not the table's: no sequence number.
    v1::ServerMessage unknown;
    unknown.mutable_error()->set_code(v1::ERROR_CODE_UNKNOWN_TABLE);
    unknown.mutable_error()->mutable_table()->set_tournament_id(99);
    EXPECT_TRUE(book.on_message(unknown).has_value());
    EXPECT_EQ(book.find({99, 0}), nullptr);
}

TEST(ClientTracker, TablesAreTrackedApartAndResetTogether) {
    TableBook book;
    v1::ServerMessage other = snapshot(40);
    other.mutable_table_snapshot()->mutable_table()->set_table(1);
    ASSERT_TRUE(book.on_message(snapshot(1)).has_value());
    ASSERT_TRUE(book.on_message(other).has_value());
    EXPECT_TRUE(book.on_message(hand_started(2)).has_value());
    EXPECT_EQ(book.find({kTournament, 1})->last_seq(), 40u);
    book.reset_all();
    EXPECT_EQ(book.on_message(hand_started(3)), Folded::Dropped);
}

// A move (RULES.md §6): the player's stream at his old table has ended and the new table's snapshot
// starts the new one, even at a table he sat at before; a message of the new table before its
// snapshot is part of a hand he would miss.
v1::ServerMessage moved(std::int32_t from, std::int32_t to) {
    v1::ServerMessage m;
    v1::TournamentEvent* e = m.mutable_tournament_event();
    e->set_tournament_id(kTournament);
    e->mutable_moved()->mutable_from()->set_tournament_id(kTournament);
    e->mutable_moved()->mutable_from()->set_table(from);
    e->mutable_moved()->mutable_to()->set_tournament_id(kTournament);
    e->mutable_moved()->mutable_to()->set_table(to);
    return m;
}

TEST(ClientTracker, AMoveForgetsBothTablesAndTheNewOneStartsAtItsSnapshot) {
    TableBook book;
    ASSERT_TRUE(book.on_message(snapshot(1)).has_value());
    ASSERT_TRUE(book.on_message(hand_started(2)).has_value());
    // Away to table 1 and back to table 0, whose stream ran on meanwhile (seq 2 -> 30).
    ASSERT_TRUE(book.on_message(moved(kTableNumber, 1)).has_value());
    EXPECT_EQ(book.find({kTournament, kTableNumber}), nullptr);
    v1::ServerMessage other = snapshot(7);
    other.mutable_table_snapshot()->mutable_table()->set_table(1);
    ASSERT_TRUE(book.on_message(other).has_value());
    ASSERT_TRUE(book.on_message(moved(1, kTableNumber)).has_value());
    EXPECT_EQ(book.find({kTournament, 1}), nullptr);
    EXPECT_EQ(kind_of(book.on_message(hand_started(30))), ProblemKind::SequenceGap)
        << "a hand of the new table before its snapshot is a hand the player missed";
    EXPECT_TRUE(book.on_message(snapshot(30)).has_value());
    EXPECT_TRUE(book.on_message(hand_started(31)).has_value());
}

// ---- RULES.md §8: only what the viewer may see ------------------------------------------------------------

TEST(ClientTracker, Rules8AnotherPlayersHoleCardWithItsFaceIsAProblem) {
    TableTracker tracker;
    ASSERT_TRUE(tracker.on_message(snapshot(1)).has_value());
    ASSERT_TRUE(tracker.on_message(hand_started(2)).has_value());
    ASSERT_TRUE(tracker.on_message(card_dealt(3, kMySeat, 51)).has_value());      // mine
    ASSERT_TRUE(tracker.on_message(card_dealt(4, 2, std::nullopt)).has_value());  // his, face down
    const auto leak = tracker.on_message(card_dealt(5, 2, 50));                   // his, with its face
    ASSERT_FALSE(leak.has_value());
    EXPECT_EQ(leak.error().kind, ProblemKind::HiddenCard);
    EXPECT_EQ(tracker.last_seq(), 4u);
    // A stud up-card is everyone's.
    EXPECT_TRUE(tracker.on_message(card_dealt(5, 2, 50, v1::CARD_VISIBILITY_EVERYONE)).has_value());
}

TEST(ClientTracker, Rules8AnObserverGetsNoHoleCardAndNobodyABurnCard) {
    TableTracker observer;
    ASSERT_TRUE(observer.on_message(snapshot(1, -1)).has_value());
    EXPECT_FALSE(observer.on_message(card_dealt(2, kMySeat, 9)).has_value());
    TableTracker player;
    ASSERT_TRUE(player.on_message(snapshot(1)).has_value());
    const auto burn =
        player.on_message(card_dealt(2, -1, 9, v1::CARD_VISIBILITY_NOBODY, v1::CARD_TARGET_BURN));
    ASSERT_FALSE(burn.has_value());
    EXPECT_EQ(burn.error().kind, ProblemKind::HiddenCard);
    EXPECT_TRUE(
        player.on_message(card_dealt(2, -1, std::nullopt, v1::CARD_VISIBILITY_NOBODY, v1::CARD_TARGET_BURN))
            .has_value());
    EXPECT_TRUE(player.on_message(card_dealt(3, -1, 20, v1::CARD_VISIBILITY_EVERYONE, v1::CARD_TARGET_BOARD))
                    .has_value());
    EXPECT_EQ(player.state().poker().board_size(), 1);
}

TEST(ClientTracker, Rules8AnotherSeatsDiscardsWithFacesAreAProblem) {
    TableTracker tracker;
    ASSERT_TRUE(tracker.on_message(snapshot(1)).has_value());
    v1::ServerMessage thrown = event(2);
    v1::Discarded* d = thrown.mutable_table_event()->mutable_discarded();
    d->set_seat(2);
    d->set_visibility(v1::CARD_VISIBILITY_OWNER);
    d->add_cards();  // the count is public
    EXPECT_TRUE(tracker.on_message(thrown).has_value());
    thrown.set_table_seq(3);
    d->add_cards()->set_face(17);
    const auto leak = tracker.on_message(thrown);
    ASSERT_FALSE(leak.has_value());
    EXPECT_EQ(leak.error().kind, ProblemKind::HiddenCard);
}

TEST(ClientTracker, Rules8ASnapshotWithAnotherSeatsFaceDownCardIsAProblemUnlessShown) {
    v1::ServerMessage m = snapshot(1);
    v1::PokerSeat* his = m.mutable_table_snapshot()->mutable_poker()->mutable_seats(2);
    his->add_cards()->set_face(30);
    his->add_face_up(false);
    TableTracker tracker;
    const auto leak = tracker.on_message(m);
    ASSERT_FALSE(leak.has_value());
    EXPECT_EQ(leak.error().kind, ProblemKind::HiddenCard);
    EXPECT_FALSE(tracker.has_snapshot());
    his->set_face_up(0, true);  // a stud up-card
    EXPECT_TRUE(tracker.on_message(m).has_value());
    his->set_face_up(0, false);
    his->set_shown(true);  // shown at showdown
    tracker.reset();
    EXPECT_TRUE(tracker.on_message(m).has_value());
}

v1::ServerMessage polacco_snapshot(std::uint64_t seq, bool in_hand, std::uint32_t his_face) {
    v1::ServerMessage m;
    m.set_table_seq(seq);
    v1::TableSnapshot* s = m.mutable_table_snapshot();
    set_table(s->mutable_table());
    s->set_your_seat(-1);
    s->set_your_player(10);
    v1::PolaccoTable* t = s->mutable_polacco();
    t->set_in_hand(in_hand);
    v1::PolaccoSeat* mine = t->add_seats();
    mine->set_player(10);
    mine->add_cards()->set_face(0);
    v1::PolaccoSeat* his = t->add_seats();
    his->set_player(11);
    his->add_cards()->set_face(his_face);
    return m;
}

TEST(ClientTracker, Rules8PolaccoHandsAreSecretUntilTheReveal) {
    TableTracker during;
    const auto leak = during.on_message(polacco_snapshot(1, true, 44));
    ASSERT_FALSE(leak.has_value());
    EXPECT_EQ(leak.error().kind, ProblemKind::HiddenCard);
    TableTracker after;  // the doubt showed every hand
    ASSERT_TRUE(after.on_message(polacco_snapshot(1, false, 44)).has_value());
    v1::ServerMessage dealt;
    dealt.set_table_seq(2);
    set_table(dealt.mutable_table_event()->mutable_table());
    v1::PolaccoCardDealt* e = dealt.mutable_table_event()->mutable_polacco_card_dealt();
    e->set_to(11);
    e->set_visibility(v1::CARD_VISIBILITY_OWNER);
    e->mutable_card()->set_face(45);
    EXPECT_EQ(kind_of(after.on_message(dealt)), ProblemKind::HiddenCard);
    e->clear_card();
    EXPECT_TRUE(after.on_message(dealt).has_value());
    v1::ServerMessage revealed;
    revealed.set_table_seq(3);
    set_table(revealed.mutable_table_event()->mutable_table());
    revealed.mutable_table_event()->mutable_cards_revealed()->set_player(11);
    revealed.mutable_table_event()->mutable_cards_revealed()->add_cards(45);
    EXPECT_TRUE(after.on_message(revealed).has_value());
}

// ---- Malformed messages ----------------------------------------------------------------------------------

TEST(ClientTracker, BytesThatAreNotAServerMessageAndTextFramesAreMalformed) {
    const std::string garbage("\xff\xff\xff\xff\x0f", 5);
    const auto bad = decode_server_message(garbage, true);
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().kind, ProblemKind::Malformed);
    const std::string good = snapshot(1).SerializeAsString();
    EXPECT_EQ(kind_of(decode_server_message(good, false)), ProblemKind::Malformed);
    const auto parsed = decode_server_message(good, true);
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(parsed->table_seq(), 1u);
}

TEST(ClientTracker, TableMessagesWithoutTheirSequenceOrTableAndFacesOffTheDeckAreMalformed) {
    TableBook book;
    EXPECT_EQ(kind_of(book.on_message(snapshot(0))), ProblemKind::Malformed);
    v1::ServerMessage lobby;
    lobby.set_table_seq(3);
    lobby.mutable_lobby_snapshot();
    EXPECT_EQ(kind_of(book.on_message(lobby)), ProblemKind::Malformed);
    v1::ServerMessage nowhere = snapshot(1);
    nowhere.mutable_table_snapshot()->clear_table();
    EXPECT_EQ(kind_of(book.on_message(nowhere)), ProblemKind::Malformed);
    ASSERT_TRUE(book.on_message(snapshot(1)).has_value());
    EXPECT_EQ(kind_of(book.on_message(card_dealt(2, kMySeat, 52))), ProblemKind::Malformed);
    v1::ServerMessage no_game = snapshot(2);
    no_game.mutable_table_snapshot()->clear_poker();
    EXPECT_EQ(kind_of(book.on_message(no_game)), ProblemKind::Malformed);
}

// ---- The fold: what the bot acts on ----------------------------------------------------------------------

TEST(ClientTracker, TheViewersDecisionIsHisOnlyWhileItIsCurrent) {
    TableTracker tracker;
    ASSERT_TRUE(tracker.on_message(snapshot(1)).has_value());
    ASSERT_TRUE(tracker.on_message(hand_started(2)).has_value());
    EXPECT_EQ(tracker.hand(), 1);
    ASSERT_TRUE(tracker.on_message(decision_for(3, 2, 1)).has_value());
    EXPECT_EQ(tracker.poker_legal(), nullptr);  // another seat's turn
    ASSERT_TRUE(tracker.on_message(decision_for(4, kMySeat, 2)).has_value());
    ASSERT_NE(tracker.poker_legal(), nullptr);
    EXPECT_EQ(tracker.poker_legal()->decision(), 2);
    v1::ServerMessage acted = event(5);
    acted.mutable_table_event()->mutable_acted()->set_seat(kMySeat);
    acted.mutable_table_event()->mutable_acted()->set_action(v1::POKER_ACTION_KIND_CALL);
    acted.mutable_table_event()->mutable_acted()->set_added(20);
    acted.mutable_table_event()->mutable_acted()->set_total_bet(20);
    ASSERT_TRUE(tracker.on_message(acted).has_value());
    EXPECT_EQ(tracker.poker_legal(), nullptr);  // answered: the decision moved on
    EXPECT_EQ(tracker.state().poker().seats(kMySeat).stack(), 980);
    EXPECT_EQ(tracker.state().poker().seats(kMySeat).bet(), 20);
}

}  // namespace
}  // namespace tavolo::client
