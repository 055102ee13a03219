#include "server/api/tournament_routes.hpp"

#include "server/api/api_responses.hpp"
#include "server/api/json_body.hpp"
#include "server/api/tournament_declaration.hpp"

namespace tavolo::server::api {

namespace {

constexpr std::size_t kReasonChars = 500;

HttpResponse refusal_response(const TournamentRefusal& r) {
    switch (r.kind) {
        case TournamentRefusal::Kind::not_found:
            return not_found(r.message);
        case TournamentRefusal::Kind::conflict:
            return conflict(r.message);
        case TournamentRefusal::Kind::unavailable:
            return unavailable(r.message);
        case TournamentRefusal::Kind::invalid:
            break;
    }
    return bad_request(r.field.empty() ? "body" : r.field, r.message);
}

// Answers `status` with the backend's body, or its refusal.
TournamentDone answer(HttpResponder respond, int status = 200) {
    return [respond = std::move(respond), status](TournamentAnswer a) {
        respond(a ? json_response(status, std::move(*a)) : refusal_response(a.error()));
    };
}

std::optional<std::int64_t> id_or_404(const ApiCall& call) {
    auto id = call.id("id");
    if (!id) call.respond(not_found("no tournament " + call.params.at("id") + ": ids are positive integers"));
    return id;
}

// {"reason": "..."}: required, 1 to 500 characters (the audit log keeps it).
std::optional<std::string> reason_or_400(const ApiCall& call) {
    auto body = parse_object(call.request.body, R"({"reason": "why, for the audit log"})");
    if (!body) {
        call.respond(bad_request(body.error()));
        return std::nullopt;
    }
    if (auto bad = unknown_field(*body, {"reason"})) {
        call.respond(bad_request(*bad));
        return std::nullopt;
    }
    auto reason = required_string(*body, "reason", kReasonChars);
    if (!reason) {
        call.respond(bad_request(reason.error()));
        return std::nullopt;
    }
    return std::move(*reason);
}

// An action on one tournament with a reason: pause, resume, cancel.
using ReasonAction = void (TournamentBackend::*)(persistence::Account, std::int64_t, std::string,
                                                 TournamentDone);

RouteHandler with_reason(TournamentBackend& backend, ReasonAction action) {
    return [&backend, action](ApiCall call) {
        auto id = id_or_404(call);
        if (!id) return;
        auto reason = reason_or_400(call);
        if (!reason) return;
        (backend.*action)(call.caller, *id, std::move(*reason), answer(call.respond));
    };
}

}  // namespace

void add_tournament_routes(Router& router, TournamentBackend& backend) {
    router.add("GET", "/api/v1/tournaments", [&backend](ApiCall call) {
        std::optional<std::string> state;
        if (call.query.contains("state")) {
            state = call.query.at("state");
            if (*state != "registering" && *state != "running" && *state != "finished" &&
                *state != "cancelled")
                return call.respond(bad_request(
                    "state",
                    "state: must be registering, running, finished or cancelled (or left out for all)"));
        }
        backend.list(std::move(state), answer(call.respond));
    });
    router.add("POST", "/api/v1/tournaments", [&backend](ApiCall call) {
        auto body =
            parse_object(call.request.body,
                         R"({"name": "Sunday 20", "game": "holdem", "kind": "mtt", "buy_in": "20.00", ...})");
        if (!body) return call.respond(bad_request(body.error()));
        auto declaration = declaration_from_json(*body);
        if (!declaration) return call.respond(bad_request(declaration.error()));
        backend.create(call.caller, std::move(*declaration), answer(call.respond, 201));
    });
    router.add("GET", "/api/v1/tournaments/{id}", [&backend](ApiCall call) {
        if (auto id = id_or_404(call)) backend.inspect(*id, answer(call.respond));
    });
    router.add("POST", "/api/v1/tournaments/{id}/pause", with_reason(backend, &TournamentBackend::pause));
    router.add("POST", "/api/v1/tournaments/{id}/resume", with_reason(backend, &TournamentBackend::resume));
    router.add("GET", "/api/v1/tournaments/{id}/cancellation", [&backend](ApiCall call) {
        if (auto id = id_or_404(call)) backend.cancellation_preview(*id, answer(call.respond));
    });
    router.add("POST", "/api/v1/tournaments/{id}/cancel", with_reason(backend, &TournamentBackend::cancel));
}

}  // namespace tavolo::server::api
