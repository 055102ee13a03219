#pragma once
// The actors on a real io_context (2 threads) with a real write service on a fresh test database: a
// recording Outbox that decodes every frame, a lobby that records tournament_finished, scripted
// players that answer every decision addressed to them through TableRegistry::submit, and waits on
// events with generous hang guards (never on time).
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "persistence/account_store.hpp"
#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"
#include "persistence/write_service.hpp"
#include "server/actors/actor_context.hpp"
#include "server/actors/table_registry.hpp"
#include "server/actors/tournament_launcher.hpp"
#include "server/tournament_config.hpp"
#include "tests/persistence/test_database.hpp"

namespace tavolo::server::actors::testing {

namespace v1 = ::tavolo::v1;
using namespace std::chrono_literals;

// A hang guard: a wait that passes it is a failure, never a measurement.
inline constexpr auto kHangGuard = 240s;

// One frame as a client received it.
struct Received {
    session::AccountIdValue account = 0;  // to_account
    SessionId session = 0;                // to_session
    v1::ServerMessage message;
};

// The Outbox: records every frame, decoded, and hands it to `react` (outside its lock, on the
// sending actor's strand), as a client would read it.
class Recorder final : public Outbox {
  public:
    std::function<void(const Received&)> react;
    // What the log keeps (all when empty): a large field's test keeps only what it checks.
    std::function<bool(const v1::ServerMessage&)> keep;

    void to_session(SessionId session, Frame frame) override { record(Received{0, session, parse(*frame)}); }
    void to_account(session::AccountIdValue account, Frame frame) override {
        record(Received{account, 0, parse(*frame)});
    }
    void account_result(SessionId, session::AccountResult) override {}

    // Waits until `done(log)` holds; false when the hang guard passes first.
    bool wait(const std::function<bool(const std::vector<Received>&)>& done) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, kHangGuard, [&] { return done(log_); });
    }
    std::vector<Received> log() const {
        std::lock_guard lock(mutex_);
        return log_;
    }
    // Wakes the waiters (something they wait on besides frames changed).
    void poke() {
        std::lock_guard lock(mutex_);
        changed_.notify_all();
    }

  private:
    static v1::ServerMessage parse(const std::string& bytes) {
        v1::ServerMessage m;
        EXPECT_TRUE(m.ParseFromString(bytes)) << "a frame that does not parse";
        return m;
    }
    void record(Received r) {
        if (!keep || keep(r.message)) {
            std::lock_guard lock(mutex_);
            log_.push_back(r);
            changed_.notify_all();
        }
        if (react) react(r);
    }

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Received> log_;
};

class RecordingLobby final : public LobbyNotices {
  public:
    explicit RecordingLobby(Recorder& wake) : wake_(wake) {}
    void late_registration_closed(lobby::TournamentId) override {}
    void tournament_finished(lobby::TournamentId tournament) override {
        {
            std::lock_guard lock(mutex_);
            finished_.push_back(persistence::raw(tournament));
        }
        wake_.poke();
    }
    std::vector<std::int64_t> finished() const {
        std::lock_guard lock(mutex_);
        return finished_;
    }
    void tournament_cancelled(lobby::TournamentId tournament) override {
        {
            std::lock_guard lock(mutex_);
            cancelled_.push_back(persistence::raw(tournament));
        }
        wake_.poke();
    }
    std::vector<std::int64_t> cancelled() const {
        std::lock_guard lock(mutex_);
        return cancelled_;
    }

  private:
    Recorder& wake_;
    mutable std::mutex mutex_;
    std::vector<std::int64_t> finished_;
    std::vector<std::int64_t> cancelled_;
};

inline constexpr engine::Cents kGrant = 10'000;

// The whole server side of the tournaments, as server/app composes it, on a fresh database.
class Harness {
  public:
    explicit Harness(double speed, TournamentsOptions options = {})
        : writes_(persistence::WriteServiceOptions{.url = db_.url(), .workers = 2}),
          clock_(speed),
          guard_(boost::asio::make_work_guard(io_)),
          context_{io_, clock_, writes_, outbox, seats},
          lobby(outbox),
          tournaments(context_, registry, options) {
        tournaments.set_lobby(lobby);
        for (int i = 0; i < 2; ++i)
            threads_.emplace_back([this] { io_.run(); });
    }
    ~Harness() { shutdown(); }
    // Drains the write path and stops the io_context's threads (idempotent): nothing runs after it.
    void shutdown() {
        if (threads_.empty()) return;
        writes_.wait_idle(30s);
        writes_.stop();
        guard_.reset();
        io_.stop();
        for (auto& t : threads_)
            t.join();
        threads_.clear();
    }

    // `players` accounts with kGrant each, registered (buy-in of the declaration) in a new
    // tournament: the lobby's StartTournament for them, entrants in registration order.
    lobby::StartTournament tournament(const TournamentDeclaration& declaration, int players) {
        using namespace persistence;
        AccountStore accounts(db_.db(), PasswordCost::minimum());
        Ledger ledger(db_.db());
        TournamentStore store(db_.db());
        TournamentSpec spec;
        spec.name = declaration.name;
        spec.kind = declaration.kind;
        if (auto variant = poker_variant(declaration.game)) {
            const auto& s = std::get<PokerTournament>(declaration.rules).structure;
            spec.game = PokerGame{*variant, s.betting};
        } else {
            spec.game = PolaccoGame{};
        }
        spec.prize_part = declaration.buy_in().prize_part;
        spec.fee = declaration.buy_in().fee;
        lobby::StartTournament start;
        start.tournament = store.create(spec).value().id;
        start.declaration = declaration;
        for (int i = 0; i < players; ++i) {
            const std::string name = declaration.name + "-" + std::to_string(i);
            Account a = accounts.create(name, "password-" + std::to_string(i)).value();
            EXPECT_TRUE(ledger.deposit(a.wallet, kGrant, "grant:" + name));
            Registration r = store
                                 .register_player(start.tournament, a.id,
                                                  "buyin:" + std::to_string(raw(start.tournament)) + ":" +
                                                      std::to_string(raw(a.id)))
                                 .value();
            start.entrants.push_back({a.id, r.id, 1});
            names_[raw(a.id)] = name;
        }
        return start;
    }

    engine::Cents balance(persistence::AccountId account) {
        persistence::Ledger ledger(db_.db());
        return ledger.balance(ledger.wallet_of(account).value()).value();
    }
    // Waits until the lobby heard that `tournament` finished.
    bool wait_finished(persistence::TournamentId tournament) {
        return outbox.wait([&](const std::vector<Received>&) {
            for (std::int64_t id : lobby.finished())
                if (id == persistence::raw(tournament)) return true;
            return false;
        });
    }
    tavolo::testing::MigratedDatabase& db() { return db_; }
    const GameClock& clock() const { return clock_; }
    const std::string& name_of(session::AccountIdValue account) { return names_[account]; }
    bool idle() { return writes_.wait_idle(60s); }

  private:
    tavolo::testing::MigratedDatabase db_;
    persistence::WriteService writes_;
    boost::asio::io_context io_;
    GameClock clock_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;

  public:
    Recorder outbox;
    SeatBook seats;
    TableRegistry registry;

  private:
    ActorContext context_;

  public:
    RecordingLobby lobby;
    Tournaments tournaments;

  private:
    std::vector<std::thread> threads_;
    std::map<session::AccountIdValue, std::string> names_;
};

}  // namespace tavolo::server::actors::testing
