#include "server/lobby/lobby_core.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>

#include "server/amount.hpp"
#include "server/lobby/store_refusal_code.hpp"

namespace tavolo::server::lobby {

namespace {

// A message from pieces: text as is, numbers in decimal (no <format> on every supported compiler).
template <class... Pieces>
std::string text(const Pieces&... pieces) {
    std::string out;
    const auto add = [&out](const auto& piece) {
        if constexpr (std::is_arithmetic_v<std::decay_t<decltype(piece)>>)
            out += std::to_string(piece);
        else
            out += piece;
    };
    (add(pieces), ...);
    return out;
}

using persistence::raw;
using persistence::RegistrationState;
using persistence::StoreErrc;
using persistence::TournamentState;

SendToAccount error_to(AccountId account, std::uint64_t client_request, v1::ErrorCode code,
                       std::string message) {
    SendToAccount out{account, {}};
    out.message.set_request_id(client_request);
    out.message.mutable_error()->set_code(code);
    out.message.mutable_error()->set_message(std::move(message));
    return out;
}

bool single_table(engine::TournamentKind kind) {
    return kind == engine::TournamentKind::SitAndGo || kind == engine::TournamentKind::HeadsUp;
}

// A failed persistence request in the protocol's terms. A write the service never accepted changed
// nothing; a database that could not answer may still have committed: the retry reuses the
// idempotency key, so it is never charged twice, and its answer says what happened.
SendToAccount store_refusal(AccountId account, std::uint64_t client_request,
                            const persistence::StoreError& error, const TournamentDeclaration& declaration,
                            const char* what) {
    switch (error.code) {
        case StoreErrc::insufficient_funds:
            return error_to(account, client_request, v1::ERROR_CODE_INSUFFICIENT_FUNDS,
                            text("your wallet holds less than the buy-in of '", declaration.name, "' (",
                                 format_amount(declaration.buy_in().prize_part), " + ",
                                 format_amount(declaration.buy_in().fee),
                                 " fee): nothing was charged; pick a cheaper tournament"));
        case StoreErrc::invalid_argument:
            return error_to(account, client_request, v1::ERROR_CODE_REGISTRATION_CLOSED,
                            text("the ", what, " for '", declaration.name, "' was refused: ", error.message));
        case StoreErrc::queue_full:
        case StoreErrc::shutting_down:
            return error_to(account, client_request, store_refusal_code(error.code),
                            text("the ", what, " for '", declaration.name, "' was not accepted (",
                                 persistence::to_string(error.code), ": ", error.message,
                                 "): nothing changed; try again in a moment"));
        default:
            return error_to(account, client_request, store_refusal_code(error.code),
                            text("the ", what, " for '", declaration.name, "' was not confirmed (",
                                 persistence::to_string(error.code), ": ", error.message,
                                 "): it may or may not have been recorded; try again: a retry never moves "
                                 "money twice, and its answer says where you stand"));
    }
}

}  // namespace

LobbyCore::LobbyCore(std::vector<TournamentDeclaration> declarations, LobbyOptions options)
    : declarations_(std::move(declarations)), options_(options) {}

RequestId LobbyCore::next_request() {
    return RequestId{++last_request_};
}

LobbyCore::Listed* LobbyCore::find(TournamentId id) {
    const auto it = listed_.find(id);
    return it == listed_.end() ? nullptr : &it->second;
}

bool LobbyCore::in_flight(const Listed& t) const {
    return !t.joining.empty() || std::ranges::any_of(t.entries, &Entry::leaving);
}

// ---- Opening ----------------------------------------------------------------------------------

Effects LobbyCore::open(TimePoint now) {
    Effects out;
    for (std::size_t i = 0; i < declarations_.size(); ++i) {
        if (!declarations_[i].source_json.empty()) continue;  // an operator's: opened once, when created
        if (stands_for(i)) {
            if (declarations_[i].every) recurring_[i] = schedule_after_adoption(i, now);
            continue;
        }
        create(i, now, out);
        if (declarations_[i].every) recurring_[i] = Recurring{now, 1};
    }
    for (auto& [id, t] : listed_)
        if (t.adopted) decide_start(t, now, out);  // a start time that came while the server was down
    return out;
}

void LobbyCore::create(std::size_t declaration, TimePoint now, Effects& out,
                       std::chrono::milliseconds shift) {
    const RequestId request = next_request();
    pending_[request] = PendingCreate{declaration, now, shift};
    out.push_back(CreateTournament{
        request,
        spec_of(declarations_[declaration], shifted_start(declarations_[declaration].start, now, shift))});
}

Effects LobbyCore::tournament_created(RequestId request,
                                      const persistence::StoreResult<persistence::Tournament>& result,
                                      TimePoint now) {
    Effects out;
    const auto it = pending_.find(request);
    if (it == pending_.end() || !std::holds_alternative<PendingCreate>(it->second)) return out;
    const PendingCreate created = std::get<PendingCreate>(it->second);
    pending_.erase(it);
    if (!result) {
        to_create_.push_back(created.declaration);  // retried at the next tick
        return out;
    }
    Listed& t = listed_[result->id];
    t.id = result->id;
    t.declaration = created.declaration;
    t.deadline = shifted_start(declaration_of(t).start, created.opened, created.shift);
    publish(t, out);
    decide_start(t, now, out);
    return out;
}

void LobbyCore::reopen(const Listed& t, TimePoint now, Effects& out, bool cancelled) {
    const TournamentDeclaration& declaration = declaration_of(t);
    // A copy of a Sit&Go with a fixed start time would open with its deadline already past. A
    // recurring declaration's copies open on its schedule only. A copy with no time to register
    // ("+0s") cancelled at its deadline would be cancelled again at once, and again: not re-opened.
    const auto* after = std::get_if<StartAfter>(&declaration.start);
    if (!options_.reopen_single_table || !single_table(declaration.kind) ||
        std::holds_alternative<StartAt>(declaration.start) || declaration.every || stopping_ ||
        !declaration.source_json.empty() || (cancelled && after != nullptr && after->delay.count() == 0))
        return;
    create(t.declaration, now, out);
}

// ---- Registration -----------------------------------------------------------------------------

std::optional<v1::Error> LobbyCore::refuse_register(const Listed* t, AccountId account, TimePoint now) const {
    const auto error = [](v1::ErrorCode code, std::string message) {
        v1::Error e;
        e.set_code(code);
        e.set_message(std::move(message));
        return e;
    };
    if (stopping_)
        return error(v1::ERROR_CODE_SHUTTING_DOWN,
                     "the server is shutting down: registrations are closed; "
                     "come back when it is up again");
    if (t == nullptr)
        return error(v1::ERROR_CODE_UNKNOWN_TOURNAMENT,
                     "no such tournament in the lobby: subscribe to the lobby and pick one it lists");
    const std::string& name = declaration_of(*t).name;
    if (!takes_registrations(*t, now))
        return error(v1::ERROR_CODE_REGISTRATION_CLOSED,
                     text("'", name,
                          "' is no longer registering (it has started, closed or been cancelled): join "
                          "another tournament"));
    const bool holds_entry = std::ranges::any_of(
        t->entries, [&](const Entry& e) { return e.entrant.account == account && !e.out; });
    if (holds_entry)
        return error(v1::ERROR_CODE_REGISTRATION_CLOSED, text("you are already registered in '", name, "'"));
    const bool was_out =
        std::ranges::any_of(t->entries, [&](const Entry& e) { return e.entrant.account == account; });
    const auto* poker = std::get_if<PokerTournament>(&declaration_of(*t).rules);
    if (was_out && !(poker != nullptr && poker->structure.reentry))
        return error(
            v1::ERROR_CODE_REGISTRATION_CLOSED,
            text("you were eliminated from '", name, "', which has no re-entry: join another tournament"));
    if (t->joining.contains(account) || t->overdue.contains(account))
        return error(v1::ERROR_CODE_REGISTRATION_CLOSED,
                     text("your registration in '", name, "' is being processed: wait for its answer"));
    const int max = declaration_of(*t).max_players();
    if (std::cmp_greater_equal(t->entries.size() + t->joining.size() + t->overdue.size(), max))
        return error(v1::ERROR_CODE_REGISTRATION_CLOSED, text("'", name, "' is full (", max, " of ", max,
                                                              " seats taken): join another tournament"));
    return std::nullopt;
}

Effects LobbyCore::register_player(const PlayerRequest& request, TimePoint now) {
    Effects out;
    Listed* t = find(TournamentId{request.tournament});
    if (const auto refusal = refuse_register(t, request.account, now)) {
        out.push_back(error_to(request.account, request.client_request, refusal->code(), refusal->message()));
        return out;
    }
    // The key names this account's n-th entry here: a retry after a lost answer replays the same
    // movement, while a registration after an unregistration is a new one.
    const int previous = t->buy_ins[request.account];
    std::string key = text("buyin:", raw(t->id), ":", raw(request.account));
    if (previous > 0) key += text(":", previous + 1);
    const RequestId id = next_request();
    pending_[id] = PendingRegister{t->id, request.account, request.client_request, false};
    t->joining.insert(request.account);
    const bool freeroll = std::visit(
        [](const auto& rules) {
            if constexpr (std::is_same_v<std::decay_t<decltype(rules)>, PokerTournament>)
                return rules.structure.freeroll;
            else
                return rules.freeroll;
        },
        declaration_of(*t).rules);
    out.push_back(RegisterPlayer{id, t->id, request.account, std::move(key), freeroll});
    return out;
}

Effects LobbyCore::registration_done(RequestId request,
                                     const persistence::StoreResult<persistence::Registration>& result,
                                     std::optional<engine::Cents> balance, TimePoint now) {
    Effects out;
    const auto it = pending_.find(request);
    if (it == pending_.end() || !std::holds_alternative<PendingRegister>(it->second)) return out;
    const PendingRegister asked = std::get<PendingRegister>(it->second);
    pending_.erase(it);
    Listed* t = find(asked.tournament);
    if (t == nullptr) return out;  // cannot happen: a tournament with a request in flight stays listed
    t->joining.erase(asked.account);
    t->overdue.erase(asked.account);
    if (!result) {
        out.push_back(store_refusal(asked.account, asked.client_request, result.error(), declaration_of(*t),
                                    "registration"));
        decide_start(*t, now, out);  // a deadline may have waited for this answer
        return out;
    }
    const bool late = t->phase == Phase::Running;
    const bool taken = t->phase == Phase::Registering || t->phase == Phase::Closing || (late && t->late_open);
    if (!taken) {
        // The tournament stopped taking it while this buy-in was in flight (its late registration
        // closed, or it started or was cancelled without this overdue one): paid back in full.
        refund_late(*t, *result, asked.client_request, out);
        return out;
    }
    ++t->buy_ins[asked.account];
    ++t->entries_made;
    t->entries.push_back(
        Entry{{asked.account, result->id, result->entry_number}, result->prize_part, result->fee});
    SendToAccount reply{asked.account, {}};
    reply.message.set_request_id(asked.client_request);
    auto* registered = reply.message.mutable_registered();
    registered->set_tournament_id(raw(t->id));
    registered->set_entrant(t->entries_made);
    if (balance) registered->set_balance_cents(*balance);
    out.push_back(std::move(reply));
    if (late) out.push_back(AddLateEntrant{t->id, t->entries.back().entrant});
    publish_entrants(*t, now, out);
    decide_start(*t, now, out);
    return out;
}

Effects LobbyCore::registration_overdue(RequestId request, TimePoint now) {
    Effects out;
    const auto it = pending_.find(request);
    if (it == pending_.end()) return out;
    auto* asked = std::get_if<PendingRegister>(&it->second);
    if (asked == nullptr || asked->overdue) return out;
    Listed* t = find(asked->tournament);
    if (t == nullptr) return out;
    // Its outcome is unknown: no answer yet (the final one follows), its seat kept, the start no
    // longer waiting for it.
    asked->overdue = true;
    t->joining.erase(asked->account);
    t->overdue.insert(asked->account);
    decide_start(*t, now, out);
    return out;
}

bool LobbyCore::takes_registrations(const Listed& t, TimePoint now) const {
    if (t.phase == Phase::Running) return t.late_open;
    return t.phase == Phase::Registering && !(t.deadline && now >= *t.deadline);
}

void LobbyCore::refund_late(Listed& t, const persistence::Registration& entry, std::uint64_t client_request,
                            Effects& out) {
    const RequestId id = next_request();
    RefundEntry refund{id,
                       t.id,
                       entry.account,
                       entry.id,
                       entry.prize_part,
                       entry.fee,
                       text("late:", raw(entry.id)),
                       RegistrationState::refunded};
    pending_[id] = PendingLateRefund{refund, client_request};
    out.push_back(std::move(refund));
}

Effects LobbyCore::late_registration_closed(TournamentId tournament) {
    if (Listed* t = find(tournament)) t->late_open = false;
    return {};
}

Effects LobbyCore::entry_eliminated(TournamentId tournament, RegistrationId registration) {
    if (Listed* t = find(tournament))
        for (Entry& e : t->entries)
            if (e.entrant.registration == registration) e.out = true;
    return {};
}

Effects LobbyCore::unregister_player(const PlayerRequest& request, TimePoint now) {
    (void)now;
    Effects out;
    Listed* t = find(TournamentId{request.tournament});
    const auto refuse = [&](v1::ErrorCode code, std::string message) {
        out.push_back(error_to(request.account, request.client_request, code, std::move(message)));
        return out;
    };
    if (t == nullptr)
        return refuse(v1::ERROR_CODE_UNKNOWN_TOURNAMENT,
                      "no such tournament in the lobby: subscribe to the lobby and pick one it lists");
    const std::string& name = declaration_of(*t).name;
    const auto entry = std::ranges::find_if(
        t->entries, [&](const Entry& e) { return e.entrant.account == request.account; });
    if (entry == t->entries.end()) {
        if (t->joining.contains(request.account) || t->overdue.contains(request.account))
            return refuse(v1::ERROR_CODE_NOT_REGISTERED,
                          text("your registration in '", name,
                               "' is being processed: wait for its answer, then unregister"));
        return refuse(v1::ERROR_CODE_NOT_REGISTERED, text("you are not registered in '", name, "'"));
    }
    if (t->phase != Phase::Registering)
        return refuse(v1::ERROR_CODE_NOT_REGISTERED,
                      text("'", name, "' has closed its registration: it is too late to unregister"));
    if (entry->leaving)
        return refuse(v1::ERROR_CODE_NOT_REGISTERED,
                      text("your unregistration from '", name, "' is being processed"));
    entry->leaving = true;
    const RequestId id = next_request();
    pending_[id] = PendingUnregister{t->id, request.account, request.client_request};
    out.push_back(RefundEntry{id, t->id, request.account, entry->entrant.registration, entry->prize_part,
                              entry->fee, text("unregister:", raw(entry->entrant.registration)),
                              RegistrationState::unregistered});
    return out;
}

Effects LobbyCore::refund_done(RequestId request,
                               const persistence::StoreResult<persistence::Registration>& result,
                               std::optional<engine::Cents> balance, TimePoint now) {
    Effects out;
    const auto it = pending_.find(request);
    if (it == pending_.end()) return out;
    const Pending pending = it->second;
    pending_.erase(it);
    if (const auto* late = std::get_if<PendingLateRefund>(&pending)) {
        if (!result) {
            owed_refunds_.push_back(late->refund);  // same key: retried at the next tick
            return out;
        }
        const Listed* t = find(late->refund.tournament);
        SendToAccount reply = error_to(
            late->refund.account, late->client_request, v1::ERROR_CODE_REGISTRATION_CLOSED,
            text("'", t ? declaration_of(*t).name : std::string("the tournament"),
                 "' stopped taking entries (its late registration closed, or it started or was cancelled) "
                 "before your buy-in was recorded: it was paid back in full"));
        out.push_back(std::move(reply));
        if (balance) {
            SendToAccount wallet{late->refund.account, {}};
            wallet.message.mutable_wallet()->set_balance_cents(*balance);
            out.push_back(std::move(wallet));
        }
        return out;
    }
    if (const auto* cancelled = std::get_if<PendingCancelRefund>(&pending)) {
        if (!result) {
            owed_refunds_.push_back(cancelled->refund);  // same key: retried at the next tick
            return out;
        }
        if (balance) {
            SendToAccount wallet{cancelled->refund.account, {}};
            wallet.message.mutable_wallet()->set_balance_cents(*balance);
            out.push_back(std::move(wallet));
        }
        return out;
    }
    const auto* asked = std::get_if<PendingUnregister>(&pending);
    if (asked == nullptr) return out;
    Listed* t = find(asked->tournament);
    if (t == nullptr) return out;
    const auto entry =
        std::ranges::find_if(t->entries, [&](const Entry& e) { return e.entrant.account == asked->account; });
    if (entry == t->entries.end()) return out;
    entry->leaving = false;
    if (!result) {
        out.push_back(store_refusal(asked->account, asked->client_request, result.error(), declaration_of(*t),
                                    "unregistration"));
        decide_start(*t, now, out);
        return out;
    }
    t->entries.erase(entry);
    SendToAccount reply{asked->account, {}};
    reply.message.set_request_id(asked->client_request);
    reply.message.mutable_unregistered()->set_tournament_id(raw(t->id));
    if (balance) reply.message.mutable_unregistered()->set_balance_cents(*balance);
    out.push_back(std::move(reply));
    publish_entrants(*t, now, out);
    decide_start(*t, now, out);
    return out;
}

// ---- Starting and cancelling (RULES.md §6, §7) ------------------------------------------------

void LobbyCore::decide_start(Listed& t, TimePoint now, Effects& out) {
    if (t.phase != Phase::Registering && t.phase != Phase::Closing) return;
    if (t.phase == Phase::Registering && t.deadline && now >= *t.deadline) t.phase = Phase::Closing;
    // A start hands over exactly the committed entries: wait for every answer in flight.
    if (in_flight(t)) return;
    const TournamentDeclaration& declaration = declaration_of(t);
    const auto entrants = static_cast<int>(t.entries.size());
    if (single_table(declaration.kind) && entrants >= declaration.max_players()) return start(t, now, out);
    if (t.phase != Phase::Closing) return;
    if (entrants >= std::max(2, declaration.min_players())) return start(t, now, out);
    cancel(t, now, out);
}

void LobbyCore::start(Listed& t, TimePoint now, Effects& out) {
    t.phase = Phase::Running;
    // An MTT with late registration keeps taking entries until its director says the window closed.
    if (const auto* poker = std::get_if<PokerTournament>(&declaration_of(t).rules))
        t.late_open = poker->structure.late_registration && !single_table(declaration_of(t).kind);
    StartTournament start{t.id, declaration_of(t), {}};
    for (const Entry& e : t.entries)
        start.entrants.push_back(e.entrant);
    out.push_back(SetTournamentState{t.id, TournamentState::running});
    out.push_back(std::move(start));
    publish(t, out);
    reopen(t, now, out);
}

void LobbyCore::cancel(Listed& t, TimePoint now, Effects& out) {
    t.phase = Phase::Cancelled;
    t.over_since = now;
    out.push_back(SetTournamentState{t.id, TournamentState::cancelled});
    // RULES.md §6: below the minimum at its time, every entry is refunded in full, fee included.
    for (const Entry& e : t.entries) {
        const RequestId id = next_request();
        RefundEntry refund{id,
                           t.id,
                           e.entrant.account,
                           e.entrant.registration,
                           e.prize_part,
                           e.fee,
                           text("cancel:", raw(e.entrant.registration)),
                           RegistrationState::refunded};
        pending_[id] = PendingCancelRefund{refund};
        out.push_back(std::move(refund));
    }
    t.entries.clear();
    publish(t, out);
    reopen(t, now, out, true);
}

Effects LobbyCore::tick(TimePoint now) {
    Effects out;
    for (const std::size_t declaration : std::exchange(to_create_, {}))
        create(declaration, now, out);
    for (RefundEntry refund : std::exchange(owed_refunds_, {})) {
        refund.request = next_request();
        pending_[refund.request] = PendingCancelRefund{refund};
        out.push_back(std::move(refund));
    }
    open_due_copies(now, out);
    for (auto& [id, t] : listed_)
        decide_start(t, now, out);
    publish_owed(now, out);  // after the starts, whose updates carry what was owed
    drop_old(now, out);
    return out;
}

std::optional<TimePoint> LobbyCore::next_deadline() const {
    std::optional<TimePoint> next;
    const auto consider = [&](TimePoint at) {
        if (!next || at < *next) next = at;
    };
    for (const auto& [id, t] : listed_) {
        if (t.phase == Phase::Registering && t.deadline) consider(*t.deadline);
        if (t.over_since) consider(*t.over_since + options_.keep_over);
        if (t.update_owed && t.published_at) consider(*t.published_at + options_.update_interval);
    }
    for (const auto& [declaration, r] : recurring_)
        if (!stopping_) consider(r.first + r.copies * *declarations_[declaration].every);
    return next;
}

Effects LobbyCore::tournament_finished(TournamentId tournament, TimePoint now) {
    Effects out;
    Listed* t = find(tournament);
    if (t == nullptr || t->phase != Phase::Running) return out;
    t->phase = Phase::Finished;
    t->late_open = false;
    t->over_since = now;
    // The director calls this once every prize is committed: the row says so too.
    out.push_back(SetTournamentState{tournament, persistence::TournamentState::finished});
    publish(*t, out);
    return out;
}

Effects LobbyCore::tournament_cancelled(TournamentId tournament, TimePoint now) {
    Effects out;
    Listed* t = find(tournament);
    if (t == nullptr || t->phase != Phase::Running) return out;
    t->phase = Phase::Cancelled;
    t->late_open = false;
    t->over_since = now;
    out.push_back(SetTournamentState{tournament, persistence::TournamentState::cancelled});
    publish(*t, out);
    return out;
}

void LobbyCore::drop_old(TimePoint now, Effects& out) {
    for (auto it = listed_.begin(); it != listed_.end();) {
        const Listed& t = it->second;
        if (!t.over_since || now < *t.over_since + options_.keep_over || in_flight(t) || !t.overdue.empty()) {
            ++it;
            continue;
        }
        for (const auto& [subscriber, viewer] : subscribers_) {
            SendToSubscriber update{subscriber, {}};
            auto* removed = update.message.mutable_lobby_update();
            removed->mutable_tournament()->set_id(raw(t.id));
            removed->set_removed(true);
            out.push_back(std::move(update));
        }
        it = listed_.erase(it);
    }
}

// ---- What subscribers see ---------------------------------------------------------------------

TournamentState LobbyCore::shown_state(Phase phase) {
    switch (phase) {
        case Phase::Registering:
        case Phase::Closing:
            return TournamentState::registering;
        case Phase::Running:
            return TournamentState::running;
        case Phase::Cancelled:
            return TournamentState::cancelled;
        case Phase::Finished:
            return TournamentState::finished;
    }
    return TournamentState::registering;
}

ListingFacts LobbyCore::facts(const Listed& t, std::optional<AccountId> viewer) const {
    ListingFacts f;
    f.id = raw(t.id);
    f.entrants = static_cast<int>(t.entries.size());
    f.starts_at = t.deadline;
    f.state = shown_state(t.phase);
    f.registered = viewer && std::ranges::any_of(t.entries, [&](const Entry& e) {
                       return e.entrant.account == *viewer && !e.out;
                   });
    if (t.phase != Phase::Cancelled) {
        for (const Entry& e : t.entries)
            f.prize_pool += e.prize_part;
        const auto& rules = declaration_of(t).rules;
        const engine::Cents guarantee = std::holds_alternative<PokerTournament>(rules)
                                            ? std::get<PokerTournament>(rules).structure.guarantee
                                            : std::get<PolaccoTournament>(rules).config.guarantee;
        f.prize_pool = std::max(f.prize_pool, guarantee);
    }
    return f;
}

void LobbyCore::publish(Listed& t, Effects& out) const {
    t.update_owed = false;
    if (subscribers_.empty()) return;
    // The listing is the same for every subscriber but for its `registered` flag: made twice, not
    // once per subscriber (each made was a pass over every entry: 20,000 subscribers of a 20,000-player
    // MTT made a registration cost 400 million steps).
    std::unordered_set<std::int64_t> live;
    for (const Entry& e : t.entries)
        if (!e.out) live.insert(raw(e.entrant.account));
    ListingFacts f = facts(t, std::nullopt);
    v1::LobbyUpdate outsider;
    *outsider.mutable_tournament() = listing_of(declaration_of(t), f);
    f.registered = true;
    v1::LobbyUpdate entrant;
    *entrant.mutable_tournament() = listing_of(declaration_of(t), f);
    for (const auto& [subscriber, viewer] : subscribers_) {
        SendToSubscriber update{subscriber, {}};
        *update.message.mutable_lobby_update() = viewer && live.contains(raw(*viewer)) ? entrant : outsider;
        out.push_back(std::move(update));
    }
}

void LobbyCore::publish_entrants(Listed& t, TimePoint now, Effects& out) const {
    if (options_.update_interval.count() > 0 && t.published_at &&
        now < *t.published_at + options_.update_interval) {
        t.update_owed = true;
        return;
    }
    t.published_at = now;
    publish(t, out);
}

void LobbyCore::publish_owed(TimePoint now, Effects& out) {
    for (auto& [id, t] : listed_)
        if (t.update_owed && (!t.published_at || now >= *t.published_at + options_.update_interval)) {
            t.published_at = now;
            publish(t, out);
        }
}

Effects LobbyCore::subscribe(SubscriberId subscriber, std::optional<AccountId> viewer,
                             std::uint64_t client_request) {
    subscribers_[subscriber] = viewer;
    SendToSubscriber reply{subscriber, {}};
    reply.message.set_request_id(client_request);
    *reply.message.mutable_lobby_snapshot() = snapshot(viewer);
    return {std::move(reply)};
}

}  // namespace tavolo::server::lobby
