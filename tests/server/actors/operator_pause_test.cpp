// An operator's pause and resume of a running poker tournament through the real actors (the director,
// its table, the write service on a real PostgreSQL) at an accelerated clock (issue 12): while paused
// the table deals no new hand after the one in play, its players hear TablePaused with the reason, the
// level clock stands still; resumed, the clock goes on where it stood and the tournament is played to
// its end. A second pause, or a resume of a tournament that is not paused, is refused.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <future>

#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

int hands_started(const std::vector<Received>& log) {
    int n = 0;
    for (const Received& r : log)
        if (r.account != 0 && r.message.has_table_event() && r.message.table_event().has_hand_started()) ++n;
    return n;
}

std::expected<void, std::string> set_paused(Harness& h, std::int64_t id, bool paused,
                                            const std::string& reason) {
    std::promise<std::expected<void, std::string>> answer;
    if (!h.tournaments.set_paused(id, paused, reason, [&](auto r) { answer.set_value(r); }))
        return std::unexpected(std::string("not running"));
    return answer.get_future().get();
}

boost::json::value inspect(Harness& h, std::int64_t id) {
    std::promise<std::string> answer;
    if (!h.tournaments.inspect(id, [&](std::string s) { answer.set_value(std::move(s)); })) return {};
    return boost::json::parse(answer.get_future().get());
}

}  // namespace

TEST(OperatorPause, APausedTableDealsNoNewHandAndItsClockStandsStillUntilResumed) {
    Harness h(20.0);
    ScriptedPlayers players(h, 21, 0);  // nobody goes all in: the tournament lasts past the pause
    TournamentDeclaration d = default_declaration("paused", TournamentGame::Holdem,
                                                  engine::TournamentKind::SitAndGo, engine::Betting::NoLimit);
    auto& s = std::get<PokerTournament>(d.rules).structure;
    s.max_players = 3;
    s.min_players = 3;
    s.starting_stack = 100'000;
    const auto start = h.tournament(d, 3);
    const std::int64_t id = persistence::raw(start.tournament);
    h.tournaments.start(start);
    ASSERT_TRUE(h.outbox.wait([](const auto& log) { return hands_started(log) >= 3; })) << "a hand dealt";

    ASSERT_TRUE(set_paused(h, id, true, "an operator's check"));
    auto twice = set_paused(h, id, true, "again");
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().find("paused already"), std::string::npos) << twice.error();
    // Told with the reason.
    ASSERT_TRUE(h.outbox.wait([](const auto& log) {
        for (const Received& r : log)
            if (r.message.has_tournament_event() && r.message.tournament_event().has_table_paused() &&
                r.message.tournament_event().table_paused().paused() &&
                r.message.tournament_event().table_paused().reason() == "an operator's check")
                return true;
        return false;
    }));
    // The hand in play ends; then nothing starts while game time passes (the director's own clock is
    // frozen: read it many times, and the hand count with it).
    ASSERT_TRUE(h.idle());
    const auto frozen = inspect(h, id);
    ASSERT_TRUE(frozen.is_object()) << "still running";
    EXPECT_TRUE(frozen.at("paused").as_bool());
    const int at_pause = hands_started(h.outbox.log());
    for (int i = 0; i < 3000; ++i) {
        const auto now = inspect(h, id);
        EXPECT_EQ(now.at("clock").at("elapsed_ms"), frozen.at("clock").at("elapsed_ms"));
    }
    EXPECT_EQ(hands_started(h.outbox.log()), at_pause) << "a hand started while paused";

    ASSERT_TRUE(set_paused(h, id, false, "checked"));
    EXPECT_FALSE(set_paused(h, id, false, "again"));
    ASSERT_TRUE(h.outbox.wait([&](const auto& log) { return hands_started(log) > at_pause; }))
        << "dealing again after the resume";
    // Ended by a technical cancellation (its own tests check the money): a cancelled one is refused.
    std::promise<void> cancelled;
    h.tournaments.cancel(id, "the test is over", [&](const CancellationOutcome&) { cancelled.set_value(); });
    cancelled.get_future().get();
    EXPECT_FALSE(set_paused(h, id, true, "over")) << "cancelled: refused";
    EXPECT_TRUE(h.idle());
}

}  // namespace tavolo::server::actors::testing
