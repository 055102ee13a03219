#pragma once
// The operator API's tables (issue 12 item 2): the live tables and what an observer sees of one, plus
// the hole cards of its last FINISHED hand (never of the hand in play). Routes only: the tables are
// asked through TablesBackend (server/operator/tables_backend.*, which asks each table on its strand).
//   GET /api/v1/tables[?tournament=ID]      -> 200 {"tables":[TableSummary...]}; 400 naming "tournament"
//   GET /api/v1/tables/{tournament}/{table} -> 200 TableDetail; 404 for an unknown table
//   GET /api/v1/live                         -> 426 without an upgrade (the feed: server/net/operator_ws.hpp)
// Table numbers are the protocol's (0-based, as TableRef.table says).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/api/router.hpp"

namespace tavolo::server::api {

struct TableSummary {
    std::int64_t tournament = 0;
    std::int32_t table = 0;
    std::string game;     // the protocol's enum name: GAME_HOLDEM, GAME_STUD, GAME_DRAW, GAME_POLACCO
    std::string betting;  // BETTING_NO_LIMIT, ... ("" for Polacco)
    std::int32_t seats_taken = 0;
    std::int32_t table_size = 0;
    std::int64_t hand = 0;  // the hand in play, or the last one between hands (0 before the first)
    bool in_hand = false;
    std::int32_t level = 0;
    std::int64_t small_blind = 0;
    std::int64_t big_blind = 0;
    std::int64_t ante = 0;
    bool paused = false;
};

struct TableDetail {
    TableSummary summary;
    std::string observer_json;  // the protocol's TableSnapshot as an observer gets it (protobuf JSON)
    // The last finished hand's cards, a JSON object {"hand","seats":[{"seat","entrant","name","cards"}]};
    // nothing before the first hand has ended.
    std::optional<std::string> last_hand_json;
};

// Each call returns at once and calls `done` exactly once, from any thread.
class TablesBackend {
  public:
    virtual ~TablesBackend() = default;
    // Every live table, or those of one tournament, by tournament then table.
    virtual void list_tables(std::optional<std::int64_t> tournament,
                             std::function<void(std::vector<TableSummary>)> done) = 0;
    // Nothing when no such table is live.
    virtual void inspect_table(std::int64_t tournament, std::int32_t table,
                               std::function<void(std::optional<TableDetail>)> done) = 0;
};

void add_tables_routes(Router& router, TablesBackend& backend);

// {"tournament":..,"table":..,...}: one summary as the routes write it.
std::string summary_json(const TableSummary& summary);

}  // namespace tavolo::server::api
