#pragma once
// The routing index of live WebSocket sessions (server/net/README.md): session id → session, account →
// its one live session (the newer connection wins). It implements actors::Outbox, so tables, directors,
// the lobby and the account service reach clients through it without knowing sessions or strands, and
// it carries out the sessions' CloseOlderSession and ReleaseAccount effects. One mutex guards the maps
// (a routing index, not game state); it is never held while calling into a session or another actor.
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/actors/outbox.hpp"
#include "server/actors/seat_book.hpp"
#include "server/net/session_handle.hpp"
#include "server/session/session_effects.hpp"

namespace boost::asio {
class io_context;
}

namespace tavolo::server::net {

using session::AccountIdValue;
using session::Frame;
using session::SessionId;

// A session's close is bounded (ws_session: the queue's drain and the close handshake); this bounds the
// wait for all of them once more, so a shutdown always goes on.
inline constexpr std::chrono::seconds kShutdownSafety{10};

class SessionRegistry final : public actors::Outbox {
  public:
    // `io` runs the shutdown safety timer; `seats` says where an account sits when its connection goes.
    // Both outlive the registry, which outlives the io_context's threads.
    SessionRegistry(boost::asio::io_context& io, actors::SeatBook& seats);
    ~SessionRegistry() override;
    SessionRegistry(const SessionRegistry&) = delete;
    SessionRegistry& operator=(const SessionRegistry&) = delete;

    // ---- Wiring, before the io_context runs ---------------------------------------------------
    // Where AwayNotices go (the table registry, built after this registry because it needs the Outbox).
    void set_table_directory(session::TableDirectory& tables);
    // Called (from a session's strand) with the id of every session that closes.
    void set_closed_listener(std::function<void(SessionId)> listener);

    // ---- actors::Outbox: post to the session's strand; dropped when it has gone ----------------
    void to_session(SessionId session, Frame frame) override;
    void to_account(AccountIdValue account, Frame frame) override;
    void account_result(SessionId session, session::AccountResult result) override;

    // ---- Shutdown -----------------------------------------------------------------------------
    // Every live session (and any that opens from now on) gets SessionCore::on_shutdown(reason): a
    // Closing{SHUTTING_DOWN} frame, then the close. `done` is called once, from any thread, when the
    // last one has closed: at once when there is none, and after kShutdownSafety at the latest.
    void shutdown_all(std::string reason, std::function<void()> done);

    // ---- Moderation ---------------------------------------------------------------------------
    // An operator closed the account (issue 12): its live connection, if any, gets Closing with
    // `reason` and closes, and its tables show the player away (his clock runs on: he is folded, then
    // sat out and blinded away, RULES.md §5).
    void close_account(AccountIdValue account, std::string reason);

    // ---- For the sessions (server/net/ws_session) ---------------------------------------------
    // A SessionId never used before while this registry lives.
    SessionId next_id();
    // The session is open (its WebSocket handshake done). During a shutdown it is told at once.
    void add(SessionId id, std::weak_ptr<SessionHandle> session);
    // A session's CloseOlderSession effect: `newer` now speaks for the account; an older session of
    // the account gets superseded(reason).
    void claim_account(const session::CloseOlderSession& claim);
    // A session's ReleaseAccount effect: if the account still maps to that session, forget it and tell
    // every table where the account sits that the player is away (session::AwayNotice).
    void release_account(const session::ReleaseAccount& release);
    // The session has closed: forget it, tell the closed listener, count it for a shutdown under way.
    void remove(SessionId id);

    // ---- Questions (tests, metrics) ------------------------------------------------------------
    std::size_t live_sessions() const;
    // The session that speaks for the account now, or 0.
    SessionId session_of(AccountIdValue account) const;

  private:
    std::shared_ptr<SessionHandle> handle_of(SessionId id) const;  // under mutex_
    void finish_shutdown();

    struct Timer;
    actors::SeatBook& seats_;
    std::unique_ptr<Timer> timer_;
    mutable std::mutex mutex_;
    SessionId last_id_ = 0;
    std::unordered_map<SessionId, std::weak_ptr<SessionHandle>> sessions_;
    std::unordered_map<AccountIdValue, SessionId> accounts_;
    session::TableDirectory* tables_ = nullptr;
    std::function<void(SessionId)> closed_listener_;
    bool shutting_down_ = false;
    std::string shutdown_reason_;
    std::function<void()> shutdown_done_;  // taken once, by the last close or the safety timer
};

}  // namespace tavolo::server::net
