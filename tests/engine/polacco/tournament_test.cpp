// Poker Polacco tournaments (RULES.md §9, POLACCO §1 and §4): draw, pauses, recomposition, final
// table, ranking and prizes.
#include "engine/polacco/tournament.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "engine/polacco/draw.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::polacco {
namespace {

std::vector<PlayerId> ids(int n) {
    std::vector<PlayerId> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), PlayerId{1});
    return v;
}

TEST(PolaccoDraw, FewestTablesWithSizesDifferingByAtMostOne) {
    EXPECT_EQ(table_sizes(7, 7), (std::vector<int>{7}));
    EXPECT_EQ(table_sizes(8, 7), (std::vector<int>{4, 4}));
    EXPECT_EQ(table_sizes(13, 7), (std::vector<int>{7, 6}));
    EXPECT_EQ(table_sizes(20, 7), (std::vector<int>{7, 7, 6}));
    EXPECT_EQ(table_sizes(22, 7), (std::vector<int>{6, 6, 5, 5}));
    EXPECT_EQ(table_sizes(19, 9), (std::vector<int>{7, 6, 6}));
    EXPECT_EQ(table_sizes(54, 9), (std::vector<int>{9, 9, 9, 9, 9, 9}));
    EXPECT_TRUE(table_sizes(0, 7).empty());
    for (int max : {7, 9}) {
        for (int n = 1; n <= 500; ++n) {
            auto sizes = table_sizes(n, max);
            EXPECT_EQ(static_cast<int>(sizes.size()), (n + max - 1) / max);
            EXPECT_EQ(std::accumulate(sizes.begin(), sizes.end(), 0), n);
            auto [lo, hi] = std::ranges::minmax(sizes);
            EXPECT_LE(hi, max);
            EXPECT_LE(hi - lo, 1);
            // None under 6 where any split into tables of at most `max` could avoid it.
            if (n >= 6 && lo < 6) {
                int tables = static_cast<int>(sizes.size());
                EXPECT_LT(n, 6 * tables) << "n=" << n << " max=" << max;
            }
        }
    }
}

TEST(PolaccoDraw, EveryPlayerGetsOneSeat) {
    SeededRandom rng{7};
    auto tables = draw_tables(ids(40), 9, rng);
    ASSERT_EQ(tables.size(), 5U);
    std::set<PlayerId> seen;
    for (const auto& t : tables) {
        EXPECT_EQ(t.seats.size(), 8U);
        seen.insert(t.seats.begin(), t.seats.end());
    }
    EXPECT_EQ(seen.size(), 40U);
}

TEST(PolaccoTournament, NeedsTwoEntrantsAndConsistentRules) {
    SeededRandom rng{1};
    EXPECT_EQ(refusal_of(Tournament::start(ids(1), {}, rng)), PolaccoError::NotEnoughPlayers);
    TournamentConfig cfg;
    cfg.rules.clockwise_only = true;  // a casino option
    EXPECT_EQ(refusal_of(Tournament::start(ids(10), cfg, rng)), PolaccoError::InvalidRules);
    EXPECT_EQ(refusal_of(Tournament::start({4, 5, 4}, {}, rng)), PolaccoError::DuplicateEntrant);
}

TEST(PolaccoTournament, TheAceDrawerSpeaksFirst) {
    SeededRandom rng{3};
    auto t = Tournament::start(ids(20), {}, rng).value();
    ASSERT_EQ(t.tables().size(), 3U);
    const auto& drawn = std::get<TablesDrawn>(t.log().front());
    EXPECT_EQ(drawn.draw, 0);
    EXPECT_FALSE(drawn.final_table);
    for (const auto& table : t.tables()) {
        EXPECT_EQ(table.first_speaker(), drawn.tables[static_cast<std::size_t>(table.id())].seats.front());
        EXPECT_EQ(table.first_speaker(), table.seats().front().player);
    }
}

TEST(PolaccoTournament, FewPlayersStartAtTheFinalTable) {
    SeededRandom rng{3};
    TournamentConfig cfg;
    cfg.rules.mode = Mode::Casino;
    auto t = Tournament::start(ids(9), cfg, rng).value();
    EXPECT_TRUE(t.final_table());
    EXPECT_EQ(t.tables().size(), 1U);
    EXPECT_EQ(t.recompositions(), 0);
}

// Plays the table's hand to its end: the first speaker opens with high card 2, the next doubts.
// Whoever is `loser` takes the penalty: the deck is stacked so the 2 is present or absent.
void play_hand(Tournament& t, TableId id, PlayerId loser, RandomSource& rng) {
    const Table* table = t.table(id);
    ASSERT_NE(table, nullptr);
    PlayerId first = table->first_speaker();
    Deck deck;
    deck.shuffle(rng);
    // Put all four 2s at the bottom of the deck unless the first speaker should be right.
    bool two_present = loser != first;
    std::vector<Card> top;
    for (int i = 0; i < kDeckSize; ++i) {
        Card c = Card::from_index(i);
        if (c.rank() != Rank::Two) top.push_back(c);
    }
    if (two_present) top.insert(top.begin(), Card{Rank::Two, Suit::Clubs});
    deck.stack_top(top);
    ASSERT_TRUE(t.start_hand_with_deck(id, deck));
    Hand* hand = t.hand(id);
    ASSERT_TRUE(hand->choose_direction(first, Direction::Clockwise));
    ASSERT_TRUE(hand->declare(first, Punto::lowest()));
    PlayerId doubter = hand->to_act();
    ASSERT_TRUE(hand->doubt(doubter));
    ASSERT_EQ(hand->result()->penalised, two_present ? doubter : first);
}

TEST(PolaccoTournament, ATableWithThreeLeftPausesUntilAllHaveThreeThenAllAreRedrawn) {
    SeededRandom rng{11};
    auto t = Tournament::start(ids(16), {}, rng).value();  // 3 tables: 6, 5, 5
    ASSERT_EQ(t.tables().size(), 3U);
    // Table 2: the first speaker bluffs every hand until three are left.
    int placed = 0;
    while (t.table(2)->players() > 3) {
        PlayerId first = t.table(2)->first_speaker();
        play_hand(t, 2, first, rng);
        auto events = t.finish_hand(2, rng).value();
        for (const auto& e : events)
            placed += std::holds_alternative<PlayerPlaced>(e) ? 1 : 0;
    }
    EXPECT_EQ(placed, 2);
    EXPECT_TRUE(t.paused(2));
    EXPECT_EQ(refusal_of(t.start_hand(2, rng)), PolaccoError::TablePaused);
    EXPECT_EQ(t.tables_ready(), (std::vector<TableId>{0, 1}));
    // The penalties of the three survivors are kept through the redraw.
    std::vector<std::pair<PlayerId, int>> kept;
    for (const auto& s : t.table(2)->seats())
        kept.push_back({s.player, s.penalties});
    for (TableId id : {0, 1}) {
        while (t.recompositions() == 0 && t.table(id)->players() > 3) {
            play_hand(t, id, t.table(id)->first_speaker(), rng);
            ASSERT_TRUE(t.finish_hand(id, rng));
        }
    }
    // 9 players left: redrawn at 2 tables (5 and 4), not yet the final table.
    EXPECT_EQ(t.recompositions(), 1);
    EXPECT_EQ(t.remaining(), 9);
    ASSERT_EQ(t.tables().size(), 2U);
    EXPECT_EQ(t.tables()[0].players() + t.tables()[1].players(), 9);
    EXPECT_FALSE(t.final_table());
    for (auto [player, penalties] : kept) {
        for (const auto& table : t.tables()) {
            for (const auto& s : table.seats()) {
                if (s.player == player) {
                    EXPECT_EQ(s.penalties, penalties);
                }
            }
        }
    }
}

TEST(PolaccoTournament, FinalTableWhenThreeTimesTablesFitsOneTableAndRankingByEliminationOrder) {
    SeededRandom rng{5};
    TournamentConfig cfg;
    cfg.prize_part = 1000;  // 10.00 each, 14 entrants: 140.00, 3 paid (50/30/20)
    auto t = Tournament::start(ids(14), cfg, rng).value();  // 7 and 7
    ASSERT_EQ(t.tables().size(), 2U);
    EXPECT_EQ(t.prize_pool(), 14000);
    std::vector<PlayerId> order;
    // Alternate the tables so eliminations interleave; the order of finish_hand calls is the time order.
    while (!t.final_table()) {
        for (TableId id : t.tables_ready()) {
            play_hand(t, id, t.table(id)->first_speaker(), rng);
            auto events = t.finish_hand(id, rng).value();
            for (const auto& e : events) {
                if (const auto* placed = std::get_if<PlayerPlaced>(&e)) order.push_back(placed->player);
            }
            if (t.final_table()) break;
        }
    }
    EXPECT_EQ(t.remaining(), 6);
    EXPECT_EQ(t.tables().size(), 1U);
    EXPECT_EQ(t.recompositions(), 1);
    while (!t.finished()) {
        play_hand(t, 0, t.table(0)->first_speaker(), rng);
        auto events = t.finish_hand(0, rng).value();
        for (const auto& e : events) {
            if (const auto* placed = std::get_if<PlayerPlaced>(&e)) order.push_back(placed->player);
        }
    }
    ASSERT_EQ(order.size(), 13U);
    const auto& standings = t.standings();
    ASSERT_EQ(standings.size(), 14U);
    for (std::size_t i = 0; i < 13; ++i) {
        EXPECT_EQ(standings[i].player, order[i]);
        EXPECT_EQ(standings[i].place, 14 - static_cast<int>(i));
    }
    EXPECT_EQ(standings.back().place, 1);
    EXPECT_EQ(standings.back().player, *t.winner());
    Cents paid = 0;
    for (const auto& s : standings)
        paid += s.prize;
    EXPECT_EQ(paid, 14000);
    EXPECT_GT(standings.back().prize, 0);
    EXPECT_EQ(standings.front().prize, 0);
    EXPECT_TRUE(t.tables_ready().empty());
}

// The boundary of the final table: in the casino, three tables of three (3 x 3 = 9 <= 9) are redrawn
// as the final table at once; without a dealer the same nine (9 > 7) make two tables.
TEST(PolaccoTournament, ThreeTablesOfThreeMakeTheFinalTableInTheCasinoButNotWithoutDealer) {
    for (Mode mode : {Mode::Casino, Mode::NoDealer}) {
        SeededRandom rng{21};
        TournamentConfig cfg;
        cfg.rules.mode = mode;
        const int entrants = mode == Mode::Casino ? 27 : 21;  // three full tables
        auto t = Tournament::start(ids(entrants), cfg, rng).value();
        ASSERT_EQ(t.tables().size(), 3U);
        while (t.recompositions() == 0) {
            auto ready = t.tables_ready();
            ASSERT_FALSE(ready.empty());
            play_hand(t, ready.front(), t.table(ready.front())->first_speaker(), rng);
            ASSERT_TRUE(t.finish_hand(ready.front(), rng));
        }
        EXPECT_EQ(t.remaining(), 9);
        const auto& drawn = std::get<TablesDrawn>(t.log().back());
        EXPECT_EQ(drawn.draw, 1);
        if (mode == Mode::Casino) {
            EXPECT_TRUE(drawn.final_table);
            EXPECT_TRUE(t.final_table());
            ASSERT_EQ(t.tables().size(), 1U);
            EXPECT_EQ(t.tables()[0].players(), 9);
        } else {
            EXPECT_FALSE(drawn.final_table);
            ASSERT_EQ(t.tables().size(), 2U);
            EXPECT_EQ(t.tables()[0].players(), 5);
            EXPECT_EQ(t.tables()[1].players(), 4);
        }
    }
}

TEST(PolaccoTournament, AnOperatorPenaltyCanEliminateAndEndTheTournament) {
    SeededRandom rng{8};
    auto t = Tournament::start(ids(2), {}, rng).value();
    PlayerId victim = t.tables()[0].seats()[1].player;
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(t.give_penalty(0, victim, rng));
    auto events = t.give_penalty(0, victim, rng).value();
    ASSERT_EQ(events.size(), 2U);
    EXPECT_EQ(std::get<PlayerPlaced>(events[0]).place, 2);
    EXPECT_EQ(std::get<TournamentWon>(events[1]).player, t.tables()[0].seats()[0].player);
    EXPECT_TRUE(t.finished());
    EXPECT_EQ(refusal_of(t.give_penalty(0, victim, rng)), PolaccoError::HandOver);
    EXPECT_EQ(refusal_of(t.give_penalty(5, victim, rng)), PolaccoError::UnknownTable);
}

}  // namespace
}  // namespace tavolo::engine::polacco
