#pragma once
// The poker director's decisions made durable before anyone hears of them (persistence/README.md
// "The durability point"). After each decision (a report answered, a tick that changed something) the
// director actor records it here: the engine director's whole state as text is saved through the
// write service (persistence::DirectorStore, numbered: a newer save is never replaced by an older
// one), on the lane of the table whose report it answers, so after that table's hand and before the
// prizes the decision pays. Only once the save has committed does the decision come back
// (`on_durable`, on the director's strand, in the order decided) for the actor to carry out: its
// messages delivered to the tables, its places told and paid. A save that commits makes every earlier
// decision durable too (it contains them), so decisions come back in order as soon as a later save
// commits. A crash loses only decisions nobody heard of; the tables never act on a decision a restart
// would not find (server/actors/tournament_recovery.hpp).
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "engine/tournament/director_messages.hpp"
#include "persistence/executor.hpp"
#include "persistence/ids.hpp"
#include "persistence/write_service.hpp"

namespace tavolo::server::actors {

struct Decision {
    std::int64_t seq = 0;  // set by record()
    std::vector<engine::DirectorMessage> messages;
    engine::TableId table = -1;  // the table whose report it answers (-1: a tick)
    std::size_t placings = 0;    // how many places the ranking held after it
};

class DirectorJournal {
  public:
    // `next_seq`: the number of the next save (1 for a new tournament, the saved one + 1 after a restart).
    DirectorJournal(persistence::WriteService& writes, persistence::TournamentId tournament,
                    persistence::Executor on_strand, std::function<void(Decision)> on_durable,
                    std::int64_t next_seq = 1);

    void set_entrants(std::vector<persistence::RegistrationId> entrants) { entrants_ = std::move(entrants); }
    // Saves `state` (the director right after `decision`) on `lane`, after what that table wrote before.
    // One save at a time (issue 14: the whole state of a 14,555-player MTT is 2.7 MB, and 1,595 tables
    // starting at once made 1,595 saves, 4 GB queued): decisions recorded while a save is in flight
    // wait for the next one, which carries the latest state, after a fence on the lane of each table
    // they answer (so still after those tables' earlier writes). A save makes every decision in it durable.
    void record(persistence::TableId lane, std::string state, Decision decision);
    // No decision is waiting for its save.
    bool idle() const { return pending_.empty(); }
    std::int64_t saved() const { return durable_; }

  private:
    void committed(std::int64_t seq, bool ok, const std::string& error);
    void start_round();  // fences on the owed lanes, then the save of the latest state
    void save(persistence::TableId lane, std::int64_t seq, std::string state);

    persistence::WriteService& writes_;
    persistence::TournamentId tournament_;
    persistence::Executor on_strand_;
    std::function<void(Decision)> on_durable_;
    std::vector<persistence::RegistrationId> entrants_;
    std::int64_t next_seq_;
    std::int64_t durable_ = 0;
    std::deque<Decision> pending_;
    bool in_flight_ = false;                        // a round (fences, then a save) is under way
    std::string latest_state_;                      // the state after the latest decision not yet in a round
    std::int64_t latest_seq_ = 0;                   // that decision (0: none owed)
    persistence::TableId latest_lane_{};            // its lane
    std::vector<persistence::TableId> owed_lanes_;  // lanes of the decisions owed (distinct)
    std::shared_ptr<DirectorJournal*> self_ = std::make_shared<DirectorJournal*>(this);

  public:
    ~DirectorJournal() { *self_ = nullptr; }
    DirectorJournal(const DirectorJournal&) = delete;
    DirectorJournal& operator=(const DirectorJournal&) = delete;
};

}  // namespace tavolo::server::actors
