#include "tools/bots/bot.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include <boost/asio/post.hpp>

#include "tools/client/message_codec.hpp"

namespace tavolo::bots {

namespace {

constexpr int kMaxAttemptsWithoutLogin = 20;  // then the server is taken to be gone
constexpr std::size_t kActionRequestsKept = 64;
constexpr auto kRetryStep = std::chrono::milliseconds(100);
constexpr auto kRetryCap = std::chrono::seconds(2);
constexpr int kMaxRegisterRetries = 30;
constexpr auto kRegisterRetryStep = std::chrono::milliseconds(500);
constexpr auto kRegisterRetryCap = std::chrono::seconds(10);

std::string hex(Rng& rng, int digits) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < digits; ++i)
        out += kDigits[rng() % 16];
    return out;
}

std::string error_text(const v1::Error& e) {
    return v1::ErrorCode_Name(e.code()) + " (" + e.message() + ")";
}

v1::ClientMessage register_message(std::int64_t tournament) {
    v1::ClientMessage m;
    m.mutable_register_tournament()->set_tournament_id(tournament);
    return m;
}

}  // namespace

Bot::Bot(Fleet& fleet, int index, std::uint64_t seed)
    : fleet_(fleet),
      index_(index),
      rng_(seed),
      retry_(fleet.io()),
      register_retry_(fleet.io()),
      lobby_retry_(fleet.io()),
      pacer_(SendPacer::Clock::now()),
      pace_(fleet.io()) {
    // Names: 3 to 20 of A-Z a-z 0-9 _ - . (server/session/README.md); 48 random bits keep them unique.
    name_ = "bot" + hex(rng_, 12);
    password_ = hex(rng_, 24);
}

void Bot::start() {
    connect();
}

// ---- The connection --------------------------------------------------------------------------------------

void Bot::connect() {
    phase_ = Phase::Connecting;
    const std::uint64_t generation = ++generation_;
    client::Connection::Handlers handlers;
    handlers.on_open = [this, generation] {
        if (generation == generation_) on_open();
    };
    handlers.on_frame = [this, generation](std::string_view frame, bool binary) {
        if (generation == generation_) on_frame(frame, binary);
    };
    handlers.on_closed = [this, generation](const std::string& reason) {
        if (generation == generation_) on_closed(reason);
    };
    connection_ = client::make_connection(fleet_.io(), fleet_.endpoint(endpoint_turn_), fleet_.tls(),
                                          std::move(handlers));
    connection_->start();
}

void Bot::on_open() {
    phase_ = Phase::Greeting;
    v1::ClientMessage hello;
    hello.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
    hello.mutable_hello()->set_client("tavolo-bots");
    hello.mutable_hello()->set_accepts_batches(true);
    send(std::move(hello));
}

void Bot::on_frame(std::string_view frame, bool binary) {
    auto messages = client::decode_server_messages(frame, binary);
    if (!messages) return error(client::to_string(messages.error().kind) + ": " + messages.error().text);
    for (const v1::ServerMessage& message : *messages)
        handle(message);
}

void Bot::on_closed(const std::string& reason) {
    // This runs inside the connection's own handler: it is released once the handler has returned,
    // never from within it (freeing it here freed the running handler: a double free on reconnects).
    boost::asio::post(fleet_.io(), [gone = std::move(connection_)] { (void)gone; });
    connection_.reset();
    outbox_.clear();  // requests of a connection that is gone mean nothing on the next
    last_close_reason_ = reason;
    release_slot();  // a registration under way is asked again after the resume, if still needed
    if (phase_ == Phase::Done) return fleet_.bot_done();  // our own close completed
    asked_sit_in_.clear();
    book_.reset_all();  // every table waits for the snapshot the resume brings
    acted_.clear();     // an action lost in the drop is answered again; a repeat is refused as stale
    for (auto& [table, bots] : fleet_.seated())
        bots.erase(index_);
    fleet_.latency().forget(index_);
    if (told_closing_) {
        // The server said why it closes (superseded, shutting down): resuming would not help.
        if (closing_reason_ != v1::ERROR_CODE_SUPERSEDED)
            error("the server closed the connection: " + reason);
        return finish();
    }
    if (!fleet_.options().failover.empty()) ++endpoint_turn_;  // another node of the cluster
    if (++failed_connects_ > kMaxAttemptsWithoutLogin) {
        error("gave up after " + std::to_string(kMaxAttemptsWithoutLogin) +
              " connections without logging in: " + reason);
        return finish();
    }
    reconnect_later();
}

void Bot::reconnect_later() {
    retry_.expires_after(std::min<std::chrono::milliseconds>(kRetryStep * failed_connects_, kRetryCap));
    retry_.async_wait([this, generation = generation_](boost::system::error_code ec) {
        if (!ec && generation == generation_ && phase_ != Phase::Done) connect();
    });
}

std::uint64_t Bot::send(v1::ClientMessage message) {
    const std::uint64_t id = next_request_++;
    message.set_request_id(id);
    if (!connection_) return id;
    outbox_.push_back(client::encode(message));
    flush();
    return id;
}

void Bot::flush() {
    while (connection_ && !outbox_.empty() && pacer_.take(SendPacer::Clock::now())) {
        connection_->send(std::move(outbox_.front()));
        outbox_.pop_front();
    }
    if (outbox_.empty() || pacing_ || !connection_) return;
    pacing_ = true;
    pace_.expires_after(pacer_.wait(SendPacer::Clock::now()));
    pace_.async_wait([this](boost::system::error_code) {
        pacing_ = false;
        if (phase_ != Phase::Done) flush();
    });
}

void Bot::error(const std::string& what) {
    fleet_.error(name_, what);
}

void Bot::finish() {
    if (phase_ == Phase::Done) return;
    phase_ = Phase::Done;
    retry_.cancel();
    register_retry_.cancel();
    lobby_retry_.cancel();
    release_slot();
    pace_.cancel();
    for (auto& [table, bots] : fleet_.seated())
        bots.erase(index_);
    if (connection_)
        connection_->close();  // bot_done() when it has closed
    else
        fleet_.bot_done();
}

// ---- What arrives ----------------------------------------------------------------------------------------

void Bot::handle(const v1::ServerMessage& message) {
    auto folded = book_.on_message(message);
    if (!folded) return error(client::to_string(folded.error().kind) + ": " + folded.error().text);
    switch (message.body_case()) {
        case v1::ServerMessage::kWelcome:
            return on_welcome();
        case v1::ServerMessage::kLoggedIn:
            return on_logged_in(message.logged_in());
        case v1::ServerMessage::kError:
            on_error(message);
            break;
        case v1::ServerMessage::kLobbySnapshot:
            lobby_.clear();
            for (const auto& info : message.lobby_snapshot().tournaments())
                on_lobby(info);
            return look_for_tournament();
        case v1::ServerMessage::kLobbyUpdate:
            if (message.lobby_update().removed())
                lobby_.erase(message.lobby_update().tournament().id());
            else
                on_lobby(message.lobby_update().tournament());
            return look_for_tournament();
        case v1::ServerMessage::kRegistered:
            if (message.request_id() != register_request_) return;
            release_slot();
            tournament_ = message.registered().tournament_id();
            entrant_ = message.registered().entrant();
            started_ = false;
            phase_ = Phase::Registered;
            if (fleet_.deadline_passed()) on_deadline();
            return;
        case v1::ServerMessage::kUnregistered:
            if (message.request_id() != unregister_request_) return;
            --fleet_.claims()[message.unregistered().tournament_id()];
            return finish();
        case v1::ServerMessage::kTournamentEvent:
            return on_tournament_event(message.tournament_event());
        case v1::ServerMessage::kClosing:
            told_closing_ = true;
            closing_reason_ = message.closing().code();
            if (closing_reason_ == v1::ERROR_CODE_SUPERSEDED)
                error("closed: another connection of the same account (" + message.closing().reason() + ")");
            return;
        default:
            break;  // wallet, pong, chat
    }
    if (*folded == client::Folded::Applied && client::table_of(message) != nullptr) on_table_message(message);
}

void Bot::on_welcome() {
    phase_ = Phase::LoggingIn;
    v1::ClientMessage m;
    if (!token_.empty()) {
        m.mutable_resume()->set_resume_token(token_);
    } else {
        m.mutable_create_account()->set_name(name_);
        m.mutable_create_account()->set_password(password_);
    }
    account_request_ = send(std::move(m));
}

void Bot::on_logged_in(const v1::LoggedIn& logged_in) {
    if (token_.empty())
        ++fleet_.tally().players;
    else
        ++fleet_.tally().reconnects;  // a dropped connection resumed
    token_ = logged_in.resume_token();
    failed_connects_ = 0;
    phase_ = tournament_ != 0 ? Phase::Registered : Phase::Lobby;
    subscribe_lobby(true);
}

// A bot follows the lobby while it looks for a tournament and waits for it to start; playing, it
// needs none of it (its tournament's events come to it), and 500 subscribers make every registration
// 500 frames.
void Bot::subscribe_lobby(bool on) {
    if (on == subscribed_ && !on) return;
    subscribed_ = on;
    v1::ClientMessage m;
    if (on)
        m.mutable_subscribe_lobby();
    else
        m.mutable_unsubscribe_lobby();
    const std::uint64_t id = send(std::move(m));
    if (on) subscribe_request_ = id;
}

void Bot::mark_started() {
    started_ = true;
    if (subscribed_) subscribe_lobby(false);
}

void Bot::on_error(const v1::ServerMessage& message) {
    const v1::Error& e = message.error();
    if (e.code() == v1::ERROR_CODE_PURCHASE_REFUSED) {
        ++fleet_.tally().refused;
        return;
    }
    if (const auto it = action_requests_.find(message.request_id()); it != action_requests_.end()) {
        ++fleet_.tally().refused;
        if (fleet_.options().verbose)
            fleet_.note(name_, "action refused at " + client::to_string(it->second) + ": " + error_text(e));
        action_requests_.erase(it);
        return;
    }
    if (message.request_id() != 0 && message.request_id() == account_request_) {
        if (e.code() == v1::ERROR_CODE_NAME_TAKEN || e.code() == v1::ERROR_CODE_BAD_RESUME_TOKEN) {
            // The account was made before a drop lost its answer, or the token expired: log in instead.
            if (e.code() == v1::ERROR_CODE_BAD_RESUME_TOKEN) error("resume refused: " + error_text(e));
            v1::ClientMessage m;
            m.mutable_log_in()->set_name(name_);
            m.mutable_log_in()->set_password(password_);
            account_request_ = send(std::move(m));
            return;
        }
        error("could not log in: " + error_text(e));
        return finish();
    }
    if (message.request_id() != 0 && message.request_id() == register_request_) {
        release_slot();
        const bool closed =
            e.code() == v1::ERROR_CODE_REGISTRATION_CLOSED || e.code() == v1::ERROR_CODE_UNKNOWN_TOURNAMENT;
        if (!fleet_.options().tournament) --fleet_.claims()[register_target_];
        if (closed && !fleet_.options().tournament) {
            refused_tournaments_.insert(register_target_);  // full, or started since the lobby said
            phase_ = Phase::Lobby;
            return look_for_tournament();
        }
        if (e.code() == v1::ERROR_CODE_INSUFFICIENT_FUNDS) {
            fleet_.note(name_, "stops: its wallet no longer holds a buy-in");
            return finish();
        }
        if (e.code() == v1::ERROR_CODE_UNAVAILABLE || e.code() == v1::ERROR_CODE_RATE_LIMITED) {
            // "Retry in a moment" (a database that did not answer in time under thousands of buy-ins at
            // once): the same request later, under the same idempotency key on the server's side.
            if (++register_retries_ <= kMaxRegisterRetries) {
                ++fleet_.tally().refused;
                fleet_.note(name_, "registration refused for now, retried: " + error_text(e));
                return register_later();
            }
            error("could not register for tournament " + std::to_string(register_target_) + " after " +
                  std::to_string(kMaxRegisterRetries) + " tries: " + error_text(e));
            return finish();
        }
        error("could not register for tournament " + std::to_string(register_target_) + ": " + error_text(e));
        return finish();
    }
    if (message.request_id() != 0 && message.request_id() == unregister_request_) {
        phase_ = Phase::Registered;  // it started meanwhile: play it out
        started_ = true;
        return;
    }
    if (message.request_id() != 0 && message.request_id() == subscribe_request_ &&
        (e.code() == v1::ERROR_CODE_UNAVAILABLE || e.code() == v1::ERROR_CODE_RATE_LIMITED) &&
        ++lobby_retries_ <= kMaxRegisterRetries) {
        // "Retry in a moment": e.g. the lobby's node died and another has not taken its lease yet
        // (docs/SCALING.md). The subscription is asked again after a growing step.
        fleet_.note(name_, "lobby refused for now, asked again: " + error_text(e));
        subscribed_ = false;
        lobby_retry_.expires_after(kRetryStep * lobby_retries_);
        lobby_retry_.async_wait([this, generation = generation_](boost::system::error_code ec) {
            if (!ec && generation == generation_ && !subscribed_) subscribe_lobby(true);
        });
        return;
    }
    if (e.code() == v1::ERROR_CODE_UNAVAILABLE && message.request_id() != 0) {
        // "Retry in a moment" for a request the bot no longer waits for, such as a table request (e.g.
        // the node hosting the table died with it; the new host's snapshot asks the decision again):
        // a refusal. A table request's Error names its table, so the note says which.
        ++fleet_.tally().refused;
        const std::string at = e.has_table()
                                   ? " at table " + std::to_string(e.table().table()) + " of tournament " +
                                         std::to_string(e.table().tournament_id())
                                   : std::string();
        fleet_.note(name_, "request " + std::to_string(message.request_id()) + at +
                               " refused for now: " + error_text(e));
        return;
    }
    error("server error: " + error_text(e));
}

void Bot::on_lobby(const v1::TournamentInfo& info) {
    lobby_[info.id()] = info;
    if (phase_ == Phase::Lobby && tournament_ == 0 && info.registered() &&
        (info.state() == v1::TOURNAMENT_STATE_REGISTERING || info.state() == v1::TOURNAMENT_STATE_RUNNING)) {
        // Registered by a request whose answer a dropped connection lost.
        tournament_ = info.id();
        phase_ = Phase::Registered;
    }
    if (info.id() != tournament_) return;
    if (info.state() == v1::TOURNAMENT_STATE_RUNNING || info.state() == v1::TOURNAMENT_STATE_ON_BREAK)
        mark_started();
    if (info.state() == v1::TOURNAMENT_STATE_FINISHED) {
        fleet_.tally().finished.insert(info.id());
        tournament_over(info.id());
    } else if (info.state() == v1::TOURNAMENT_STATE_CANCELLED) {
        tournament_over(info.id());
    }
}

void Bot::on_tournament_event(const v1::TournamentEvent& event) {
    if (event.tournament_id() != tournament_) return;
    if (event.has_started()) mark_started();
    if (event.has_moved()) {
        // Only the moved player is told. The table book forgot both tables; the new one's snapshot
        // follows (seated() again).
        fleet_.seated()[client::key_of(event.moved().from())].erase(index_);
        acted_.erase(client::key_of(event.moved().from()));
        acted_.erase(client::key_of(event.moved().to()));
    }
    if (event.has_eliminated() && event.eliminated().entrant() == entrant_) {
        for (auto& [table, bots] : fleet_.seated())
            if (table.tournament_id == tournament_) bots.erase(index_);
        fleet_.latency().forget(index_);
    }
    if (event.has_finished()) {
        fleet_.tally().finished.insert(event.tournament_id());
        tournament_over(event.tournament_id());
    }
    if (event.has_cancelled()) tournament_over(event.tournament_id());
    if (event.has_purchase_offered()) buy(event.purchase_offered());
}

// A bot takes every re-buy and add-on it is offered (RULES.md §6); past the tournament's limit the
// server refuses it (PURCHASE_REFUSED), which is an answer, not an error.
void Bot::buy(const v1::PurchaseOffered& offer) {
    v1::ClientMessage m;
    if (offer.kind() == v1::PURCHASE_KIND_ADD_ON)
        *m.mutable_add_on()->mutable_table() = offer.table();
    else
        *m.mutable_rebuy()->mutable_table() = offer.table();
    send(std::move(m));
}

void Bot::on_table_message(const v1::ServerMessage& message) {
    const client::TableKey key = client::key_of(*client::table_of(message));
    const client::TableTracker* tracker = book_.find(key);
    if (tracker == nullptr) return;
    if (tracker->hand() > 0) fleet_.tally().hands.emplace(key.tournament_id, key.table, tracker->hand());
    if (message.has_table_snapshot()) {
        const auto& s = message.table_snapshot();
        if (s.your_seat() >= 0 || s.your_player() >= 0) fleet_.seated()[key].insert(index_);
        if (key.tournament_id == tournament_ && !started_) mark_started();
    }
    fleet_.latency().table_message(key, index_, Clock::now());
    sit_back_in(key, *tracker);
    maybe_act(key);
}

// Sat out (timeouts while its connection was down, RULES.md §5): the bot asks to play again, once per
// time it is seen sitting out.
void Bot::sit_back_in(const client::TableKey& table, const client::TableTracker& tracker) {
    const auto& s = tracker.state();
    bool out = false;
    if (s.has_poker() && s.your_seat() >= 0 && s.your_seat() < s.poker().seats_size())
        out = s.poker().seats(s.your_seat()).sitting_out();
    if (s.has_polacco())
        for (const auto& seat : s.polacco().seats())
            if (seat.player() == s.your_player() && s.your_player() >= 0) out = seat.sitting_out();
    if (!out) {
        asked_sit_in_.erase(table);
        return;
    }
    if (!asked_sit_in_.insert(table).second) return;
    v1::ClientMessage m;
    m.mutable_sit_in()->mutable_table()->set_tournament_id(table.tournament_id);
    m.mutable_sit_in()->mutable_table()->set_table(table.table);
    send(std::move(m));
}

// ---- Decisions
// ---------------------------------------------------------------------------------------------

void Bot::look_for_tournament() {
    if (phase_ != Phase::Lobby || backing_off_) return;
    if (fleet_.deadline_passed()) return finish();
    std::int64_t target = 0;
    if (fleet_.options().tournament) {
        target = *fleet_.options().tournament;
    } else {
        // The fullest registering tournament with a free seat, counting the fleet's own registrations
        // under way (the lobby's count lags them): the fleet fills tables one after another.
        int best_taken = -1;
        for (const auto& [id, info] : lobby_) {
            if (info.state() != v1::TOURNAMENT_STATE_REGISTERING || refused_tournaments_.contains(id))
                continue;
            const int taken = std::max(info.entrants(), fleet_.claims()[id]);
            if (taken >= info.max_players() || taken <= best_taken) continue;
            best_taken = taken;
            target = id;
        }
        if (target == 0) return;  // wait for the lobby's next update
    }
    if (!holding_slot_) {
        if (waiting_slot_) return;
        if (!fleet_.take_register_slot(index_)) {
            waiting_slot_ = true;
            return;
        }
        holding_slot_ = true;
    }
    if (!fleet_.options().tournament) ++fleet_.claims()[target];
    register_target_ = target;
    phase_ = Phase::Registering;
    register_request_ = send(register_message(target));
}

bool Bot::slot_granted() {
    waiting_slot_ = false;
    if (phase_ != Phase::Lobby || backing_off_ || holding_slot_) return false;
    holding_slot_ = true;
    // Posted: the fleet is handing out slots, and this may release one.
    boost::asio::post(fleet_.io(), [this] {
        if (phase_ == Phase::Lobby && !backing_off_)
            look_for_tournament();
        else
            release_slot();
    });
    return true;
}

void Bot::release_slot() {
    if (!holding_slot_) return;
    holding_slot_ = false;
    fleet_.release_register_slot();
}

void Bot::register_later() {
    phase_ = Phase::Lobby;
    register_request_ = 0;
    // Spread over time (the whole fleet was refused at once): a growing step with jitter.
    const auto step =
        std::min<std::chrono::milliseconds>(kRegisterRetryStep * register_retries_, kRegisterRetryCap);
    register_retry_.expires_after(step / 2 + std::chrono::milliseconds(rng_() % (step.count() + 1)));
    backing_off_ = true;
    register_retry_.async_wait([this](boost::system::error_code ec) {
        backing_off_ = false;
        if (!ec && phase_ == Phase::Lobby && tournament_ == 0) look_for_tournament();
    });
}

void Bot::tournament_over(std::int64_t tournament) {
    if (tournament != tournament_) return;
    for (auto& [table, bots] : fleet_.seated())
        if (table.tournament_id == tournament) bots.erase(index_);
    fleet_.latency().forget(index_);
    tournament_ = 0;
    entrant_ = -1;
    started_ = false;
    // One tournament with an id given; with --seconds, another while they remain.
    if (fleet_.options().tournament || !fleet_.options().seconds || fleet_.deadline_passed()) return finish();
    phase_ = Phase::Lobby;
    if (subscribed_)
        look_for_tournament();
    else
        subscribe_lobby(true);  // its snapshot brings the look
}

void Bot::on_deadline() {
    switch (phase_) {
        case Phase::Connecting:
        case Phase::Greeting:
        case Phase::LoggingIn:
            if (token_.empty())
                error("not logged in when the time ran out" +
                      (last_close_reason_.empty() ? std::string()
                                                  : " (last connection: " + last_close_reason_ + ")"));
            return finish();
        case Phase::Lobby:
            return finish();
        case Phase::Registered:
            if (!started_ && unregister_request_ == 0) {
                v1::ClientMessage m;
                m.mutable_unregister_tournament()->set_tournament_id(tournament_);
                unregister_request_ = send(std::move(m));
            }
            return;
        default:
            return;  // registering: decided when the answer comes; done: nothing
    }
}

void Bot::stop() {
    if (phase_ == Phase::Done) return;
    if (token_.empty())
        error("not logged in when interrupted" + (last_close_reason_.empty()
                                                      ? std::string()
                                                      : " (last connection: " + last_close_reason_ + ")"));
    finish();
}

bool Bot::dealt_in(const client::TableKey& table, std::int64_t hand) const {
    const client::TableTracker* tracker = book_.find(table);
    if (tracker == nullptr || !tracker->has_snapshot() || tracker->hand() != hand) return false;
    const auto& s = tracker->state();
    if (s.has_poker()) {
        const auto& t = s.poker();
        return t.in_hand() && s.your_seat() >= 0 && s.your_seat() < t.seats_size() &&
               t.seats(s.your_seat()).dealt_in();
    }
    if (s.has_polacco())
        return std::ranges::any_of(s.polacco().seats(), [&](const v1::PolaccoSeat& seat) {
            return seat.player() == s.your_player() && !seat.eliminated();
        });
    return false;
}

void Bot::maybe_act(const client::TableKey& table) {
    if (phase_ == Phase::Done) return;
    const client::TableTracker* tracker = book_.find(table);
    const v1::PokerLegalActions* poker = tracker->poker_legal();
    const v1::PolaccoLegalActions* polacco = tracker->polacco_legal();
    if (poker == nullptr && polacco == nullptr) return;
    const std::int64_t decision = poker ? poker->decision() : polacco->decision();
    const std::pair<std::int64_t, std::int64_t> answering{tracker->hand(), decision};
    if (acted_[table] == answering) return;  // already answered; the server's next decision will come
    acted_[table] = answering;

    const std::vector<std::uint32_t> own = tracker->own_cards();
    v1::ClientMessage m;
    v1::Action* action = m.mutable_action();
    action->mutable_table()->set_tournament_id(table.tournament_id);
    action->mutable_table()->set_table(table.table);
    action->set_hand(tracker->hand());
    action->set_decision(decision);
    const Strategy strategy = fleet_.options().strategy;
    if (poker) {
        const auto& board = tracker->state().poker().board();
        const std::vector<std::uint32_t> board_faces(board.begin(), board.end());
        *action->mutable_poker() = choose_poker(strategy, *poker, own, board_faces, rng_);
    } else {
        *action->mutable_polacco() = choose_polacco(strategy, *polacco, own, rng_);
    }
    // Who must see what follows: the bots dealt into this very hand (a busted one stops receiving the
    // table, its view stuck at an earlier hand).
    std::set<int> waiting;
    for (int bot : fleet_.seated()[table])
        if (fleet_.bot(bot).dealt_in(table, tracker->hand())) waiting.insert(bot);
    fleet_.latency().action_sent(table, std::move(waiting), Clock::now());
    const std::uint64_t id = send(std::move(m));
    ++fleet_.tally().actions;
    action_requests_[id] = table;
    if (action_requests_.size() > kActionRequestsKept) action_requests_.erase(action_requests_.begin());
}

}  // namespace tavolo::bots
