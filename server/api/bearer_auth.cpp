#include "server/api/bearer_auth.hpp"

#include <algorithm>
#include <cctype>

#include "server/routes.hpp"

namespace tavolo::server::api {

namespace {

constexpr std::string_view kLogInHint =
    "log in at POST /api/v1/login and send the token as 'Authorization: Bearer <token>'";

bool iequals(std::string_view a, std::string_view b) {
    return std::ranges::equal(
        a, b, [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

// RFC 6750 b64token: letters, digits and -._~+/ then '=' padding.
bool is_token_char(unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/' ||
           c == '=';
}

}  // namespace

std::optional<std::string> bearer_token(std::string_view authorization) {
    constexpr std::string_view kScheme = "bearer";
    if (authorization.size() <= kScheme.size() ||
        !iequals(authorization.substr(0, kScheme.size()), kScheme) || authorization[kScheme.size()] != ' ')
        return std::nullopt;
    std::string_view token = authorization.substr(kScheme.size());
    while (!token.empty() && token.front() == ' ')
        token.remove_prefix(1);
    while (!token.empty() && token.back() == ' ')
        token.remove_suffix(1);
    if (token.empty() || token.size() > kMaxTokenChars ||
        !std::ranges::all_of(token, [](char c) { return is_token_char(static_cast<unsigned char>(c)); }))
        return std::nullopt;
    return std::string(token);
}

HttpResponse unauthorized(std::string_view message, bool invalid_token) {
    HttpResponse out{401, "application/json", error_body("UNAUTHENTICATED", message), {}};
    out.headers.emplace_back("WWW-Authenticate",
                             invalid_token ? R"(Bearer error="invalid_token")" : "Bearer");
    return out;
}

std::optional<HttpResponse> refusal_of(const persistence::StoreResult<persistence::Account>& holder) {
    using persistence::StoreErrc;
    if (!holder) {
        const auto code = holder.error().code;
        if (code == StoreErrc::not_found || code == StoreErrc::expired)
            return unauthorized(holder.error().message + " (" + std::string(kLogInHint) + ")", true);
        return HttpResponse{503,
                            "application/json",
                            error_body("UNAVAILABLE",
                                       "cannot check the token now: the database does not "
                                       "answer; retry shortly"),
                            {}};
    }
    if (!persistence::may_operate(holder->role))
        return HttpResponse{403,
                            "application/json",
                            error_body("FORBIDDEN", "the account '" + holder->name +
                                                        "' is a player: operator routes need an operator or "
                                                        "admin account"),
                            {}};
    return std::nullopt;
}

}  // namespace tavolo::server::api
