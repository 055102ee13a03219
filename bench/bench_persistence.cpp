// Hands committed per second through the write path (issue 6): each hand with its events (a binary
// blob of 1-3 KB), its PHH text, its result and its table's snapshot, committed by the persistence
// service in batches (group commit) on a durable server (synchronous_commit on). As at live tables,
// every `--eliminate-every` hands a table also knocks a player out: a finish (place recorded) that
// the service commits with that hand or after it, and before the table's next one (issue 9).
//
//   TAVOLO_DATABASE_URL=... build-*/bench/bench_persistence [--hands N] [--tables T] [--workers W]
//                           [--eliminate-every E]  (default 0: hands only, the figure of issue 6)
//
// It works in a database of its own (tavolo_bench_<pid>) on that server, dropped at the end, and
// prints `hands_per_second=N`.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <pqxx/pqxx>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench/integer_options.hpp"
#include "persistence/connection.hpp"
#include "persistence/migrations.hpp"
#include "persistence/tournament_store.hpp"
#include "persistence/write_service.hpp"
#include "tests/support/database_url.hpp"

namespace {

using namespace tavolo::persistence;
using Clock = std::chrono::steady_clock;
using tavolo::bench::IntegerOption;
using tavolo::bench::read_integer_option;
using tavolo::testing::with_database;

void admin(const std::string& url, const std::string& sql) {
    pqxx::connection conn{url};
    pqxx::nontransaction tx{conn};
    tx.exec(sql);
}

std::string setting(const std::string& url, const char* name) {
    pqxx::connection conn{url};
    pqxx::nontransaction tx{conn};
    return tx.exec1(std::string("SHOW ") + name)[0].as<std::string>();
}

void put_varint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

// Events shaped like a protobuf stream of a 6-to-9-handed hand: blinds, hole cards with their
// visibility, actions, streets, pots. 1-3 KB.
std::string make_events(std::mt19937_64& rng, int seats) {
    std::string out;
    int count = 0;
    auto event = [&](int type, int seat, std::int64_t amount, int card) {
        std::string e;
        e += static_cast<char>(0x08);
        put_varint(e, static_cast<std::uint64_t>(type));
        e += static_cast<char>(0x10);
        put_varint(e, static_cast<std::uint64_t>(++count));
        e += static_cast<char>(0x18);
        put_varint(e, static_cast<std::uint64_t>(seat));
        e += static_cast<char>(0x20);
        put_varint(e, static_cast<std::uint64_t>(amount));
        if (card >= 0) {
            e += static_cast<char>(0x28);
            put_varint(e, static_cast<std::uint64_t>(card));
            e += "\x32\x06seat:";
            e += static_cast<char>('0' + seat);
        }
        e += "\x3a\x08";  // a server timestamp
        for (int i = 0; i < 8; ++i)
            e += static_cast<char>(rng() & 0xff);
        out += static_cast<char>(0x0a);
        put_varint(out, e.size());
        out += e;
    };
    event(1, 1, 50, -1);
    event(1, 2, 100, -1);
    for (int round = 0; round < 2; ++round)
        for (int s = 0; s < seats; ++s)
            event(2, s, 0, static_cast<int>(rng() % 52));
    int actions = 20 + static_cast<int>(rng() % 60);
    for (int a = 0; a < actions; ++a) {
        if (a % 9 == 8) event(4, 0, 0, static_cast<int>(rng() % 52));  // a board card: no seat
        event(3, static_cast<int>(rng() % seats), static_cast<std::int64_t>(rng() % 5000), -1);
    }
    event(5, static_cast<int>(rng() % seats), 1000 + static_cast<std::int64_t>(rng() % 20000), -1);
    event(6, 0, 0, -1);
    return out;
}

std::string make_phh(std::mt19937_64& rng, int seats, std::int64_t n) {
    static const char* ranks = "23456789TJQKA";
    static const char* suits = "cdhs";
    auto card = [&] { return std::string{ranks[rng() % 13], suits[rng() % 4]}; };
    std::string phh =
        "variant = 'NT'\nante_trimming_status = true\nantes = [0, 0, 0, 0, 0, 0]\n"
        "blinds_or_straddles = [50, 100, 0, 0, 0, 0]\nmin_bet = 100\n";
    phh += "starting_stacks = [";
    for (int s = 0; s < seats; ++s)
        phh += (s ? ", " : "") + std::to_string(3000 + rng() % 5000);
    phh += "]\nactions = [\n";
    for (int s = 0; s < seats; ++s)
        phh += "  'd dh p" + std::to_string(s + 1) + " " + card() + card() + "',\n";
    phh += "  'p3 cbr 300', 'p4 f', 'p5 cc', 'p6 f', 'p1 f', 'p2 cc',\n  'd db " + card() + card() + card() +
           "',\n  'p2 cc', 'p3 cbr 450', 'p5 cc', 'p2 f',\n  'd db " + card() +
           "',\n  'p3 cc', 'p5 cc',\n]\n";
    phh += "hand = " + std::to_string(n) + "\nplayers = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']\n";
    return phh;
}

// `count` entries playing in `tournament`, made in bulk: accounts with a placeholder hash (nobody logs
// in) and empty wallets; the tournament is a freeroll, so a finish without prize moves no money.
std::vector<RegistrationId> seat_entries(const std::string& url, TournamentId tournament, int count) {
    pqxx::connection conn{url};
    pqxx::work tx{conn};
    std::vector<RegistrationId> out;
    for (const auto& row : tx.exec_params(
             "WITH a AS (INSERT INTO accounts (name, password_hash) SELECT 'bench' || g, '$argon2id$bench' "
             "FROM generate_series(1, $2::int) g RETURNING id), "
             "w AS (INSERT INTO wallets (kind, account_id) SELECT 'player', id FROM a RETURNING account_id) "
             "INSERT INTO registrations (tournament_id, account_id, state) SELECT $1, account_id, 'playing' "
             "FROM w RETURNING id",
             raw(tournament), count))
        out.push_back(RegistrationId{row[0].as<std::int64_t>()});
    tx.commit();
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    // Each option with its own range: --eliminate-every 0 (its default) means hands only.
    const std::span<char* const> args(argv + 1, static_cast<std::size_t>(argc - 1));
    int hands = 0, tables = 0, workers = 0, eliminate_every = 0;
    for (auto [target, option] :
         {std::pair{&hands, IntegerOption{"--hands", 60'000, 1, 10'000'000}},
          std::pair{&tables, IntegerOption{"--tables", 500, 1, 100'000}},
          std::pair{&workers, IntegerOption{"--workers", 4, 1, 256}},
          std::pair{&eliminate_every, IntegerOption{"--eliminate-every", 0, 0, 10'000'000}}}) {
        auto value = read_integer_option(args, option);
        if (!value) {
            std::cerr << "bench_persistence: " << value.error() << "\n";
            return 2;
        }
        *target = *value;
    }
    const char* url_env = std::getenv("TAVOLO_DATABASE_URL");
    if (!url_env || !*url_env) {
        std::cerr << "bench_persistence: TAVOLO_DATABASE_URL is not set: start a durable cluster with "
                     "`deploy/pg.sh start .tavolo/pg-bench` and export the URL it prints\n";
        return 2;
    }
    const int seats = 6;
    const std::string server = url_env;
    const std::string name = "tavolo_bench_" + std::to_string(getpid());
    const std::string url = with_database(server, name);
    try {
        probe_database(server);
        admin(server, "CREATE DATABASE " + name);
    } catch (const std::exception& e) {
        std::cerr << "bench_persistence: " << e.what() << "\n";
        return 3;
    }
    int status = 0;
    try {
        apply_migrations(url);
        auto sync = setting(url, "synchronous_commit"), fsync = setting(url, "fsync");
        std::cout << "server: synchronous_commit=" << sync << " fsync=" << fsync << "\n";
        if (sync != "on" || fsync != "on")
            std::cout << "WARNING: not a durable server; the figure below does not count\n";

        std::vector<TableId> table_ids;
        std::vector<RegistrationId> entries;
        {
            Database db(url);
            TournamentStore store(db);
            TournamentSpec spec;
            spec.name = "bench";
            spec.kind = tavolo::engine::TournamentKind::ScheduledMtt;
            auto t = store.create(spec).value();
            for (int i = 1; i <= tables; ++i)
                table_ids.push_back(store.open_table(t.id, i, 9).value());
            if (eliminate_every > 0) entries = seat_entries(url, t.id, hands / eliminate_every + tables);
        }

        // Templates generated up front so the timed loop measures the write path, not the generator.
        std::mt19937_64 rng(42);
        constexpr int kTemplates = 512;
        std::vector<std::string> events, phh;
        std::size_t event_bytes = 0, phh_bytes = 0;
        for (int i = 0; i < kTemplates; ++i) {
            events.push_back(make_events(rng, seats));
            phh.push_back(make_phh(rng, seats, i));
            event_bytes += events.back().size();
            phh_bytes += phh.back().size();
        }
        std::cout << "hand: events " << event_bytes / kTemplates << " B, phh " << phh_bytes / kTemplates
                  << " B on average; " << hands << " hands over " << tables << " tables, " << workers
                  << " workers\n";

        WriteServiceOptions options;
        options.url = url;
        options.workers = static_cast<std::size_t>(workers);
        options.queue_capacity = 20'000;
        std::atomic<int> failures{0};
        std::size_t finishes = 0;
        WriteService service(options);
        std::vector<std::int64_t> next(table_ids.size(), 1);
        auto start = Clock::now();
        auto wall = std::chrono::system_clock::now();
        for (int i = 0; i < hands; ++i) {
            std::size_t t = static_cast<std::size_t>(i) % table_ids.size();
            HandRecord h;
            h.table = table_ids[t];
            h.hand_number = next[t]++;
            h.started_at = wall;
            h.ended_at = wall;
            h.events = events[static_cast<std::size_t>(i) % kTemplates];
            h.phh = phh[static_cast<std::size_t>(i) % kTemplates];
            h.result_json = "{\"pots\":[{\"amount\":1350,\"winners\":[2]}],\"eliminated\":[]}";
            h.snapshot.table = h.table;
            h.snapshot.hand_number = h.hand_number;
            h.snapshot.button = static_cast<int>(h.hand_number % seats);
            h.snapshot.level = static_cast<int>(h.hand_number / 30);
            for (int s = 0; s < seats; ++s)
                h.snapshot.seats.push_back({s, RegistrationId{1000 + s}, AccountId{1000 + s},
                                            3000 + static_cast<std::int64_t>((i * 7 + s) % 900),
                                            SeatStatus::active});
            for (;;) {
                auto accepted = service.submit_hand(
                    h,
                    [&](StoreResult<void> r) {
                        if (!r) failures++;
                    },
                    Executor::service_thread());
                if (accepted) break;
                if (accepted.error().code != StoreErrc::queue_full)
                    throw std::runtime_error(accepted.error().message);       // and the database is dropped
                std::this_thread::sleep_for(std::chrono::microseconds(200));  // back-pressure
            }
            if (eliminate_every > 0 && h.hand_number % eliminate_every == 0 && finishes < entries.size()) {
                auto entry = entries[finishes];
                int place = static_cast<int>(entries.size() - finishes++);
                for (;;) {
                    auto accepted = service.submit_finish(
                        h.table, Finish{entry, place, 0, "out:" + std::to_string(raw(entry))},
                        [&](StoreResult<Registration> r) {
                            if (!r) failures++;
                        },
                        Executor::service_thread());
                    if (accepted) break;
                    if (accepted.error().code != StoreErrc::queue_full)
                        throw std::runtime_error(accepted.error().message);
                    std::this_thread::sleep_for(std::chrono::microseconds(200));
                }
            }
        }
        if (!service.wait_idle(std::chrono::minutes(10)))
            throw std::runtime_error("the write queue never drained");
        double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        auto st = service.status();
        service.stop();
        if (failures)
            throw std::runtime_error(std::to_string(failures.load()) + " hands or finishes failed to commit");
        pqxx::connection check{url};
        pqxx::nontransaction tx{check};
        auto stored = tx.exec1("SELECT count(*) FROM hands")[0].as<std::int64_t>();
        if (stored != hands)
            throw std::runtime_error("only " + std::to_string(stored) + " of " + std::to_string(hands) +
                                     " hands stored");
        auto finished = tx.exec1("SELECT count(*) FROM registrations WHERE finishing_place IS NOT NULL")[0]
                            .as<std::size_t>();
        if (finished != finishes)
            throw std::runtime_error("only " + std::to_string(finished) + " of " + std::to_string(finishes) +
                                     " finishes stored");
        std::cout << "finishes=" << finishes << " (one per " << eliminate_every << " hands of a table)\n";
        std::cout << "commits=" << st.commits << " hands_per_commit=" << (st.commits ? hands / st.commits : 0)
                  << " seconds=" << seconds << "\n";
        std::cout << "hands_per_second=" << static_cast<std::int64_t>(hands / seconds) << std::endl;
    } catch (const std::exception& e) {
        std::cerr << "bench_persistence: " << e.what() << "\n";
        status = 1;
    }
    try {
        admin(server, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (const std::exception& e) {
        std::cerr << "bench_persistence: could not drop " << name << ": " << e.what() << "\n";
    }
    return status;
}
