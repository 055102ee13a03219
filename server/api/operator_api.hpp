#pragma once
// The operator API (/api/v1/..., issue 12): routing and answers, with the slow work (Argon2id, the
// database) behind OperatorBackend, so no network thread waits and the routing is tested without
// sockets or a database (tests/server/operator_api_test.cpp). Routes so far:
//   POST /api/v1/login  {"name","password"} -> 200 {"token","role","expires_at"}; 401; 400 naming the field
//   GET  /api/v1/me     -> 200 {"id","name","role"}
// and every route of the Router (router.hpp) each area adds (add_*_routes; proto/operator.openapi.yaml
// lists them all). Every route but the log in goes through the bearer check of bearer_auth.hpp first
// (401 / 403), so an unknown /api/v1 path is 404 only for an operator.
#include <functional>
#include <string>
#include <string_view>

#include "persistence/account_store.hpp"
#include "persistence/operator_tokens.hpp"
#include "persistence/store_error.hpp"
#include "server/api/login_request.hpp"
#include "server/api/router.hpp"
#include "server/http_types.hpp"

namespace tavolo::server::api {

struct LoginGranted {
    persistence::Account account;
    persistence::IssuedToken token;
};

// The slow work of the API. Each call returns at once and calls `done` exactly once, from any thread.
class OperatorBackend {
  public:
    using LoginDone = std::function<void(persistence::StoreResult<LoginGranted>)>;
    using HolderDone = std::function<void(persistence::StoreResult<persistence::Account>)>;

    virtual ~OperatorBackend() = default;
    // Verifies the password (Argon2id) and issues a token: bad_credentials for an unknown name, a
    // wrong password or a closed account, alike.
    virtual void log_in(LoginRequest request, LoginDone done) = 0;
    // OperatorTokens::holder, off the network threads.
    virtual void holder(std::string token, HolderDone done) = 0;
};

// The paths this API answers: /api/v1 and everything under it.
bool is_api_path(std::string_view target);

// GET /api/v1/me: the caller's own account.
void add_account_routes(Router& router);

// Answers one /api/v1 request through `respond`, once (at once when no backend work is needed): the
// log in, else the bearer check through `backend` and then the route of `routes`.
void serve_api(OperatorBackend& backend, const Router& routes, HttpRequest request, HttpResponder respond);

}  // namespace tavolo::server::api
