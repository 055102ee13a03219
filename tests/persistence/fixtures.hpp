#pragma once
// Small builders shared by the persistence tests: a tournament with players and tables, and hands.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "persistence/account_store.hpp"
#include "persistence/hand_record.hpp"
#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::testing {

struct Seated {
    persistence::Account account;
    persistence::Registration registration;
};

struct SmallTournament {
    persistence::Tournament tournament;
    std::vector<Seated> players;
    std::vector<persistence::TableId> tables;
};

// `players` accounts with 100.00 each, registered (20+5) in a Sit&Go with `tables` 9-seat tables.
inline SmallTournament small_tournament(persistence::Database& db, int players, int tables,
                                        const std::string& name = "Test SNG") {
    using namespace persistence;
    AccountStore accounts(db, PasswordCost::minimum());
    Ledger ledger(db);
    TournamentStore store(db);
    TournamentSpec spec;
    spec.name = name;
    spec.prize_part = 2000;
    spec.fee = 500;
    SmallTournament out;
    out.tournament = store.create(spec).value();
    for (int i = 0; i < players; ++i) {
        auto account =
            accounts.create(name + "-p" + std::to_string(i), "password-" + std::to_string(i)).value();
        EXPECT_TRUE(ledger.deposit(account.wallet, 10'000, name + ":deposit:" + std::to_string(i)));
        auto reg = store
                       .register_player(out.tournament.id, account.id,
                                        "buyin:" + std::to_string(raw(out.tournament.id)) + ":" +
                                            std::to_string(raw(account.id)))
                       .value();
        out.players.push_back({account, reg});
    }
    for (int t = 1; t <= tables; ++t)
        out.tables.push_back(store.open_table(out.tournament.id, t, 9).value());
    return out;
}

// A hand at `table` with number `n`, after which the given players hold `stack + n` chips each.
inline persistence::HandRecord make_hand(persistence::TableId table, std::int64_t n,
                                         const std::vector<Seated>& seated = {},
                                         std::size_t events_bytes = 64) {
    using namespace persistence;
    HandRecord h;
    h.table = table;
    h.hand_number = n;
    h.started_at = std::chrono::system_clock::now() - std::chrono::seconds(30);
    h.ended_at = std::chrono::system_clock::now();
    h.events.resize(events_bytes);
    for (std::size_t i = 0; i < events_bytes; ++i)
        h.events[i] = static_cast<char>((i * 31 + n) & 0xff);
    h.phh = "variant = 'NT'\nhand = " + std::to_string(n) + "\nactions = ['d dh p1 AcAd', 'p1 f']\n";
    h.result_json = "{\"winner\": 0, \"pot\": " + std::to_string(100 + n) + "}";
    h.snapshot.table = table;
    h.snapshot.hand_number = n;
    h.snapshot.button = static_cast<int>(n % 9);
    h.snapshot.level = static_cast<int>(n / 10);
    for (std::size_t i = 0; i < seated.size(); ++i)
        h.snapshot.seats.push_back({static_cast<int>(i), seated[i].registration.id, seated[i].account.id,
                                    3000 + n, i == 1 ? SeatStatus::disconnected : SeatStatus::active});
    h.snapshot.engine_state = std::string("\0state\xff", 7) + std::to_string(n);
    return h;
}

}  // namespace tavolo::testing
