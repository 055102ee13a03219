#pragma once
// The tables routes' live backend (server/api/tables_routes.hpp, issue 12): the table registry lists
// the live tables, and each is asked on its own strand (TableEndpoint::inspect) what an observer sees
// and the cards of its last finished hand. No database, no waiting: answers come from the tables'
// strands.
#include "server/actors/table_registry.hpp"
#include "server/api/tables_routes.hpp"

namespace tavolo::server::operators {

class LiveTables final : public api::TablesBackend {
  public:
    explicit LiveTables(actors::TableRegistry& tables) : tables_(tables) {}

    void list_tables(std::optional<std::int64_t> tournament,
                     std::function<void(std::vector<api::TableSummary>)> done) override;
    void inspect_table(std::int64_t tournament, std::int32_t table,
                       std::function<void(std::optional<api::TableDetail>)> done) override;

  private:
    actors::TableRegistry& tables_;
};

// The route's view of a table's inspection (a table that cannot say: its address only).
api::TableSummary summary_of(const protocol::TableAddress& address,
                             const actors::TableInspection* inspection);
api::TableDetail detail_of(const actors::TableInspection& inspection);

}  // namespace tavolo::server::operators
