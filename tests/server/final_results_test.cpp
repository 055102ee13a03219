// The results at a tournament's end (server/actors/tournament_payments.hpp, tell_results; issue 14): a
// small field hears every place; a large one the first kPlacesToAll places, and each entrant below them
// his own lines too, so a field of 20,000 does not send the whole list 20,000 times.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "server/actors/tournament_payments.hpp"

namespace tavolo::server::actors {
namespace {

namespace v1 = protocol::v1;

struct Heard : Outbox {
    void to_session(SessionId, Frame) override {}
    void to_account(AccountIdValue account, Frame frame) override {
        v1::ServerMessage m;
        ASSERT_TRUE(m.ParseFromString(*frame));
        ASSERT_TRUE(m.tournament_event().has_finished());
        by_account[account].push_back(m.tournament_event().finished());
    }
    void account_result(SessionId, session::AccountResult) override {}
    std::map<AccountIdValue, std::vector<v1::TournamentFinished>> by_account;
};

// `n` entries, entrant i of account 1000 + i, but entrant 1 in a field over 150: a re-entry of the
// account of entrant 150. Entrant i finishes in place n - i (the first entry is last).
std::pair<Roster, std::vector<protocol::FinalPlace>> field(int n) {
    Roster roster;
    std::vector<protocol::FinalPlace> results;
    for (int i = 0; i < n; ++i) {
        const AccountIdValue account = i == 1 && n > 150 ? 1000 + 150 : 1000 + i;
        std::string name = "p";  // (not "p" + ...: a false -Wrestrict of GCC 12)
        name += std::to_string(i);
        roster.entrants.push_back({account, persistence::RegistrationId{i + 1}, name});
        results.push_back({engine::Placing{i, n - i, 1}, name, n - i <= 3 ? 100 : 0});
    }
    return {std::move(roster), std::move(results)};
}

std::vector<int> places(const v1::TournamentFinished& f) {
    std::vector<int> out;
    for (const auto& r : f.results())
        out.push_back(r.place());
    return out;
}

TEST(FinalResults, ASmallFieldHearsEveryPlaceOnce) {
    auto [roster, results] = field(12);
    Heard heard;
    tell_results(heard, roster, 7, results);
    ASSERT_EQ(heard.by_account.size(), 12U);
    for (const auto& [account, frames] : heard.by_account) {
        ASSERT_EQ(frames.size(), 1U) << account;
        EXPECT_EQ(frames[0].results_size(), 12);
        EXPECT_EQ(frames[0].entrants(), 12);
        EXPECT_EQ(frames[0].results(0).place(), 1);
    }
}

TEST(FinalResults, ALargeFieldHearsTheFirstPlacesAndEachEntrantBelowThemHisOwnLinesToo) {
    constexpr int kField = 300;
    auto [roster, results] = field(kField);
    Heard heard;
    tell_results(heard, roster, 7, results);
    ASSERT_EQ(heard.by_account.size(), static_cast<std::size_t>(kField - 1)) << "one account entered twice";
    std::vector<int> first(kPlacesToAll);
    for (std::size_t i = 0; i < kPlacesToAll; ++i)
        first[i] = static_cast<int>(i) + 1;

    const auto& winner = heard.by_account.at(1000 + kField - 1);  // entrant 299: place 1
    ASSERT_EQ(winner.size(), 1U);
    EXPECT_EQ(places(winner[0]), first) << "among the first places: nothing more";
    EXPECT_EQ(winner[0].entrants(), kField);

    const auto& last = heard.by_account.at(1000);  // entrant 0: place 300
    ASSERT_EQ(last.size(), 1U);
    auto expected = first;
    expected.push_back(kField);
    EXPECT_EQ(places(last[0]), expected);
    EXPECT_EQ(last[0].results(static_cast<int>(kPlacesToAll)).name(), "p0");

    const auto& twice = heard.by_account.at(1000 + 150);  // entrants 150 and 1: places 150 and 299
    ASSERT_EQ(twice.size(), 1U) << "an account with two entries hears it once";
    expected = first;
    expected.push_back(150);
    expected.push_back(kField - 1);
    EXPECT_EQ(places(twice[0]), expected) << "both of its entries' lines";
}

}  // namespace
}  // namespace tavolo::server::actors
