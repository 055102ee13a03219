#include "tools/load/load_player.hpp"

#include <boost/asio/post.hpp>
#include <chrono>
#include <random>

#include <vector>

#include "tools/client/message_codec.hpp"
#include "tools/load/load_run.hpp"

namespace tavolo::load {

namespace {

constexpr std::size_t kActionRequestsKept = 64;
constexpr int kConnectAttempts = 5;

std::string hex(bots::Rng& rng, int digits) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < digits; ++i)
        out += kDigits[rng() % 16];
    return out;
}

std::string error_text(const v1::Error& e) {
    return v1::ErrorCode_Name(e.code()) + " (" + e.message() + ")";
}

}  // namespace

LoadPlayer::LoadPlayer(LoadRun& run, int index, client::Endpoint endpoint, std::uint64_t seed, bool scout)
    : run_(run),
      index_(index),
      endpoint_(std::move(endpoint)),
      rng_(seed),
      scout_(scout),
      retry_(run.io()),
      pacer_(bots::SendPacer::Clock::now()),
      pace_(run.io()) {
    name_ = "load" + hex(rng_, 12);  // 48 random bits: unique across runs on one database
}

void LoadPlayer::start() {
    connect();
}

void LoadPlayer::become_scout() {
    if (scout_ || gone_) return;
    scout_ = true;
    if (!logged_in_) return;  // it subscribes once logged in
    v1::ClientMessage m;
    m.mutable_subscribe_lobby();
    send(std::move(m));
}

void LoadPlayer::connect() {
    ++attempts_;
    client::Connection::Handlers handlers;
    handlers.on_open = [this] {
        v1::ClientMessage hello;
        hello.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
        hello.mutable_hello()->set_client("tavolo-load");
        hello.mutable_hello()->set_accepts_batches(true);
        send(std::move(hello));
    };
    handlers.on_frame = [this](std::string_view frame, bool binary) { on_frame(frame, binary); };
    handlers.on_closed = [this](const std::string& reason) { on_closed(reason); };
    connection_ = client::make_connection(run_.io(), endpoint_, nullptr, std::move(handlers));
    connection_->start();
}

void LoadPlayer::close() {
    closing_ = true;
    pace_.cancel();
    retry_.cancel();
    for (auto& [table, timer] : thinking_)
        timer.cancel();
    if (connection_) connection_->close();
}

void LoadPlayer::on_closed(const std::string& reason) {
    // Released once this handler has returned, never from within it.
    boost::asio::post(run_.io(), [gone = std::move(connection_)] { (void)gone; });
    connection_.reset();
    if (gone_) return;
    if (!logged_in_ && !closing_ && attempts_ < kConnectAttempts) {
        run_.connect_retried(index_, reason);
        outbox_.clear();
        book_.reset_all();
        retry_.expires_after(std::chrono::seconds(attempts_));
        retry_.async_wait([this](boost::system::error_code ec) {
            if (!ec && !closing_) connect();
        });
        return;
    }
    if (logged_in_ && !closing_ && !resume_token_.empty() && resumes_in_a_row_ < kConnectAttempts)
        return resume(reason);
    gone_ = true;
    if (!closing_) run_.error(index_, "connection lost: " + reason);
    run_.player_gone(index_, logged_in_);
}

// A connection lost after logging in (the server cut a reader too slow, the network dropped it): the
// player resumes on a new one with his token, as a real client does, and finds his seats; what was
// under way on the old one is forgotten (his tables' snapshots follow the resume).
void LoadPlayer::resume(const std::string& reason) {
    ++resumes_in_a_row_;
    resuming_ = true;
    run_.player_resumes(index_, reason);
    outbox_.clear();
    book_.reset_all();
    acted_.clear();
    for (auto& [table, timer] : thinking_)
        timer.cancel();
    action_requests_.clear();
    // Registrations asked on the lost connection are asked again once resumed (rare: a player's slots
    // are taken at the start).
    for (const auto& [request, tournament] : std::exchange(registering_, {}))
        held_registrations_.push_back(tournament);
    retry_.expires_after(std::chrono::milliseconds(200 * resumes_in_a_row_));
    retry_.async_wait([this](boost::system::error_code ec) {
        if (!ec && !closing_) connect();
    });
}

std::uint64_t LoadPlayer::send(v1::ClientMessage message,
                               std::optional<std::pair<client::TableKey, std::int64_t>> action) {
    const std::uint64_t id = next_request_++;
    message.set_request_id(id);
    if (!connection_) return id;
    outbox_.push_back(Outgoing{client::encode(message), std::move(action)});
    flush();
    return id;
}

void LoadPlayer::flush() {
    while (connection_ && !outbox_.empty() && pacer_.take(bots::SendPacer::Clock::now())) {
        Outgoing out = std::move(outbox_.front());
        outbox_.pop_front();
        // The probe opens when the frame leaves, not while the pacer holds it.
        if (out.action) run_.action_written(index_, out.action->first, out.action->second);
        connection_->send(std::move(out.frame));
    }
    if (outbox_.empty() || pacing_ || !connection_) return;
    pacing_ = true;
    pace_.expires_after(pacer_.wait(bots::SendPacer::Clock::now()));
    pace_.async_wait([this](boost::system::error_code ec) {
        pacing_ = false;
        if (!ec && !closing_) flush();
    });
}

void LoadPlayer::register_for(std::int64_t tournament) {
    if (resuming_) {  // asked once resumed
        held_registrations_.push_back(tournament);
        return;
    }
    v1::ClientMessage m;
    m.mutable_register_tournament()->set_tournament_id(tournament);
    registering_[send(std::move(m))] = tournament;
}

void LoadPlayer::on_frame(std::string_view frame, bool binary) {
    auto messages = client::decode_server_messages(frame, binary);
    if (!messages)
        return run_.error(index_, client::to_string(messages.error().kind) + ": " + messages.error().text);
    for (const v1::ServerMessage& message : *messages)
        handle(message);
}

void LoadPlayer::handle(const v1::ServerMessage& message) {
    auto folded = book_.on_message(message);
    if (!folded)
        return run_.error(index_, client::to_string(folded.error().kind) + ": " + folded.error().text);
    switch (message.body_case()) {
        case v1::ServerMessage::kWelcome: {
            v1::ClientMessage m;
            if (resuming_) {
                m.mutable_resume()->set_resume_token(resume_token_);
            } else {
                m.mutable_create_account()->set_name(name_);
                m.mutable_create_account()->set_password(hex(rng_, 24));
            }
            account_request_ = send(std::move(m));
            return;
        }
        case v1::ServerMessage::kLoggedIn: {
            resume_token_ = message.logged_in().resume_token();
            const bool resumed = std::exchange(resuming_, false);
            resumes_in_a_row_ = 0;
            logged_in_ = true;
            if (scout_) {
                v1::ClientMessage m;
                m.mutable_subscribe_lobby();
                send(std::move(m));
            }
            if (!resumed) return run_.logged_in(index_);
            // Resumed: the same seats and slots.
            for (const std::int64_t tournament : std::exchange(held_registrations_, {}))
                register_for(tournament);
            return;
        }
        case v1::ServerMessage::kLobbySnapshot:
        case v1::ServerMessage::kLobbyUpdate:
            return run_.lobby_message(message);
        case v1::ServerMessage::kRegistered: {
            const auto it = registering_.find(message.request_id());
            if (it == registering_.end()) return;
            const std::int64_t tournament = it->second;
            registering_.erase(it);
            entries_[tournament] = message.registered().entrant();
            return run_.registered(index_, tournament);
        }
        case v1::ServerMessage::kError:
            return on_error(message);
        case v1::ServerMessage::kTournamentEvent:
            return on_tournament_event(message.tournament_event());
        case v1::ServerMessage::kClosing:
            if (!closing_)
                run_.error(index_, "the server closes the connection: " + message.closing().reason());
            return;
        default:
            break;
    }
    const v1::TableRef* ref = client::table_of(message);
    if (*folded != client::Folded::Applied || ref == nullptr) return;
    const client::TableKey key = client::key_of(*ref);
    const client::TableTracker* tracker = book_.find(key);
    if (tracker == nullptr) return;
    run_.table_message(index_, key, *tracker);
    maybe_act(key, *tracker);
}

void LoadPlayer::on_error(const v1::ServerMessage& message) {
    const v1::Error& e = message.error();
    if (const auto it = action_requests_.find(message.request_id()); it != action_requests_.end()) {
        action_requests_.erase(it);
        return run_.action_refused(index_, error_text(e));  // a stale decision: counted, not an error
    }
    if (const auto it = registering_.find(message.request_id()); it != registering_.end()) {
        const std::int64_t tournament = it->second;
        registering_.erase(it);
        const bool closed =
            e.code() == v1::ERROR_CODE_REGISTRATION_CLOSED || e.code() == v1::ERROR_CODE_UNKNOWN_TOURNAMENT;
        // UNAVAILABLE: the database did not answer in time or its queue is full ("retry in a moment"),
        // RATE_LIMITED: too fast: the seat is asked for again, counted in the detail line's retried=,
        // not an error.
        const bool retry = e.code() == v1::ERROR_CODE_UNAVAILABLE || e.code() == v1::ERROR_CODE_RATE_LIMITED;
        if (!closed && !retry)
            run_.error(index_, "could not register for tournament " + std::to_string(tournament) + ": " +
                                   error_text(e));
        return run_.registration_refused(index_, tournament, closed, retry);
    }
    if (message.request_id() != 0 && message.request_id() == account_request_ && resuming_) {
        // The token was refused: the player is gone (his seats time out at the server).
        gone_ = true;
        run_.error(index_, "could not resume: " + error_text(e));
        run_.player_gone(index_, true);
        if (connection_) connection_->close();
        return;
    }
    if (message.request_id() != 0 && message.request_id() == account_request_)
        return run_.error(index_, "could not create its account: " + error_text(e));
    run_.error(index_, "server error: " + error_text(e));
}

void LoadPlayer::on_tournament_event(const v1::TournamentEvent& event) {
    const auto it = entries_.find(event.tournament_id());
    if (it == entries_.end()) return;
    if (event.has_eliminated() && event.eliminated().entrant() == it->second) return left(it->first, false);
    if (event.has_finished() || event.has_cancelled()) return left(it->first, true);
    if (event.has_moved())
        run_.error(index_, "moved between tables: a Sit&Go of one table does not move players");
}

void LoadPlayer::left(std::int64_t tournament, bool finished) {
    entries_.erase(tournament);
    std::erase_if(acted_, [&](const auto& entry) { return entry.first.tournament_id == tournament; });
    std::erase_if(thinking_, [&](const auto& entry) { return entry.first.tournament_id == tournament; });
    run_.slot_freed(index_, tournament, finished);
}

bool LoadPlayer::dealt_in(const client::TableKey& table, std::int64_t hand) const {
    const client::TableTracker* tracker = book_.find(table);
    if (tracker == nullptr || !tracker->has_snapshot() || tracker->hand() != hand) return false;
    const auto& s = tracker->state();
    if (!s.has_poker()) return false;
    const auto& t = s.poker();
    return t.in_hand() && s.your_seat() >= 0 && s.your_seat() < t.seats_size() &&
           t.seats(s.your_seat()).dealt_in();
}

void LoadPlayer::maybe_act(const client::TableKey& table, const client::TableTracker& tracker) {
    if (closing_) return;
    const v1::PokerLegalActions* legal = tracker.poker_legal();
    if (legal == nullptr) return;
    const std::pair<std::int64_t, std::int64_t> answering{tracker.hand(), legal->decision()};
    auto& last = acted_[table];
    if (last == answering) return;
    last = answering;
    if (run_.think_ms() > 0) return act_after_thinking(table, answering);
    act(table, tracker);
}

// A human's pace: the decision is answered after a random 0.5 to 1.5 times --think-ms, if it is still
// the table's decision then (a time-out or a resync may have moved on).
void LoadPlayer::act_after_thinking(const client::TableKey& table,
                                    std::pair<std::int64_t, std::int64_t> decision) {
    const int mean = run_.think_ms();
    std::uniform_int_distribution<int> wait(mean / 2, mean + mean / 2);
    auto& timer = thinking_.try_emplace(table, run_.io()).first->second;
    timer.expires_after(std::chrono::milliseconds(wait(rng_)));
    timer.async_wait([this, table, decision](boost::system::error_code ec) {
        if (ec || closing_ || gone_) return;
        const client::TableTracker* tracker = book_.find(table);
        if (tracker == nullptr) return;
        const v1::PokerLegalActions* legal = tracker->poker_legal();
        if (legal == nullptr || std::pair{tracker->hand(), legal->decision()} != decision) return;
        act(table, *tracker);
    });
}

void LoadPlayer::act(const client::TableKey& table, const client::TableTracker& tracker) {
    const v1::PokerLegalActions* legal = tracker.poker_legal();
    const std::vector<std::uint32_t> own = tracker.own_cards();
    const auto& board = tracker.state().poker().board();
    const std::vector<std::uint32_t> board_faces(board.begin(), board.end());
    v1::ClientMessage m;
    v1::Action* action = m.mutable_action();
    action->mutable_table()->set_tournament_id(table.tournament_id);
    action->mutable_table()->set_table(table.table);
    action->set_hand(tracker.hand());
    action->set_decision(legal->decision());
    *action->mutable_poker() = bots::choose_poker(run_.strategy(), *legal, own, board_faces, rng_);
    const std::uint64_t id = send(std::move(m), std::pair{table, tracker.hand()});
    action_requests_[id] = table;
    if (action_requests_.size() > kActionRequestsKept) action_requests_.erase(action_requests_.begin());
}

}  // namespace tavolo::load
