#pragma once
// One live poker table of a tournament (server/actors/README.md): a table::TableCore on its own
// strand, with its own SecureRandom, one timer for the decision clock and one for the pause before a
// hand. It carries out the core's effects (server/table/README.md "What the actor around it must
// do"): frames to seated players through Outbox::to_account (so a player's new connection gets the
// stream without the table knowing sessions) and to observers through Outbox::to_session, each copy
// serialised once; each finished hand through the write service, then the report to its director.
// Every public call posts to the strand and returns at once. Asio stays in table_actor.cpp.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/table/action_clock.hpp"
#include "engine/tournament/director_messages.hpp"
#include "engine/tournament/tournament_table.hpp"
#include "persistence/ids.hpp"
#include "server/actors/actor_context.hpp"
#include "server/actors/move_notices.hpp"
#include "server/actors/roster.hpp"
#include "server/actors/table_placement.hpp"
#include "server/actors/table_registry.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::actors {

struct TableSetup {
    protocol::TableAddress address;  // tournament id and the engine's 0-based table number
    persistence::TableId stored{};   // the table's row (TournamentStore::open_table), for the write path
    engine::ClockSettings clock;     // RULES.md §5
    table::PurchaseTerms purchases;  // re-buys and the add-on, RULES.md §6 (none by default)
    std::shared_ptr<const Roster> roster;
    // Game time between the end of a hand and the next deal, so players see the showdown.
    std::chrono::milliseconds pause_between_hands{3'000};
    // A report for the director, called on the table's strand once the hand it closes is durable
    // (the director posts it to its own strand).
    std::function<void(engine::TableReport)> report;
    // After a restart: the table as it resumes (tournament_recovery.hpp); none: it waits for OpenTable.
    std::optional<engine::TournamentTable> resumed;
};

class TableActor final : public TableEndpoint, public DirectedTable {
  public:
    TableActor(ActorContext context, TableSetup setup);
    ~TableActor() override;

    // A session's request (the registry's route).
    void post(session::TableRequest request) override;
    // An operator's sanction or chat removal (table_moderation.hpp, table_actor_moderation.cpp).
    void moderate(ModerationRequest request) override;
    // The operators' look at the table (issue 12), answered on its strand.
    void inspect(InspectDone done) override;
    // The director's messages for this table, in order; `level_ends_at_ms` (game time since the
    // tournament started, 0: unknown) is what snapshots say about the level. `notices`: what each
    // moved player is told, sent to him just before the SeatPlayer of its move (move_notices.hpp).
    void deliver(std::vector<engine::DirectorMessage> messages, std::int64_t level_ends_at_ms = 0,
                 std::vector<MoveNotice> notices = {}) override;
    // Graceful shutdown: no new hand (a StartHand is held); `quiet` is called once (on the table's
    // strand) when no hand is in play and every finished hand is durable.
    void stop_dealing(std::function<void()> quiet) override;
    // An operator's pause (POST /api/v1/tournaments/{id}/pause): while held the table deals no new
    // hand after the one in play; its players are told (TablePaused with `reason`). Released: it deals.
    void hold(bool held, std::string reason) override;
    // Technical cancellation (RULES.md §7): the hand in play is void (never finished nor committed,
    // its actions refused), no new hand; `quiet` once every finished hand is durable and reported.
    void void_and_stop(std::function<void()> quiet) override;
    // The tournament is over or the table broken: timers cancelled, requests answered no more.
    void close() override;

    struct Impl;

  private:
    std::shared_ptr<Impl> impl_;
};

}  // namespace tavolo::server::actors
