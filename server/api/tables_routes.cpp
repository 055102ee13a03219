#include "server/api/tables_routes.hpp"

#include <boost/json.hpp>
#include <charconv>
#include <memory>

#include "server/api/api_responses.hpp"
#include "server/routes.hpp"

namespace tavolo::server::api {

namespace json = boost::json;

namespace {

// A decimal integer in [min, max], the whole text.
std::optional<std::int64_t> integer_of(const std::string& text, std::int64_t min, std::int64_t max) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value < min || value > max)
        return std::nullopt;
    return value;
}

json::object summary_object(const TableSummary& s) {
    return json::object{{"tournament", s.tournament},
                        {"table", s.table},
                        {"game", s.game},
                        {"betting", s.betting},
                        {"seats_taken", s.seats_taken},
                        {"table_size", s.table_size},
                        {"hand", s.hand},
                        {"in_hand", s.in_hand},
                        {"level", s.level},
                        {"small_blind", s.small_blind},
                        {"big_blind", s.big_blind},
                        {"ante", s.ante},
                        {"paused", s.paused}};
}

}  // namespace

std::string summary_json(const TableSummary& summary) {
    return json::serialize(summary_object(summary));
}

void add_tables_routes(Router& router, TablesBackend& backend) {
    // The live feed is a WebSocket (the Listener answers the upgrade, server/net/operator_ws.hpp): a
    // plain GET learns how to connect.
    router.add("GET", "/api/v1/live", [](ApiCall call) {
        HttpResponse out =
            json_response(426, error_body("UPGRADE_REQUIRED",
                                          "/api/v1/live is a WebSocket: connect with an upgrade "
                                          "(ws:// or wss://), the token as 'Authorization: Bearer' "
                                          "or ?token=<token>"));
        out.headers.emplace_back("Upgrade", "websocket");
        call.respond(std::move(out));
    });
    router.add("GET", "/api/v1/tables", [&backend](ApiCall call) {
        std::optional<std::int64_t> tournament;
        if (auto it = call.query.find("tournament"); it != call.query.end()) {
            tournament = integer_of(it->second, 1, INT64_MAX);
            if (!tournament)
                return call.respond(bad_request("tournament",
                                                "tournament: must be a positive tournament id "
                                                "(GET /api/v1/tables?tournament=3), or leave it out"));
        }
        backend.list_tables(tournament, [respond = call.respond](std::vector<TableSummary> tables) {
            json::array list;
            for (const auto& t : tables)
                list.push_back(summary_object(t));
            respond(json_response(200, json::serialize(json::object{{"tables", std::move(list)}})));
        });
    });
    router.add("GET", "/api/v1/tables/{tournament}/{table}", [&backend](ApiCall call) {
        const auto tournament = integer_of(call.params["tournament"], 1, INT64_MAX);
        const auto table = integer_of(call.params["table"], 0, INT32_MAX);
        const std::string what = "no live table " + call.params["table"] + " in tournament " +
                                 call.params["tournament"] +
                                 ": list the live tables with GET /api/v1/tables (numbers are 0-based)";
        if (!tournament || !table) return call.respond(not_found(what));
        backend.inspect_table(*tournament, static_cast<std::int32_t>(*table),
                              [respond = call.respond, what](std::optional<TableDetail> detail) {
                                  if (!detail) return respond(not_found(what));
                                  // The snapshot and the cards are JSON already: spliced in as they are.
                                  std::string body = summary_json(detail->summary);
                                  body.pop_back();
                                  body += ",\"observer\":" + detail->observer_json;
                                  body += ",\"last_hand\":" + detail->last_hand_json.value_or("null") + "}";
                                  respond(json_response(200, std::move(body)));
                              });
    });
}

}  // namespace tavolo::server::api
