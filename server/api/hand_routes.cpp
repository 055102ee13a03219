#include "server/api/hand_routes.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "engine/phh/parser.hpp"
#include "server/api/api_responses.hpp"
#include "server/api/hand_text.hpp"
#include "server/api/query_params.hpp"
#include "server/json_text.hpp"

namespace tavolo::server::api {

namespace {

constexpr int kDefaultLimit = 50;
constexpr int kMaxLimit = 1000;

enum class Format { json, phh, pokerstars };

std::expected<Format, FieldError> format_param(const ApiCall& call) {
    const std::string f = call.query_or("format", "json");
    if (f == "json") return Format::json;
    if (f == "phh") return Format::phh;
    if (f == "pokerstars") return Format::pokerstars;
    return std::unexpected(FieldError{"format", "format: json (the default), phh or pokerstars"});
}

std::optional<FieldError> unknown_param(const ApiCall& call, std::initializer_list<std::string_view> known) {
    for (const auto& [key, value] : call.query)
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            std::string list;
            for (auto k : known)
                list += std::string(list.empty() ? "" : ", ") + std::string(k);
            return FieldError{key, key + ": not a parameter of this route (it takes " + list + ")"};
        }
    return std::nullopt;
}

HttpResponse text_response(std::string body) {
    return {200, "text/plain; charset=utf-8", std::move(body), {}};
}

// Whether the hand's PHH names `name` among its players (the database's search is a superset).
bool plays_in(const persistence::ListedHand& hand, const std::string& name) {
    if (!has_phh(hand)) return false;
    auto parsed = engine::phh::parse_hand(hand.phh);
    return parsed && std::ranges::find(parsed->players, name) != parsed->players.end();
}

void list_hands(HandBackend& backend, ApiCall call) {
    if (auto bad = unknown_param(call, {"tournament", "table", "player", "limit", "before", "format"}))
        return call.respond(bad_request(bad->field, bad->message));
    auto tournament = query_int(call, "tournament", 1, INT64_MAX);
    auto table = query_int(call, "table", 0, 100000);  // from 0, as the protocol counts tables
    auto player = query_int(call, "player", 1, INT64_MAX);
    auto limit = query_int(call, "limit", 1, kMaxLimit);
    auto before = query_int(call, "before", 1, INT64_MAX);
    auto format = format_param(call);
    for (const auto* r : {&tournament, &table, &player, &limit, &before})
        if (!*r) return call.respond(bad_request(r->error().field, r->error().message));
    if (!format) return call.respond(bad_request(format.error().field, format.error().message));
    if (!*tournament && !*player)
        return call.respond(bad_request("tournament",
                                        "tournament: required unless player is given (a "
                                        "tournament's id, or player=ACCOUNT_ID for a player's hands)"));
    if (*table && !*tournament)
        return call.respond(bad_request("table", "table: a table's number needs tournament=ID too"));
    persistence::HandFilter filter;
    if (*tournament) filter.tournament = persistence::TournamentId{**tournament};
    if (*table) filter.table_number = static_cast<int>(**table);
    if (*player) filter.player = persistence::AccountId{**player};
    filter.limit = static_cast<int>(limit->value_or(kDefaultLimit));
    filter.before = *before;
    const int asked = filter.limit;
    backend.hands(filter, [respond = call.respond, format = *format, asked,
                           by_player = filter.player.has_value()](persistence::StoreResult<HandPage> page) {
        if (!page) return respond(store_error_response(page.error()));
        // The next page starts below the last hand the database gave, even if the exact check drops it.
        const std::string next =
            static_cast<int>(page->hands.size()) == asked ? std::to_string(page->hands.back().id) : "null";
        std::vector<persistence::ListedHand> hands;
        for (auto& h : page->hands)
            if (!by_player || plays_in(h, page->player_name)) hands.push_back(std::move(h));
        spdlog::debug("event=operator_hands hands={} format={}", hands.size(), static_cast<int>(format));
        if (format == Format::phh) return respond(text_response(phh_document(hands, false)));
        if (format == Format::pokerstars) return respond(text_response(pokerstars_document(hands)));
        std::string body = "{\"hands\":[";
        for (std::size_t i = 0; i < hands.size(); ++i)
            body += std::string(i ? "," : "") + hand_summary_json(hands[i]);
        respond(json_response(200, body + "],\"next_before\":" + next + "}"));
    });
}

void one_hand(HandBackend& backend, ApiCall call) {
    if (auto bad = unknown_param(call, {"format"}))
        return call.respond(bad_request(bad->field, bad->message));
    auto format = format_param(call);
    if (!format) return call.respond(bad_request(format.error().field, format.error().message));
    const auto tournament = call.id("tournament");
    const auto table = call.number("table");  // from 0, as the protocol counts tables
    const auto hand = call.id("hand");
    if (!tournament)
        return call.respond(not_found(std::string("no tournament ") + call.params["tournament"]));
    if (!table || *table > 100000)
        return call.respond(not_found(std::string("no table ") + call.params["table"] + " in tournament " +
                                      std::to_string(*tournament)));
    if (!hand) return call.respond(not_found(std::string("no hand ") + call.params["hand"]));
    backend.hand(
        persistence::TournamentId{*tournament}, static_cast<int>(*table), *hand,
        [respond = call.respond, format = *format](persistence::StoreResult<persistence::ListedHand> h) {
            if (!h) return respond(store_error_response(h.error()));
            if (format != Format::json && !has_phh(*h))
                return respond(conflict(std::string("hand ") + hand_section(*h) +
                                        " is a Polacco hand: it has no PHH or PokerStars form (PHH has "
                                        "no declaration games); ask for format=json"));
            if (format == Format::phh) return respond(text_response(h->phh));
            if (format == Format::pokerstars) {
                auto text = pokerstars_hand(*h);
                if (!text) return respond(conflict(text.error()));
                return respond(text_response(std::move(*text)));
            }
            std::string body = hand_summary_json(*h);
            body.pop_back();  // the summary's closing brace: the PHH goes in too
            body +=
                std::string(",\"phh\":") + (has_phh(*h) ? json_string(h->phh) : std::string("null")) + "}";
            respond(json_response(200, std::move(body)));
        });
}

}  // namespace

void add_hand_routes(Router& router, HandBackend& backend) {
    router.add("GET", "/api/v1/hands", [&backend](ApiCall call) { list_hands(backend, std::move(call)); });
    router.add("GET", "/api/v1/hands/{tournament}/{table}/{hand}",
               [&backend](ApiCall call) { one_hand(backend, std::move(call)); });
}

}  // namespace tavolo::server::api
