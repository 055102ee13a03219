// The write service keeps each table's order (issue 9, item 6): a hand, then the eliminations and
// prizes it caused, then the next hand, each committing after the one before it, while the hands
// of different tables still share commits.
#include <gtest/gtest.h>

#include <atomic>
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

// An elimination (with its prize, or none) that hand `after` of `table` caused.
struct Finish {
    TableId table{};
    std::int64_t after = 0;
    RegistrationId entry{};
    int place = 0;
    Cents prize = 0;
};

// What the finish's work saw of its table's hands when it ran, inside the service.
struct Seen {
    bool own_hand_committed = false;   // the hand that caused it: must be
    bool next_hand_committed = false;  // the hand submitted after it: must not be
};

}  // namespace

TEST(WriteServiceOrder, EliminationsAndPrizesCommitAfterTheirHandAndBeforeTheNext) {
    MigratedDatabase t;
    constexpr int kTables = 12, kHands = 12, kSubmitters = 3;
    auto sng = small_tournament(t.db(), 2 * kTables, kTables);
    // At each table, hand 4 knocks out one player (no prize) and hand 8 another (with a prize).
    std::vector<Finish> finishes;
    for (int i = 0; i < kTables; ++i) {
        auto table = sng.tables[static_cast<std::size_t>(i)];
        finishes.push_back(
            {table, 4, sng.players[static_cast<std::size_t>(2 * i)].registration.id, 2 * kTables - 2 * i, 0});
        finishes.push_back({table, 8, sng.players[static_cast<std::size_t>(2 * i + 1)].registration.id,
                            2 * kTables - 2 * i - 1, 150});
    }
    std::mutex seen_mutex;
    std::map<std::int64_t, Seen> seen;  // by registration id
    std::atomic<int> failures{0}, finished{0};

    WriteServiceOptions options;
    options.url = t.url();
    options.workers = 4;
    WriteService service(options);
    auto submit_finish = [&](const Finish& f) {
        return service.submit<Registration>(
            f.table,
            [&, f](Database& db) -> StoreResult<Registration> {
                HandStore hands(db);
                Seen s{hands.hand(f.table, f.after).has_value(),
                       hands.hand(f.table, f.after + 1).has_value()};
                {
                    std::lock_guard lock(seen_mutex);
                    seen[raw(f.entry)] = s;
                }
                return TournamentStore(db).record_finish(f.entry, f.place, f.prize,
                                                         "finish:" + std::to_string(raw(f.entry)));
            },
            [&](StoreResult<Registration> r) { ++(r ? finished : failures); }, Executor::service_thread());
    };
    // Several actors submit at once, each for its own tables, hand after hand.
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
    ASSERT_TRUE(service.wait_idle(60s));
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(finished.load(), 2 * kTables);
    EXPECT_LT(service.status().commits, static_cast<std::uint64_t>(kTables * kHands))
        << "hands of different tables still share commits";

    for (const auto& f : finishes) {
        auto s = seen.at(raw(f.entry));
        EXPECT_TRUE(s.own_hand_committed) << "table " << raw(f.table) << ": the finish after hand " << f.after
                                          << " ran before that hand committed";
        EXPECT_FALSE(s.next_hand_committed) << "table " << raw(f.table) << ": hand " << f.after + 1
                                            << " committed before the finish submitted ahead of it";
        // The same order as the database recorded it: each transaction's start time.
        auto at = [&](const std::string& sql) { return t.query(sql); };
        auto paid_or_finished =
            "(SELECT finished_at FROM registrations WHERE id = " + std::to_string(raw(f.entry)) + ")";
        auto hand_at = [&](std::int64_t n) {
            return "(SELECT committed_at FROM hands WHERE table_id = " + std::to_string(raw(f.table)) +
                   " AND hand_number = " + std::to_string(n) + ")";
        };
        EXPECT_EQ(at("SELECT " + hand_at(f.after) + " < " + paid_or_finished + " AND " + paid_or_finished +
                     " < " + hand_at(f.after + 1)),
                  "t");
    }
    EXPECT_EQ(t.count("SELECT count(*) FROM hands"), kTables * kHands);
    EXPECT_EQ(t.count("SELECT count(*) FROM entry_payments WHERE kind = 'prize'"), kTables);
}
