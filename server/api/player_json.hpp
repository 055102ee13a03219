#pragma once
// The JSON of what the players' and audit routes answer (Boost.JSON): one function per thing, so the
// routes and their tests read the same shapes (proto/operator.openapi.yaml's players' schemas).
#include <boost/json/object.hpp>
#include <chrono>
#include <string>

#include "persistence/account_admin.hpp"
#include "persistence/audit_log.hpp"
#include "persistence/player_directory.hpp"
#include "server/api/player_routes.hpp"

namespace tavolo::server::api {

// RFC 3339 in UTC with milliseconds: "2026-11-27T08:00:00.123Z".
std::string rfc3339(std::chrono::system_clock::time_point at);

// {"id","name","role","created_at","closed","closed_at"}
boost::json::object summary_json(const persistence::PlayerSummary& summary);
// {"account":..., "wallet":{"id","balance_cents"}, "entries":[...], "next_before", "tournaments":[...],
//  "sanctions":[...]}
boost::json::object player_file_json(const persistence::PlayerFile& file);
// {"account_id","direction","amount_cents","key","transaction_id","balance_before_cents",
//  "balance_after_cents"}: the same for the first call and every replay of its key.
boost::json::object wallet_movement_json(const WalletRequest& request,
                                         const persistence::WalletAdjusted& moved);
// {"id","at","operator":{"id","name"},"action","target","details":{...}}
boost::json::object audit_entry_json(const persistence::AuditEntry& entry);

}  // namespace tavolo::server::api
