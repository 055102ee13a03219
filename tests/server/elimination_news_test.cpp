// The coalescing of the others' eliminations (server/actors/elimination_news.hpp, issue 14): the
// first update at once, then at most one per interval, with how many went out and the latest five.
#include "server/actors/elimination_news.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tavolo::server::actors {
namespace {

using namespace std::chrono_literals;
using Clock = EliminationNews::Clock;

protocol::v1::PlayerEliminated out(int place) {
    protocol::v1::PlayerEliminated e;
    e.set_entrant(place);
    std::string name = "p";
    name += std::to_string(place);
    e.set_name(name);
    e.set_place(place);
    e.set_shared(1);
    return e;
}

TEST(EliminationNews, NothingOwedIsNeverDue) {
    EliminationNews news(1s);
    EXPECT_FALSE(news.due_at().has_value());
}

TEST(EliminationNews, TheFirstGoesAtOnceThenAtMostOnePerIntervalWithTheLatestFive) {
    EliminationNews news(1s);
    const Clock::time_point t0 = Clock::now();
    news.add(out(100));
    ASSERT_TRUE(news.due_at().has_value());
    EXPECT_LE(*news.due_at(), t0) << "the first elimination goes at once";
    const protocol::v1::PlayersLeft first = news.take(t0, 99, 100);
    EXPECT_EQ(first.players_left(), 99);
    EXPECT_EQ(first.entrants(), 100);
    EXPECT_EQ(first.eliminated(), 1);
    ASSERT_EQ(first.latest_size(), 1);
    EXPECT_EQ(first.latest(0).name(), "p100");
    EXPECT_FALSE(news.due_at().has_value());

    for (int place = 99; place >= 90; --place)  // ten more within the second
        news.add(out(place));
    ASSERT_TRUE(news.due_at().has_value());
    EXPECT_EQ(*news.due_at(), t0 + 1s) << "owed until the interval has passed";
    const protocol::v1::PlayersLeft second = news.take(t0 + 1s, 89, 100);
    EXPECT_EQ(second.eliminated(), 10);
    ASSERT_EQ(second.latest_size(), static_cast<int>(EliminationNews::kLatest));
    EXPECT_EQ(second.latest(0).place(), 94) << "the latest five, in the order they went out";
    EXPECT_EQ(second.latest(4).place(), 90);
    EXPECT_FALSE(news.due_at().has_value());

    news.add(out(89));
    news.drop();  // the results say it all
    EXPECT_FALSE(news.due_at().has_value());
}

TEST(EliminationNews, AZeroIntervalTellsEveryEliminationAtOnce) {
    EliminationNews news(0ms);
    const Clock::time_point t0 = Clock::now();
    news.add(out(3));
    (void)news.take(t0, 2, 3);
    news.add(out(2));
    EXPECT_LE(*news.due_at(), t0);
}

}  // namespace
}  // namespace tavolo::server::actors
