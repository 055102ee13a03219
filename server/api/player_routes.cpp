#include "server/api/player_routes.hpp"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "server/api/api_responses.hpp"
#include "server/api/json_body.hpp"
#include "server/api/player_json.hpp"
#include "server/api/query_params.hpp"
#include "server/routes.hpp"

namespace tavolo::server::api {

namespace json = boost::json;
using persistence::AccountId;
using persistence::StoreErrc;
using persistence::StoreResult;

namespace {

constexpr std::int64_t kMaxCents = 10'000'000'000;  // 100 million a movement: a typo, not a payment

HttpResponse ok(const json::object& body) {
    return json_response(200, json::serialize(body));
}

HttpResponse no_account(std::int64_t id) {
    return not_found("no account " + std::to_string(id) + ": find its id with GET /api/v1/players?name=...");
}

HttpResponse no_account(const ApiCall& call) {
    return not_found("no account '" + call.params.at("id") +
                     "': an account id is a positive integer (GET /api/v1/players?name=...)");
}

// A store error of a call about account `id`: not_found names the account.
HttpResponse refusal(const persistence::StoreError& error, std::int64_t id) {
    if (error.code == StoreErrc::not_found) return no_account(id);
    return store_error_response(error);
}

void search(PlayerBackend& backend, ApiCall call) {
    const std::string prefix = call.query_or("name");
    if (prefix.size() > 128)
        return call.respond(bad_request("name", "name: a name prefix of at most 32 characters"));
    auto limit = query_int(call, "limit", 1, 500);
    if (!limit) return call.respond(bad_request(limit.error()));
    backend.search(prefix, static_cast<int>(limit->value_or(50)),
                   [respond = call.respond](StoreResult<std::vector<persistence::PlayerSummary>> found) {
                       if (!found) return respond(store_error_response(found.error()));
                       json::array players;
                       for (const auto& s : *found)
                           players.push_back(summary_json(s));
                       respond(ok(json::object{{"players", std::move(players)}}));
                   });
}

void inspect(PlayerBackend& backend, ApiCall call) {
    const auto id = call.id("id");
    if (!id) return call.respond(no_account(call));
    auto entries = query_int(call, "entries", 1, 500);
    if (!entries) return call.respond(bad_request(entries.error()));
    auto before = query_int(call, "before", 1, INT64_MAX);
    if (!before) return call.respond(bad_request(before.error()));
    backend.inspect(AccountId{*id}, static_cast<int>(entries->value_or(20)), *before,
                    [respond = call.respond, id = *id](StoreResult<persistence::PlayerFile> file) {
                        if (!file) return respond(refusal(file.error(), id));
                        respond(ok(player_file_json(*file)));
                    });
}

constexpr std::string_view kWalletExample =
    R"({"direction": "credit", "amount_cents": 2500, "reason": "...", "key": "a unique key"})";

std::expected<WalletRequest, FieldError> wallet_request(const ApiCall& call, std::int64_t id) {
    auto body = parse_object(call.request.body, kWalletExample);
    if (!body) return std::unexpected(body.error());
    if (auto unknown = unknown_field(*body, {"direction", "amount_cents", "reason", "key"}))
        return std::unexpected(*unknown);
    WalletRequest out;
    out.account = AccountId{id};
    auto direction = required_string(*body, "direction", 10);
    if (!direction) return std::unexpected(direction.error());
    if (*direction != "credit" && *direction != "debit")
        return std::unexpected(FieldError{"direction",
                                          "direction: \"credit\" (into the player's wallet) or "
                                          "\"debit\" (out of it)"});
    out.credit = *direction == "credit";
    auto amount = required_int(*body, "amount_cents", 1, kMaxCents);
    if (!amount) return std::unexpected(amount.error());
    out.amount = *amount;
    auto reason = required_string(*body, "reason", 500);
    if (!reason || reason->empty())
        return std::unexpected(FieldError{"reason", "reason: required, 1 to 500 characters saying why"});
    out.reason = std::move(*reason);
    auto key = required_string(*body, "key", 100);
    if (!key || key->empty())
        return std::unexpected(FieldError{"key",
                                          "key: required, 1 to 100 characters, unique per movement "
                                          "(the same key again moves nothing)"});
    out.key = std::move(*key);
    return out;
}

void adjust_wallet(PlayerBackend& backend, ApiCall call) {
    const auto id = call.id("id");
    if (!id) return call.respond(no_account(call));
    auto request = wallet_request(call, *id);
    if (!request) return call.respond(bad_request(request.error()));
    const WalletRequest copy = *request;
    backend.adjust_wallet(call.caller, std::move(*request),
                          [respond = call.respond, copy](StoreResult<persistence::WalletAdjusted> moved) {
                              if (!moved) return respond(refusal(moved.error(), raw(copy.account)));
                              HttpResponse out = ok(wallet_movement_json(copy, *moved));
                              // The same answer as the first time; this header tells a replay apart.
                              if (!moved->applied) out.headers.emplace_back("Idempotent-Replayed", "true");
                              respond(std::move(out));
                          });
}

std::optional<persistence::Role> role_of(std::string_view word) {
    if (word == "player") return persistence::Role::player;
    if (word == "operator") return persistence::Role::operator_;
    if (word == "admin") return persistence::Role::admin;
    return std::nullopt;
}

void set_role(PlayerBackend& backend, ApiCall call) {
    if (call.caller.role != persistence::Role::admin)
        return call.respond(json_response(
            403, error_body("FORBIDDEN", "only an admin changes roles: you are an operator; ask an admin")));
    const auto id = call.id("id");
    if (!id) return call.respond(no_account(call));
    auto body = parse_object(call.request.body, R"({"role": "operator", "reason": "..."})");
    if (!body) return call.respond(bad_request(body.error()));
    if (auto unknown = unknown_field(*body, {"role", "reason"})) return call.respond(bad_request(*unknown));
    auto word = required_string(*body, "role", 16);
    const auto role = word ? role_of(*word) : std::nullopt;
    if (!role) return call.respond(bad_request("role", "role: \"player\", \"operator\" or \"admin\""));
    auto reason = optional_string(*body, "reason", 500);
    if (!reason) return call.respond(bad_request(reason.error()));
    if (AccountId{*id} == call.caller.id)
        return call.respond(conflict("an admin does not change their own role: ask another admin"));
    RoleRequest request{AccountId{*id}, *role, reason->value_or("")};
    backend.set_role(call.caller, std::move(request),
                     [respond = call.respond, id = *id](StoreResult<persistence::RoleChanged> changed) {
                         if (!changed) return respond(refusal(changed.error(), id));
                         respond(ok(json::object{{"account_id", id},
                                                 {"before", persistence::to_string(changed->before)},
                                                 {"after", persistence::to_string(changed->after)},
                                                 {"changed", changed->audit_id != 0}}));
                     });
}

}  // namespace

void add_player_routes(Router& router, PlayerBackend& backend) {
    router.add("GET", "/api/v1/players", [&backend](ApiCall call) { search(backend, std::move(call)); });
    router.add("GET", "/api/v1/players/{id}",
               [&backend](ApiCall call) { inspect(backend, std::move(call)); });
    router.add("POST", "/api/v1/players/{id}/wallet",
               [&backend](ApiCall call) { adjust_wallet(backend, std::move(call)); });
    router.add("PUT", "/api/v1/players/{id}/role",
               [&backend](ApiCall call) { set_role(backend, std::move(call)); });
}

}  // namespace tavolo::server::api
