#pragma once
// Several nodes (docs/SCALING.md): what the lease keeper (lease_keeper.hpp) does on this node when it
// gains or loses a lease, wired to the node's actors.
//   - The lobby lease gained: the lobby adopts the registering tournaments (as a restart does), opens,
//     and the operators' live feed subscribes to it; lost: it stops taking registrations.
//   - A tournament taken: the tables this node hosted for its dead director stop first
//     ([cluster] spread_tables), then it is resumed by the crash-recovery path (recover_tournament), listed
//     by this node's lobby, and its players already connected here get each of their tables' snapshot.
//   - A tournament lost: it stops dealing and leaves (Tournaments::abandon).
// No Beast here: the session registry's header is Beast-free.
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "persistence/fence.hpp"
#include "server/actors/game_clock.hpp"
#include "server/actors/lobby_actor.hpp"
#include "server/actors/seat_book.hpp"
#include "server/actors/table_registry.hpp"
#include "server/actors/tournament_launcher.hpp"
#include "server/cluster/lease_keeper.hpp"
#include "server/config.hpp"
#include "server/net/session_registry.hpp"

namespace tavolo::server::cluster {

// The node's parts the hooks reach; every one outlives the keeper.
struct NodeParts {
    const std::vector<TournamentDeclaration>& declared;
    const actors::GameClock& clock;
    actors::Tournaments& tournaments;
    actors::LobbyActor& lobby;
    net::SessionRegistry& sessions;
    actors::SeatBook& seats;
    actors::TableRegistry& tables;
    // Told when this node gains (true) or loses (false) the lobby lease, after the lobby opened or
    // stopped registrations: the NATS routing serves the lobby's subjects or forwards to them.
    std::function<void(bool gained)> lobby_routing;
    // The nodes alive now, after each round of the keeper ([cluster] spread_tables: TableSpread).
    std::function<void(std::vector<std::string>)> live_nodes;
    // LeaseKeeperHooks::take_back_tables and table_lost (spread_tables: TableSpread, TableHost).
    std::function<void(persistence::Database&)> take_back_tables;
    std::function<void(std::int64_t row)> table_lost;
    // Before this node takes a tournament over: the tables it hosts for it stop (TableHost::stop_tournament).
    std::function<void(std::int64_t tournament)> before_taking_over;
    // LeaseKeeperHooks::resend_table_news (TableHost::resend_due).
    std::function<void(std::chrono::milliseconds after)> resend_table_news;
};

// The keeper of `config.cluster`, not started. `closing`: a shutdown is under way (take nothing more).
std::unique_ptr<LeaseKeeper> make_lease_keeper(const Config& config,
                                               std::shared_ptr<persistence::Fence> fence, NodeParts parts,
                                               const std::atomic<bool>& closing);

}  // namespace tavolo::server::cluster
