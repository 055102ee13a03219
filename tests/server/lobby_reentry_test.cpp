// RULES.md §6 re-entry: an entry eliminated during late registration (the director says so) lets its
// account buy a new entry, under a new key, while late registration is open; without the option, or
// once it closed, the account is refused.
#include <gtest/gtest.h>

#include "server/lobby/lobby_core.hpp"
#include "tests/server/lobby_core_support.hpp"

namespace tavolo::server::lobby::testing {
namespace {

class ReentryTest : public ::testing::TestWithParam<bool> {
  protected:
    static std::vector<TournamentDeclaration> mtt(bool reentry) {
        TournamentDeclaration d =
            poker("Re-entry MTT", engine::TournamentKind::ScheduledMtt, 2, 10, StartAt{kOpened + 1h});
        auto& s = std::get<PokerTournament>(d.rules).structure;
        s.late_registration = true;
        s.late_registration_levels = 3;
        s.reentry = reentry;
        return {d};
    }
    void SetUp() override {
        for (std::int64_t a = 1; a <= 3; ++a)
            lobby.db.wallets[account(a)] = kGrant;
        lobby.open();
        t = lobby.registering(0);
        lobby.enter(account(1), t);
        lobby.enter(account(2), t);
        lobby.tick(kOpened + 1h);
        const auto started = only<StartTournament>(lobby.log);
        ASSERT_EQ(started.size(), 1u);
        first = started[0].entrants[0].registration;
    }
    Lobby lobby{mtt(GetParam())};
    std::int64_t t = 0;
    RegistrationId first{};
};

TEST_P(ReentryTest, Rules6_AnEliminatedEntryMayEnterAgainWhereTheTournamentAllowsIt) {
    // Still playing: no second entry.
    EXPECT_EQ(error_code(lobby.enter(account(1), t), account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
    lobby.core.entry_eliminated(TournamentId{t}, first);
    const Effects again = lobby.enter(account(1), t, 7);
    if (!GetParam()) {
        EXPECT_EQ(error_code(again, account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
        EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - kBuyIn.total());
        return;
    }
    const auto added = only<AddLateEntrant>(again);
    ASSERT_EQ(added.size(), 1u);
    EXPECT_EQ(added[0].entrant.account, account(1));
    EXPECT_NE(added[0].entrant.registration, first);
    // A new entry is a new movement: the key names the account's second buy-in.
    const auto buys = only<RegisterPlayer>(lobby.log);
    ASSERT_FALSE(buys.empty());
    EXPECT_EQ(buys.back().key, "buyin:" + std::to_string(t) + ":1:2");
    EXPECT_EQ(lobby.db.wallets[account(1)], kGrant - 2 * kBuyIn.total());
    EXPECT_EQ(lobby.info(t)->entrants(), 3);  // entries
    // Once late registration closed, an eliminated entry stays out.
    lobby.core.entry_eliminated(TournamentId{t}, added[0].entrant.registration);
    lobby.core.late_registration_closed(TournamentId{t});
    EXPECT_EQ(error_code(lobby.enter(account(1), t, 8), account(1)), v1::ERROR_CODE_REGISTRATION_CLOSED);
}

INSTANTIATE_TEST_SUITE_P(WithAndWithoutReentry, ReentryTest, ::testing::Bool());

}  // namespace
}  // namespace tavolo::server::lobby::testing
