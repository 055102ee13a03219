#include "server/lobby/lobby_listing.hpp"

#include <algorithm>

#include "server/lobby/declaration_fingerprint.hpp"
#include "server/lobby/lobby_core.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::lobby {

v1::TournamentKind kind_of(engine::TournamentKind kind) {
    switch (kind) {
        case engine::TournamentKind::SitAndGo:
            return v1::TOURNAMENT_KIND_SIT_AND_GO;
        case engine::TournamentKind::HeadsUp:
            return v1::TOURNAMENT_KIND_HEADS_UP;
        case engine::TournamentKind::ScheduledMtt:
            return v1::TOURNAMENT_KIND_MTT;
        case engine::TournamentKind::ShootOut:
            return v1::TOURNAMENT_KIND_SHOOTOUT;
    }
    return v1::TOURNAMENT_KIND_UNSPECIFIED;
}

v1::TournamentState state_of(persistence::TournamentState state) {
    using persistence::TournamentState;
    switch (state) {
        case TournamentState::announced:
        case TournamentState::registering:
            return v1::TOURNAMENT_STATE_REGISTERING;
        case TournamentState::running:
            return v1::TOURNAMENT_STATE_RUNNING;
        case TournamentState::paused:
            return v1::TOURNAMENT_STATE_ON_BREAK;
        case TournamentState::finished:
            return v1::TOURNAMENT_STATE_FINISHED;
        case TournamentState::cancelled:
            return v1::TOURNAMENT_STATE_CANCELLED;
    }
    return v1::TOURNAMENT_STATE_UNSPECIFIED;
}

v1::TournamentInfo listing_of(const TournamentDeclaration& declaration, const ListingFacts& facts) {
    v1::TournamentInfo info;
    info.set_id(facts.id);
    info.set_name(declaration.name);
    info.set_kind(kind_of(declaration.kind));
    info.set_seats(declaration.seats());
    info.set_prize_cents(declaration.buy_in().prize_part);
    info.set_fee_cents(declaration.buy_in().fee);
    info.set_entrants(facts.entrants);
    info.set_min_players(declaration.min_players());
    info.set_max_players(declaration.max_players());
    info.set_starts_when_full(std::holds_alternative<StartWhenFull>(declaration.start) ||
                              declaration.kind == engine::TournamentKind::SitAndGo ||
                              declaration.kind == engine::TournamentKind::HeadsUp);
    if (facts.starts_at) info.set_starts_at_ms(facts.starts_at->time_since_epoch().count());
    info.set_state(state_of(facts.state));
    info.set_registered(facts.registered);
    info.set_prize_pool_cents(facts.prize_pool);
    if (const auto* poker = std::get_if<PokerTournament>(&declaration.rules)) {
        info.set_game(protocol::game_of(poker->structure.variant));
        info.set_betting(protocol::betting_of(poker->structure.betting));
        info.set_level_minutes(static_cast<std::int32_t>(
            std::chrono::duration_cast<std::chrono::minutes>(poker->structure.level_duration).count()));
        info.set_starting_chips(poker->structure.starting_stack);
        const engine::TournamentStructure& s = poker->structure;
        info.set_guarantee_cents(s.guarantee);
        info.set_freeroll(s.freeroll);
        if (s.late_registration) info.set_late_registration_levels(s.late_registration_levels);
        if (s.rebuys.enabled) info.set_rebuy_levels(s.rebuys.period_levels);
        info.set_addon(s.rebuys.enabled && s.rebuys.addon);
        info.set_reentry(s.reentry);
    } else {
        const auto& polacco = std::get<PolaccoTournament>(declaration.rules);
        info.set_guarantee_cents(polacco.config.guarantee);
        info.set_freeroll(polacco.freeroll);
        info.set_game(v1::GAME_POLACCO);
        info.set_betting(v1::BETTING_UNSPECIFIED);  // Polacco has no betting, levels nor chips
    }
    return info;
}

persistence::TournamentSpec spec_of(const TournamentDeclaration& declaration,
                                    std::optional<TimePoint> starts_at) {
    persistence::TournamentSpec spec;
    spec.name = declaration.name;
    spec.kind = declaration.kind;
    if (const auto* poker = std::get_if<PokerTournament>(&declaration.rules)) {
        spec.game = persistence::PokerGame{poker->structure.variant, poker->structure.betting};
        spec.guarantee = poker->structure.guarantee;
    } else {
        spec.game = persistence::PolaccoGame{};
        spec.guarantee = std::get<PolaccoTournament>(declaration.rules).config.guarantee;
    }
    if (starts_at)
        spec.starts_at = std::chrono::time_point_cast<std::chrono::system_clock::duration>(*starts_at);
    spec.prize_part = declaration.buy_in().prize_part;
    spec.fee = declaration.buy_in().fee;
    spec.state = persistence::TournamentState::registering;
    spec.config_json = declaration_config_json(declaration);  // what a restart matches it by
    return spec;
}

v1::LobbySnapshot LobbyCore::snapshot(std::optional<AccountId> viewer) const {
    std::vector<const Listed*> order;
    for (const auto& [id, t] : listed_)
        order.push_back(&t);
    std::ranges::stable_sort(order, {}, &Listed::declaration);
    v1::LobbySnapshot snapshot;
    for (const Listed* t : order)
        *snapshot.add_tournaments() = listing_of(declaration_of(*t), facts(*t, viewer));
    return snapshot;
}

std::map<v1::TournamentState, std::int64_t> LobbyCore::count_states() const {
    std::map<v1::TournamentState, std::int64_t> counts;
    for (const auto& [id, t] : listed_)
        ++counts[state_of(shown_state(t.phase))];
    return counts;
}

}  // namespace tavolo::server::lobby
