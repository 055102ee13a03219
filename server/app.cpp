#include "server/app.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include "persistence/write_service.hpp"
#include "server/actors/account_service.hpp"
#include "server/actors/actor_context.hpp"
#include "server/actors/countdown.hpp"
#include "server/actors/lobby_actor.hpp"
#include "server/actors/operator_accounts.hpp"
#include "server/actors/table_registry.hpp"
#include "server/actors/tournament_launcher.hpp"
#include "server/actors/tournament_recovery.hpp"
#include "server/api/audit_routes.hpp"
#include "server/api/operator_api.hpp"
#include "server/api/player_routes.hpp"
#include "server/api/tables_routes.hpp"
#include "server/cluster/cluster_node.hpp"
#include "server/cluster/node_hosting.hpp"
#include "server/cluster/table_host.hpp"
#include "server/cluster/table_spread.hpp"
#include "server/database_health.hpp"
#include "server/demo_lobby.hpp"
#include "server/listener.hpp"
#include "server/metrics/exposition.hpp"
#include "server/metrics/process_stats.hpp"
#include "server/net/session_registry.hpp"
#include "server/net/websocket_services.hpp"
#include "server/operator/audit_reader.hpp"
#include "server/operator/hand_backend.hpp"
#include "server/operator/live_feed.hpp"
#include "server/operator/live_outbox.hpp"
#include "server/operator/moderation_backend.hpp"
#include "server/operator/player_accounts.hpp"
#include "server/operator/stored_declarations.hpp"
#include "server/operator/tables_backend.hpp"
#include "server/operator/tournament_backend.hpp"
#include "server/routes.hpp"
#include "server/web_files.hpp"

namespace tavolo::server {

namespace asio = boost::asio;

namespace {

// The lobby's entrant counts reach its subscribers at most once per this real time during a burst of
// registrations (lobby::LobbyOptions::update_interval, in game time: scaled by [clock] speed).
constexpr auto kLobbyUpdateInterval = std::chrono::seconds(1);

int thread_count(const Config& config) {
    return config.threads > 0 ? config.threads
                              : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

// /readyz: the database as the probe saw it last (at most about a second ago: reachable, migrated to
// this binary's schema) and the write path as it stands now: a full queue or a write service that
// cannot reach the database with work waiting means hands cannot be made durable, so the server must not
// take new players. Recovery is done before anyone can ask: the listener starts after it.
Readiness readiness_of(DatabaseHealth* health, const persistence::WriteService& writes,
                       std::size_t queue_capacity) {
    if (!health) return {false, "no database is configured"};
    if (Readiness db = health->readiness(); !db.ready) return db;
    const auto status = writes.status();
    if (status.pending >= queue_capacity)
        return {false, "the write queue is full: the database does not keep up; retry shortly"};
    if (!status.database_up && status.pending > 0 && status.outages > 0)
        return {false, "the write service cannot reach the database; writes are waiting"};
    return {true, ""};
}

// /metrics: what is read at scrape time (each a look-up under its own lock or an atomic).
metrics::ServerGauges gauges_of(const net::SessionRegistry& registry, const actors::SeatBook& seats,
                                const actors::TableRegistry& tables, const persistence::WriteService& writes,
                                const persistence::WriteServiceOptions& options) {
    const auto status = writes.status();
    metrics::ServerGauges g;
    g.connections = static_cast<std::int64_t>(registry.live_sessions());
    g.players_seated = static_cast<std::int64_t>(seats.seated_accounts());
    g.tables = static_cast<std::int64_t>(tables.size());
    g.write_queue_depth = static_cast<std::int64_t>(status.pending);
    g.write_queue_capacity = static_cast<std::int64_t>(options.queue_capacity);
    g.hands_committed = status.hands_committed;
    g.write_commits = status.commits;
    g.database_outages = status.outages;
    g.database_up = status.database_up;
    g.database_connections = static_cast<std::int64_t>(options.workers);
    return g;
}

// The built web client, read once (a new build needs a restart). Without one the server still runs: the
// API and the game do not need it.
WebFiles load_web_client(const std::string& root) {
    WebFiles web = WebFiles::load(root);
    switch (web.status()) {
        case WebFiles::Status::off:
            spdlog::info("event=web_client_off detail=\"[web] root is empty\"");
            break;
        case WebFiles::Status::not_built:
            spdlog::warn("event=web_client_not_built detail=\"{}\"", web.problem());
            break;
        case WebFiles::Status::ready:
            spdlog::info("event=web_client_loaded root=\"{}\" files={} bytes={}", root, web.file_count(),
                         web.total_bytes());
            break;
    }
    return web;
}

}  // namespace

int run_server(const Config& config, const std::string& version, DatabaseHealth* health) {
    asio::io_context io{thread_count(config)};
    const actors::GameClock clock(config.clock_speed);

    persistence::WriteServiceOptions write_options;
    write_options.url = config.database_url;
    // Several nodes: the database refuses this node's writes for a tournament it lost
    // (persistence/fence.hpp).
    std::shared_ptr<persistence::Fence> fence;
    if (config.cluster) fence = std::make_shared<persistence::Fence>(config.node_id);
    write_options.fence = fence;
    persistence::WriteService writes(write_options, [](bool up, const std::string& error) {
        if (up)
            spdlog::info("event=write_service_database_up");
        else
            spdlog::warn("event=write_service_database_down error=\"{}\"", error);
    });

    actors::SeatBook seats;
    net::SessionRegistry registry(io, seats);
    operators::ChatGuard chat;  // mutes and the chat rate (issue 12 item 5)
    // The operators' live feed (issue 12) sees what the actors send, beside the sessions.
    operators::LiveFeed live_feed;
    operators::LiveOutbox outbox(registry, live_feed);
    actors::TableRegistry tables;

    // Several nodes (server/cluster/README.md): requests for tables and the lobby on other nodes, and
    // frames for sessions on other nodes, travel over NATS. Without [cluster] none of it exists.
    std::unique_ptr<cluster::ClusterNode> node;
    if (config.cluster) {
        cluster::ClusterNodeOptions node_options;
        node_options.node = config.node_id;
        node_options.bus.url = config.cluster->nats_url;
        auto started = cluster::ClusterNode::start(
            io, node_options, outbox, tables, seats,
            [&registry](session::AccountIdValue account) { return registry.session_of(account); });
        if (!started) {
            std::cerr << "tavolo-server: " << started.error() << "\n";
            return 5;
        }
        node = std::move(*started);
    }
    actors::Outbox& actor_outbox = node ? node->outbox() : static_cast<actors::Outbox&>(outbox);
    session::TableDirectory& table_directory =
        node ? node->tables() : static_cast<session::TableDirectory&>(tables);
    actors::ActorContext context{io, clock, writes, actor_outbox, seats, &chat};
    context.fence = fence.get();  // several nodes: the tables act only while this node's lease holds
    // [cluster] spread_tables: directors here place their tables on every live node (table_spread.hpp);
    // every node hosts the tables other nodes' directors give it (table_host.hpp).
    const auto lease_length =
        std::chrono::milliseconds(config.cluster ? config.cluster->lease_seconds * 1000 : 0);
    std::unique_ptr<cluster::TableSpread> spread;
    if (node && config.cluster->spread_tables) {
        spread = std::make_unique<cluster::TableSpread>(
            node->bus(), config.node_id, writes, lease_length,
            [&registry, &tables](const protocol::TableAddress& table,
                                 const std::vector<session::AccountIdValue>& accounts) {
                for (const auto account : accounts)
                    if (const session::SessionId session = registry.session_of(account); session != 0)
                        (void)tables.submit(session::TableRequest{
                            {session, account, {}}, 0, table, session::ReattachRequest{}});
            });
        context.placement = spread.get();
    }
    std::unique_ptr<cluster::TableHost> table_host;
    if (node)
        table_host = std::make_unique<cluster::TableHost>(context, node->bus(), config.node_id, tables, fence,
                                                          lease_length);

    registry.set_table_directory(table_directory);
    actors::Tournaments tournaments(context, tables, actors::TournamentsOptions{});
    actors::AccountOptions account_options;
    account_options.starting_balance = config.starting_balance;
    account_options.password_cost = actors::password_cost_of(config.password_cost);
    actors::AccountServiceImpl accounts(context, account_options);
    // The operator API's log in and bearer checks (server/api/README.md), off the network threads.
    actors::OperatorAccountsOptions operator_options;
    operator_options.password_cost = account_options.password_cost;
    actors::OperatorAccounts operators(writes, operator_options);
    // The configuration's tournaments, then those operators created over the API that are not over.
    const auto declared = operators::with_stored_declarations(config.database_url, lobby_tournaments(config));
    // A burst of registrations reaches the lobby's subscribers as one update a second (real time).
    lobby::LobbyOptions lobby_options;
    lobby_options.update_interval = std::chrono::milliseconds(static_cast<std::int64_t>(
        std::chrono::milliseconds(kLobbyUpdateInterval).count() * config.clock_speed));
    actors::LobbyActor lobby(context, declared, lobby_options, tournaments);
    if (node) {
        // The lobby runs on the node holding the lobby lease (the lease keeper's hook calls set_host);
        // the others forward to it over NATS.
        node->lobby().set_local(lobby, lobby,
                                [&lobby](session::SessionId gone) { lobby.forget_session(gone); });
        tournaments.set_lobby(node->lobby());
    } else {
        tournaments.set_lobby(lobby);
    }
    session::LobbyGateway& lobby_gateway = node ? static_cast<session::LobbyGateway&>(node->lobby()) : lobby;
    // A restart: every unfinished tournament resumes, is adopted by the lobby or is cancelled with
    // refunds, before anyone connects; the lobby hears of them before any director can report.
    // Several nodes: the lease keeper does it, one tournament at a time, for what this node gets.
    if (!config.database_url.empty()) {
        persistence::Database db(config.database_url);
        if (!config.cluster)
            lobby.adopt(actors::recover_tournaments(db, declared, tournaments, clock.wall_now()).adopted);
        if (auto mutes = operators::load_mutes(db, chat); !mutes)  // a restart lifts no mute
            spdlog::error("event=mutes_not_loaded error=\"{}\"", mutes.error().message);
    }
    registry.set_closed_listener([&lobby, &node](session::SessionId closed) {
        lobby.forget_session(closed);
        if (node) node->session_closed(closed);
    });

    ServerInfo info{version,
                    [health, &writes, capacity = write_options.queue_capacity] {
                        return readiness_of(health, writes, capacity);
                    },
                    [&registry, &seats, &tables, &writes, &write_options] {
                        return metrics::exposition(gauges_of(registry, seats, tables, writes, write_options),
                                                   metrics::instruments()) +
                               metrics::process_exposition(metrics::read_process_stats());
                    }};
    info.web = std::make_shared<const WebFiles>(load_web_client(config.web_root));
    // The operator API's routes (server/api/README.md): each area adds its own.
    api::Router api_routes;
    api::add_account_routes(api_routes);
    operators::PlayerAccounts player_accounts(writes);
    api::add_player_routes(api_routes, player_accounts);
    operators::AuditReader audit_reader(writes);
    api::add_audit_routes(api_routes, audit_reader);
    operators::HandBackend hand_backend(writes);
    api::add_hand_routes(api_routes, hand_backend);
    operators::ModerationBackend moderation(writes, tables, seats, registry, chat,
                                            [&registry](std::int64_t account, std::string reason) {
                                                registry.close_account(account, std::move(reason));
                                            });
    api::add_moderation_routes(api_routes, moderation);
    operators::TournamentBackendImpl tournament_backend(io, writes, lobby, tournaments);
    api::add_tournament_routes(api_routes, tournament_backend);
    operators::LiveTables live_tables(tables);
    api::add_tables_routes(api_routes, live_tables);
    std::optional<Listener> listener;
    try {
        listener.emplace(
            io, ListenerOptions{config.host, config.port, config.tls_certificate, config.tls_private_key},
            [info, &operators, &api_routes](HttpRequest request, std::function<void(HttpResponse)> respond) {
                if (api::is_api_path(request.target))
                    return api::serve_api(operators, api_routes, std::move(request), std::move(respond));
                respond(route(info, request));
            },
            WebSocketServices{accounts, table_directory, lobby_gateway, registry, version, {}});
    } catch (const std::exception& e) {
        std::cerr << "tavolo-server: " << e.what() << "\n";
        return 4;
    }
    listener->set_operator_live({&operators, &live_feed});
    listener->start();
    std::atomic<bool> draining{false};
    std::unique_ptr<cluster::LeaseKeeper> keeper;
    if (config.cluster) {
        cluster::NodeParts parts{
            declared, clock, tournaments, lobby, registry, seats, tables,
            [&node](bool gained) { node->lobby().set_host(gained); },
            // Only with spread_tables: no query more per round otherwise.
            spread ? std::function<void(std::vector<std::string>)>([&spread](std::vector<std::string> live) {
                spread->set_live_nodes(std::move(live));
            })
                   : nullptr,
            spread ? std::function<void(persistence::Database&)>(
                         [&spread](persistence::Database& db) { spread->take_back_dead(db); })
                   : nullptr,
            [&table_host](std::int64_t row) { table_host->lost(row); },
            [&table_host](std::int64_t tournament) {
                table_host->stop_tournament(tournament, std::chrono::seconds(5));
            },
            [&table_host](std::chrono::milliseconds after) { table_host->resend_due(after); }};
        keeper = cluster::make_lease_keeper(config, fence, std::move(parts), draining);
        keeper->start();  // its first round places the lobby and this node's tournaments, here
    } else {
        lobby.open();
        // The feed's own lobby subscription: its frames come back to the LiveOutbox as kFeedSession's.
        lobby.submit(session::LobbyRequest{operators::kFeedSession, 0, 0, ::tavolo::v1::SubscribeLobby{}});
    }

    // Graceful shutdown (issue 10 item 11): stop taking players and registrations, let each hand in
    // flight finish and commit, close every connection with a reason, drain the writes, exit 0; all
    // within [server] shutdown_grace.
    const auto grace = config.shutdown_grace;
    // The grace timer and the tables' "quiet" meet on one strand: whichever comes first closes everything.
    auto shutdown_strand = asio::make_strand(io);
    std::chrono::steady_clock::time_point shutdown_started{};  // read after the threads are joined
    asio::steady_timer grace_timer(shutdown_strand);
    bool closing = false;
    auto close_everything = [&] {
        if (closing) return;
        closing = true;
        grace_timer.cancel();
        registry.shutdown_all("the server is shutting down; reconnect in a moment",
                              [&io] { asio::post(io, [&io] { io.stop(); }); });
    };
    asio::signal_set signals(io, SIGINT, SIGTERM);
    // Said once a SIGTERM is ours to handle (asio keeps one that comes before the wait below).
    std::cout << "tavolo-server " << version << " listening on " << (config.tls() ? "https" : "http") << "://"
              << config.host << ":" << listener->port() << std::endl;
    signals.async_wait([&](const boost::system::error_code& ec, int signal) {
        if (ec) return;
        spdlog::info("event=shutdown signal={} grace_s={}", signal, grace.count());
        draining = true;
        shutdown_started = std::chrono::steady_clock::now();
        listener->stop_accepting();
        lobby.stop_registrations();
        asio::post(shutdown_strand, [&] {
            grace_timer.expires_after(grace);
            grace_timer.async_wait([&](const boost::system::error_code& wait) {
                if (wait) return;
                spdlog::warn(
                    "event=shutdown_grace_over detail=\"hands still in flight are void (RULES.md 7)\"");
                close_everything();
            });
        });
        if (keeper) keeper->leave();  // no new table is placed here from now
        // This node's tournaments and the tables it hosts for other nodes' directors finish their
        // hands; the last of the two to be still closes everything.
        const auto one_still = actors::countdown(
            table_host ? 2 : 1, [&] { asio::post(shutdown_strand, [&] { close_everything(); }); });
        tournaments.stop_dealing(one_still);
        if (table_host) table_host->stop_all(one_still);
    });

    std::vector<std::thread> pool;
    for (int i = 1; i < thread_count(config); ++i)
        pool.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& t : pool)
        t.join();

    // What the tables committed is durable; what is still queued gets the rest of the grace.
    const auto spent = std::chrono::steady_clock::now() - shutdown_started;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(grace - spent);
    if (!writes.wait_idle(std::max(left, std::chrono::milliseconds{100})))
        spdlog::warn("event=shutdown_writes_pending pending={}", writes.status().pending);
    writes.stop();
    if (keeper) keeper->stop();  // after the last commit: another node may take every lease at once
    spdlog::info("event=shutdown_complete");
    return 0;
}

}  // namespace tavolo::server
