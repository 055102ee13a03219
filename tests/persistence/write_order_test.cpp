// The write service keeps each table's order (issue 9, item 6): a hand, then the eliminations and
// prizes it caused, then the next hand, each committing after the one before it (or with it), while
// the hands of different tables still share commits.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "persistence/hand_store.hpp"
#include "persistence/write_service.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using namespace std::chrono_literals;

namespace {

constexpr int kTables = 12, kHands = 12, kSubmitters = 3;

// A finish that hand `after` of `table` caused.
struct Caused {
    TableId table{};
    std::int64_t after = 0;
    Finish finish;
};

// At each table, hand 4 knocks out one player (no prize) and hand 8 another (with a prize).
std::vector<Caused> finishes_of(const SmallTournament& sng) {
    std::vector<Caused> out;
    for (int i = 0; i < kTables; ++i) {
        auto table = sng.tables[static_cast<std::size_t>(i)];
        for (int k = 0; k < 2; ++k) {
            auto entry = sng.players[static_cast<std::size_t>(2 * i + k)].registration.id;
            out.push_back(
                {table, 4 + 4 * k,
                 Finish{entry, 2 * kTables - 2 * i - k, k * 150, "finish:" + std::to_string(raw(entry))}});
        }
    }
    return out;
}

// Several actors submit at once, each for its own tables, hand after hand; after a hand, the finishes
// it caused go through `submit_finish`.
void play(WriteService& service, const SmallTournament& sng, const std::vector<Caused>& finishes,
          const std::function<bool(const Caused&)>& submit_finish, std::atomic<int>& failures) {
    std::vector<std::thread> submitters;
    for (int k = 0; k < kSubmitters; ++k)
        submitters.emplace_back([&, k] {
            for (int n = 1; n <= kHands; ++n)
                for (int i = k; i < kTables; i += kSubmitters) {
                    auto table = sng.tables[static_cast<std::size_t>(i)];
                    if (!service.submit_hand(
                            make_hand(table, n), [&](StoreResult<void> r) { failures += !r; },
                            Executor::service_thread()))
                        ++failures;
                    for (const auto& f : finishes)
                        if (f.table == table && f.after == n && !submit_finish(f)) ++failures;
                }
        });
    for (auto& s : submitters)
        s.join();
}

WriteServiceOptions four_workers(const std::string& url) {
    WriteServiceOptions options;
    options.url = url;
    options.workers = 4;
    return options;
}

// Checks in the database, as each finish is written, that its hand is there (committed, or in the
// same transaction) and the table's next hand is not there yet (unless in the same transaction).
// What it finds wrong goes to order_violations, committed with the finish.
void watch_finish_order(TestDatabase& t, const std::vector<Caused>& finishes) {
    t.query("CREATE TABLE expected_order (registration_id bigint PRIMARY KEY, table_id bigint, hand bigint)");
    t.query("CREATE TABLE order_violations (registration_id bigint, what text)");
    for (const auto& f : finishes)
        t.query("INSERT INTO expected_order VALUES (" + std::to_string(raw(f.finish.entry)) + ", " +
                std::to_string(raw(f.table)) + ", " + std::to_string(f.after) + ")");
    t.query(R"(CREATE FUNCTION check_finish_order() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE e expected_order;
        BEGIN
            SELECT * INTO e FROM expected_order WHERE registration_id = NEW.id;
            IF NOT FOUND THEN RETURN NEW; END IF;
            IF NOT EXISTS (SELECT 1 FROM hands WHERE table_id = e.table_id AND hand_number = e.hand) THEN
                INSERT INTO order_violations VALUES (NEW.id, 'written before its hand');
            END IF;
            IF EXISTS (SELECT 1 FROM hands WHERE table_id = e.table_id AND hand_number = e.hand + 1
                       AND xmin <> pg_current_xact_id()::xid) THEN
                INSERT INTO order_violations VALUES (NEW.id, 'written after the next hand committed');
            END IF;
            RETURN NEW;
        END $$)");
    t.query(
        "CREATE TRIGGER finish_order AFTER UPDATE OF finishing_place ON registrations FOR EACH ROW "
        "WHEN (NEW.finishing_place IS NOT NULL) EXECUTE FUNCTION check_finish_order()");
}

}  // namespace

TEST(WriteServiceOrder, EliminationsAndPrizesCommitAfterTheirHandAndBeforeTheNext) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2 * kTables, kTables);
    auto finishes = finishes_of(sng);
    watch_finish_order(t, finishes);
    std::atomic<int> failures{0}, finished{0};
    WriteService service(four_workers(t.url()));
    play(
        service, sng, finishes,
        [&](const Caused& f) {
            return service
                .submit_finish(
                    f.table, f.finish, [&](StoreResult<Registration> r) { ++(r ? finished : failures); },
                    Executor::service_thread())
                .has_value();
        },
        failures);
    ASSERT_TRUE(service.wait_idle(60s));
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(finished.load(), 2 * kTables);
    EXPECT_EQ(t.query("SELECT string_agg(registration_id || ' ' || what, ', ') FROM order_violations"), "");
    EXPECT_LT(service.status().commits, static_cast<std::uint64_t>(kTables * kHands))
        << "hands of different tables still share commits";
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), kTables * kHands);
    EXPECT_EQ(t.count("SELECT count(*) FROM entry_payments WHERE kind = 'prize'"), kTables);
    EXPECT_EQ(t.count("SELECT count(*) FROM registrations WHERE finishing_place IS NOT NULL"), 2 * kTables);

    // The watch itself can fail: a finish written with no hand before it is caught.
    auto late = sng.players.back().registration.id;
    t.query("UPDATE expected_order SET hand = 99 WHERE registration_id = " + std::to_string(raw(late)));
    t.query("UPDATE registrations SET finishing_place = NULL WHERE id = " + std::to_string(raw(late)));
    ASSERT_TRUE(TournamentStore(t.db()).record_finish(late, 1, 0, "again"));
    EXPECT_EQ(t.count("SELECT count(*) FROM order_violations"), 1);
}

// Other work of a table (a snapshot after a move, an operator's correction...) keeps the same order:
// when it runs, the hand before it has committed and the hand after it has not.
TEST(WriteServiceOrder, ATablesOtherWorkRunsAfterItsHandAndBeforeTheNext) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2 * kTables, kTables);
    auto finishes = finishes_of(sng);
    std::mutex seen_mutex;
    std::map<std::int64_t, std::pair<bool, bool>> seen;  // by entry: (own hand there, next hand there)
    std::atomic<int> failures{0}, finished{0};
    WriteService service(four_workers(t.url()));
    play(
        service, sng, finishes,
        [&](const Caused& f) {
            return service
                .submit<Registration>(
                    f.table,
                    [&, f](Database& db) -> StoreResult<Registration> {
                        HandStore hands(db);
                        std::pair s{hands.hand(f.table, f.after).has_value(),
                                    hands.hand(f.table, f.after + 1).has_value()};
                        {
                            std::lock_guard lock(seen_mutex);
                            seen[raw(f.finish.entry)] = s;
                        }
                        return TournamentStore(db).record_finish(f.finish);
                    },
                    [&](StoreResult<Registration> r) { ++(r ? finished : failures); },
                    Executor::service_thread())
                .has_value();
        },
        failures);
    ASSERT_TRUE(service.wait_idle(60s));
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(finished.load(), 2 * kTables);
    for (const auto& f : finishes) {
        auto [own, next] = seen.at(raw(f.finish.entry));
        EXPECT_TRUE(own) << "table " << raw(f.table) << ": work after hand " << f.after
                         << " ran before that hand committed";
        EXPECT_FALSE(next) << "table " << raw(f.table) << ": hand " << f.after + 1
                           << " committed before the work submitted ahead of it";
    }
    EXPECT_LT(service.status().commits, static_cast<std::uint64_t>(kTables * kHands));
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), kTables * kHands);
}

// A finish the store refuses (here: an entry that does not exist) fails alone: the hands and finishes
// that shared its commit are committed one by one, still in order.
TEST(WriteServiceOrder, ARefusedFinishFailsAloneAndTheRestOfItsGroupCommits) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 2, 1);
    auto table = sng.tables[0];
    WriteServiceOptions options = four_workers(t.url());
    options.initial_backoff = 20ms;
    WriteService service(options);
    std::mutex mutex;
    std::vector<StoreErrc> refused;
    std::atomic<int> hands{0}, finished{0};
    auto finish_done = [&](StoreResult<Registration> r) {
        if (r) {
            ++finished;
            return;
        }
        std::lock_guard lock(mutex);
        refused.push_back(r.error().code);
    };
    // After hand 2 the first player goes out, after hand 3 nobody (a bad entry), after hand 4 the
    // second player wins the prize.
    const std::map<int, Finish> after{{2, Finish{sng.players[0].registration.id, 2, 0, "finish-2"}},
                                      {3, Finish{RegistrationId{999'999}, 2, 0, "finish-3"}},
                                      {4, Finish{sng.players[1].registration.id, 1, 100, "finish-4"}}};
    t.cut();  // everything waits in the queue, and is then taken as one group
    for (int n = 1; n <= 6; ++n) {
        ASSERT_TRUE(service.submit_hand(
            make_hand(table, n), [&](StoreResult<void> r) { hands += r ? 1 : 0; },
            Executor::service_thread()));
        if (auto it = after.find(n); it != after.end()) {
            ASSERT_TRUE(service.submit_finish(table, it->second, finish_done, Executor::service_thread()));
        }
    }
    t.restore();
    ASSERT_TRUE(service.wait_idle(30s));
    EXPECT_EQ(hands.load(), 6);
    EXPECT_EQ(finished.load(), 2);
    ASSERT_EQ(refused.size(), 1U);
    EXPECT_EQ(refused[0], StoreErrc::not_found);
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), 6);
    EXPECT_EQ(t.count("SELECT count(*) FROM registrations WHERE finishing_place IS NOT NULL"), 2);
    EXPECT_EQ(t.count("SELECT coalesce(sum(prize_cents), 0) FROM registrations"), 100);
}
