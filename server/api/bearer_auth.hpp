#pragma once
// The shared check of every /api/v1/... route but the log in (issue 12): the caller shows a bearer
// token; a missing, malformed, forged or expired one is 401 with `WWW-Authenticate: Bearer`, a player's
// is 403, an operator's or an admin's goes on. Plain functions over plain data: no sockets, no database
// (the holder of the token is looked up by the caller, off the network threads).
#include <optional>
#include <string>
#include <string_view>

#include "persistence/account_store.hpp"
#include "persistence/store_error.hpp"
#include "server/http_types.hpp"

namespace tavolo::server::api {

// A token is at most this long: a longer one is refused without asking the database.
inline constexpr std::size_t kMaxTokenChars = 256;

// The token of `Authorization: Bearer <token>` (the scheme in any case, RFC 9110 11.1); nothing when
// the header is absent, of another scheme, empty, too long or holds characters no token of ours has.
std::optional<std::string> bearer_token(std::string_view authorization);

// 401 with `WWW-Authenticate: Bearer` (and `error="invalid_token"` when `invalid_token`, RFC 6750 3).
HttpResponse unauthorized(std::string_view message, bool invalid_token = false);

// The refusal for a request whose token is held by `holder` (OperatorTokens::holder's answer), or
// nothing when it may go on: 401 for an unknown or expired token, 403 for a player, 503 when the
// database could not say.
std::optional<HttpResponse> refusal_of(const persistence::StoreResult<persistence::Account>& holder);

}  // namespace tavolo::server::api
