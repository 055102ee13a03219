#include "server/operator/tournament_backend.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "server/operator/tournament_rows.hpp"

namespace tavolo::server::operators {

namespace json = boost::json;
using api::TournamentRefusal;
using Kind = api::TournamentRefusal::Kind;

namespace {

std::unexpected<TournamentRefusal> refuse(Kind kind, std::string message) {
    return std::unexpected(TournamentRefusal{kind, std::move(message)});
}

std::unexpected<TournamentRefusal> refusal_of(const persistence::StoreError& e) {
    switch (e.code) {
        case persistence::StoreErrc::not_found:
            return refuse(Kind::not_found, e.message);
        case persistence::StoreErrc::unavailable:
        case persistence::StoreErrc::queue_full:
        case persistence::StoreErrc::shutting_down:
            return refuse(Kind::unavailable,
                          "the database does not answer (" + e.message + "): nothing changed, retry shortly");
        default:
            return refuse(Kind::conflict, e.message);
    }
}

std::string target_of(std::int64_t id) {
    return "tournament:" + std::to_string(id);
}

// A cancellation (done or previewed) as the API answers it: every refund split between the prize pool
// and the house, and the totals.
json::object outcome_json(std::int64_t id, const actors::CancellationOutcome& o, bool already, bool preview) {
    json::array refunds;
    engine::Cents total = 0, pool = 0, house = 0;
    for (const auto& r : o.refunds) {
        refunds.push_back(json::object{{"registration", persistence::raw(r.registration)},
                                       {"account", r.account},
                                       {"amount_cents", r.amount},
                                       {"from_pool_cents", r.from_pool},
                                       {"from_house_cents", r.from_house}});
        total += r.amount;
        pool += r.from_pool;
        house += r.from_house;
    }
    json::object out{
        {"id", id},
        {"state", preview ? "running" : "cancelled"},
        {"preview", preview},
        {"already_cancelled", already},
        {"started", o.started},
        {"refunds", std::move(refunds)},
        {"totals",
         json::object{{"amount_cents", total}, {"from_pool_cents", pool}, {"from_house_cents", house}}}};
    if (!o.reason.empty()) out["reason"] = o.reason;
    return out;
}

// A registering tournament's refunds: every entry in full, its prize part from the pool, its fee from
// the house (RULES.md §7, a tournament that never started).
json::object registering_json(std::int64_t id, const actors::LobbyActor::View& v, bool preview) {
    actors::CancellationOutcome o;
    o.cancelled = true;
    o.started = false;
    for (const auto& e : v.view.entries)
        o.refunds.push_back({engine::kNoEntrant, e.entrant.registration, persistence::raw(e.entrant.account),
                             e.prize_part + e.fee, e.prize_part, e.fee, ""});
    json::object out = outcome_json(id, o, false, preview);
    out["state"] = preview ? "registering" : "cancelled";
    return out;
}

// A tournament cancelled before (this run or an earlier one): what its rows say was refunded.
json::object stored_json(std::int64_t id, const json::object& record) {
    json::array refunds;
    engine::Cents total = 0, pool = 0, house = 0;
    for (const auto& p : record.at("registrations").as_array()) {
        const auto& o = p.as_object();
        const std::int64_t amount = o.at("refund_cents").as_int64();
        if (amount == 0) continue;
        const std::int64_t from_pool = o.at("refund_from_pool_cents").as_int64();
        const std::int64_t from_house = o.at("refund_from_house_cents").as_int64();
        refunds.push_back(json::object{{"registration", o.at("registration")},
                                       {"account", o.at("account")},
                                       {"amount_cents", amount},
                                       {"from_pool_cents", from_pool},
                                       {"from_house_cents", from_house}});
        total += amount;
        pool += from_pool;
        house += from_house;
    }
    return json::object{
        {"id", id},
        {"state", "cancelled"},
        {"preview", false},
        {"already_cancelled", true},
        {"refunds", std::move(refunds)},
        {"totals",
         json::object{{"amount_cents", total}, {"from_pool_cents", pool}, {"from_house_cents", house}}}};
}

}  // namespace

TournamentBackendImpl::TournamentBackendImpl(boost::asio::io_context& io, persistence::WriteService& writes,
                                             actors::LobbyActor& lobby, actors::Tournaments& tournaments)
    : io_(io), writes_(writes), lobby_(lobby), tournaments_(tournaments) {}

void TournamentBackendImpl::list(std::optional<std::string> state, api::TournamentDone done) {
    auto accepted = writes_.submit<json::array>(
        [state](persistence::Database& db) { return list_tournaments(db, state); },
        [done](persistence::StoreResult<json::array> r) {
            if (!r) return done(refusal_of(r.error()));
            done(json::serialize(json::object{{"tournaments", std::move(*r)}}));
        },
        persistence::Executor::service_thread());
    if (!accepted) done(refusal_of(accepted.error()));
}

void TournamentBackendImpl::with_record(std::int64_t id, api::TournamentDone done,
                                        std::function<void(json::object)> then) {
    auto accepted = writes_.submit<json::object>(
        [id](persistence::Database& db) { return tournament_record(db, id); },
        [done, then = std::move(then)](persistence::StoreResult<json::object> r) {
            if (!r) return done(refusal_of(r.error()));
            then(std::move(*r));
        },
        persistence::Executor{[&io = io_](std::function<void()> f) { boost::asio::post(io, std::move(f)); }});
    if (!accepted) done(refusal_of(accepted.error()));
}

void TournamentBackendImpl::audit(OperatorAction action, std::string outcome) {
    auto accepted = writes_.submit<std::int64_t>(
        [action](persistence::Database& db) { return record_action(db, action); },
        [action, outcome](persistence::StoreResult<std::int64_t> r) {
            if (!r)
                spdlog::error("event=audit_not_recorded action={} target={} error=\"{}\"", action.action,
                              action.target, r.error().message);
            log_action(action, outcome);
        },
        persistence::Executor::service_thread());
    if (!accepted) {
        spdlog::error("event=audit_not_recorded action={} target={} error=\"{}\"", action.action,
                      action.target, accepted.error().message);
        log_action(action, outcome);
    }
}

void TournamentBackendImpl::create(persistence::Account caller, TournamentDeclaration declaration,
                                   api::TournamentDone done) {
    const std::string name = declaration.name, source = declaration.source_json;
    lobby_.create_tournament(std::move(declaration), [this, caller, name, source, done](
                                                         std::expected<lobby::TournamentId, std::string> r) {
        if (!r) return done(refuse(Kind::conflict, r.error()));
        const std::int64_t id = persistence::raw(*r);
        json::object answer{{"id", id}, {"name", name}, {"state", "registering"}};
        audit({caller.id, caller.name, "create_tournament", target_of(id), "null",
               json::serialize(
                   json::object{{"id", id}, {"state", "registering"}, {"declaration", json::parse(source)}}),
               ""},
              "created");
        done(json::serialize(answer));
    });
}

void TournamentBackendImpl::inspect(std::int64_t id, api::TournamentDone done) {
    with_record(id, done, [this, id, done](json::object record) {
        const bool running = record.at("state").as_string() == "running";
        if (!running || !tournaments_.inspect(id, [record, done](std::string live) mutable {
                record["live"] = json::parse(live);
                done(json::serialize(record));
            }))
            done(json::serialize(record));
    });
}

void TournamentBackendImpl::pause(persistence::Account caller, std::int64_t id, std::string reason,
                                  api::TournamentDone done) {
    set_paused(std::move(caller), id, true, std::move(reason), std::move(done));
}

void TournamentBackendImpl::resume(persistence::Account caller, std::int64_t id, std::string reason,
                                   api::TournamentDone done) {
    set_paused(std::move(caller), id, false, std::move(reason), std::move(done));
}

void TournamentBackendImpl::set_paused(persistence::Account caller, std::int64_t id, bool paused,
                                       std::string reason, api::TournamentDone done) {
    const bool asked = tournaments_.set_paused(
        id, paused, reason, [this, caller, id, paused, reason, done](std::expected<void, std::string> r) {
            if (!r)
                return done(refuse(Kind::conflict, "tournament " + std::to_string(id) + ": " + r.error()));
            const json::object after{{"id", id}, {"state", "running"}, {"paused", paused}};
            audit({caller.id, caller.name, paused ? "pause_tournament" : "resume_tournament", target_of(id),
                   json::serialize(json::object{{"paused", !paused}}),
                   json::serialize(json::object{{"paused", paused}}), reason},
                  paused ? "paused" : "resumed");
            done(json::serialize(after));
        });
    if (asked) return;
    with_record(id, done, [id, done](json::object record) {
        done(refuse(Kind::conflict, "tournament " + std::to_string(id) + " is " +
                                        std::string(record.at("state").as_string()) +
                                        ", not running: only a running tournament can be paused or resumed"));
    });
}

void TournamentBackendImpl::cancellation_preview(std::int64_t id, api::TournamentDone done) {
    if (tournaments_.preview_cancel(id, [id,
                                         done](std::expected<actors::CancellationOutcome, std::string> r) {
            if (!r)
                return done(refuse(Kind::conflict, "tournament " + std::to_string(id) + ": " + r.error()));
            done(json::serialize(outcome_json(id, *r, false, true)));
        }))
        return;
    lobby_.view(lobby::TournamentId{id}, [this, id, done](std::optional<actors::LobbyActor::View> v) {
        if (v && v->view.state == "registering") return done(json::serialize(registering_json(id, *v, true)));
        with_record(id, done, [id, done](json::object record) {
            if (record.at("state").as_string() == "cancelled")
                return done(json::serialize(stored_json(id, record)));
            done(refuse(Kind::conflict, "tournament " + std::to_string(id) + " is " +
                                            std::string(record.at("state").as_string()) +
                                            ": nothing to cancel"));
        });
    });
}

void TournamentBackendImpl::cancel(persistence::Account caller, std::int64_t id, std::string reason,
                                   api::TournamentDone done) {
    if (auto was = tournaments_.cancelled(id)) {
        log_action({caller.id, caller.name, "cancel_tournament", target_of(id), "null", "null", reason},
                   "already_cancelled");
        return done(json::serialize(outcome_json(id, *was, true, false)));
    }
    if (tournaments_.runs(id)) {
        tournaments_.cancel(
            id, reason, [this, caller, id, reason, done](const actors::CancellationOutcome& o) {
                if (!o.cancelled)
                    return done(refuse(Kind::conflict, "tournament " + std::to_string(id) + ": " + o.error));
                json::object answer = outcome_json(id, o, false, false);
                audit({caller.id, caller.name, "cancel_tournament", target_of(id), R"({"state":"running"})",
                       json::serialize(answer), reason},
                      "cancelled");
                done(json::serialize(answer));
            });
        return;
    }
    lobby_.cancel_registering(
        lobby::TournamentId{id},
        [this, caller, id, reason, done](std::expected<actors::LobbyActor::View, std::string> r) {
            if (r) {
                json::object answer = registering_json(id, *r, false);
                answer["reason"] = reason;
                audit({caller.id, caller.name, "cancel_tournament", target_of(id),
                       R"({"state":"registering"})", json::serialize(answer), reason},
                      "cancelled");
                return done(json::serialize(answer));
            }
            with_record(id, done, [caller, id, reason, why = r.error(), done](json::object record) {
                if (record.at("state").as_string() == "cancelled") {
                    log_action(
                        {caller.id, caller.name, "cancel_tournament", target_of(id), "null", "null", reason},
                        "already_cancelled");
                    return done(json::serialize(stored_json(id, record)));
                }
                done(refuse(Kind::conflict, "tournament " + std::to_string(id) + " is " +
                                                std::string(record.at("state").as_string()) + ": " + why));
            });
        });
}

}  // namespace tavolo::server::operators
