// The table actor's side of re-buys and the add-on (RULES.md §6; TableCore "re-buys and the add-on"):
// offers and purchases on the wire, each payment through the write service on the table's lane (so
// it commits before the hand it is added after is recorded), the wallet's balance to the buyer.
#include "persistence/tournament_store.hpp"
#include "server/actors/table_actor_impl.hpp"
#include "server/lobby/store_refusal_code.hpp"
#include "server/protocol/tournament_events.hpp"

namespace tavolo::server::actors {

namespace {

using engine::Purchase;

// The idempotency keys: one re-buy per entry after a hand, one add-on per entry.
std::string purchase_key(std::int64_t tournament, persistence::RegistrationId registration,
                         const table::PayForChips& p) {
    const std::string entry =
        std::to_string(tournament) + ":" + std::to_string(persistence::raw(registration));
    return p.kind == Purchase::Rebuy ? "rebuy:" + entry + ":" + std::to_string(p.after_hand)
                                     : "addon:" + entry;
}

protocol::Refusal payment_refusal(const table::PayForChips& p, const persistence::StoreError& e) {
    const std::string what = p.kind == Purchase::Rebuy ? "re-buy" : "add-on";
    switch (e.code) {
        case persistence::StoreErrc::insufficient_funds:
            return {v1::ERROR_CODE_INSUFFICIENT_FUNDS, "your wallet cannot pay the " + what + " (" +
                                                           std::to_string(p.price.total()) +
                                                           " cents): nothing was paid"};
        case persistence::StoreErrc::invalid_argument:
            return {v1::ERROR_CODE_PURCHASE_REFUSED, "the " + what + " was refused: " + e.message};
        default:
            return {lobby::store_refusal_code(e.code), "the " + what + " could not be paid now (" +
                                                           e.message + "): nothing was paid, ask again"};
    }
}

}  // namespace

void TableActor::Impl::tell_entrant(engine::EntrantId entrant, const protocol::Refusal& refusal) {
    if (const RosterEntry* e = setup.roster->find(entrant))
        ctx.outbox.to_account(
            e->account, session::serialise(protocol::error_message(refusal, 0, setup.address,
                                                                   static_cast<std::uint64_t>(core.seq()))));
}

void TableActor::Impl::purchase(const session::TableRequest& r, const session::PurchaseRequest& p) {
    auto held = seated_or_refuse(r);
    if (!held) return;
    if (voided) {
        reply({v1::ERROR_CODE_PURCHASE_REFUSED, "the tournament is being cancelled: nothing can be bought"});
        return;
    }
    carry_out(core.on_purchase(held->entrant, held->seat, p.addon ? Purchase::AddOn : Purchase::Rebuy,
                               p.decline, now()));
}

void TableActor::Impl::offer(const table::PurchaseOffer& o) {
    const protocol::PurchaseOfferWords words{
        o.kind, o.chips, o.price.total(), o.price.fee, o.answer_within.count(), o.busted};
    to_seat(o.seat, session::serialise(tournament_message(protocol::purchase_offered(setup.address, words))));
}

void TableActor::Impl::pay_for(const table::PayForChips& p) {
    const RosterEntry* e = setup.roster->find(p.entrant);
    if (e == nullptr) {  // never expected: every entrant is on the roster
        asio::post(strand, [self = shared_from_this(), p] {
            self->carry_out(self->core.on_paid(p, false, self->now()));
        });
        return;
    }
    const persistence::RegistrationId registration = e->registration;
    const std::int64_t account = e->account;
    const std::string key = purchase_key(setup.address.tournament_id, registration, p);
    const int most = setup.purchases.max_rebuys;
    auto accepted = ctx.writes.submit<persistence::Registration>(
        setup.stored,
        [p, registration, key, most](persistence::Database& db) {
            persistence::TournamentStore store(db);
            return p.kind == Purchase::Rebuy
                       ? store.rebuy(registration, p.price.prize_part, p.price.fee, key, most)
                       : store.addon(registration, p.price.prize_part, p.price.fee, key);
        },
        [self = shared_from_this(), p, account, key](persistence::StoreResult<persistence::Registration> r) {
            if (r) {
                spdlog::info("event=chips_bought table={}:{} entrant={} kind={} key={}",
                             self->setup.address.tournament_id, self->setup.address.table, p.entrant,
                             p.kind == Purchase::Rebuy ? "rebuy" : "addon", key);
                send_balance(self->ctx, self->setup.stored, account, executor_on(self->strand));
            } else {
                self->tell_entrant(p.entrant, payment_refusal(p, r.error()));
            }
            if (self->closed) {
                if (r) self->pay_back(p);
                return;
            }
            // Refused for good (no funds, past the limit, the entry over) or failed for now.
            const bool may_retry = !r && r.error().code != persistence::StoreErrc::insufficient_funds &&
                                   r.error().code != persistence::StoreErrc::invalid_argument;
            self->carry_out(self->core.on_paid(p, r.has_value(), self->now(), may_retry));
        },
        executor_on(strand));
    if (!accepted) {
        tell_entrant(p.entrant, payment_refusal(p, accepted.error()));
        asio::post(strand, [self = shared_from_this(), p] {
            self->carry_out(self->core.on_paid(p, false, self->now(), /*may_retry=*/true));  // queue full
        });
    }
}

// Paid and never added: the money goes back (idempotent: the key names the purchase).
void TableActor::Impl::pay_back(const table::PayForChips& p) {
    const RosterEntry* e = setup.roster->find(p.entrant);
    if (e == nullptr) return;
    const persistence::RegistrationId registration = e->registration;
    const std::string key = "payback:" + purchase_key(setup.address.tournament_id, registration, p);
    spdlog::warn("event=purchase_paid_back table={}:{} entrant={} key={}", setup.address.tournament_id,
                 setup.address.table, p.entrant, key);
    auto accepted = ctx.writes.submit<persistence::Registration>(
        setup.stored,
        [p, registration, key](persistence::Database& db) {
            return persistence::TournamentStore(db).pay_back_purchase(registration, p.kind == Purchase::Rebuy,
                                                                      p.price.prize_part, p.price.fee, key);
        },
        [key](persistence::StoreResult<persistence::Registration> r) {
            if (!r) spdlog::error("event=purchase_not_paid_back key={} error=\"{}\"", key, r.error().message);
        },
        executor_on(strand));
    if (!accepted)
        spdlog::error("event=purchase_not_paid_back key={} error=\"{}\"", key, accepted.error().message);
}

void TableActor::Impl::chips_added(const table::ChipsAdded& c) {
    to_everyone(session::serialise(tournament_message(protocol::chips_purchased(
        setup.address, c.entrant, setup.roster->name_of(c.entrant), c.kind, c.chips))));
}

void TableActor::Impl::arm_purchase(const table::ArmPurchaseTimer& t) {
    purchase_timer.expires_at(ctx.clock.steady_deadline(t.at));
    purchase_timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || self->closed) return;
        self->carry_out(self->core.on_purchase_deadline(self->now()));
    });
}

}  // namespace tavolo::server::actors
