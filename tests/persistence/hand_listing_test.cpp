// The operator's reads of stored hands (persistence/hand_listing.hpp): by tournament, table, player
// (only tournaments the account entered, then the PHH's text), newest first with a cursor, one hand.
#include "persistence/hand_listing.hpp"

#include <gtest/gtest.h>

#include "persistence/hand_store.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"
#include "tests/support/refusal_of.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;

namespace {

HandRecord hand_of(TableId table, std::int64_t n, const std::vector<Seated>& seated) {
    auto h = make_hand(table, n, seated);
    h.phh += "players = [";
    for (std::size_t i = 0; i < seated.size(); ++i)
        h.phh += (i ? ", '" : "'") + seated[i].account.name + "'";
    h.phh += "]\n";
    h.result_json = "{\"hand\": " + std::to_string(n) + ", \"level\": " + std::to_string(n + 1) + "}";
    return h;
}

std::vector<std::int64_t> numbers(const std::vector<ListedHand>& hands) {
    std::vector<std::int64_t> out;
    for (const auto& h : hands)
        out.push_back((h.table_number + 1) * 100 + h.hand_number);  // the stored number: from 1
    return out;
}

}  // namespace

TEST(HandListing, ATournamentsHandsNewestFirstByTableAndPageByPage) {
    MigratedDatabase t;
    auto a = small_tournament(t.db(), 2, 2, "A");
    auto b = small_tournament(t.db(), 2, 1, "B");
    HandStore store(t.db());
    ASSERT_TRUE(store.commit(hand_of(a.tables[0], 1, a.players)));
    ASSERT_TRUE(store.commit(hand_of(a.tables[1], 1, a.players)));
    ASSERT_TRUE(store.commit(hand_of(b.tables[0], 1, b.players)));
    ASSERT_TRUE(store.commit(hand_of(a.tables[0], 2, a.players)));
    HandListing listing(t.db());

    HandFilter all;
    all.tournament = a.tournament.id;
    auto hands = listing.hands(all);
    ASSERT_TRUE(hands) << hands.error().message;
    EXPECT_EQ(numbers(*hands), (std::vector<std::int64_t>{102, 201, 101}));
    const auto& newest = hands->front();
    EXPECT_EQ(newest.tournament, a.tournament.id);
    EXPECT_EQ(newest.tournament_name, "A");
    EXPECT_EQ(newest.game, "holdem");
    EXPECT_EQ(newest.betting, "nl");
    EXPECT_EQ(newest.buy_in_prize_cents, 2000);
    EXPECT_EQ(newest.buy_in_fee_cents, 500);
    EXPECT_EQ(newest.level, 3) << "from the hand's result";
    EXPECT_EQ(newest.phh, hand_of(a.tables[0], 2, a.players).phh);
    EXPECT_EQ(newest.ended_at.size(), 24U) << newest.ended_at;
    EXPECT_EQ(newest.ended_at.back(), 'Z') << newest.ended_at;
    EXPECT_LE(newest.started_at, newest.ended_at);

    HandFilter table = all;
    table.table_number = 0;  // the stored table 1
    EXPECT_EQ(numbers(listing.hands(table).value()), (std::vector<std::int64_t>{102, 101}));
    table.table_number = 8;
    EXPECT_TRUE(listing.hands(table).value().empty());

    HandFilter page = all;
    page.limit = 2;
    auto first = listing.hands(page).value();
    EXPECT_EQ(numbers(first), (std::vector<std::int64_t>{102, 201}));
    page.before = first.back().id;
    EXPECT_EQ(numbers(listing.hands(page).value()), (std::vector<std::int64_t>{101}));
}

TEST(HandListing, APlayersHandsAreInTheTournamentsHeEnteredAndNameHim) {
    MigratedDatabase t;
    auto a = small_tournament(t.db(), 3, 1, "A");
    auto b = small_tournament(t.db(), 2, 1, "B");
    HandStore store(t.db());
    ASSERT_TRUE(store.commit(hand_of(a.tables[0], 1, a.players)));
    // Hand 2 of A is played without A-p2.
    ASSERT_TRUE(store.commit(hand_of(a.tables[0], 2, {a.players[0], a.players[1]})));
    // B's hand names A-p2 in its text, but A-p2 never entered B: not searched.
    auto stray = hand_of(b.tables[0], 1, b.players);
    stray.phh += "note = 'A-p2'\n";
    ASSERT_TRUE(store.commit(stray));
    HandListing listing(t.db());

    HandFilter f;
    f.player = a.players[2].account.id;
    f.player_needle = "'A-p2'";
    EXPECT_EQ(numbers(listing.hands(f).value()), (std::vector<std::int64_t>{101}));
    f.player = a.players[0].account.id;
    f.player_needle = "'A-p0'";
    EXPECT_EQ(numbers(listing.hands(f).value()), (std::vector<std::int64_t>{102, 101}));
    f.tournament = b.tournament.id;
    EXPECT_TRUE(listing.hands(f).value().empty());
}

TEST(HandListing, UnknownTournamentPlayerTableOrHandIsNotFound) {
    MigratedDatabase t;
    auto a = small_tournament(t.db(), 2, 1, "A");
    HandStore store(t.db());
    ASSERT_TRUE(store.commit(hand_of(a.tables[0], 1, a.players)));
    HandListing listing(t.db());

    HandFilter none;
    EXPECT_EQ(refusal_of(listing.hands(none)).code, StoreErrc::invalid_argument);
    HandFilter unknown;
    unknown.tournament = TournamentId{raw(a.tournament.id) + 100};
    auto r = listing.hands(unknown);
    EXPECT_EQ(refusal_of(r).code, StoreErrc::not_found);
    EXPECT_NE(refusal_of(r).message.find("no tournament"), std::string::npos);
    HandFilter nobody;
    nobody.player = AccountId{999999};
    nobody.player_needle = "'x'";
    EXPECT_EQ(refusal_of(listing.hands(nobody)).code, StoreErrc::not_found);

    auto one = listing.hand(a.tournament.id, 0, 1);
    ASSERT_TRUE(one) << one.error().message;
    EXPECT_EQ(one->hand_number, 1);
    EXPECT_EQ(one->table_number, 0);
    EXPECT_EQ(one->phh, hand_of(a.tables[0], 1, a.players).phh);
    EXPECT_NE(refusal_of(listing.hand(unknown.tournament.value(), 1, 1)).message.find("no tournament"),
              std::string::npos);
    EXPECT_NE(refusal_of(listing.hand(a.tournament.id, 2, 1)).message.find("has no table 2"),
              std::string::npos);
    auto no_hand = listing.hand(a.tournament.id, 0, 2);
    EXPECT_EQ(refusal_of(no_hand).code, StoreErrc::not_found);
    EXPECT_NE(refusal_of(no_hand).message.find("has no hand 2"), std::string::npos)
        << refusal_of(no_hand).message;
}
