#include "server/cluster/table_spread.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/tournament/table_report_text.hpp"
#include "persistence/engine_state.hpp"
#include "persistence/leases.hpp"
#include "persistence/recovery.hpp"
#include "server/cluster/cluster_wire.hpp"
#include "server/cluster/remote_table.hpp"
#include "server/cluster/subjects.hpp"

namespace tavolo::server::cluster {

TableSpread::TableSpread(NatsBus& bus, std::string node, persistence::WriteService& writes,
                         std::chrono::milliseconds lease, Reattach reattach)
    : bus_(bus), node_(std::move(node)), writes_(writes), lease_(lease), reattach_(std::move(reattach)) {
    subscription_ = bus_.subscribe(subjects::directors_of(node_), [this](const BusMessage& m) { heard(m); });
}

TableSpread::~TableSpread() {
    bus_.unsubscribe(subscription_);
}

void TableSpread::set_live_nodes(std::vector<std::string> nodes) {
    std::lock_guard lock(mutex_);
    if (nodes == live_) return;
    std::string names;
    for (const auto& n : nodes)
        names += (names.empty() ? "" : ",") + n;
    spdlog::info("event=live_nodes node={} nodes={}", node_, names);
    live_ = std::move(nodes);
}

std::size_t TableSpread::remote_tables() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [address, table] : remote_)
        n += table->away() ? 1 : 0;
    return n;
}

std::shared_ptr<actors::DirectedTable> TableSpread::place(const actors::TableSetup& setup, OpenLocally local,
                                                          TakeBack take_back) {
    const auto key = std::make_pair(setup.address.tournament_id, setup.address.table);
    std::string host;
    {
        std::lock_guard lock(mutex_);
        if (live_.empty()) return nullptr;
        host = live_[static_cast<std::size_t>(setup.address.table) % live_.size()];
    }
    if (host == node_) {
        spdlog::info("event=table_placed tournament={} table={} node={}", setup.address.tournament_id,
                     setup.address.table + 1, node_);
        return nullptr;
    }
    auto table =
        std::make_shared<RemoteTable>(bus_, node_, host, setup, std::move(local), std::move(take_back));
    {
        std::lock_guard lock(mutex_);
        remote_[key] = table;
    }
    // The host's lease first (the fence lets its hands in from the first), then the table.
    auto accepted = writes_.submit<std::int64_t>(
        [resource = persistence::table_lease(setup.stored), host, node = node_, lease = lease_,
         tournament = persistence::TournamentId{setup.address.tournament_id}](persistence::Database& db) {
            return persistence::LeaseStore(db, node, lease).grant(resource, host, tournament);
        },
        [table](persistence::StoreResult<std::int64_t> token) {
            if (token)
                table->granted(*token);
            else
                table->not_granted(token.error().message);
        },
        persistence::Executor::service_thread());
    if (!accepted) table->not_granted(accepted.error().message);
    return table;
}

void TableSpread::reattach(const protocol::TableAddress& table,
                           const std::vector<actors::AccountIdValue>& accounts) {
    if (reattach_) reattach_(table, accounts);
}

namespace {

// The table as its last committed hand left it, from the database (its row and seats alone), or why not.
std::expected<engine::CommittedTable, std::string> last_committed(persistence::Database& db,
                                                                  const protocol::TableAddress& address,
                                                                  persistence::TableId row) {
    auto loaded = persistence::load_open_table(db, row);
    if (!loaded) return std::unexpected(loaded.error().message);
    if (!*loaded) return std::unexpected(std::string("the table is not open (or its tournament is over)"));
    const persistence::RecoveredTable& t = **loaded;
    auto state = persistence::poker_table_state(t);
    if (!state) return std::unexpected(state.error().message);
    auto table = engine::Table::restored(*state);
    if (!table) return std::unexpected(engine::to_string(table.error()));
    engine::CommittedTable committed{address.table, std::move(*table), t.snapshot.hand_number, std::nullopt};
    if (!t.director_report.empty()) {
        auto owed = engine::decode_table_report(t.director_report);
        if (!owed) return std::unexpected("its report: " + engine::describe(owed.error()));
        committed.owed = std::move(*owed);
    }
    return committed;
}

}  // namespace

void TableSpread::take_back_dead(persistence::Database& db) {
    std::vector<std::shared_ptr<RemoteTable>> remote;
    {
        std::lock_guard lock(mutex_);
        // Finished, or dropped by its director without a close (its tournament is gone from here).
        std::erase_if(remote_, [](const auto& entry) {
            return entry.second->finished() || (entry.second.use_count() == 1 && !entry.second->closing());
        });
        for (const auto& [address, table] : remote_)
            remote.push_back(table);
    }
    const auto after = std::max(lease_ / 3, std::chrono::milliseconds(100));
    persistence::LeaseStore leases(db, node_, lease_);
    for (const auto& table : remote) {
        const bool closing = table->closing();
        if (!closing && !table->away()) continue;
        const auto& address = table->address();
        const auto resource = persistence::table_lease(table->row());
        auto lease = leases.find(resource);
        if (!lease || !*lease) continue;
        const bool host_holds = (*lease)->node == table->host() && !(*lease)->expired;
        if (closing) {  // what its host has not acknowledged goes again, while it is there to hear it
            if (host_holds)
                table->resend_due(after);
            else
                table->gone("its host left before acknowledging its close");
            continue;
        }
        // Neither its host's nor this node's: the node that took the tournament over took it too.
        if ((*lease)->node != node_ && (*lease)->node != table->host()) {
            table->gone("node " + (*lease)->node + " holds its lease");
            continue;
        }
        if (host_holds) {  // alive: what it has not acknowledged for a round goes again (NATS may lose it)
            table->resend_due(after);
            continue;
        }
        // Expired under its host, or this node already holds it: an earlier round took it and could
        // not read the table (or the director refused it); try again, or it would never reopen.
        // Only while it is still expired (or already this node's), and only while this node still
        // holds the tournament: a take-back of a node that lost it is fenced out.
        auto token = leases.acquire(resource, persistence::TournamentId{address.tournament_id});
        if (!token) {
            if (token.error().code == persistence::StoreErrc::fenced_out) table->gone(token.error().message);
            continue;
        }
        if (!*token) continue;
        table->taking_back();  // no news of the old host from now: its hands can no longer commit
        spdlog::warn("event=table_taking_over node={} tournament={} table={} host={} token={}", node_,
                     address.tournament_id, address.table + 1, table->host(), **token);
        auto committed = last_committed(db, address, table->row());
        if (!committed) {
            spdlog::error("event=table_not_taken_over node={} tournament={} table={} error=\"{}\"", node_,
                          address.tournament_id, address.table + 1, committed.error());
            continue;
        }
        spdlog::info("event=table_read node={} tournament={} table={} last_committed_hand={}", node_,
                     address.tournament_id, address.table + 1, committed->hand);
        table->taken_back(std::move(*committed));
    }
}

void TableSpread::heard(const BusMessage& message) {
    wire::TableNews news;
    if (!news.ParseFromString(message.data) || !news.has_table()) {
        spdlog::warn("event=cluster_bad_message subject={} detail=\"not a TableNews\"", message.subject);
        return;
    }
    std::shared_ptr<RemoteTable> table;
    {
        std::lock_guard lock(mutex_);
        const auto it = remote_.find({news.table().tournament_id(), news.table().table()});
        if (it != remote_.end()) table = it->second;
    }
    if (table) table->heard(news);
}

}  // namespace tavolo::server::cluster
