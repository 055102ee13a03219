#include "server/operator/live_feed.hpp"

#include <google/protobuf/util/json_util.h>

#include <boost/json.hpp>

#include "tavolo.pb.h"

namespace tavolo::server::operators {

namespace json = boost::json;
namespace v1 = protocol::v1;

namespace {

std::string to_json(const google::protobuf::Message& message) {
    std::string out;
    google::protobuf::util::JsonPrintOptions options;
    options.preserve_proto_field_names = false;
    if (!google::protobuf::util::MessageToJsonString(message, &out, options).ok()) return "{}";
    return out;
}

// {"type":..., <fields>, "event": <raw JSON>}: the event is already JSON text, spliced in as is.
std::string envelope(std::string_view type, const json::object& fields, const std::string& event_json) {
    json::object o = fields;
    o["type"] = type;
    std::string head = json::serialize(o);
    head.pop_back();  // the closing brace
    return head + ",\"event\":" + event_json + "}";
}

}  // namespace

LiveFeed::ConnectionId LiveFeed::attach(Sink sink) {
    std::lock_guard lock(mutex_);
    const ConnectionId id = next_++;
    connections_[id] = Connection{std::move(sink), {}};
    return id;
}

void LiveFeed::detach(ConnectionId id) {
    std::lock_guard lock(mutex_);
    connections_.erase(id);
}

bool LiveFeed::has_listeners() const {
    std::lock_guard lock(mutex_);
    return !connections_.empty();
}

std::size_t LiveFeed::connections() const {
    std::lock_guard lock(mutex_);
    return connections_.size();
}

std::optional<std::string> LiveFeed::command(ConnectionId id, std::string_view text) {
    boost::system::error_code ec;
    const json::value v = json::parse(text, ec);
    const char* usage = "send {\"subscribe\":{\"tournament\":ID}} or {\"unsubscribe\":{\"tournament\":ID}}";
    if (ec || !v.is_object()) return std::string("the command is not a JSON object: ") + usage;
    const json::object& o = v.as_object();
    const bool subscribe = o.contains("subscribe");
    const json::value* inner = subscribe ? o.if_contains("subscribe") : o.if_contains("unsubscribe");
    if (inner == nullptr || !inner->is_object() || o.size() != 1)
        return std::string("unknown command: ") + usage;
    const json::value* t = inner->as_object().if_contains("tournament");
    if (t == nullptr || !t->is_int64() || t->as_int64() <= 0)
        return std::string("tournament: must be a positive tournament id; ") + usage;
    std::lock_guard lock(mutex_);
    auto it = connections_.find(id);
    if (it == connections_.end()) return std::nullopt;
    if (subscribe)
        it->second.filter.tournaments.insert(t->as_int64());
    else
        it->second.filter.tournaments.erase(t->as_int64());
    return std::nullopt;
}

void LiveFeed::publish(std::optional<std::int64_t> tournament, std::string text) {
    const Frame frame = std::make_shared<const std::string>(std::move(text));
    std::lock_guard lock(mutex_);
    for (auto& [id, c] : connections_)
        if (!tournament || c.filter.accepts(*tournament)) c.sink(frame);
}

void LiveFeed::table_frame(const protocol::TableAddress& table, const Frame& frame) {
    if (!has_listeners() || !frame) return;
    v1::ServerMessage message;
    if (!message.ParseFromString(*frame)) return;
    // What observers see carries no hole card of a hand in play (the table's projection); the feed
    // adds nothing to it.
    publish(table.tournament_id,
            envelope("table", json::object{{"tournament", table.tournament_id}, {"table", table.table}},
                     to_json(message)));
}

std::string hand_cards_json(const actors::RevealedHand& hand) {
    json::array seats;
    for (const auto& s : hand.seats)
        seats.push_back(
            json::object{{"seat", s.seat}, {"entrant", s.entrant}, {"name", s.name}, {"cards", s.cards}});
    return json::serialize(json::object{{"type", "hand_cards"},
                                        {"tournament", hand.table.tournament_id},
                                        {"table", hand.table.table},
                                        {"hand", hand.hand},
                                        {"seats", std::move(seats)}});
}

void LiveFeed::hand_revealed(const actors::RevealedHand& hand) {
    if (!has_listeners()) return;
    publish(hand.table.tournament_id, hand_cards_json(hand));
}

void LiveFeed::lobby_or_tournament_frame(const Frame& frame) {
    if (!has_listeners() || !frame) return;
    v1::ServerMessage message;
    if (!message.ParseFromString(*frame)) return;
    if (message.has_tournament_event()) {
        const std::int64_t t = message.tournament_event().tournament_id();
        publish(t, envelope("tournament", json::object{{"tournament", t}}, to_json(message)));
        return;
    }
    if (message.has_lobby_snapshot() || message.has_lobby_update())
        publish(std::nullopt, envelope("lobby", json::object{}, to_json(message)));
}

}  // namespace tavolo::server::operators
