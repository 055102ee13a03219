// The table actor's side of its players' requests (an action, sitting out, chat, observing, a
// re-attachment, an away notice, a client seed, a purchase): each checked, then carried out by the
// TableCore on the table's strand. On several nodes, what changes the table waits until this node is
// sure of its lease (Fence::acting, docs/SCALING.md "Fencing").
#include "server/actors/table_actor_impl.hpp"

namespace tavolo::server::actors {

// An away notice from a connection older than the one the account re-attached from last.
bool TableActor::Impl::superseded_away(const session::TableRequest& r) const {
    auto it = attached.find(r.from.account);
    return it != attached.end() && it->second != r.from.session;
}

void TableActor::Impl::handle(const session::TableRequest& r) {
    if (closed) return;  // the table has closed: the registry routes here no more
    current = &r;
    if (changes_the_table(r) && !acting()) {
        reply({v1::ERROR_CODE_UNAVAILABLE,
               "this server is making sure it still hosts the table (a moment's delay): retry in a "
               "moment"});
        current = nullptr;
        return;
    }
    std::visit(overloaded{
                   [&](const v1::Action& a) { act(r, a); },
                   [&](const session::SitOutRequest& s) {
                       if (auto held = seated_or_refuse(r))
                           carry_out(core.set_sitting_out(held->entrant, held->seat, s.sitting_out, now()));
                   },
                   [&](const session::ChatRequest& c) { chat(r, c); },
                   [&](const session::ObserveRequest&) {
                       // One handler: the snapshot and the registration, so nothing falls between.
                       ctx.outbox.to_session(r.from.session,
                                             snapshot_frame(engine::view::PokerViewer::observer()));
                       observers.insert(r.from.session);
                   },
                   [&](const session::StopObservingRequest&) { observers.erase(r.from.session); },
                   [&](const session::ReattachRequest&) {
                       if (auto held = seated_or_refuse(r)) {
                           ctx.outbox.to_session(
                               r.from.session, snapshot_frame(engine::view::PokerViewer::player(held->seat)));
                           attached[r.from.account] = r.from.session;
                           carry_out(core.set_disconnected(held->entrant, held->seat, false));
                           carry_out(core.offers_for(held->entrant, now()));  // a re-buy or add-on still open
                       }
                   },
                   [&](const session::AwayNotice&) {
                       observers.erase(r.from.session);
                       if (superseded_away(r)) return;
                       if (auto held = seat_of(r.from.account))
                           carry_out(core.set_disconnected(held->entrant, held->seat, true));
                   },
                   [&](const session::ClientSeedRequest& seed) {
                       if (auto held = seated_or_refuse(r))
                           carry_out(core.set_client_seed(held->entrant, held->seat, seed.bytes));
                   },
                   [&](const session::PurchaseRequest& p) { purchase(r, p); },
               },
               r.body);
    current = nullptr;
}

// What a player asks that changes the table (not a look at it, a re-attachment or an away notice).
bool TableActor::Impl::changes_the_table(const session::TableRequest& r) {
    return std::holds_alternative<v1::Action>(r.body) ||
           std::holds_alternative<session::SitOutRequest>(r.body) ||
           std::holds_alternative<session::ChatRequest>(r.body) ||
           std::holds_alternative<session::ClientSeedRequest>(r.body) ||
           std::holds_alternative<session::PurchaseRequest>(r.body);
}

}  // namespace tavolo::server::actors
