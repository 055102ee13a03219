#include "server/cluster/lease_keeper.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace tavolo::server::cluster {

namespace {

persistence::Database::Options keeper_database(std::shared_ptr<persistence::Fence> fence) {
    persistence::Database::Options o;
    o.pool_size = 2;
    o.statement_timeout = std::chrono::milliseconds(5'000);  // a stuck statement must not outlive the lease
    o.fence = std::move(fence);
    return o;
}

}  // namespace

LeaseKeeper::LeaseKeeper(LeaseKeeperOptions options, std::shared_ptr<persistence::Fence> fence,
                         LeaseKeeperHooks hooks)
    : options_(std::move(options)),
      fence_(std::move(fence)),
      hooks_(std::move(hooks)),
      db_(options_.url, keeper_database(fence_)),
      leases_(db_, options_.node, options_.lease) {
    fence_->set_listener([this](std::int64_t tournament, const std::string& why) {
        spdlog::warn("event=fenced_out node={} tournament={} error=\"{}\"", options_.node, tournament, why);
        std::lock_guard lock(mutex_);
        refused_ = true;
        wake_.notify_all();
    });
}

LeaseKeeper::~LeaseKeeper() {
    stop();
    fence_->set_listener({});
}

void LeaseKeeper::start() {
    round();
    thread_ = std::thread([this] {
        const auto period = std::max(options_.lease / 3, std::chrono::milliseconds(100));
        for (;;) {
            {
                std::unique_lock lock(mutex_);
                wake_.wait_for(lock, period, [this] { return stopping_ || refused_; });
                if (stopping_) return;
                refused_ = false;
            }
            round();
        }
    });
}

void LeaseKeeper::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && !thread_.joinable()) return;
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
    std::map<std::int64_t, std::int64_t> held;
    std::optional<std::int64_t> lobby;
    {
        std::lock_guard lock(mutex_);
        held.swap(held_);
        lobby.swap(lobby_token_);
    }
    for (const auto& [tournament, token] : held) {
        fence_->drop(tournament);
        (void)leases_.release(persistence::tournament_lease(persistence::TournamentId{tournament}), token);
    }
    if (lobby) (void)leases_.release(persistence::kLobbyLease, *lobby);
    // The tables hosted for other nodes' directors: each director's node takes its table back at its
    // next round, from the last hand, which committed (TableHost::stop_all).
    const auto tables = fence_->tables();
    for (const auto& [row, token] : tables) {
        fence_->drop_table(row);
        (void)leases_.release(persistence::table_lease(persistence::TableId{row}), token);
    }
    if (!held.empty() || lobby || !tables.empty())
        spdlog::info("event=leases_released node={} tournaments={} lobby={} tables={}", options_.node,
                     held.size(), lobby.has_value(), tables.size());
}

void LeaseKeeper::leave() {
    std::lock_guard lock(mutex_);
    leaving_node_ = true;
    refused_ = true;  // a round at once
    wake_.notify_all();
}

bool LeaseKeeper::holds_lobby() const {
    std::lock_guard lock(mutex_);
    return lobby_token_.has_value();
}

std::vector<std::int64_t> LeaseKeeper::hosted() const {
    std::lock_guard lock(mutex_);
    std::vector<std::int64_t> out;
    for (const auto& [tournament, token] : held_)
        out.push_back(tournament);
    return out;
}

void LeaseKeeper::round() {
    bool leaving = false;
    bool lobby = false;
    {
        std::lock_guard lock(mutex_);
        leaving = leaving_node_;
        lobby = lobby_token_.has_value();
    }
    if (leaving) {
        if (!left_) {
            auto left = leases_.leave();
            left_ = left.has_value();
            if (left_) spdlog::info("event=node_leaving node={}", options_.node);
        }
        // Renewals, and the take-back of a dead host's tables (so that this node's directors become
        // quiet), until stop() releases everything: no lobby, tournament or orphan is taken.
        if (lobby) keep_lobby();
        keep_tournaments();
        keep_tables();
        return;
    }
    if (auto beat = leases_.heartbeat(); !beat)
        spdlog::warn("event=heartbeat_failed node={} error=\"{}\"", options_.node, beat.error().message);
    if (hooks_.live_nodes)
        if (auto live = leases_.live_nodes(options_.lease); live) hooks_.live_nodes(std::move(*live));
    keep_lobby();
    keep_tournaments();
    claim_running();
    keep_tables();
    take_orphans();
}

void LeaseKeeper::keep_tables() {
    if (hooks_.resend_table_news)
        hooks_.resend_table_news(std::max(options_.lease / 3, std::chrono::milliseconds(100)));
    for (const auto& [row, token] : fence_->tables()) {
        const auto asked = std::chrono::steady_clock::now();
        auto renewed = leases_.renew(persistence::table_lease(persistence::TableId{row}), token);
        if (!renewed) continue;  // the database is away: next round (the table stops at its deadline)
        if (*renewed) {
            fence_->extend_table(row, asked + options_.lease);
            continue;
        }
        fence_->drop_table(row);
        spdlog::warn("event=table_lease_lost node={} table_row={} token={}", options_.node, row, token);
        if (hooks_.table_lost) hooks_.table_lost(row);
    }
    if (hooks_.take_back_tables) hooks_.take_back_tables(db_);
}

void LeaseKeeper::keep_lobby() {
    std::optional<std::int64_t> token;
    {
        std::lock_guard lock(mutex_);
        token = lobby_token_;
    }
    if (token) {
        auto renewed = leases_.renew(persistence::kLobbyLease, *token);
        if (!renewed || *renewed) return;  // kept (or the database is away: try again next round)
        {
            std::lock_guard lock(mutex_);
            lobby_token_.reset();
        }
        spdlog::warn("event=lobby_lost node={} token={}", options_.node, *token);
        if (hooks_.lobby) hooks_.lobby(false, db_);
        return;
    }
    auto acquired = leases_.acquire(persistence::kLobbyLease);
    if (!acquired || !*acquired) return;
    {
        std::lock_guard lock(mutex_);
        lobby_token_ = **acquired;
    }
    spdlog::info("event=lobby_gained node={} token={}", options_.node, **acquired);
    if (hooks_.lobby) hooks_.lobby(true, db_);
}

void LeaseKeeper::keep_tournaments() {
    std::map<std::int64_t, std::int64_t> held;
    {
        std::lock_guard lock(mutex_);
        held = held_;
    }
    const auto running = hooks_.running ? hooks_.running() : std::vector<std::int64_t>{};
    for (const auto& [tournament, token] : held) {
        const auto resource = persistence::tournament_lease(persistence::TournamentId{tournament});
        if (std::find(running.begin(), running.end(), tournament) == running.end()) {
            // Over here (finished or cancelled): nobody needs the lease any more.
            (void)leases_.release(resource, token);
            fence_->drop(tournament);
            std::lock_guard lock(mutex_);
            held_.erase(tournament);
            continue;
        }
        const auto asked = std::chrono::steady_clock::now();
        auto renewed = leases_.renew(resource, token);
        if (!renewed) {
            spdlog::warn("event=lease_not_renewed node={} tournament={} error=\"{}\"", options_.node,
                         tournament, renewed.error().message);
            continue;
        }
        if (*renewed)
            fence_->extend(tournament, asked + options_.lease);
        else
            lose(tournament, "another node took its lease");
    }
}

void LeaseKeeper::claim_running() {
    if (!hooks_.running) return;
    const auto running = hooks_.running();
    {
        std::lock_guard lock(mutex_);
        std::erase_if(leaving_, [&](std::int64_t t) {
            return std::find(running.begin(), running.end(), t) == running.end();
        });
    }
    for (const std::int64_t tournament : running) {
        {
            std::lock_guard lock(mutex_);
            if (held_.contains(tournament) || leaving_.contains(tournament)) continue;
        }
        const auto asked = std::chrono::steady_clock::now();
        auto acquired = leases_.acquire(persistence::tournament_lease(persistence::TournamentId{tournament}));
        if (!acquired) continue;  // the database is away: next round
        if (!*acquired) {
            lose(tournament, "another node holds its lease");
            continue;
        }
        fence_->hold(tournament, **acquired, asked + options_.lease);
        {
            std::lock_guard lock(mutex_);
            held_[tournament] = **acquired;
        }
        spdlog::info("event=lease_acquired node={} tournament={} token={}", options_.node, tournament,
                     **acquired);
    }
}

void LeaseKeeper::take_orphans() {
    auto orphans = leases_.tournaments_to_take(holds_lobby());
    if (!orphans) return;
    for (const auto id : *orphans) {
        const std::int64_t tournament = persistence::raw(id);
        {
            std::lock_guard lock(mutex_);
            if (held_.contains(tournament) || leaving_.contains(tournament) || stopping_) continue;
        }
        // Asked after the database said it runs: the lobby starts a tournament here before its state
        // commits, so one this node started is in the list (claim_running() claims it next round).
        const auto running = hooks_.running ? hooks_.running() : std::vector<std::int64_t>{};
        if (std::find(running.begin(), running.end(), tournament) != running.end()) continue;
        const auto asked = std::chrono::steady_clock::now();
        auto acquired = leases_.acquire(persistence::tournament_lease(id));
        if (!acquired || !*acquired) continue;  // another node was quicker
        fence_->hold(tournament, **acquired, asked + options_.lease);
        {
            std::lock_guard lock(mutex_);
            held_[tournament] = **acquired;
        }
        spdlog::warn("event=tournament_taking_over node={} tournament={} token={}", options_.node, tournament,
                     **acquired);
        if (hooks_.host) hooks_.host(tournament, db_);
        // Resumed, or cancelled by the recovery (then the next round releases its lease).
        spdlog::warn("event=tournament_taken_over node={} tournament={} token={}", options_.node, tournament,
                     **acquired);
    }
}

void LeaseKeeper::lose(std::int64_t tournament, const std::string& why) {
    fence_->drop(tournament);
    {
        std::lock_guard lock(mutex_);
        held_.erase(tournament);
        leaving_.insert(tournament);
    }
    spdlog::warn("event=lease_lost node={} tournament={} reason=\"{}\"", options_.node, tournament, why);
    if (hooks_.unhost) hooks_.unhost(tournament, why);
}

}  // namespace tavolo::server::cluster
