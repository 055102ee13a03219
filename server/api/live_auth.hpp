#pragma once
// Who may open the operators' live feed (`/api/v1/live`, issue 12 item 3): the bearer check of every
// route, made before the WebSocket upgrade is answered (401 / 403 / 503 as HTTP, no 101). Browsers
// cannot set headers on a WebSocket, so the token may also come as `?token=<token>` in the URL (the
// form the dashboard uses; the header wins when both are sent). Plain functions: the Listener calls them.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "persistence/account_store.hpp"
#include "server/api/operator_api.hpp"
#include "server/http_types.hpp"

namespace tavolo::server::api {

inline constexpr std::string_view kLivePath = "/api/v1/live";

// The token of the `Authorization: Bearer` header, else of the target's `token` query parameter.
std::optional<std::string> live_token(std::string_view authorization, std::string_view target);

// `done(refusal, caller)`: a refusal (401 without or with a bad token, 403 for a player, 503 when the
// database could not say), or nothing and the operator. Called once, from any thread.
using LiveAuthorised = std::function<void(std::optional<HttpResponse>, persistence::Account)>;
void authorise_live(OperatorBackend& backend, std::string_view authorization, std::string_view target,
                    LiveAuthorised done);

}  // namespace tavolo::server::api
