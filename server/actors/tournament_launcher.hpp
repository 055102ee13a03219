#pragma once
// The tournaments' side of the lobby's TournamentLauncher (tournament_links.hpp): it starts a
// DirectorActor for a poker tournament or a PolaccoActor for a Poker Polacco one, keeps them
// while they run (a tournament that has finished and closed its tables is dropped), and stops them
// all for a graceful shutdown. Thread-safe: the lobby's strand and the server's shutdown call it.
#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/actors/actor_context.hpp"
#include "server/actors/table_registry.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "server/actors/tournament_links.hpp"

namespace tavolo::server::actors {

class DirectorActor;
class PolaccoActor;

struct TournamentsOptions {
    // Game time between a hand's end and the next deal, so players see the showdown.
    std::chrono::milliseconds pause_between_hands{3'000};
    // Game time between the results and the removal of the last tables.
    std::chrono::milliseconds close_after{10'000};
    // REAL time (not scaled by the clock's speed) between two updates of a tournament's players left
    // to its entrants (elimination_news.hpp): at most one a second per tournament.
    std::chrono::milliseconds news_interval{1'000};
};

class Tournaments final : public TournamentLauncher {
  public:
    Tournaments(ActorContext context, TableRegistry& registry, TournamentsOptions options = {});
    ~Tournaments() override;
    Tournaments(const Tournaments&) = delete;
    Tournaments& operator=(const Tournaments&) = delete;

    // Before anything starts: where finished tournaments are reported (LobbyNotices::tournament_finished).
    void set_lobby(LobbyNotices& lobby);

    void start(lobby::StartTournament start) override;
    // A tournament resumed after a restart (tournament_recovery.hpp).
    void resume(std::shared_ptr<struct ResumedTournament> resumed);
    void resume(std::shared_ptr<struct ResumedPolacco> resumed);
    void add_late_entrant(lobby::AddLateEntrant entrant) override;
    void stop_dealing(std::function<void()> quiet) override;

    // Several nodes: this node lost the tournament's lease (server/cluster/lease_keeper.hpp). Its tables
    // close at once, the hand in play void (a poker tournament's; a Polacco hand ends, and its commit
    // is refused by the fence), then leave the registry and the tournament is dropped
    // here, without a word to the lobby: it goes on elsewhere from its last committed hands.
    // `done` is called once then (at once when it does not run here).
    void abandon(std::int64_t tournament, std::function<void()> done = {});

    // Technical cancellation of a running tournament (RULES.md §7; DirectorActor::cancel for poker,
    // PolaccoActor::cancel for Poker Polacco): `done` (from the actor's strand, or at once from here)
    // gets the outcome. Calling it again, at the same time or after, gets the same outcome and pays
    // nothing twice; a tournament that is not running (unknown, finished) is refused in its error.
    void cancel(std::int64_t tournament, std::string reason,
                std::function<void(const CancellationOutcome&)> done = {});

    // ---- The operator API (DirectorActor's, director_operator.cpp); false: not running here ----
    // Poker only: a Poker Polacco tournament's pause is refused in `done` (its actor has none yet).
    bool set_paused(std::int64_t tournament, bool paused, std::string reason,
                    std::function<void(std::expected<void, std::string>)> done);
    // A JSON snapshot; Poker Polacco: what the launcher knows ({"game":"polacco",...}).
    bool inspect(std::int64_t tournament, std::function<void(std::string)> done);
    bool preview_cancel(std::int64_t tournament,
                        std::function<void(std::expected<CancellationOutcome, std::string>)> done);
    bool runs(std::int64_t tournament) const { return find(tournament) != nullptr; }
    // Whether the tournament was cancelled in this run (its outcome, which a repeated cancel answers).
    std::optional<CancellationOutcome> cancelled(std::int64_t tournament) const;

    // Tournaments started and not yet finished and closed.
    std::size_t running() const;
    std::vector<std::int64_t> running_ids() const;  // their ids

  private:
    struct Running;
    std::shared_ptr<Running> find(std::int64_t tournament) const;
    void finished(std::int64_t tournament);

    ActorContext context_;
    TableRegistry& registry_;
    TournamentsOptions options_;
    LobbyNotices* lobby_ = nullptr;
    mutable std::mutex mutex_;  // over the map of running tournaments only (a routing index)
    std::map<std::int64_t, std::shared_ptr<Running>> running_;
    std::map<std::int64_t, CancellationOutcome> cancelled_;  // tournaments cancelled, for a repeated call
    bool stopping_ = false;
};

}  // namespace tavolo::server::actors
