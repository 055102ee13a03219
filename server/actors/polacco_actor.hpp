#pragma once
// A Poker Polacco tournament, one table (a Sit&Go) or many (an MTT) (server/actors/README.md): a
// table::PolaccoCore, which is director and every table at once (server/table/README.md "Poker
// Polacco"), on its own strand. The same duties as poker's tables and their director: the turn
// clocks' timers, frames to players through Outbox::to_account and to observers through to_session,
// reattach / away / observe / chat at each table, each hand and the table's state through the write
// path (Polacco has no PHH: the events are the record), the places and prizes after the hand that
// decided them, the recompositions (every table closed, the players drawn again, each told his move
// and sent his new table), the results, the lobby told, the last table closed after a short while.
// Asio stays in the .cpp files (polacco_actor_impl.hpp is theirs).
#include <chrono>
#include <expected>
#include <functional>
#include <memory>

#include "server/actors/actor_context.hpp"
#include "server/actors/table_registry.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "server/actors/tournament_links.hpp"
#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::actors {

struct PolaccoOptions {
    std::chrono::milliseconds pause_between_hands{3'000};  // game time, so players see the reveal
    std::chrono::milliseconds close_after{10'000};         // game time from the result to the table's removal
};

class PolaccoActor final : public TableEndpoint {
  public:
    // Posts the start to its strand and returns at once; `lobby` may be null (tests). `done` is called
    // on the actor's strand once the table is closed, after the results.
    PolaccoActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby, PolaccoOptions options,
                 lobby::StartTournament start, std::function<void()> done = {});
    // A tournament resumed after a restart (polacco_recovery.hpp, polacco_resume.cpp): its tables
    // deal on from their last committed hands, the places not yet committed are paid.
    PolaccoActor(ActorContext context, TableRegistry& registry, LobbyNotices* lobby, PolaccoOptions options,
                 std::shared_ptr<struct ResumedPolacco> resumed, std::function<void()> done = {});
    ~PolaccoActor() override;
    PolaccoActor(const PolaccoActor&) = delete;
    PolaccoActor& operator=(const PolaccoActor&) = delete;

    // A request for one of its tables (request.table names which).
    void post(session::TableRequest request) override;
    // No new hand; `quiet` once the hand in flight, its record and the places it decided are committed.
    void stop_dealing(std::function<void()> quiet);
    // Technical cancellation (RULES.md §7, polacco_cancellation.hpp), as DirectorActor::cancel: the
    // hand in play at each table is void (its clock stops, actions are refused), no hand is dealt;
    // once every finished hand and the places it decided are committed, every entrant is refunded
    // per the plan ("cancel:<registration>", lives as chips), told (TournamentCancelled), the lobby
    // lists it cancelled, and the tables close. `done` (on the actor's strand) gets the outcome; a
    // second call gets the same one and pays nothing twice.
    void cancel(std::string reason, std::function<void(const CancellationOutcome&)> done = {});
    // An operator's pause (issue 12; polacco_operator.cpp): no table deals a new hand after the one in
    // play until the resume, players are told (TablePaused with the reason), kept across a restart.
    void set_paused(bool paused, std::string reason,
                    std::function<void(std::expected<void, std::string>)> done);
    // A snapshot for the operator API (JSON): tables with their players' penalties, remaining, standings,
    // prize pool and payouts, paused or not.
    void inspect(std::function<void(std::string)> done);
    // The §7 refunds a cancellation would pay now, paying nothing.
    void preview_cancel(std::function<void(std::expected<CancellationOutcome, std::string>)> done);

    struct Impl;

  private:
    std::shared_ptr<Impl> impl_;
};

}  // namespace tavolo::server::actors
