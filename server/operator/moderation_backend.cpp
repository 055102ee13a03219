#include "server/operator/moderation_backend.hpp"

#include <spdlog/spdlog.h>

#include "persistence/sanction_store.hpp"
#include "server/api/api_responses.hpp"
#include "server/json_text.hpp"
#include "server/operator/operator_action.hpp"
#include "server/protocol/envelope.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::operators {

using persistence::Database;
using persistence::SanctionKind;
using persistence::StoreResult;

struct ModerationBackend::Shared {
    persistence::WriteService& writes;
    actors::TableRegistry& tables;
    actors::SeatBook& seats;
    actors::Outbox& outbox;
    ChatGuard& chat;
    SessionCloser close_sessions;
};

namespace {

using Clock = std::chrono::system_clock;

std::int64_t epoch_ms(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

std::string table_name(const protocol::TableAddress& t) {
    return std::to_string(t.tournament_id) + "/" + std::to_string(t.table);
}

// What the table did, for the answer, the audit and the player's notice.
struct Applied {
    std::optional<protocol::TableAddress> table;
    int hands = 0;
    std::int64_t chips_removed = 0;
    bool held = false;  // a disqualification applied at the hand's end
};

std::string sanction_json(const persistence::StoredSanction& s, const Applied& a) {
    const auto& n = s.sanction;
    std::string out = "{\"id\":" + std::to_string(s.id) + ",\"account\":" + std::to_string(raw(n.account)) +
                      ",\"kind\":" + json_string(persistence::to_string(n.kind)) +
                      ",\"reason\":" + json_string(n.reason) +
                      ",\"created_at\":" + json_string(utc_text(s.created_at));
    if (n.tournament_id) out += ",\"tournament\":" + std::to_string(*n.tournament_id);
    if (a.table) out += ",\"table\":" + std::to_string(a.table->table);
    if (n.orbits) out += ",\"orbits\":" + std::to_string(*n.orbits);
    if (n.hands) out += ",\"hands\":" + std::to_string(*n.hands);
    if (n.kind == SanctionKind::disqualification)
        out += ",\"chips_removed\":" + std::to_string(a.chips_removed);
    if (n.kind == SanctionKind::mute)
        out +=
            ",\"expires_at\":" + (n.expires_at ? json_string(utc_text(*n.expires_at)) : std::string("null"));
    if (n.kind == SanctionKind::disqualification)
        out += std::string(",\"applied\":") + (a.held ? "\"at the end of the hand in play\"" : "\"at once\"");
    return out + "}";
}

session::Frame notice_frame(const persistence::StoredSanction& s, const Applied& a) {
    v1::ServerMessage m;
    auto* n = m.mutable_sanction_notice();
    n->set_kind(persistence::to_string(s.sanction.kind));
    n->set_reason(s.sanction.reason);
    if (s.sanction.tournament_id) n->set_tournament_id(*s.sanction.tournament_id);
    n->set_hands(a.hands);
    n->set_chips_removed(a.chips_removed);
    if (s.sanction.expires_at) n->set_until_ms(epoch_ms(*s.sanction.expires_at));
    return session::serialise(m);
}

// The sanction, then its audit entry. Two transactions (AuditLog opens its own): an audit that fails
// after the sanction committed is logged, not retried, so a retry never records the sanction twice.
StoreResult<persistence::StoredSanction> record(Database& db, const persistence::NewSanction& n,
                                                OperatorAction action, const Applied& applied) {
    auto stored = persistence::SanctionStore(db).record(n);
    if (!stored) return stored;
    action.target = "account:" + std::to_string(raw(n.account));
    action.after_json = sanction_json(*stored, applied);
    if (auto audited = record_action(db, action); !audited)
        spdlog::error("event=audit_failed action=sanction target={} error=\"{}\"", action.target,
                      audited.error().message);
    return stored;
}

OperatorAction action_of(const api::SanctionOrder& o) {
    OperatorAction a;
    a.operator_id = o.by.id;
    a.operator_name = o.by.name;
    a.action = "sanction_" + persistence::to_string(o.kind);
    a.target = "account:" + std::to_string(o.account);
    a.reason = o.reason;
    return a;
}

persistence::NewSanction new_sanction(const api::SanctionOrder& o, const Applied& a) {
    persistence::NewSanction n;
    n.account = persistence::AccountId{o.account};
    n.kind = o.kind;
    n.tournament_id = o.tournament;
    n.orbits = o.orbits;
    if (o.kind == SanctionKind::exclusion) n.hands = a.hands;
    n.reason = o.reason;
    n.operator_id = o.by.id;
    if (o.minutes) n.expires_at = Clock::now() + std::chrono::minutes(*o.minutes);
    return n;
}

engine::SanctionKind engine_kind(SanctionKind k) {
    if (k == SanctionKind::exclusion) return engine::SanctionKind::Exclusion;
    if (k == SanctionKind::disqualification) return engine::SanctionKind::Disqualification;
    return engine::SanctionKind::Warning;
}

bool at_a_table(SanctionKind k) {
    return k == SanctionKind::warning || k == SanctionKind::exclusion || k == SanctionKind::disqualification;
}

std::string before_json(const api::SanctionOrder& o, const std::optional<protocol::TableAddress>& table,
                        const std::optional<Mute>& mute) {
    switch (o.kind) {
        case SanctionKind::mute:
            if (!mute) return "{\"muted\":false}";
            return "{\"muted\":true,\"until\":" +
                   (mute->until ? json_string(utc_text(*mute->until)) : "null") + "}";
        case SanctionKind::close_account:
            return "{\"closed\":false}";
        default:
            return table ? "{\"seated_at\":" + json_string(table_name(*table)) + "}" : "null";
    }
}

}  // namespace

ModerationBackend::ModerationBackend(persistence::WriteService& writes, actors::TableRegistry& tables,
                                     actors::SeatBook& seats, actors::Outbox& outbox, ChatGuard& chat,
                                     SessionCloser close_sessions)
    : shared_(
          std::make_shared<Shared>(Shared{writes, tables, seats, outbox, chat, std::move(close_sessions)})) {}

namespace {

// Writes the sanction and its audit entry, then carries out what follows it and answers.
void finish(const std::shared_ptr<ModerationBackend::Shared>& shared, api::SanctionOrder order,
            Applied applied, std::optional<protocol::TableAddress> table, HttpResponder respond);

}  // namespace

void ModerationBackend::sanction(api::SanctionOrder order, HttpResponder respond) {
    auto shared = shared_;
    // First: the account (404) and, for a sanction at a table, the tournament (404); nothing changes yet.
    const auto account = persistence::AccountId{order.account};
    const auto tournament = order.tournament;
    auto accepted = shared->writes.submit<bool>(
        [account, tournament](Database& db) -> StoreResult<bool> {
            auto open = persistence::SanctionStore(db).account_open(account);
            if (!open) return open;
            if (tournament) {
                auto t = persistence::SanctionStore(db).tournament_exists(*tournament);
                if (!t) return std::unexpected(t.error());
                if (!*t)
                    return persistence::store_error(persistence::StoreErrc::not_found,
                                                    "no tournament " + std::to_string(*tournament));
            }
            return open;
        },
        [shared, order = std::move(order), respond](StoreResult<bool> open) mutable {
            if (!open) return respond(api::store_error_response(open.error()));
            if (order.kind == SanctionKind::close_account && !*open)
                return respond(api::conflict("account " + std::to_string(order.account) +
                                             " is closed already: nothing changed"));
            if (!at_a_table(order.kind)) return finish(shared, std::move(order), {}, std::nullopt, respond);
            std::optional<protocol::TableAddress> table;
            for (const auto& t : shared->seats.tables_of(order.account))
                if (t.tournament_id == *order.tournament) table = t;
            if (!table)
                return respond(
                    api::conflict("player " + std::to_string(order.account) +
                                  " holds no seat in tournament " + std::to_string(*order.tournament) +
                                  " now (not registered, not seated yet, or out): nothing changed"));
            actors::SanctionAtTable ask{order.account, engine_kind(order.kind), order.orbits.value_or(0)};
            auto shared_order = std::make_shared<api::SanctionOrder>(std::move(order));
            const bool routed = shared->tables.moderate(
                *table, {ask, [shared, shared_order, table, respond](actors::ModerationAnswer answer) {
                             using Status = actors::ModerationAnswer::Status;
                             if (answer.status == Status::not_seated)
                                 return respond(api::conflict(
                                     "player " + std::to_string(shared_order->account) +
                                     " no longer sits at table " + table_name(*table) + ": nothing changed"));
                             if (answer.status != Status::applied)
                                 return respond(api::conflict(answer.message + ": nothing changed"));
                             Applied applied{table, answer.outcome.excluded_hands,
                                             answer.outcome.chips_removed, answer.held};
                             finish(shared, std::move(*shared_order), applied, table, respond);
                         }});
            if (!routed) respond(api::conflict("table " + table_name(*table) + " has closed: retry"));
        },
        persistence::Executor::service_thread());
    if (!accepted) respond(api::store_error_response(accepted.error()));
}

namespace {

void finish(const std::shared_ptr<ModerationBackend::Shared>& shared, api::SanctionOrder order,
            Applied applied, std::optional<protocol::TableAddress> table, HttpResponder respond) {
    OperatorAction action = action_of(order);
    action.before_json = before_json(order, table, shared->chat.mute_of(order.account, Clock::now()));
    auto n = new_sanction(order, applied);
    auto accepted = shared->writes.submit<persistence::StoredSanction>(
        [n, action, applied](Database& db) { return record(db, n, action, applied); },
        [shared, action, applied, respond](StoreResult<persistence::StoredSanction> stored) mutable {
            if (!stored) {
                log_action(action, "failed: " + stored.error().message);
                return respond(api::store_error_response(stored.error()));
            }
            const auto account = raw(stored->sanction.account);
            shared->outbox.to_account(account, notice_frame(*stored, applied));
            if (stored->sanction.kind == SanctionKind::mute)
                shared->chat.mute(account, Mute{stored->sanction.expires_at, stored->sanction.reason});
            if (stored->sanction.kind == SanctionKind::close_account && shared->close_sessions)
                shared->close_sessions(account,
                                       "your account was closed by an operator: " + stored->sanction.reason);
            action.after_json = sanction_json(*stored, applied);
            log_action(action, "done");
            respond(api::json_response(200, sanction_json(*stored, applied)));
        },
        persistence::Executor::service_thread());
    if (!accepted) {
        log_action(action, "failed: " + accepted.error().message);
        respond(api::store_error_response(accepted.error()));
    }
}

}  // namespace

void ModerationBackend::remove_chat(api::ChatRemoval removal, HttpResponder respond) {
    auto shared = shared_;
    const protocol::TableAddress table{removal.tournament, removal.table};
    auto shared_removal = std::make_shared<api::ChatRemoval>(std::move(removal));
    const bool routed = shared->tables.moderate(
        table,
        {actors::RemoveChatLine{shared_removal->line, shared_removal->reason},
         [shared, shared_removal, table, respond](actors::ModerationAnswer answer) {
             using Status = actors::ModerationAnswer::Status;
             if (answer.status == Status::unknown_line) return respond(api::not_found(answer.message));
             if (answer.status != Status::applied) return respond(api::conflict(answer.message));
             OperatorAction action;
             action.operator_id = shared_removal->by.id;
             action.operator_name = shared_removal->by.name;
             action.action = "remove_chat";
             action.target = "table:" + table_name(table) + "/chat/" + std::to_string(shared_removal->line);
             action.before_json = "{\"shown\":true,\"line\":" + json_string(answer.message) + "}";
             action.after_json = "{\"shown\":false}";
             action.reason = shared_removal->reason;
             const std::string body = "{\"tournament\":" + std::to_string(table.tournament_id) +
                                      ",\"table\":" + std::to_string(table.table) +
                                      ",\"line\":" + std::to_string(shared_removal->line) +
                                      ",\"removed\":true,\"reason\":" + json_string(shared_removal->reason) +
                                      "}";
             // Removed from the view at once; the audit follows on the write service.
             auto accepted = shared->writes.submit<std::int64_t>(
                 [action](Database& db) { return record_action(db, action); },
                 [action, body, respond](StoreResult<std::int64_t> audited) {
                     log_action(action, audited ? "done" : "done, audit failed: " + audited.error().message);
                     respond(api::json_response(200, body));
                 },
                 persistence::Executor::service_thread());
             if (!accepted) {
                 log_action(action, "done, audit not queued: " + accepted.error().message);
                 respond(api::json_response(200, body));
             }
         }});
    if (!routed)
        respond(
            api::not_found("no live table " + table_name(table) + ": see GET /api/v1/tables for the tables"));
}

StoreResult<std::size_t> load_mutes(Database& db, ChatGuard& chat) {
    auto mutes = persistence::SanctionStore(db).active_mutes();
    if (!mutes) return std::unexpected(mutes.error());
    for (const auto& m : *mutes)
        chat.mute(raw(m.account), Mute{m.until, m.reason});
    return mutes->size();
}

}  // namespace tavolo::server::operators
