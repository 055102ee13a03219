#pragma once
// The live tables by address (tournament id, table number): the session's TableDirectory
// (server/session/services.hpp). Directors add a table when they open it and remove it when it
// closes; submit() hands a request to the table's endpoint, which posts it to the table's strand.
// A routing index, not game state: one mutex, held for a map look-up or update only, never while a
// table runs.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "server/actors/table_inspection.hpp"
#include "server/actors/table_moderation.hpp"
#include "server/protocol/wire_vocabulary.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::actors {

// A table as the registry reaches it: post() queues the request on the table's strand and returns at
// once (TableActor, each table of a PolaccoActor).
class TableEndpoint {
  public:
    virtual ~TableEndpoint() = default;
    virtual void post(session::TableRequest request) = 0;
    // An operator's request (table_moderation.hpp); a table that does not support it refuses.
    virtual void moderate(ModerationRequest request) {
        request.done(ModerationAnswer{ModerationAnswer::Status::refused,
                                      "this table does not take sanctions or chat moderation",
                                      {},
                                      0});
    }
    // The operator's look at the table (issue 12), answered once from the table's strand; nothing
    // when this kind of table cannot say (the default).
    using InspectDone = std::function<void(std::optional<TableInspection>)>;
    virtual void inspect(InspectDone done) { done(std::nullopt); }
};

class TableRegistry final : public session::TableDirectory {
  public:
    // Replaces whatever was registered at `table` before.
    void add(const protocol::TableAddress& table, std::shared_ptr<TableEndpoint> endpoint);
    // Requests for `table` are unknown_table from now on (a request already posted still arrives).
    void remove(const protocol::TableAddress& table);
    // Posts the request to its table's strand: delivered; unknown_table (nothing posted) when no
    // table is registered there.
    session::Routed submit(session::TableRequest request) override;

    // Hands an operator's request to the table's strand; false (nothing done, `done` not called) when no
    // table is registered there.
    bool moderate(const protocol::TableAddress& table, ModerationRequest request);
    // Asks the table for its inspection: false (and `done` not called) when no table is there.
    bool inspect(const protocol::TableAddress& table, TableEndpoint::InspectDone done);
    // Every live table, by tournament then table number.
    std::vector<protocol::TableAddress> addresses() const;

    bool contains(const protocol::TableAddress& table) const;
    std::size_t size() const;

    // Several nodes (server/cluster/README.md): hears each table that appears (true) or disappears
    // (false), under the registry's lock, so in order; set it before any table opens, and never call
    // back into the registry from it.
    using Listener = std::function<void(const protocol::TableAddress&, bool added)>;
    void set_listener(Listener listener);

  private:
    using Key = std::pair<std::int64_t, std::int32_t>;
    static Key key_of(const protocol::TableAddress& table) { return {table.tournament_id, table.table}; }

    // The endpoint registered at `table`, or null; the lock is held for the look-up only.
    std::shared_ptr<TableEndpoint> endpoint_at(const protocol::TableAddress& table) const;

    mutable std::mutex mutex_;
    std::map<Key, std::shared_ptr<TableEndpoint>> tables_;
    Listener listener_;
};

}  // namespace tavolo::server::actors
