// Sit&Go tournaments played to the end by scripted players through the real actors: the director
// (or the Polacco actor), its table actor, the write service on a real PostgreSQL, at an accelerated
// game clock. RULES.md §6 (places and prizes), §8 (what each viewer may see).
#include <gtest/gtest.h>

#include <set>

#include "engine/tournament/payouts.hpp"
#include "persistence/tournament_store.hpp"
#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/card_truth.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

constexpr double kSpeed = 200.0;  // 8-minute levels in 2.4 s

// The viewer each account is at its table: its seat (poker) or player id (Polacco), from the
// snapshots it received.
std::map<session::AccountIdValue, std::int64_t> viewers(const std::vector<Received>& log) {
    std::map<session::AccountIdValue, std::int64_t> out;
    for (const Received& r : log) {
        if (r.account == 0 || !r.message.has_table_snapshot()) continue;
        const auto& s = r.message.table_snapshot();
        const std::int64_t who = s.has_poker() ? s.your_seat() : s.your_player();
        if (who >= 0) out.emplace(r.account, who);
    }
    return out;
}

// Every entrant ranked once, each prize (per the payout table of the field) in his wallet to the
// cent and announced with his wallet's balance, every entrant told the results, the lobby told, and
// no player or observer ever held a card he may not see.
void expect_played_to_the_end(Harness& h, const lobby::StartTournament& start) {
    ASSERT_TRUE(h.wait_finished(start.tournament)) << "the tournament did not finish before the hang guard";
    ASSERT_TRUE(h.idle());
    const std::vector<Received> log = h.outbox.log();
    const int n = static_cast<int>(start.entrants.size());
    const engine::BuyIn buy_in = start.declaration.buy_in();
    const std::vector<engine::Cents> prizes =
        engine::prizes_for_pool(buy_in.prize_part * n, engine::default_payout_table(n));

    std::map<session::AccountIdValue, int> results_heard;
    std::optional<v1::TournamentFinished> results;
    for (const Received& r : log) {
        if (r.message.has_tournament_event() && r.message.tournament_event().has_finished()) {
            ++results_heard[r.account];
            results = r.message.tournament_event().finished();
        }
    }
    ASSERT_TRUE(results.has_value()) << "nobody was told the results";
    int refused = 0;
    for (const Received& r : log)
        if (r.message.has_error() && ++refused < 5)
            ADD_FAILURE() << "a scripted player's answer was refused: " << r.message.ShortDebugString();
    EXPECT_EQ(refused, 0);
    ASSERT_EQ(results->results_size(), n);
    std::set<int> places;
    std::set<std::int64_t> entrants;
    for (const v1::Result& result : results->results()) {
        places.insert(result.place());
        entrants.insert(result.entrant());
        ASSERT_GE(result.entrant(), 0);
        ASSERT_LT(result.entrant(), n);
        const auto& entrant = start.entrants[static_cast<std::size_t>(result.entrant())];
        const auto index = static_cast<std::size_t>(result.place() - 1);
        const engine::Cents prize = index < prizes.size() ? prizes[index] : 0;  // past the paid places: none
        EXPECT_EQ(result.prize_cents(), prize) << "place " << result.place();
        const engine::Cents expected = kGrant - buy_in.prize_part - buy_in.fee + prize;
        EXPECT_EQ(h.balance(entrant.account), expected) << "place " << result.place();
        if (prize > 0) {  // the balance is read after the prize commits: wait for it
            const auto account = persistence::raw(entrant.account);
            EXPECT_TRUE(h.outbox.wait([&](const std::vector<Received>& all) {
                for (auto it = all.rbegin(); it != all.rend(); ++it)
                    if (it->account == account && it->message.has_wallet())
                        return it->message.wallet().balance_cents() == expected;
                return false;
            })) << "the wallet's balance after the prize of place "
                << result.place();
        }
        EXPECT_EQ(h.db().query("SELECT finishing_place FROM registrations WHERE id = " +
                               std::to_string(persistence::raw(entrant.registration))),
                  std::to_string(result.place()));
    }
    EXPECT_EQ(places.size(), static_cast<std::size_t>(n)) << "every place once";
    EXPECT_EQ(*places.begin(), 1);
    EXPECT_EQ(*places.rbegin(), n);
    EXPECT_EQ(entrants.size(), static_cast<std::size_t>(n)) << "every entrant ranked once";
    for (const auto& e : start.entrants)
        EXPECT_EQ(results_heard[persistence::raw(e.account)], 1) << "each entrant hears the results once";
    EXPECT_EQ(h.lobby.finished(), std::vector<std::int64_t>{persistence::raw(start.tournament)});
    // The ledger balances (prizes left the prize pool, nothing was made or lost).
    const auto audit = persistence::Ledger(h.db().db()).audit().value();
    EXPECT_EQ(audit.sum_of_entries, 0);
    EXPECT_EQ(audit.negative_wallets, 0);
    EXPECT_EQ(audit.mismatched_balances, 0);
    // Every hand is stored with its table's snapshot; a poker hand with its PHH text too.
    EXPECT_EQ(h.db().count("SELECT count(*) FROM hands h JOIN tournament_tables t ON t.id = h.table_id "
                           "WHERE t.tournament_id = " +
                           std::to_string(persistence::raw(start.tournament)) +
                           " AND (h.events = '' OR (h.phh = '' AND t.tournament_id IN (SELECT id FROM "
                           "tournaments WHERE game <> 'polacco')))"),
              0);

    // Each player's table stream has no gap and no repeat (proto/README.md "Sequence numbers").
    std::map<session::AccountIdValue, std::uint64_t> last_seq;
    int gaps = 0;
    for (const Received& r : log) {
        if (r.account == 0 || r.message.table_seq() == 0 || r.message.has_chat_line() ||
            r.message.has_error())
            continue;
        auto& last = last_seq[r.account];
        if (last != 0 && r.message.table_seq() != last + 1 && ++gaps < 5)
            ADD_FAILURE() << "account " << r.account << ": seq " << r.message.table_seq() << " after "
                          << last;
        last = r.message.table_seq();
    }
    EXPECT_EQ(gaps, 0);

    // RULES.md §8, against the committed hands.
    CardTruth truth(h.db().url(), start.tournament);
    EXPECT_GT(truth.hands, 0);
    const auto who = viewers(log);
    EXPECT_EQ(who.size(), static_cast<std::size_t>(n)) << "every player received his table";
    int leaks = 0;
    for (const Received& r : log) {
        if (r.account == 0) continue;
        const auto it = who.find(r.account);
        if (it == who.end()) continue;
        if (!truth.allowed(r.message, it->second) && ++leaks < 5)
            ADD_FAILURE() << "account " << r.account
                          << " received a card he may not see: " << r.message.ShortDebugString();
    }
    EXPECT_EQ(leaks, 0);
    EXPECT_GT(truth.judged, 0) << "no message with a card was judged";
}

TournamentDeclaration poker(const std::string& name, TournamentGame game, engine::TournamentKind kind,
                            engine::Betting betting, int players) {
    TournamentDeclaration d = default_declaration(name, game, kind, betting);
    auto& s = std::get<PokerTournament>(d.rules).structure;
    s.max_players = players;
    s.min_players = std::min(s.min_players, players);
    return d;
}

// RULES.md §5 and issue 13: each decision's clock reaches its player with the decision (the client
// shows it counting down), and a player busted by a hand receives that hand to its end (its pots and
// its close), though his seat is empty by then.
void expect_clocks_and_whole_last_hands(const std::vector<Received>& log) {
    std::map<session::AccountIdValue, const v1::TableEvent*> last_event;
    int clocks = 0;
    for (const Received& r : log) {
        if (r.account == 0 || !r.message.has_table_event()) continue;
        const v1::TableEvent& e = r.message.table_event();
        last_event[r.account] = &e;
        const bool poker = e.has_poker_decision() && e.poker_decision().has_legal();
        const bool polacco = e.has_polacco_decision() && e.polacco_decision().has_legal();
        if (!poker && !polacco) continue;
        const std::int64_t decision = poker ? e.poker_decision().decision() : e.polacco_decision().decision();
        const bool has_clock = poker ? e.poker_decision().has_clock() : e.polacco_decision().has_clock();
        ASSERT_TRUE(has_clock) << "a decision without its clock: " << e.ShortDebugString();
        const v1::TurnClock& clock = poker ? e.poker_decision().clock() : e.polacco_decision().clock();
        EXPECT_EQ(clock.decision(), decision);
        EXPECT_GT(clock.time_left_ms() + clock.time_bank_ms(), 0);
        if (poker) {
            EXPECT_EQ(clock.seat(), e.poker_decision().to_act());
        } else {
            EXPECT_EQ(clock.player(), e.polacco_decision().to_act());
        }
        ++clocks;
    }
    EXPECT_GT(clocks, 0);
    for (const auto& [account, e] : last_event)
        EXPECT_TRUE(e->has_shuffle_reveal() || e->has_hand_ended() || e->has_polacco_hand_ended())
            << "account " << account << " last saw the middle of a hand: " << e->ShortDebugString();
}

TEST(SitAndGoActors, rules_6_heads_up_holdem_played_to_the_end_with_prizes_in_the_wallets) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 11);
    const auto start = h.tournament(
        poker("hu", TournamentGame::Holdem, engine::TournamentKind::HeadsUp, engine::Betting::NoLimit, 2), 2);
    h.tournaments.start(start);
    expect_played_to_the_end(h, start);
    expect_clocks_and_whole_last_hands(h.outbox.log());
}

TEST(SitAndGoActors, rules_6_three_player_stud_played_to_the_end_with_prizes_in_the_wallets) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 12, 35);
    const auto start = h.tournament(
        poker("stud", TournamentGame::Stud, engine::TournamentKind::SitAndGo, engine::Betting::NoLimit, 3),
        3);
    h.tournaments.start(start);
    expect_played_to_the_end(h, start);
    expect_clocks_and_whole_last_hands(h.outbox.log());
}

TEST(SitAndGoActors, rules_9_polacco_sit_and_go_played_to_the_end_with_prizes_in_the_wallets) {
    Harness h(kSpeed);
    ScriptedPlayers players(h, 13);
    TournamentDeclaration d = default_declaration("polacco", TournamentGame::Polacco,
                                                  engine::TournamentKind::SitAndGo, engine::Betting::NoLimit);
    const auto start = h.tournament(d, 3);
    h.tournaments.start(start);
    expect_played_to_the_end(h, start);
    expect_clocks_and_whole_last_hands(h.outbox.log());
}

}  // namespace
}  // namespace tavolo::server::actors::testing
