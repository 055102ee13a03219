#include "server/api/operator_api.hpp"

#include <memory>

#include "server/api/api_responses.hpp"
#include "server/api/bearer_auth.hpp"
#include "server/json_text.hpp"
#include "server/routes.hpp"

namespace tavolo::server::api {

namespace {

constexpr std::string_view kPrefix = "/api/v1";

std::string path_of(const std::string& target) {
    return target.substr(0, target.find('?'));
}

HttpResponse login_answer(const persistence::StoreResult<LoginGranted>& granted) {
    if (!granted) {
        if (granted.error().code == persistence::StoreErrc::bad_credentials ||
            granted.error().code == persistence::StoreErrc::invalid_argument)
            return unauthorized("unknown name or wrong password");
        if (granted.error().code == persistence::StoreErrc::queue_full)
            return unavailable(granted.error().message);
        return unavailable();
    }
    return json_response(200, "{\"token\":" + json_string(granted->token.token) +
                         ",\"role\":" + json_string(persistence::to_string(granted->account.role)) +
                         ",\"expires_at\":" + json_string(granted->token.expires_at) + "}");
}

void log_in(OperatorBackend& backend, const HttpRequest& request, const HttpResponder& respond) {
    if (request.method != "POST") return respond(method_not_allowed("POST"));
    auto parsed = parse_login(request.body);
    if (!parsed) {
        return respond(bad_request(parsed.error()));
    }
    backend.log_in(std::move(*parsed), [respond](persistence::StoreResult<LoginGranted> granted) {
        respond(login_answer(granted));
    });
}

}  // namespace

void add_account_routes(Router& router) {
    router.add("GET", "/api/v1/me", [](ApiCall call) {
        const auto& caller = call.caller;
        call.respond(json_response(200, "{\"id\":" + std::to_string(raw(caller.id)) +
                                            ",\"name\":" + json_string(caller.name) +
                                            ",\"role\":" + json_string(persistence::to_string(caller.role)) + "}"));
    });
}

bool is_api_path(std::string_view target) {
    const std::string_view path = target.substr(0, target.find('?'));
    return path == kPrefix || (path.starts_with(kPrefix) && path[kPrefix.size()] == '/');
}

void serve_api(OperatorBackend& backend, const Router& routes, HttpRequest request, HttpResponder respond) {
    if (path_of(request.target) == "/api/v1/login") return log_in(backend, request, respond);
    auto token = bearer_token(request.authorization);
    if (!token) {
        const bool sent = !request.authorization.empty();
        return respond(unauthorized(sent ? "the Authorization header is not 'Bearer <token>': log in at POST "
                                           "/api/v1/login and send the token it gives"
                                         : "no bearer token: log in at POST /api/v1/login and send "
                                           "'Authorization: Bearer <token>'",
                                    sent));
    }
    auto shared = std::make_shared<HttpRequest>(std::move(request));
    backend.holder(std::move(*token),
                   [shared, respond, &routes](persistence::StoreResult<persistence::Account> holder) {
                       if (auto refusal = refusal_of(holder)) return respond(std::move(*refusal));
                       routes.dispatch(ApiCall{std::move(*holder), std::move(*shared), {}, {}, respond});
                   });
}

}  // namespace tavolo::server::api
