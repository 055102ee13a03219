#pragma once
// One player of `tavolo load`: one account over one WebSocket connection, seated at up to K tables at
// once (multi-tabling: it holds a registration in several Sit&Gos). Hello, CreateAccount, then the
// registrations the run gives it; every decision addressed to it at any of its tables is answered with
// the strategy of tools/bots (read-only use), within the server's rate limit (tools/bots' SendPacer).
// Everything it receives goes through tools/client's table trackers; a problem is an error. A dropped
// connection after logging in is an error and the player is gone (the load run does not resume); one
// that fails before (an overloaded server lets a handshake time out) is tried again, up to 5 times.
#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/bots/send_pacer.hpp"
#include "tools/bots/strategy.hpp"
#include "tools/client/table_tracker.hpp"
#include "tools/client/url.hpp"
#include "tools/client/websocket_connection.hpp"

namespace tavolo::load {

class LoadRun;

class LoadPlayer {
  public:
    LoadPlayer(LoadRun& run, int index, client::Endpoint endpoint, std::uint64_t seed, bool scout);
    void start();
    void close();
    // Ask for a seat in `tournament` (the run's choice: a registering Sit&Go this player is not in).
    void register_for(std::int64_t tournament);
    // Follow the lobby for the run (the first player does from the start; another when it is gone).
    void become_scout();
    void stop_scouting() { scout_ = false; }  // it resumes without following the lobby
    bool resuming() const { return resuming_; }
    bool logged_in() const { return logged_in_; }
    bool gone() const { return gone_; }
    // Dealt into hand `hand` at `table`, as this player's tracker knows.
    bool dealt_in(const client::TableKey& table, std::int64_t hand) const;

  private:
    struct Outgoing {
        std::string frame;
        std::optional<std::pair<client::TableKey, std::int64_t>> action;  // (table, hand) of an action
    };
    void connect();
    void on_frame(std::string_view frame, bool binary);
    void on_closed(const std::string& reason);
    void resume(const std::string& reason);
    void handle(const v1::ServerMessage& message);
    void on_error(const v1::ServerMessage& message);
    void on_tournament_event(const v1::TournamentEvent& event);
    void left(std::int64_t tournament, bool finished);
    void maybe_act(const client::TableKey& table, const client::TableTracker& tracker);
    void act(const client::TableKey& table, const client::TableTracker& tracker);
    void act_after_thinking(const client::TableKey& table, std::pair<std::int64_t, std::int64_t> decision);
    std::uint64_t send(v1::ClientMessage message,
                       std::optional<std::pair<client::TableKey, std::int64_t>> action = {});
    void flush();

    LoadRun& run_;
    int index_;
    client::Endpoint endpoint_;
    bots::Rng rng_;
    bool scout_;  // also follows the lobby for the run
    std::string name_;
    std::shared_ptr<client::Connection> connection_;
    boost::asio::steady_timer retry_;
    int attempts_ = 0;  // connections tried without logging in
    bool logged_in_ = false;
    std::string resume_token_;  // from the last LoggedIn
    bool resuming_ = false;     // the connection under way resumes (Resume, not CreateAccount)
    int resumes_in_a_row_ = 0;  // without a LoggedIn between them
    std::vector<std::int64_t> held_registrations_;  // asked for while resuming: sent once resumed
    bool gone_ = false;
    bool closing_ = false;
    std::uint64_t next_request_ = 1;
    std::uint64_t account_request_ = 0;
    client::TableBook book_;
    bots::SendPacer pacer_;
    boost::asio::steady_timer pace_;
    bool pacing_ = false;
    std::deque<Outgoing> outbox_;
    std::map<std::uint64_t, std::int64_t> registering_;  // request -> tournament
    std::map<std::int64_t, std::int64_t> entries_;       // tournament -> our entrant number
    std::map<client::TableKey, std::pair<std::int64_t, std::int64_t>> acted_;  // last (hand, decision)
    std::map<std::uint64_t, client::TableKey> action_requests_;
    std::map<client::TableKey, boost::asio::steady_timer> thinking_;  // --think-ms: a decision's wait
};

}  // namespace tavolo::load
