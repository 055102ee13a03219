// A Poker Polacco tournament on several tables through the live Polacco core (RULES.md §9, POLACCO
// §4): 30 players at 5 tables, played by the turn clock alone (the opening speaker declares, anyone
// else doubts) to one winner. Each recomposition closes every table and opens new ones under fresh
// wire numbers; every player still in is told his move to an open table, and each new table shows
// itself (sequence number 1) before its first hand. Every table's stream is gapless for each player.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <numeric>
#include <set>

#include "server/table/polacco_core.hpp"
#include "tests/server/seeded_secrets.hpp"

namespace tavolo::server::table {
namespace {

namespace polacco = engine::polacco;

struct Played {
    std::vector<PolaccoTablesDrawn> draws;
    std::map<PolaccoTableNumber, Sequence> last_seq;  // by table: the last number published
    int gaps = 0;
    int hands = 0;
};

// The sequence numbers a table publishes, in order (news at 0: the table closed with the hand).
void follow(Played& played, PolaccoTableNumber table, const PolaccoEffects& effects) {
    auto seq = [&](Sequence s) {
        if (s == 0) return;
        Sequence& last = played.last_seq[table];
        if (s != last + 1) ++played.gaps;
        last = s;
    };
    for (const PolaccoEffect& e : effects)
        std::visit(
            [&](const auto& x) {
                using T = std::decay_t<decltype(x)>;
                if constexpr (requires { x.seq; }) seq(x.seq);
                if constexpr (std::is_same_v<T, PolaccoHandFinished>) ++played.hands;
            },
            e);
}

TEST(PolaccoCoreTables, rules_9_thirty_players_redrawn_at_three_a_table_to_one_winner) {
    engine::SeededRandom rng(11);
    std::vector<PolaccoPlayer> entrants(30);
    std::iota(entrants.begin(), entrants.end(), 0);
    polacco::TournamentConfig config;
    config.prize_part = 1'000;
    auto core = PolaccoCore::start(entrants, config, rng, testing::seeded_secrets(3));
    ASSERT_TRUE(core.has_value());
    ASSERT_EQ(core->tables(), (std::vector<PolaccoTableNumber>{0, 1, 2, 3, 4}));

    Played played;
    Millis now{0};
    std::map<PolaccoTableNumber, ArmTimer> timers;
    std::deque<PolaccoTableNumber> to_deal;
    auto carry = [&](PolaccoTableNumber table, const PolaccoEffects& effects) {
        follow(played, table, effects);
        for (const PolaccoEffect& e : effects) {
            if (const auto* t = std::get_if<ArmTimer>(&e)) timers[table] = *t;
            if (std::holds_alternative<PolaccoHandFinished>(e)) {
                timers.erase(table);
                to_deal.push_back(table);
            }
            if (const auto* d = std::get_if<PolaccoTablesDrawn>(&e)) played.draws.push_back(*d);
        }
    };
    auto open = [&](const std::vector<PolaccoTableNumber>& tables) {
        for (PolaccoTableNumber t : tables) {
            const PolaccoEffects opened = core->open_table(t);
            ASSERT_EQ(opened.size(), 1U);
            const auto* views = std::get_if<PolaccoTableViews>(&opened.front());
            ASSERT_NE(views, nullptr);
            EXPECT_EQ(views->seq, 1) << "a new table shows itself first";
            carry(t, opened);
            to_deal.push_back(t);
        }
    };
    open(core->tables());
    for (int steps = 0; !core->finished() && steps < 200'000; ++steps) {
        std::size_t drawn = played.draws.size();
        while (!to_deal.empty()) {
            const PolaccoTableNumber t = to_deal.front();
            to_deal.pop_front();
            carry(t, core->start_hand(t, now));
        }
        if (timers.empty()) break;
        // The tables take turns: the earliest clock runs out first.
        auto next = timers.begin();
        for (auto it = timers.begin(); it != timers.end(); ++it)
            if (it->second.at < next->second.at) next = it;
        const auto [table, timer] = *next;
        now = std::max(now, timer.at);
        carry(table, core->on_clock_expiry(table, timer.hand, timer.decision, now));
        if (played.draws.size() != drawn) {
            const PolaccoTablesDrawn& d = played.draws.back();
            timers.clear();  // the old tables closed with no hand in play
            std::erase_if(to_deal, [&](PolaccoTableNumber t) { return !core->is_open(t); });
            // Every player still in moves from the table he sat at to one of the new tables.
            std::set<PolaccoPlayer> moved;
            for (const PolaccoMove& m : d.moves) {
                EXPECT_TRUE(core->is_open(m.to));
                EXPECT_FALSE(core->is_open(m.from));
                EXPECT_GE(m.from, 0);
                EXPECT_TRUE(moved.insert(m.player).second);
            }
            EXPECT_EQ(static_cast<int>(moved.size()), core->tournament().remaining());
            EXPECT_EQ(d.tables, core->tables());
            for (PolaccoTableNumber t : d.tables)
                EXPECT_EQ(played.last_seq.count(t), 0U) << "a wire number is never used twice";
            open(d.tables);
        }
    }
    ASSERT_TRUE(core->finished());
    EXPECT_EQ(played.gaps, 0);
    // 5 tables of 6, redrawn at 15 (3 tables), at 9 (2 tables), then the final table of 6.
    ASSERT_EQ(played.draws.size(), 3U);
    EXPECT_EQ(played.draws[0].tables, (std::vector<PolaccoTableNumber>{5, 6, 7}));
    EXPECT_EQ(played.draws[1].tables, (std::vector<PolaccoTableNumber>{8, 9}));
    EXPECT_EQ(played.draws[2].tables, (std::vector<PolaccoTableNumber>{10}));
    EXPECT_TRUE(played.draws[2].final_table);
    EXPECT_EQ(played.draws[2].moves.size(), 6U);
    // Every entrant ranked once, the prizes the whole pool.
    std::set<int> places;
    engine::Cents paid = 0;
    for (const polacco::Standing& s : core->tournament().standings()) {
        places.insert(s.place);
        paid += s.prize;
    }
    EXPECT_EQ(places.size(), 30U);
    EXPECT_EQ(*places.begin(), 1);
    EXPECT_EQ(*places.rbegin(), 30);
    EXPECT_EQ(paid, core->tournament().prize_pool());
    // A table that closed takes no input: the refusal sends the player to his new table.
    const PolaccoEffects late = core->on_action(0, PolaccoAction{0, 1, 1, Doubt{}}, now);
    ASSERT_EQ(late.size(), 1U);
    const auto* refused = std::get_if<PolaccoRefused>(&late.front());
    ASSERT_NE(refused, nullptr);
    EXPECT_EQ(refused->refusal, Refusal::WrongSeat);
}

}  // namespace
}  // namespace tavolo::server::table
