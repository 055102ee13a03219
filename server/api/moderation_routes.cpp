#include "server/api/moderation_routes.hpp"

#include <boost/json/parse.hpp>

#include "server/api/api_responses.hpp"

namespace tavolo::server::api {

namespace {

constexpr std::string_view kExample =
    R"({"kind": "exclusion", "reason": "abusive chat", "tournament": 42, "orbits": 2})";

using persistence::SanctionKind;

bool at_a_table(SanctionKind k) {
    return k == SanctionKind::warning || k == SanctionKind::exclusion || k == SanctionKind::disqualification;
}

FieldError refuse(std::string field, std::string message) {
    return FieldError{field, field + ": " + message};
}

}  // namespace

std::expected<SanctionOrder, FieldError> sanction_order_of(std::string_view body) {
    auto object = parse_object(body, kExample);
    if (!object) return std::unexpected(object.error());
    if (auto unknown = unknown_field(*object, {"kind", "reason", "tournament", "orbits", "minutes"}))
        return std::unexpected(*unknown);
    auto word = required_string(*object, "kind");
    if (!word) return std::unexpected(word.error());
    auto kind = persistence::sanction_kind_of(*word);
    if (!kind)
        return std::unexpected(
            refuse("kind", "one of warning, exclusion, disqualification, mute, close_account"));
    auto reason = required_string(*object, "reason", kMaxReasonChars);
    if (!reason) return std::unexpected(reason.error());
    if (reason->find_first_not_of(" \t") == std::string::npos)
        return std::unexpected(refuse("reason", "required: say why, 1 to 500 characters"));
    auto tournament = optional_int(*object, "tournament", 1, INT64_MAX);
    if (!tournament) return std::unexpected(tournament.error());
    auto orbits = optional_int(*object, "orbits", 1, 4);
    if (!orbits) return std::unexpected(orbits.error());
    auto minutes = optional_int(*object, "minutes", 1, kMaxMuteMinutes);
    if (!minutes) return std::unexpected(minutes.error());

    SanctionOrder order;
    order.kind = *kind;
    order.reason = std::move(*reason);
    if (at_a_table(*kind) && !*tournament)
        return std::unexpected(refuse("tournament", "required for a " + *word + ": the tournament's id"));
    if (!at_a_table(*kind) && *tournament)
        return std::unexpected(
            refuse("tournament", "only for a warning, an exclusion or a disqualification"));
    if (*kind == SanctionKind::exclusion && !*orbits)
        return std::unexpected(refuse("orbits", "required for an exclusion: 1 to 4"));
    if (*kind != SanctionKind::exclusion && *orbits)
        return std::unexpected(refuse("orbits", "only for an exclusion"));
    if (*kind != SanctionKind::mute && *minutes) return std::unexpected(refuse("minutes", "only for a mute"));
    order.tournament = *tournament;
    if (*orbits) order.orbits = static_cast<int>(**orbits);
    order.minutes = *minutes;
    return order;
}

void add_moderation_routes(Router& router, ModerationBackend& backend) {
    router.add("POST", "/api/v1/players/{id}/sanctions", [&backend](ApiCall call) {
        const auto id = call.id("id");
        if (!id) return call.respond(not_found("no player " + call.params["id"]));
        auto order = sanction_order_of(call.request.body);
        if (!order) return call.respond(bad_request(order.error()));
        order->by = call.caller;
        order->account = *id;
        backend.sanction(std::move(*order), std::move(call.respond));
    });
    router.add("DELETE", "/api/v1/tables/{tournament}/{table}/chat/{line}", [&backend](ApiCall call) {
        const auto tournament = call.id("tournament");
        const auto line = call.id("line");
        const std::string& table_text = call.params["table"];
        const bool table_ok = !table_text.empty() && table_text.size() <= 6 &&
                              table_text.find_first_not_of("0123456789") == std::string::npos;
        if (!tournament || !table_ok)
            return call.respond(not_found("no table " + call.params["tournament"] + "/" + table_text));
        if (!line) return call.respond(not_found("no chat line " + call.params["line"]));
        std::string reason = call.query_or("reason");
        if (reason.empty() && !call.request.body.empty()) {
            auto object = parse_object(call.request.body, R"({"reason": "spam"})");
            if (!object) return call.respond(bad_request(object.error()));
            if (auto unknown = unknown_field(*object, {"reason"})) return call.respond(bad_request(*unknown));
            auto r = required_string(*object, "reason", kMaxReasonChars);
            if (!r) return call.respond(bad_request(r.error()));
            reason = std::move(*r);
        }
        if (reason.find_first_not_of(" \t") == std::string::npos || reason.size() > kMaxReasonChars * 4)
            return call.respond(bad_request(
                refuse("reason",
                       "required (in the query, ?reason=..., or the body): say why, 1 to 500 characters")));
        ChatRemoval removal{call.caller, *tournament, std::stoi(table_text),
                            static_cast<std::uint64_t>(*line), std::move(reason)};
        backend.remove_chat(std::move(removal), std::move(call.respond));
    });
}

}  // namespace tavolo::server::api
