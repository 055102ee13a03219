#include "server/api/api_responses.hpp"

#include "server/json_text.hpp"
#include "server/routes.hpp"

namespace tavolo::server::api {

namespace {
constexpr std::size_t kMessageChars = 300;
}

HttpResponse json_response(int status, std::string body) {
    return {status, "application/json", std::move(body), {}};
}

HttpResponse bad_request(std::string_view field, std::string_view message) {
    return json_response(400, "{\"code\":\"INVALID_ARGUMENT\",\"field\":" + json_string(field) +
                                  ",\"message\":" + json_string(message, kMessageChars) + "}");
}

HttpResponse not_found(std::string_view message) {
    return json_response(404, error_body("NOT_FOUND", message));
}

HttpResponse conflict(std::string_view message) {
    return json_response(409, error_body("CONFLICT", message));
}

HttpResponse method_not_allowed(std::string_view allowed) {
    HttpResponse out = json_response(405, error_body("METHOD_NOT_ALLOWED", "use " + std::string(allowed)));
    out.headers.emplace_back("Allow", std::string(allowed));
    return out;
}

HttpResponse unavailable(std::string_view message) {
    return json_response(503, error_body("UNAVAILABLE", message));
}

HttpResponse store_error_response(const persistence::StoreError& error) {
    using persistence::StoreErrc;
    switch (error.code) {
        case StoreErrc::not_found:
            return not_found(error.message);
        case StoreErrc::invalid_argument:
            return bad_request("body", error.message);
        case StoreErrc::insufficient_funds:
        case StoreErrc::duplicate_name:
        case StoreErrc::idempotency_conflict:
        case StoreErrc::forbidden:
        case StoreErrc::expired:
        case StoreErrc::bad_credentials:
        case StoreErrc::fenced_out:  // several nodes: another node hosts the tournament now
            return json_response(409, error_body(persistence::to_string(error.code), error.message));
        case StoreErrc::queue_full:
        case StoreErrc::unavailable:
        case StoreErrc::shutting_down:
            return unavailable(error.message.empty() ? "the database does not answer: retry shortly"
                                                     : error.message);
        case StoreErrc::bad_stored_value:
        case StoreErrc::database:
            break;
    }
    return json_response(500, error_body("INTERNAL", error.message));
}

}  // namespace tavolo::server::api
