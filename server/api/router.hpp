#pragma once
// The operator API's routes (issue 12): a table of (method, path pattern) -> handler, filled by each
// area (tournaments, tables, players, hands, audit) with its own add_*_routes function, so a route is
// one line where its area is written and the routing never grows a switch. A pattern is a path whose
// segments may be `{name}`: such a segment matches any non-empty segment and is given to the handler.
//
// Every handler runs behind the bearer check (operator_api.hpp) and answers exactly once through the
// call's responder, from any thread: a handler needing the database or an actor hands the responder
// on and returns at once (no network thread waits).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/account_store.hpp"
#include "server/http_types.hpp"

namespace tavolo::server::api {

struct ApiCall {
    persistence::Account caller;  // an operator or an admin (the bearer check let it through)
    HttpRequest request;
    std::map<std::string, std::string> params;  // the pattern's {name} segments, as sent
    std::map<std::string, std::string> query;   // the query string, percent-decoded; a repeated key: the last
    HttpResponder respond;

    // The {name} segment as a positive id: nothing when it is not one (the handler answers 404).
    std::optional<std::int64_t> id(const std::string& name) const;
    // The {name} segment as a number from 0 (a table's, as the protocol counts them), or nothing.
    std::optional<std::int64_t> number(const std::string& name) const;
    // The query parameter, or `fallback` when absent.
    std::string query_or(const std::string& key, std::string fallback = "") const;
};

using RouteHandler = std::function<void(ApiCall)>;

struct Route {
    std::string method;   // "GET" (also answers HEAD), "POST", "PUT", "DELETE"
    std::string pattern;  // "/api/v1/tournaments/{id}/cancel"
    RouteHandler handler;
};

class Router {
  public:
    void add(std::string method, std::string pattern, RouteHandler handler);
    // Runs the route for the call's request: 404 naming the path when no pattern matches, 405 with
    // Allow when the path matches with another method.
    void dispatch(ApiCall call) const;
    // Every (method, pattern), in the order added: the OpenAPI check compares them with the file.
    std::vector<std::pair<std::string, std::string>> routes() const;

  private:
    std::vector<Route> routes_;
};

// The decoded query of a target ("/x?a=1&b=%20" -> {a:1, b:" "}); '+' is a space.
std::map<std::string, std::string> parse_query(std::string_view target);

}  // namespace tavolo::server::api
