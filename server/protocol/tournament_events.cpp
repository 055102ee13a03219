#include "server/protocol/tournament_events.hpp"

#include <algorithm>
#include <vector>

namespace tavolo::server::protocol {

v1::TournamentEvent level_up(std::int64_t tournament, const engine::SetLevel& level,
                             std::int64_t ends_at_ms) {
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    v1::LevelUp* m = out.mutable_level_up();
    v1::Stakes* stakes = m->mutable_stakes();
    stakes->set_level(level.level);
    stakes->set_small_blind(level.stakes.small_blind);
    stakes->set_big_blind(level.stakes.big_blind);
    stakes->set_ante(level.stakes.ante);
    stakes->set_ante_mode(ante_mode_of(level.stakes.ante_mode));
    m->set_ends_at_ms(ends_at_ms);
    return out;
}

v1::TournamentEvent break_started(std::int64_t tournament, const engine::PauseForBreak& pause,
                                  std::int64_t now_ms) {
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    out.mutable_break_started()->set_duration_ms(std::max<std::int64_t>(0, pause.until_ms - now_ms));
    return out;
}

std::optional<v1::TournamentEvent> tournament_event(std::int64_t tournament,
                                                    const engine::DirectorMessage& message,
                                                    std::int64_t now_ms, std::int64_t level_ends_at_ms) {
    if (const auto* level = std::get_if<engine::SetLevel>(&message))
        return level_up(tournament, *level, level_ends_at_ms);
    if (const auto* pause = std::get_if<engine::PauseForBreak>(&message))
        return break_started(tournament, *pause, now_ms);
    return std::nullopt;
}

v1::TournamentEvent eliminated(std::int64_t tournament, const engine::Placing& placing,
                               const std::string& name, engine::Cents prize) {
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    v1::PlayerEliminated* m = out.mutable_eliminated();
    m->set_entrant(placing.entrant);
    m->set_name(name);
    m->set_place(placing.place);
    m->set_shared(placing.shared);
    m->set_prize_cents(prize);
    return out;
}

std::optional<v1::TournamentEvent> moved(std::int64_t tournament, const engine::StandUp& from,
                                         const engine::SeatPlayer& to) {
    if (from.move != to.move || from.entrant != to.player.entrant) return std::nullopt;
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    v1::MovedTable* m = out.mutable_moved();
    m->set_entrant(from.entrant);
    set_table(m->mutable_from(), {tournament, from.table});
    set_table(m->mutable_to(), {tournament, to.table});
    m->set_seat(to.seat);
    m->set_breaking(from.breaking);
    return out;
}

v1::TournamentEvent finished(std::int64_t tournament, std::span<const FinalPlace> results,
                             std::int32_t entrants) {
    std::vector<const FinalPlace*> order;
    for (const FinalPlace& r : results)
        order.push_back(&r);
    std::ranges::stable_sort(order, {}, [](const FinalPlace* r) { return r->placing.place; });
    v1::TournamentEvent out;
    out.set_tournament_id(tournament);
    v1::TournamentFinished* m = out.mutable_finished();
    m->set_entrants(entrants);
    for (const FinalPlace* r : order) {
        v1::Result* line = m->add_results();
        line->set_place(r->placing.place);
        line->set_entrant(r->placing.entrant);
        line->set_name(r->name);
        line->set_prize_cents(r->prize);
    }
    return out;
}

namespace {
v1::PurchaseKind kind_of(engine::Purchase kind) {
    return kind == engine::Purchase::Rebuy ? v1::PURCHASE_KIND_REBUY : v1::PURCHASE_KIND_ADD_ON;
}
}  // namespace

v1::TournamentEvent purchase_offered(const TableAddress& table, const PurchaseOfferWords& offer) {
    v1::TournamentEvent e;
    e.set_tournament_id(table.tournament_id);
    auto* o = e.mutable_purchase_offered();
    set_table(o->mutable_table(), table);
    o->set_kind(kind_of(offer.kind));
    o->set_chips(offer.chips);
    o->set_price_cents(offer.price);
    o->set_fee_cents(offer.fee);
    o->set_answer_within_ms(offer.answer_within_ms);
    o->set_busted(offer.busted);
    return e;
}

v1::TournamentEvent chips_purchased(const TableAddress& table, engine::EntrantId entrant,
                                    const std::string& name, engine::Purchase kind, engine::Chips chips) {
    v1::TournamentEvent e;
    e.set_tournament_id(table.tournament_id);
    auto* c = e.mutable_chips_purchased();
    set_table(c->mutable_table(), table);
    c->set_entrant(entrant);
    c->set_name(name);
    c->set_kind(kind_of(kind));
    c->set_chips(chips);
    return e;
}

}  // namespace tavolo::server::protocol
