#include "server/api/live_auth.hpp"

#include "server/api/bearer_auth.hpp"
#include "server/api/router.hpp"

namespace tavolo::server::api {

std::optional<std::string> live_token(std::string_view authorization, std::string_view target) {
    if (!authorization.empty()) return bearer_token(authorization);
    const auto query = parse_query(target);
    const auto it = query.find("token");
    if (it == query.end()) return std::nullopt;
    return bearer_token("Bearer " + it->second);  // the same characters and length as the header's
}

void authorise_live(OperatorBackend& backend, std::string_view authorization, std::string_view target,
                    LiveAuthorised done) {
    auto token = live_token(authorization, target);
    if (!token)
        return done(unauthorized("no valid bearer token: log in at POST /api/v1/login and connect with "
                                 "'Authorization: Bearer <token>' or /api/v1/live?token=<token>",
                                 !authorization.empty()),
                    persistence::Account{});
    backend.holder(std::move(*token),
                   [done = std::move(done)](persistence::StoreResult<persistence::Account> holder) {
                       if (auto refusal = refusal_of(holder))
                           return done(std::move(*refusal), persistence::Account{});
                       done(std::nullopt, std::move(*holder));
                   });
}

}  // namespace tavolo::server::api
