#pragma once
// The operator API's answers, one shape for every route: JSON bodies, errors as
// {"code","message"} (and "field" for a malformed body), so a caller reads every refusal alike.
#include <string>
#include <string_view>

#include "persistence/store_error.hpp"
#include "server/http_types.hpp"

namespace tavolo::server::api {

HttpResponse json_response(int status, std::string body);
// 400 {"code":"INVALID_ARGUMENT","field":...,"message":...}: the message starts with the field.
HttpResponse bad_request(std::string_view field, std::string_view message);
// 404 {"code":"NOT_FOUND",...}: say what was looked for ("no tournament 42").
HttpResponse not_found(std::string_view message);
// 409 {"code":"CONFLICT",...}: the request is well formed but the target's state refuses it.
HttpResponse conflict(std::string_view message);
HttpResponse method_not_allowed(std::string_view allowed);
// 503: the database did not answer; nothing changed, retry.
HttpResponse unavailable(std::string_view message = "the database does not answer: nothing changed, retry shortly");
// A store error as its answer: not_found 404, invalid_argument 400 (field "body"), conflict-like
// errors (insufficient funds, duplicate, forbidden state) 409, queue full or database down 503.
HttpResponse store_error_response(const persistence::StoreError& error);

}  // namespace tavolo::server::api
