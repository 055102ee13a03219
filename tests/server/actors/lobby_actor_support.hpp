#pragma once
// What the account service's and the lobby actor's tests share: a real io_context on two threads, a
// real WriteService on a fresh migrated test database, and in-process recording fakes of the Outbox
// and the TournamentLauncher. Tests wait on the recorded events themselves; the only time limit is a
// hang guard that turns an event that never comes into a failure.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "persistence/account_store.hpp"
#include "persistence/ledger.hpp"
#include "persistence/write_service.hpp"
#include "server/actors/actor_context.hpp"
#include "server/actors/tournament_links.hpp"
#include "tests/persistence/test_database.hpp"

namespace tavolo::server::actors::testing {

namespace v1 = ::tavolo::v1;

// Only for an event that never comes: a hang becomes a failure instead of blocking the run.
inline constexpr std::chrono::seconds kHangGuard{60};

// Waits on `cv` until `ready()`; throws (a test failure) past the hang guard, naming what it waited for.
template <class Ready>
void await(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Ready ready,
           const std::string& what) {
    if (!cv.wait_for(lock, kHangGuard, ready)) throw std::runtime_error("never came: " + what);
}

// Every frame and account result an actor sent, decoded, in order.
class RecordingOutbox final : public Outbox {
  public:
    struct Sent {
        bool to_account = false;  // to_account (else to_session)
        std::uint64_t to = 0;     // the session or the account
        v1::ServerMessage message;
    };

    void to_session(SessionId session, Frame frame) override { record(false, session, *frame); }
    void to_account(AccountIdValue account, Frame frame) override {
        record(true, static_cast<std::uint64_t>(account), *frame);
    }
    void account_result(SessionId session, session::AccountResult result) override {
        std::lock_guard lock(mutex_);
        results_.emplace_back(session, std::move(result));
        changed_.notify_all();
    }

    // The answer to the account request `request_id` of `session`.
    session::AccountResult await_result(SessionId session, std::uint64_t request_id) {
        std::unique_lock lock(mutex_);
        std::optional<session::AccountResult> found;
        await(
            changed_, lock,
            [&] {
                for (const auto& [to, result] : results_)
                    if (to == session && result.request_id == request_id) found = result;
                return found.has_value();
            },
            "the account result of request " + std::to_string(request_id));
        return *found;
    }

    // The first message to that session (or account) for which `match` holds.
    v1::ServerMessage await_message(bool to_account, std::uint64_t to,
                                    const std::function<bool(const v1::ServerMessage&)>& match,
                                    const std::string& what) {
        std::unique_lock lock(mutex_);
        std::optional<v1::ServerMessage> found;
        await(
            changed_, lock,
            [&] {
                for (const Sent& s : sent_)
                    if (s.to_account == to_account && s.to == to && match(s.message)) {
                        found = s.message;
                        return true;
                    }
                return false;
            },
            what);
        return *found;
    }
    // The answer to a request (echoing its id) sent to the session or to the account.
    v1::ServerMessage await_reply(bool to_account, std::uint64_t to, std::uint64_t request_id) {
        return await_message(
            to_account, to, [&](const v1::ServerMessage& m) { return m.request_id() == request_id; },
            "the answer to request " + std::to_string(request_id));
    }

    std::vector<Sent> sent() const {
        std::lock_guard lock(mutex_);
        return sent_;
    }

  private:
    void record(bool to_account, std::uint64_t to, const std::string& bytes) {
        v1::ServerMessage message;
        if (!message.ParseFromString(bytes))
            throw std::runtime_error("an actor sent a frame that does not parse");
        std::lock_guard lock(mutex_);
        sent_.push_back({to_account, to, std::move(message)});
        changed_.notify_all();
    }

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Sent> sent_;
    std::vector<std::pair<SessionId, session::AccountResult>> results_;
};

// Records what the lobby hands to the tournaments.
class RecordingLauncher final : public TournamentLauncher {
  public:
    void start(lobby::StartTournament start) override {
        std::lock_guard lock(mutex_);
        starts_.push_back(std::move(start));
        changed_.notify_all();
    }
    void add_late_entrant(lobby::AddLateEntrant entrant) override {
        std::lock_guard lock(mutex_);
        late_.push_back(std::move(entrant));
        changed_.notify_all();
    }
    void stop_dealing(std::function<void()> quiet) override { quiet(); }

    lobby::StartTournament await_start() {
        std::unique_lock lock(mutex_);
        await(
            changed_, lock, [&] { return !starts_.empty(); }, "a tournament start");
        return starts_.front();
    }
    std::size_t starts() const {
        std::lock_guard lock(mutex_);
        return starts_.size();
    }

  private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<lobby::StartTournament> starts_;
    std::vector<lobby::AddLateEntrant> late_;
};

// The world an actor lives in, for real: io_context on two threads, the write service on a fresh
// database, game time at `speed`.
class ActorWorld {
  public:
    explicit ActorWorld(double speed = 1.0)
        : writes_({.url = database_.url(), .workers = 2}), clock_(speed), guard_(io_.get_executor()) {
        for (int i = 0; i < 2; ++i)
            threads_.emplace_back([this] { io_.run(); });
    }
    ~ActorWorld() {
        // Every write answered (its callback posted while the io_context still exists), then the threads.
        writes_.stop();
        guard_.reset();
        io_.stop();
        for (auto& t : threads_)
            t.join();
    }
    ActorWorld(const ActorWorld&) = delete;
    ActorWorld& operator=(const ActorWorld&) = delete;

    ActorContext context() { return {io_, clock_, writes_, outbox_, seats_}; }
    tavolo::testing::MigratedDatabase& database() { return database_; }
    RecordingOutbox& outbox() { return outbox_; }
    SeatBook& seats() { return seats_; }
    persistence::WriteService& writes() { return writes_; }

    // An account holding `balance` (granted through the ledger, so the books stay balanced).
    persistence::Account player(const std::string& name, engine::Cents balance) {
        const auto hash =
            persistence::hash_password("password-" + name, persistence::PasswordCost::minimum());
        return persistence::AccountStore(database_.db()).create_hashed(name, hash, balance).value();
    }
    engine::Cents balance(const persistence::Account& account) {
        return persistence::Ledger(database_.db()).balance(account.wallet).value();
    }

  private:
    tavolo::testing::MigratedDatabase database_;
    persistence::WriteService writes_;
    GameClock clock_;
    RecordingOutbox outbox_;
    SeatBook seats_;
    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;
    std::vector<std::thread> threads_;
};

}  // namespace tavolo::server::actors::testing
