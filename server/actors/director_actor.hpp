#pragma once
// One poker tournament's director (server/actors/README.md): an engine::TournamentDirector on its
// own strand. It numbers the entrants in registration order (EntrantId = index), looks up their
// names and opens the tables in the database (through the write service), creates a TableActor per
// table, registers it in the TableRegistry and its players in the SeatBook, routes each table's
// reports to the director and the director's messages to their tables (it already speaks to N
// tables, so an MTT needs no other shape), runs the level clock on game time, tells every entrant
// of levels, breaks, eliminations and the results, pays each place with WriteService::submit_finish
// after the hand that decided it and sends the wallet's balance after it, and when the tournament is
// over tells the lobby and closes its tables after a short while. Asio stays in director_actor.cpp.
#include <chrono>
#include <expected>
#include <functional>
#include <memory>
#include <string>

#include "server/actors/actor_context.hpp"
#include "server/actors/table_registry.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "server/actors/tournament_links.hpp"
#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::actors {

struct DirectorOptions {
    std::chrono::milliseconds pause_between_hands{3'000};  // game time, so players see the showdown
    std::chrono::milliseconds close_after{10'000};         // game time from the result to the tables' removal
    // REAL time between two PlayersLeft updates to the entrants still in (elimination_news.hpp).
    std::chrono::milliseconds news_interval{1'000};
};

class DirectorActor {
  public:
    // Posts the start to the new director's strand and returns at once. `lobby` may be null (tests);
    // `done` is called (on the director's strand) when the tables are closed, after the results.
    DirectorActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby, DirectorOptions options,
                  lobby::StartTournament start, std::function<void()> done = {});
    // A tournament resumed after a restart (tournament_recovery.hpp): it carries on from `resumed`.
    DirectorActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby, DirectorOptions options,
                  std::shared_ptr<struct ResumedTournament> resumed, std::function<void()> done = {});
    ~DirectorActor();
    DirectorActor(const DirectorActor&) = delete;
    DirectorActor& operator=(const DirectorActor&) = delete;

    lobby::TournamentId tournament() const;
    // One more committed entrant during late registration (RULES.md §6): seated by the engine
    // (TournamentDirector::add_entrant) once his name is read; refused and paid back in full under
    // "late:<registration>" when the window closed on the way. The director tells the lobby
    // (LobbyNotices::late_registration_closed) when the window closes.
    void add_late_entrant(lobby::AddLateEntrant entrant);
    // No new hand at any of its tables; `quiet` once every hand in flight has committed and every
    // prize it decided is paid.
    void stop_dealing(std::function<void()> quiet);
    // Several nodes: another node holds the tournament now (Tournaments::abandon). Its tables close
    // at once, without a word to their players: the hand in play could not commit (void), this node
    // no longer acts on it, and the node that holds the tournament now gives the players their tables
    // as it resumes them. `quiet` once its writes in flight have ended, as stop_dealing's.
    void abandon(std::function<void()> quiet);
    // Technical cancellation (RULES.md §7, tournament_cancellation.hpp): the tables stop and void the
    // hand in play; once every committed hand is reported and its prizes paid, everyone is refunded
    // per the plan ("cancel:<registration>"), told (TournamentCancelled) and the lobby lists it
    // cancelled; then the tables close. `done` (on the director's strand) gets the outcome; a second
    // call while it runs, or after, gets the same outcome and pays nothing.
    void cancel(std::string reason, std::function<void(const CancellationOutcome&)> done = {});

    // ---- The operator API (director_operator.cpp); every `done` runs on the director's strand ----
    // Pause (true) or resume (false), `reason` told to the players: while paused the level clock stands
    // still and the tables deal no new hand after the one in play; resumed, the clock goes on where it
    // stood. Refused (why) when already so, or the tournament is over or being cancelled.
    void set_paused(bool paused, std::string reason,
                    std::function<void(std::expected<void, std::string>)> done);
    // A snapshot of the tournament as a JSON object: tables, players, level, clock, prize pool, payouts.
    void inspect(std::function<void(std::string)> done);
    // The refunds a cancellation would pay now (RULES.md §7), paying nothing: the plan the cancel
    // computes once its tables are still (pause first for a preview the cancel then pays exactly).
    void preview_cancel(std::function<void(std::expected<CancellationOutcome, std::string>)> done);

    struct Impl;

  private:
    std::shared_ptr<Impl> impl_;
};

}  // namespace tavolo::server::actors
