#pragma once
// Where a director's tables live (docs/SCALING.md "Tables on several nodes"). A director speaks to
// each of its tables through a DirectedTable: a TableActor on this node, or a proxy of one hosted by
// another node (server/cluster/remote_table.hpp). With a TablePlacement in its ActorContext
// ([cluster] spread_tables), the director asks it where each new table goes; without one (the
// default, and a single node) every table is a local TableActor, as before.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/tournament/director_messages.hpp"
#include "engine/tournament/resume.hpp"
#include "server/actors/move_notices.hpp"
#include "server/actors/outbox.hpp"

namespace tavolo::server::actors {

struct TableSetup;

// What a director may ask of one of its tables (TableActor's calls of the same names say what each
// does). Every call returns at once; the `quiet` callbacks run on some other thread.
class DirectedTable {
  public:
    virtual ~DirectedTable() = default;
    virtual void deliver(std::vector<engine::DirectorMessage> messages, std::int64_t level_ends_at_ms = 0,
                         std::vector<MoveNotice> notices = {}) = 0;
    virtual void stop_dealing(std::function<void()> quiet) = 0;
    virtual void hold(bool held, std::string reason) = 0;
    virtual void void_and_stop(std::function<void()> quiet) = 0;
    virtual void close() = 0;
};

class TablePlacement {
  public:
    using OpenLocally = std::function<std::shared_ptr<DirectedTable>()>;
    // The table's host died and this node took its lease: the table as its last committed hand left
    // it (read from the database), for the director to reopen here (it posts to its strand).
    using TakeBack = std::function<void(engine::CommittedTable)>;
    virtual ~TablePlacement() = default;
    // A new table of a director on this node (setup.report posts to the director's strand). Null:
    // open it here (the caller calls `local`); else the table's handle, which may itself fall back
    // to `local` (e.g. when the other node cannot be given the table), and calls `take_back` if its
    // host dies. Called on the director's strand.
    virtual std::shared_ptr<DirectedTable> place(const TableSetup& setup, OpenLocally local,
                                                 TakeBack take_back) = 0;
    // A table taken back and reopened here: the players of `accounts` connected to this node get its
    // snapshot (a re-attachment, as after a log in) before anything else of it.
    virtual void reattach(const protocol::TableAddress& table,
                          const std::vector<AccountIdValue>& accounts) = 0;
};

}  // namespace tavolo::server::actors
