#pragma once
// The operators' live feed hub (issue 12 item 3, `/api/v1/live`): actors publish to it without knowing
// sockets; each operator connection attaches a sink (server/net/operator_ws.cpp posts the frame to its
// strand, where a bounded SendQueue takes it: an operator who does not read is closed, never waited
// for). One JSON text frame per event:
//   {"type":"lobby","event":<ServerMessage JSON>}                     lobby snapshot / updates
//   {"type":"tournament","tournament":T,"event":<ServerMessage JSON>} levels, breaks, eliminations, moves,
//   finish
//   {"type":"table","tournament":T,"table":N,"event":<ServerMessage JSON>}  as an observer sees it
//   {"type":"hand_cards","tournament":T,"table":N,"hand":H,"seats":[{"seat","entrant","name","cards"}]}
// hand_cards is published only when the hand has ended (TableActor at its HandFinished). A
// connection gets every tournament until it sends {"subscribe":{"tournament":T}}: from then on only
// the tournaments it subscribed to (lobby events always); {"unsubscribe":{"tournament":T}} drops one.
// Thread-safe: one mutex over the connections. Sinks run under it (they only post), which keeps each
// connection's events in publishing order and makes a detached connection hear nothing more.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "server/actors/table_inspection.hpp"
#include "server/session/send_queue.hpp"

namespace tavolo::server::operators {

using session::Frame;

// Which tournaments a connection watches: every one until it subscribes to some.
struct LiveFilter {
    std::set<std::int64_t> tournaments;
    bool accepts(std::int64_t tournament) const {
        return tournaments.empty() || tournaments.contains(tournament);
    }
};

class LiveFeed {
  public:
    // Called with each frame for the connection, under the hub's lock: it must only queue or post.
    using Sink = std::function<void(Frame)>;
    using ConnectionId = std::uint64_t;

    ConnectionId attach(Sink sink);
    void detach(ConnectionId id);
    // A connection's JSON command; an error message for a malformed one (the connection says it back).
    std::optional<std::string> command(ConnectionId id, std::string_view text);
    bool has_listeners() const;
    std::size_t connections() const;

    // ---- what the server publishes -------------------------------------------------------------
    // A serialised ServerMessage a table sent its observers.
    void table_frame(const protocol::TableAddress& table, const Frame& frame);
    // A finished hand's hole cards.
    void hand_revealed(const actors::RevealedHand& hand);
    // A serialised ServerMessage of the lobby (snapshot or update) or a tournament event.
    void lobby_or_tournament_frame(const Frame& frame);

    // Sends a ready-made event frame to every connection whose filter takes `tournament` (nothing:
    // every connection).
    void publish(std::optional<std::int64_t> tournament, std::string text);

  private:
    struct Connection {
        Sink sink;
        LiveFilter filter;
    };
    mutable std::mutex mutex_;
    std::map<ConnectionId, Connection> connections_;
    ConnectionId next_ = 1;
};

// The JSON of a finished hand's cards (the hand_cards event).
std::string hand_cards_json(const actors::RevealedHand& hand);

}  // namespace tavolo::server::operators
