#pragma once
// One bot of `tavolo bots`: a player over the real protocol. Hello, CreateAccount (a random unique
// name), SubscribeLobby, Register (the tournament asked for, or the registering one with a free seat
// and the most entrants), then every decision addressed to it answered with its strategy, naming the
// table, hand and decision. A dropped connection is resumed with the token (every table then waits
// for its fresh snapshot). After its tournament it registers again while the fleet's time remains.
// Everything it receives goes through the table trackers; a problem counts as an error.
#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "tools/bots/fleet.hpp"
#include "tools/bots/send_pacer.hpp"
#include "tools/client/table_tracker.hpp"

namespace tavolo::bots {

class Bot {
  public:
    Bot(Fleet& fleet, int index, std::uint64_t seed);
    void start();
    // The fleet's --seconds ran out: stop looking for tournaments (a running one is played out).
    void on_deadline();
    // Interrupted: close at once, whatever the bot was doing.
    void stop();
    bool done() const { return phase_ == Phase::Done; }
    // Is this bot dealt into hand `hand` at `table`, as far as it knows (for the latency probes)?
    bool dealt_in(const client::TableKey& table, std::int64_t hand) const;
    // The fleet grants it the registration slot it waited for (BotsOptions::max_registering): false
    // when it no longer needs it.
    bool slot_granted();

  private:
    enum class Phase { Connecting, Greeting, LoggingIn, Lobby, Registering, Registered, Done };

    void connect();
    void on_open();
    void on_frame(std::string_view frame, bool binary);
    void on_closed(const std::string& reason);
    void reconnect_later();

    void handle(const v1::ServerMessage& message);
    void on_welcome();
    void on_logged_in(const v1::LoggedIn& logged_in);
    void on_error(const v1::ServerMessage& message);
    void on_lobby(const v1::TournamentInfo& info);
    void on_tournament_event(const v1::TournamentEvent& event);
    void on_table_message(const v1::ServerMessage& message);

    void look_for_tournament();
    void register_later();  // a registration the server refused for now (INTERNAL, RATE_LIMITED)
    void subscribe_lobby(bool on);
    void buy(const v1::PurchaseOffered& offer);
    void mark_started();
    void tournament_over(std::int64_t tournament);
    void maybe_act(const client::TableKey& table);
    void sit_back_in(const client::TableKey& table, const client::TableTracker& tracker);
    void finish();

    std::uint64_t send(v1::ClientMessage message);
    void flush();  // what the pacer lets through now; a timer for the rest
    void error(const std::string& what);

    Fleet& fleet_;
    int index_;
    Rng rng_;
    std::string name_;
    std::string password_;
    std::string token_;
    std::shared_ptr<client::Connection> connection_;
    std::uint64_t generation_ = 0;  // callbacks of an older connection are ignored
    boost::asio::steady_timer retry_;
    boost::asio::steady_timer register_retry_;  // register_later()
    boost::asio::steady_timer lobby_retry_;     // a lobby subscription refused for now, asked again
    int register_retries_ = 0;
    bool backing_off_ = false;
    bool holding_slot_ = false;  // one of the fleet's registration slots
    bool waiting_slot_ = false;  // in the fleet's queue for one
    void release_slot();         // register_retry_ is set: no registration before it fires
    SendPacer pacer_;
    boost::asio::steady_timer pace_;
    bool pacing_ = false;             // pace_ is set
    std::deque<std::string> outbox_;  // frames the pacer holds back
    int failed_connects_ = 0;
    std::size_t endpoint_turn_ = 0;  // Fleet::endpoint(): moves on at each dropped connection
    Phase phase_ = Phase::Connecting;
    v1::ErrorCode closing_reason_ = v1::ERROR_CODE_UNSPECIFIED;  // the server's Closing, if it sent one
    bool told_closing_ = false;
    std::string last_close_reason_;
    std::uint64_t next_request_ = 1;
    std::uint64_t account_request_ = 0;
    std::uint64_t register_request_ = 0;
    std::uint64_t subscribe_request_ = 0;  // the last SubscribeLobby
    int lobby_retries_ = 0;
    std::uint64_t unregister_request_ = 0;
    std::map<std::uint64_t, client::TableKey> action_requests_;
    client::TableBook book_;
    std::map<std::int64_t, v1::TournamentInfo> lobby_;
    std::set<std::int64_t> refused_tournaments_;  // full or closed when we tried
    std::int64_t register_target_ = 0;            // the tournament of register_request_
    std::int64_t tournament_ = 0;                 // registered for (0: none)
    std::int64_t entrant_ = -1;                   // our entrant number there
    bool started_ = false;                        // it has started
    bool subscribed_ = false;                     // to the lobby's updates
    std::map<client::TableKey, std::pair<std::int64_t, std::int64_t>>
        acted_;                                // last (hand, decision) answered
    std::set<client::TableKey> asked_sit_in_;  // tables where a SitIn is under way
};

}  // namespace tavolo::bots
