#include "server/actors/lobby_actor.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <compare>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "persistence/ledger.hpp"
#include "persistence/tournament_store.hpp"
#include "server/lobby/store_refusal_code.hpp"
#include "server/metrics/instruments.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;
using persistence::Database;
using persistence::Executor;
using persistence::StoreErrc;
using persistence::StoreError;
using persistence::StoreResult;

namespace {

using Steady = std::chrono::steady_clock;

// A buy-in or a refund, and the wallet's balance read after it committed (none if that read failed:
// the money moved all the same).
struct Paid {
    persistence::Registration entry;
    std::optional<engine::Cents> balance;
};

StoreResult<engine::Cents> wallet_balance(Database& db, persistence::AccountId account) {
    persistence::Ledger ledger(db);
    auto wallet = ledger.wallet_of(account);
    if (!wallet) return std::unexpected(wallet.error());
    return ledger.balance(*wallet);
}

std::optional<engine::Cents> balance_after(Database& db, persistence::AccountId account) {
    auto balance = wallet_balance(db, account);
    if (!balance) return std::nullopt;
    return *balance;
}

StoreResult<Paid> paid(StoreResult<persistence::Registration> entry, Database& db,
                       persistence::AccountId account) {
    if (!entry) return std::unexpected(entry.error());
    return Paid{*entry, balance_after(db, account)};
}

// What the actor waits for from the database: the core's requests, and its own wallet reads.
enum class AskKind { core, wallet };
struct AskKey {
    AskKind kind = AskKind::core;
    std::uint64_t id = 0;
    auto operator<=>(const AskKey&) const = default;
};

AskKey core_key(lobby::RequestId request) {
    return {AskKind::core, static_cast<std::uint64_t>(request)};
}

v1::ServerMessage refusal(std::uint64_t request_id, v1::ErrorCode code, std::string text) {
    v1::ServerMessage message;
    message.set_request_id(request_id);
    message.mutable_error()->set_code(code);
    message.mutable_error()->set_message(std::move(text));
    return message;
}

}  // namespace

struct LobbyActor::State : std::enable_shared_from_this<LobbyActor::State> {
    using Answered = std::function<lobby::Effects(State&, StoreError)>;
    using Overdue = std::function<lobby::Effects(State&)>;
    struct Waiting {
        Steady::time_point deadline;
        Answered fail;  // answers the request as failed (timed out, or refused by the write service)
        // When set, a timeout calls this instead of `fail` and the answer, when it comes, is still
        // carried to the core (a write that may commit late: a buy-in).
        Overdue overdue;
    };

    State(ActorContext given, std::vector<TournamentDeclaration> declarations,
          lobby::LobbyOptions lobby_options, TournamentLauncher& tournaments, LobbyActorOptions actor_options)
        : context(given),
          core(std::move(declarations), lobby_options),
          launcher(tournaments),
          options(actor_options),
          strand(asio::make_strand(given.io)),
          deadline_timer(strand),
          retry_timer(strand) {}

    ActorContext context;
    lobby::LobbyCore core;
    TournamentLauncher& launcher;
    LobbyActorOptions options;
    asio::strand<asio::io_context::executor_type> strand;
    asio::steady_timer deadline_timer;  // LobbyCore::next_deadline
    asio::steady_timer retry_timer;     // requests in flight, failed opens and refunds
    bool retry_armed = false;
    bool retry_owed = false;  // a create or refund failed: the core retries it at its next tick
    bool closed = false;
    std::map<AskKey, Waiting> waiting;
    std::set<AskKey> late;  // past their timeout, told to the core as overdue: their answer still counts
    std::uint64_t last_wallet_read = 0;

    TimePoint now() const { return context.clock.wall_now(); }

    template <class F>
    void on_strand(F f) {
        asio::post(strand, [self = shared_from_this(), f = std::move(f)]() mutable { f(*self); });
    }

    Executor executor() {
        return Executor{
            [self = shared_from_this()](std::function<void()> f) { asio::post(self->strand, std::move(f)); }};
    }

    // Every input ends here: the effects in order, then the timers for what the core waits for next.
    void run(lobby::Effects effects) {
        for (auto& effect : effects)
            std::visit([this](auto& e) { carry_out(std::move(e)); }, effect);
        rearm();
        count_tournaments();
        answer_creates();
    }

    // Operators' tournaments waiting for their row (LobbyActor::create_tournament), by declaration.
    std::map<std::size_t, Created> creating;
    void answer_creates() {
        for (auto it = creating.begin(); it != creating.end();) {
            if (const auto id = core.opened_from(it->first)) {
                auto done = std::move(it->second);
                it = creating.erase(it);
                done(*id);
            } else {
                ++it;
            }
        }
    }
    std::optional<View> view_of(lobby::TournamentId tournament) const {
        auto v = core.operator_view(tournament);
        if (!v) return std::nullopt;
        View out{*v, *v->declaration};
        out.view.declaration = nullptr;
        return out;
    }

    // /metrics tavolo_tournaments{state}: the listing as it stands after this input.
    void count_tournaments() const {
        std::array<std::int64_t, metrics::kTournamentStates> by_state{};
        for (const auto& [state, count] : core.count_states())
            if (static_cast<std::size_t>(state) < by_state.size())
                by_state[static_cast<std::size_t>(state)] = count;
        for (std::size_t i = 0; i < by_state.size(); ++i)
            metrics::instruments().tournaments[i].set(by_state[i]);
    }

    // ---- Persistence: every request on the write service, every answer back on the strand ------

    template <class T>
    void ask(AskKey key, persistence::WriteService::Work<T> work,
             std::function<lobby::Effects(State&, StoreResult<T>)> answer, Overdue overdue = {}) {
        waiting[key] = Waiting{Steady::now() + options.request_timeout,
                               [answer](State& s, StoreError error) {
                                   return answer(s, StoreResult<T>(std::unexpected(std::move(error))));
                               },
                               std::move(overdue)};
        auto accepted = context.writes.submit<T>(
            std::move(work),
            [self = shared_from_this(), key, answer](StoreResult<T> result) {
                // Gone from both: it was answered as timed out, and the core has moved on.
                if (self->waiting.erase(key) == 0 && self->late.erase(key) == 0) return;
                self->run(answer(*self, std::move(result)));
            },
            executor());
        // Refused (queue full, shutting down): answered like any failure, from the strand's queue so
        // that the effects being carried out now finish first.
        if (!accepted) on_strand([key, error = accepted.error()](State& s) { s.fail(key, error); });
        arm_retry();
    }

    void fail(AskKey key, StoreError error) {
        auto it = waiting.find(key);
        if (it == waiting.end()) return;
        Answered answer = std::move(it->second.fail);
        waiting.erase(it);
        run(answer(*this, std::move(error)));
    }

    void carry_out(lobby::CreateTournament e) {
        ask<persistence::Tournament>(
            core_key(e.request),
            [spec = std::move(e.spec)](Database& db) {
                return persistence::TournamentStore(db).create(spec);
            },
            [request = e.request](State& s, StoreResult<persistence::Tournament> result) {
                if (!result) s.retry_owed = true;
                return s.core.tournament_created(request, result, s.now());
            });
    }

    void carry_out(lobby::RegisterPlayer e) {
        ask<Paid>(
            core_key(e.request),
            [e](Database& db) -> StoreResult<Paid> {
                std::optional<persistence::WalletId> payer;
                if (e.freeroll) {
                    auto house = persistence::Ledger(db).house_wallet();
                    if (!house) return std::unexpected(house.error());
                    payer = *house;
                }
                return paid(
                    persistence::TournamentStore(db).register_player(e.tournament, e.account, e.key, payer),
                    db, e.account);
            },
            [request = e.request](State& s, StoreResult<Paid> result) {
                if (!result)
                    return s.core.registration_done(request, std::unexpected(result.error()), std::nullopt,
                                                    s.now());
                return s.core.registration_done(request, result->entry, result->balance, s.now());
            },
            // A buy-in may still commit after its timeout: never refused as failed while its outcome
            // is unknown (the player would be charged without a seat); its answer decides.
            [request = e.request](State& s) { return s.core.registration_overdue(request, s.now()); });
    }

    void carry_out(lobby::RefundEntry e) {
        ask<Paid>(
            core_key(e.request),
            [e](Database& db) {
                return paid(persistence::TournamentStore(db).refund(e.registration, e.from_pool, e.from_house,
                                                                    e.key, e.new_state),
                            db, e.account);
            },
            [request = e.request](State& s, StoreResult<Paid> result) {
                if (!result) {
                    s.retry_owed = true;
                    return s.core.refund_done(request, std::unexpected(result.error()), std::nullopt,
                                              s.now());
                }
                return s.core.refund_done(request, result->entry, result->balance, s.now());
            },
            // A refund may still commit after its timeout too: an unregistration refused then would
            // leave a refunded player among the entrants. Its answer is awaited (the write service
            // answers every accepted write once), the entry held out of a start until then.
            [](State&) { return lobby::Effects{}; });
    }

    // Nothing waits on it: the lobby has moved on, and the registrations, which are exact, are what a
    // recovery reads.
    void carry_out(lobby::SetTournamentState e) {
        const auto log_failure = [tournament = raw(e.tournament)](const StoreError& error) {
            spdlog::warn("lobby: tournament {} state not saved: {} ({})", tournament, error.message,
                         persistence::to_string(error.code));
        };
        auto accepted = context.writes.submit<void>(
            [e](Database& db) { return persistence::TournamentStore(db).set_state(e.tournament, e.state); },
            [log_failure](StoreResult<void> result) {
                if (!result) log_failure(result.error());
            },
            Executor::service_thread());
        if (!accepted) log_failure(accepted.error());
    }

    // ---- Other actors and connections ----------------------------------------------------------

    void carry_out(lobby::StartTournament e) { launcher.start(std::move(e)); }
    void carry_out(lobby::AddLateEntrant e) { launcher.add_late_entrant(std::move(e)); }
    void carry_out(lobby::SendToAccount e) {
        context.outbox.to_account(raw(e.account), session::serialise(e.message));
    }
    void carry_out(lobby::SendToSubscriber e) {
        context.outbox.to_session(static_cast<session::SessionId>(e.subscriber),
                                  session::serialise(e.message));
    }

    // ---- Sessions ------------------------------------------------------------------------------

    void handle(const session::LobbyRequest& request) {
        std::visit([&](const auto& body) { handle(request, body); }, request.body);
    }

    void handle(const session::LobbyRequest& request, const v1::SubscribeLobby&) {
        std::optional<persistence::AccountId> viewer;
        if (request.account != 0) viewer = persistence::AccountId{request.account};
        run(core.subscribe(lobby::SubscriberId{request.session}, viewer, request.request_id));
    }
    void handle(const session::LobbyRequest& request, const v1::UnsubscribeLobby&) {
        core.unsubscribe(lobby::SubscriberId{request.session});
    }
    void handle(const session::LobbyRequest& request, const v1::Register& body) {
        if (!logged_in(request)) return;
        run(core.register_player(player(request, body.tournament_id()), now()));
    }
    void handle(const session::LobbyRequest& request, const v1::Unregister& body) {
        if (!logged_in(request)) return;
        run(core.unregister_player(player(request, body.tournament_id()), now()));
    }
    // The ledger's balance, read on the write service like every other database call.
    void handle(const session::LobbyRequest& request, const v1::GetWallet&) {
        if (!logged_in(request)) return;
        ask<engine::Cents>(
            AskKey{AskKind::wallet, ++last_wallet_read},
            [account = persistence::AccountId{request.account}](Database& db) {
                return wallet_balance(db, account);
            },
            [session = request.session, request_id = request.request_id](State& s,
                                                                         StoreResult<engine::Cents> result) {
                v1::ServerMessage reply;
                if (result) {
                    reply.set_request_id(request_id);
                    reply.mutable_wallet()->set_balance_cents(*result);
                } else {
                    reply = refusal(request_id, lobby::store_refusal_code(result.error().code),
                                    std::string("the wallet could not be read just now (") +
                                        result.error().message + "): nothing changed, try again in a moment");
                }
                s.context.outbox.to_session(session, session::serialise(reply));
                return lobby::Effects{};
            });
    }

    // The session lets only logged-in clients ask these; a request without an account is refused
    // all the same rather than charged to account 0.
    bool logged_in(const session::LobbyRequest& request) {
        if (request.account != 0) return true;
        context.outbox.to_session(request.session,
                                  session::serialise(refusal(request.request_id, v1::ERROR_CODE_NOT_LOGGED_IN,
                                                             "log in or resume first")));
        return false;
    }
    static lobby::PlayerRequest player(const session::LobbyRequest& request, std::int64_t tournament) {
        return {persistence::AccountId{request.account}, tournament, request.request_id};
    }

    // ---- Time ----------------------------------------------------------------------------------

    // The timer for the core's next deadline (game time, so scaled by [clock] speed), and the retry
    // tick while anything waits on the database.
    void rearm() {
        if (closed) return;
        if (auto next = core.next_deadline()) {
            const auto wait = std::max(std::chrono::milliseconds{0}, *next - now());
            deadline_timer.expires_after(context.clock.real_of(wait));
            deadline_timer.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
                auto self = weak.lock();
                if (!ec && self && !self->closed) self->run(self->core.tick(self->now()));
            });
        } else {
            deadline_timer.cancel();
        }
        arm_retry();
    }

    void arm_retry() {
        if (closed || retry_armed || (waiting.empty() && !retry_owed)) return;
        retry_armed = true;
        retry_timer.expires_after(options.retry_interval);
        retry_timer.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
            auto self = weak.lock();
            if (!self) return;
            self->retry_armed = false;
            if (!ec && !self->closed) self->on_retry();
        });
    }

    void on_retry() {
        expire_overdue();
        if (std::exchange(retry_owed, false)) run(core.tick(now()));
        arm_retry();
    }

    // A request the database has not answered in time is answered as `unavailable`, so the core's
    // start of that tournament is not held forever; its late answer is then ignored. Not a buy-in:
    // the core is told it is overdue (it stops holding the start) and gets its answer when it comes,
    // so a buy-in that commits late is seated or paid back, never charged for nothing. Not a refund
    // either: its answer is awaited.
    void expire_overdue() {
        const auto at = Steady::now();
        std::vector<AskKey> overdue;
        for (const auto& [key, w] : waiting)
            if (w.deadline <= at) overdue.push_back(key);
        for (const AskKey& key : overdue) {
            auto it = waiting.find(key);
            if (it == waiting.end()) continue;
            if (!it->second.overdue) {
                fail(key, StoreError{StoreErrc::unavailable, "the database did not answer in time"});
                continue;
            }
            Overdue tell = std::move(it->second.overdue);
            waiting.erase(it);
            late.insert(key);
            spdlog::debug(
                "lobby: a buy-in or refund unanswered after {} ms; its answer will still be applied",
                options.request_timeout.count());
            run(tell(*this));
        }
    }

    void close() {
        closed = true;
        deadline_timer.cancel();
        retry_timer.cancel();
    }
};

LobbyActor::LobbyActor(ActorContext context, std::vector<TournamentDeclaration> declarations,
                       lobby::LobbyOptions options, TournamentLauncher& launcher,
                       LobbyActorOptions actor_options)
    : state_(std::make_shared<State>(context, std::move(declarations), options, launcher, actor_options)) {}

LobbyActor::~LobbyActor() {
    state_->on_strand([](State& s) { s.close(); });
}

void LobbyActor::adopt(std::vector<lobby::AdoptedTournament> adopted) {
    state_->on_strand([adopted = std::move(adopted)](State& s) mutable {
        s.run(s.core.adopt(std::move(adopted), s.now()));
    });
}

void LobbyActor::open() {
    state_->on_strand([](State& s) { s.run(s.core.open(s.now())); });
}

void LobbyActor::stop_registrations() {
    state_->on_strand([](State& s) { s.core.stop_registrations(); });
}

void LobbyActor::forget_session(session::SessionId session) {
    state_->on_strand([session](State& s) { s.core.unsubscribe(lobby::SubscriberId{session}); });
}

void LobbyActor::submit(session::LobbyRequest request) {
    state_->on_strand([request = std::move(request)](State& s) { s.handle(request); });
}

void LobbyActor::late_registration_closed(lobby::TournamentId tournament) {
    state_->on_strand([tournament](State& s) { s.run(s.core.late_registration_closed(tournament)); });
}

void LobbyActor::tournament_cancelled(lobby::TournamentId tournament) {
    state_->on_strand([tournament](State& s) { s.run(s.core.tournament_cancelled(tournament, s.now())); });
}

void LobbyActor::entry_eliminated(lobby::TournamentId tournament, persistence::RegistrationId registration) {
    state_->on_strand(
        [tournament, registration](State& s) { s.run(s.core.entry_eliminated(tournament, registration)); });
}

void LobbyActor::create_tournament(TournamentDeclaration declaration, Created done) {
    state_->on_strand([declaration = std::move(declaration), done = std::move(done)](State& s) mutable {
        std::size_t index = 0;
        auto effects = s.core.add_declaration(std::move(declaration), s.now(), index);
        if (!effects) return done(std::unexpected(effects.error()));
        s.creating[index] = std::move(done);
        s.run(std::move(*effects));
    });
}

void LobbyActor::view(lobby::TournamentId tournament, std::function<void(std::optional<View>)> done) {
    state_->on_strand([tournament, done = std::move(done)](State& s) { done(s.view_of(tournament)); });
}

void LobbyActor::cancel_registering(lobby::TournamentId tournament,
                                    std::function<void(std::expected<View, std::string>)> done) {
    state_->on_strand([tournament, done = std::move(done)](State& s) {
        auto before = s.view_of(tournament);
        auto effects = s.core.cancel_registering(tournament, s.now());
        if (!effects) return done(std::unexpected(effects.error()));
        s.run(std::move(*effects));
        done(std::move(*before));
    });
}

void LobbyActor::tournament_finished(lobby::TournamentId tournament) {
    state_->on_strand([tournament](State& s) { s.run(s.core.tournament_finished(tournament, s.now())); });
}

}  // namespace tavolo::server::actors
