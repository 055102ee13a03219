#include "server/cluster/node_hosting.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>

#include "persistence/leases.hpp"
#include "server/actors/tournament_recovery.hpp"
#include "server/operator/live_outbox.hpp"

namespace tavolo::server::cluster {

namespace {

// A tournament taken over from another node: its players already connected here (they came back
// before it resumed) get each of their tables' snapshot, as a resume gives it. Its tables open on
// the director's strand: wait for them a little (on the keeper's thread, which may block), only when
// someone is there to tell.
void reattach_players(const NodeParts& parts, std::int64_t tournament,
                      const std::vector<lobby::AdoptedTournament>& adopted) {
    std::vector<std::pair<session::AccountIdValue, session::SessionId>> connected;
    for (const auto& a : adopted) {
        if (persistence::raw(a.id) != tournament) continue;
        for (const auto& r : a.registrations) {
            const auto account = persistence::raw(r.account);
            if (const session::SessionId session = parts.sessions.session_of(account); session != 0)
                connected.emplace_back(account, session);
        }
    }
    if (connected.empty()) return;
    const auto has_tables = [&] {
        for (const auto& address : parts.tables.addresses())
            if (address.tournament_id == tournament) return true;
        return false;
    };
    for (int waited = 0; !has_tables() && waited < 250; ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    for (const auto& [account, session] : connected)
        for (const auto& table : parts.seats.tables_of(account))
            if (table.tournament_id == tournament)
                (void)parts.tables.submit(
                    session::TableRequest{{session, account, {}}, 0, table, session::ReattachRequest{}});
}

}  // namespace

std::unique_ptr<LeaseKeeper> make_lease_keeper(const Config& config,
                                               std::shared_ptr<persistence::Fence> fence, NodeParts parts,
                                               const std::atomic<bool>& closing) {
    LeaseKeeperHooks hooks;
    hooks.running = [&tournaments = parts.tournaments] { return tournaments.running_ids(); };
    hooks.host = [parts, &closing, node = config.node_id,
                  lease = std::chrono::milliseconds(std::int64_t{config.cluster->lease_seconds} * 1000)](
                     std::int64_t id, persistence::Database& db) {
        if (closing || parts.tournaments.runs(id)) return;  // shutting down, or started here meanwhile
        if (parts.before_taking_over) parts.before_taking_over(id);
        // Its tables hosted on other nodes (spread_tables) are this node's from now: their hosts'
        // writes are refused before the recovery reads them (docs/SCALING.md "Tables on several nodes").
        auto taken =
            persistence::LeaseStore(db, node, lease).take_table_leases(persistence::TournamentId{id});
        if (!taken) {
            // Not hosted: the hosts of its tables would go on committing beside the recovery's tables.
            // The keeper's next round releases the lease of a tournament that does not run here and
            // takes it again (take_orphans), so this is tried again a round later.
            spdlog::error(
                "event=table_leases_not_taken tournament={} error=\"{}\" then=\"retried next round\"", id,
                taken.error().message);
            return;
        }
        if (*taken > 0) spdlog::warn("event=table_leases_taken tournament={} tables={}", id, *taken);
        auto outcome = actors::recover_tournament(db, parts.declared, parts.tournaments,
                                                  parts.clock.wall_now(), persistence::TournamentId{id});
        reattach_players(parts, id, outcome.adopted);
        parts.lobby.adopt(std::move(outcome.adopted));
    };
    hooks.unhost = [&tournaments = parts.tournaments](std::int64_t id, const std::string&) {
        tournaments.abandon(id);
    };
    hooks.lobby = [parts, opened = false](bool gained, persistence::Database& db) mutable {
        if (!gained) {
            parts.lobby.stop_registrations();
            if (parts.lobby_routing) parts.lobby_routing(false);
            return;
        }
        if (opened) {  // gained again: its registering tournaments are still listed
            if (parts.lobby_routing) parts.lobby_routing(true);
            return;
        }
        opened = true;
        parts.lobby.adopt(actors::recover_tournaments(db, parts.declared, parts.tournaments,
                                                      parts.clock.wall_now(),
                                                      actors::RecoveryScope::registering_only)
                              .adopted);
        parts.lobby.open();
        // The feed's own lobby subscription: its frames come back to the LiveOutbox as kFeedSession's.
        parts.lobby.submit(
            session::LobbyRequest{operators::kFeedSession, 0, 0, ::tavolo::v1::SubscribeLobby{}});
        if (parts.lobby_routing) parts.lobby_routing(true);
    };
    hooks.live_nodes = parts.live_nodes;
    hooks.take_back_tables = parts.take_back_tables;
    hooks.table_lost = parts.table_lost;
    hooks.resend_table_news = parts.resend_table_news;
    LeaseKeeperOptions options;
    options.url = config.database_url;
    options.node = config.node_id;
    options.lease = std::chrono::seconds(config.cluster->lease_seconds);
    return std::make_unique<LeaseKeeper>(std::move(options), std::move(fence), std::move(hooks));
}

}  // namespace tavolo::server::cluster
