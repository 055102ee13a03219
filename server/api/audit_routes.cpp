#include "server/api/audit_routes.hpp"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "server/api/api_responses.hpp"
#include "server/api/player_json.hpp"
#include "server/api/query_params.hpp"

namespace tavolo::server::api {

namespace json = boost::json;

namespace {

// A text filter: nothing when absent; 400 naming it when empty or too long.
std::expected<std::optional<std::string>, FieldError> text_filter(const ApiCall& call,
                                                                  const std::string& key) {
    const auto it = call.query.find(key);
    if (it == call.query.end()) return std::nullopt;
    if (it->second.empty() || it->second.size() > 200)
        return std::unexpected(FieldError{key, key + ": 1 to 200 characters, or leave it out"});
    return it->second;
}

void audit(AuditBackend& backend, ApiCall call) {
    persistence::AuditQuery query;
    auto op = query_int(call, "operator", 1, INT64_MAX);
    if (!op) return call.respond(bad_request(op.error()));
    if (*op) query.operator_id = persistence::AccountId{**op};
    auto action = text_filter(call, "action");
    if (!action) return call.respond(bad_request(action.error()));
    query.action = *action;
    auto target = text_filter(call, "target");
    if (!target) return call.respond(bad_request(target.error()));
    query.target = *target;
    auto before = query_int(call, "before", 1, INT64_MAX);
    if (!before) return call.respond(bad_request(before.error()));
    query.before = *before;
    auto limit = query_int(call, "limit", 1, 500);
    if (!limit) return call.respond(bad_request(limit.error()));
    query.limit = static_cast<int>(limit->value_or(50));
    backend.audit(query, [respond = call.respond, limit = query.limit](
                             persistence::StoreResult<std::vector<persistence::AuditEntry>> entries) {
        if (!entries) return respond(store_error_response(entries.error()));
        json::array out;
        for (const auto& e : *entries)
            out.push_back(audit_entry_json(e));
        json::value next = nullptr;
        // A full page: there may be older entries, asked for with before=<the last id>.
        if (static_cast<int>(entries->size()) == limit && !entries->empty()) next = entries->back().id;
        respond(json_response(
            200, json::serialize(json::object{{"entries", std::move(out)}, {"next_before", next}})));
    });
}

}  // namespace

void add_audit_routes(Router& router, AuditBackend& backend) {
    router.add("GET", "/api/v1/audit", [&backend](ApiCall call) { audit(backend, std::move(call)); });
}

}  // namespace tavolo::server::api
