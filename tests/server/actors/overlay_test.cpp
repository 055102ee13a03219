// RULES.md §6: a guaranteed tournament whose prize parts fall short of the guarantee: the house pays
// the overlay into the prize pool, once, and the prizes are those of the guaranteed pool. Played by
// scripted players through the real director and table actors on a real PostgreSQL.
#include <gtest/gtest.h>

#include "engine/tournament/payouts.hpp"
#include "persistence/ledger.hpp"
#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

TEST(GuaranteeActors, rules_6_the_house_pays_the_overlay_and_the_prizes_are_the_guaranteed_pool) {
    Harness h(200.0);
    ScriptedPlayers players(h, 21);
    TournamentDeclaration d = default_declaration("guaranteed", TournamentGame::Holdem,
                                                  engine::TournamentKind::SitAndGo, engine::Betting::NoLimit);
    auto& s = std::get<PokerTournament>(d.rules).structure;
    s.max_players = 3;
    s.min_players = 3;
    s.guarantee = 10'000;  // 100.00, against 3 x 10.00 of prize parts: an overlay of 70.00
    const auto start = h.tournament(d, 3);
    persistence::Ledger ledger(h.db().db());
    const auto house = ledger.house_wallet().value();
    ASSERT_TRUE(ledger.deposit(house, 50'000, "fund the house for the test"));
    const engine::Cents house_before = ledger.balance(house).value();
    h.tournaments.start(start);
    ASSERT_TRUE(h.wait_finished(start.tournament));
    ASSERT_TRUE(h.idle());

    const engine::Cents parts = 3 * d.buy_in().prize_part;
    const engine::Cents overlay = s.guarantee - parts;
    EXPECT_EQ(ledger.balance(house).value(), house_before - overlay);
    EXPECT_EQ(h.db().count("SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'overlay:" +
                           std::to_string(persistence::raw(start.tournament)) + "'"),
              1);
    const std::vector<engine::Cents> prizes =
        engine::prizes_for_pool(s.guarantee, engine::default_payout_table(3));
    EXPECT_EQ(h.db().count("SELECT coalesce(sum(prize_cents), 0) FROM registrations WHERE tournament_id = " +
                           std::to_string(persistence::raw(start.tournament))),
              s.guarantee)
        << "the guaranteed pool paid out to the cent";
    EXPECT_EQ(
        h.db().count("SELECT prize_cents FROM registrations WHERE finishing_place = 1 AND tournament_id = " +
                     std::to_string(persistence::raw(start.tournament))),
        prizes.at(0));
    const auto audit = ledger.audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.negative_wallets, 0);
}

}  // namespace
}  // namespace tavolo::server::actors::testing
