#include "server/api/player_json.hpp"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <ctime>

namespace tavolo::server::api {

namespace json = boost::json;
using persistence::raw;

std::string rfc3339(std::chrono::system_clock::time_point at) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000 - (ms % 1000 < 0 ? 1 : 0));
    const int millis = static_cast<int>(((ms % 1000) + 1000) % 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[40];
    const auto n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &tm);
    char tail[8];
    std::snprintf(tail, sizeof tail, ".%03dZ", millis);
    return std::string(text, n) + tail;
}

namespace {

json::value maybe_time(const std::optional<std::chrono::system_clock::time_point>& at) {
    if (!at) return nullptr;
    return json::value(rfc3339(*at));
}

template <class T>
json::value maybe(const std::optional<T>& v) {
    if (!v) return nullptr;
    return json::value(*v);
}

}  // namespace

json::object summary_json(const persistence::PlayerSummary& s) {
    return {{"id", raw(s.id)},
            {"name", s.name},
            {"role", persistence::to_string(s.role)},
            {"created_at", rfc3339(s.created)},
            {"closed", s.closed.has_value()},
            {"closed_at", maybe_time(s.closed)}};
}

json::object player_file_json(const persistence::PlayerFile& file) {
    json::array entries;
    for (const auto& e : file.entries)
        entries.push_back(json::object{{"id", e.id},
                                       {"transaction_id", raw(e.transaction)},
                                       {"kind", e.kind},
                                       {"memo", e.memo},
                                       {"amount_cents", e.amount},
                                       {"at", rfc3339(e.at)},
                                       {"counterpart", e.counterpart}});
    json::array tournaments;
    for (const auto& t : file.tournaments)
        tournaments.push_back(json::object{{"tournament_id", raw(t.tournament)},
                                           {"name", t.tournament_name},
                                           {"tournament_state", t.tournament_state},
                                           {"state", t.state},
                                           {"entry_number", t.entry_number},
                                           {"place", maybe(t.place)},
                                           {"paid_cents", t.paid},
                                           {"prize_cents", t.prize},
                                           {"refund_cents", t.refund},
                                           {"rebuys", t.rebuys},
                                           {"addons", t.addons}});
    json::array sanctions;
    for (const auto& s : file.sanctions)
        sanctions.push_back(
            json::object{{"id", s.id},
                         {"kind", s.kind},
                         {"tournament_id", maybe(s.tournament)},
                         {"orbits", maybe(s.orbits)},
                         {"hands", maybe(s.hands)},
                         {"reason", s.reason},
                         {"operator", json::object{{"id", raw(s.operator_id)}, {"name", s.operator_name}}},
                         {"created_at", rfc3339(s.created)},
                         {"expires_at", maybe_time(s.expires)}});
    json::value next_before = nullptr;
    if (file.more_entries && !file.entries.empty()) next_before = file.entries.back().id;
    return {{"account", summary_json(file.account)},
            {"wallet", json::object{{"id", raw(file.wallet)}, {"balance_cents", file.balance}}},
            {"entries", std::move(entries)},
            {"next_before", next_before},
            {"tournaments", std::move(tournaments)},
            {"sanctions", std::move(sanctions)}};
}

json::object wallet_movement_json(const WalletRequest& request, const persistence::WalletAdjusted& moved) {
    return {{"account_id", raw(request.account)},       {"direction", request.credit ? "credit" : "debit"},
            {"amount_cents", request.amount},           {"key", request.key},
            {"transaction_id", raw(moved.transaction)}, {"balance_before_cents", moved.before},
            {"balance_after_cents", moved.after}};
}

json::object audit_entry_json(const persistence::AuditEntry& entry) {
    boost::system::error_code ec;
    json::value details = json::parse(entry.details_json, ec);
    if (ec) details = json::object{{"text", entry.details_json}};  // never: the column is jsonb
    return {{"id", entry.id},
            {"at", rfc3339(entry.at)},
            {"operator", json::object{{"id", raw(entry.operator_id)}, {"name", entry.operator_name}}},
            {"action", entry.action},
            {"target", entry.target},
            {"details", std::move(details)}};
}

}  // namespace tavolo::server::api
