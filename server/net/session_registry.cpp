#include "server/net/session_registry.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <utility>
#include <vector>

namespace tavolo::server::net {

namespace asio = boost::asio;

// The shutdown safety timer, on a strand of its own: armed and cancelled from any thread by posting.
struct SessionRegistry::Timer {
    explicit Timer(asio::io_context& io) : strand(asio::make_strand(io)), timer(strand) {}
    asio::strand<asio::io_context::executor_type> strand;
    asio::steady_timer timer;
};

SessionRegistry::SessionRegistry(asio::io_context& io, actors::SeatBook& seats)
    : seats_(seats), timer_(std::make_unique<Timer>(io)) {}

SessionRegistry::~SessionRegistry() = default;

void SessionRegistry::set_table_directory(session::TableDirectory& tables) {
    std::lock_guard lock(mutex_);
    tables_ = &tables;
}

void SessionRegistry::set_closed_listener(std::function<void(SessionId)> listener) {
    std::lock_guard lock(mutex_);
    closed_listener_ = std::move(listener);
}

std::shared_ptr<SessionHandle> SessionRegistry::handle_of(SessionId id) const {
    auto it = sessions_.find(id);
    return it == sessions_.end() ? nullptr : it->second.lock();
}

// ---- Outbox ---------------------------------------------------------------------------------------

void SessionRegistry::to_session(SessionId session, Frame frame) {
    std::shared_ptr<SessionHandle> handle;
    {
        std::lock_guard lock(mutex_);
        handle = handle_of(session);
    }
    if (handle) handle->deliver(std::move(frame));
}

void SessionRegistry::to_account(AccountIdValue account, Frame frame) {
    std::shared_ptr<SessionHandle> handle;
    {
        std::lock_guard lock(mutex_);
        auto it = accounts_.find(account);
        if (it != accounts_.end()) handle = handle_of(it->second);
    }
    if (handle) handle->deliver(std::move(frame));
}

void SessionRegistry::account_result(SessionId session, session::AccountResult result) {
    std::shared_ptr<SessionHandle> handle;
    {
        std::lock_guard lock(mutex_);
        handle = handle_of(session);
    }
    if (handle) handle->account_result(std::move(result));
}

// ---- Sessions -------------------------------------------------------------------------------------

SessionId SessionRegistry::next_id() {
    std::lock_guard lock(mutex_);
    return ++last_id_;
}

void SessionRegistry::add(SessionId id, std::weak_ptr<SessionHandle> session) {
    std::shared_ptr<SessionHandle> late;
    std::string reason;
    {
        std::lock_guard lock(mutex_);
        sessions_[id] = session;
        // A connection that completes its handshake while the server shuts down is closed like the others.
        if (shutting_down_) {
            late = session.lock();
            reason = shutdown_reason_;
        }
    }
    if (late) late->shutdown(std::move(reason));
}

void SessionRegistry::claim_account(const session::CloseOlderSession& claim) {
    std::shared_ptr<SessionHandle> older;
    {
        std::lock_guard lock(mutex_);
        auto [it, fresh] = accounts_.try_emplace(claim.account, claim.newer);
        if (!fresh && it->second != claim.newer) {
            older = handle_of(it->second);
            it->second = claim.newer;
        }
    }
    if (older) older->superseded(claim.reason);
}

void SessionRegistry::release_account(const session::ReleaseAccount& release) {
    session::TableDirectory* tables = nullptr;
    {
        std::lock_guard lock(mutex_);
        auto it = accounts_.find(release.account);
        // A newer session holds the account: its seats are not away.
        if (it == accounts_.end() || it->second != release.session) return;
        accounts_.erase(it);
        tables = tables_;
    }
    const auto seated_at = seats_.tables_of(release.account);
    if (!tables) {
        if (!seated_at.empty())
            spdlog::warn("event=away_notice_dropped account={} reason=\"no table directory is set\"",
                         release.account);
        return;
    }
    for (const auto& table : seated_at)
        std::ignore =
            tables->submit({.from = {.session = release.session, .account = release.account, .name = {}},
                            .request_id = 0,
                            .table = table,
                            .body = session::AwayNotice{}});
}

void SessionRegistry::close_account(AccountIdValue account, std::string reason) {
    std::shared_ptr<SessionHandle> live;
    SessionId id = 0;
    {
        std::lock_guard lock(mutex_);
        if (auto it = accounts_.find(account); it != accounts_.end()) {
            id = it->second;
            live = handle_of(id);
        }
    }
    if (id == 0) return;
    release_account({account, id});  // before the close: the session itself no longer releases it
    if (live) live->account_closed(std::move(reason));
}

void SessionRegistry::remove(SessionId id) {
    std::function<void(SessionId)> listener;
    bool last = false;
    {
        std::lock_guard lock(mutex_);
        if (sessions_.erase(id) == 0) return;
        listener = closed_listener_;
        last = shutting_down_ && sessions_.empty();
    }
    if (listener) listener(id);
    if (last) finish_shutdown();
}

// ---- Shutdown -------------------------------------------------------------------------------------

void SessionRegistry::shutdown_all(std::string reason, std::function<void()> done) {
    std::vector<std::shared_ptr<SessionHandle>> live;
    {
        std::lock_guard lock(mutex_);
        shutting_down_ = true;
        shutdown_reason_ = reason;
        shutdown_done_ = std::move(done);
        // A session whose object has gone without removing itself never will: do not wait for it.
        std::erase_if(sessions_, [&](const auto& entry) {
            auto handle = entry.second.lock();
            if (!handle) return true;
            live.push_back(std::move(handle));
            return false;
        });
    }
    spdlog::info("event=sessions_closing count={} reason=\"{}\"", live.size(), reason);
    if (live.empty()) return finish_shutdown();
    // Armed before any session is told, so a cancel posted by the last close always comes after it.
    asio::post(timer_->strand, [this] {
        timer_->timer.expires_after(kShutdownSafety);
        timer_->timer.async_wait([this](const boost::system::error_code& ec) {
            if (ec) return;
            spdlog::warn("event=sessions_close_timeout open={}", live_sessions());
            finish_shutdown();
        });
    });
    for (const auto& handle : live)
        handle->shutdown(reason);
}

void SessionRegistry::finish_shutdown() {
    std::function<void()> done;
    {
        std::lock_guard lock(mutex_);
        done = std::exchange(shutdown_done_, nullptr);
    }
    if (!done) return;
    asio::post(timer_->strand, [this] { timer_->timer.cancel(); });
    done();
}

// ---- Questions ------------------------------------------------------------------------------------

std::size_t SessionRegistry::live_sessions() const {
    std::lock_guard lock(mutex_);
    return sessions_.size();
}

SessionId SessionRegistry::session_of(AccountIdValue account) const {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(account);
    return it == accounts_.end() ? 0 : it->second;
}

}  // namespace tavolo::server::net
