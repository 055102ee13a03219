#include "server/tournament_config.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "engine/poker/game.hpp"
#include "engine/random.hpp"

namespace tavolo::server {

namespace {

using engine::TournamentKind;
namespace polacco = engine::polacco;

bool single_table(TournamentKind kind) {
    return kind == TournamentKind::SitAndGo || kind == TournamentKind::HeadsUp;
}

// The engine's reasons, each charged to the key that sets what it refuses.
const char* key_of(engine::StructureError e) {
    switch (e) {
        case engine::StructureError::TableSizeOutOfRange:
            return "seats";
        case engine::StructureError::BuyInOutOfRange:
            return "buy_in";
        case engine::StructureError::LevelTooShort:
            return "level_minutes";
        case engine::StructureError::NoLevels:
        case engine::StructureError::BlindsOutOfRange:
            return "levels";
        case engine::StructureError::StartingStackNotPositive:
        case engine::StructureError::ChipsOverLimit:
            return "starting_stack";
        case engine::StructureError::TooFewPlayers:
            return "min_players";
        case engine::StructureError::NegativeGuarantee:
            return "guarantee";
        case engine::StructureError::MoneyOverLimit:
            return "max_players";
    }
    return "game";
}

const char* key_of(polacco::PolaccoError e) {
    switch (e) {
        case polacco::PolaccoError::InvalidRules:
            return "clockwise_only";
        case polacco::PolaccoError::InvalidPayoutTable:
            return "payout";
        case polacco::PolaccoError::MoneyOutOfRange:
            return "buy_in";
        default:
            return "max_players";
    }
}

// What both families must hold beyond the engine's own checks.
std::optional<DeclarationError> validate_shape(const TournamentDeclaration& d) {
    if (d.name.empty()) return DeclarationError{"name", "must not be empty: the lobby shows it"};
    if (d.kind == TournamentKind::HeadsUp && d.seats() != 2)
        return DeclarationError{"seats", "a heads-up tournament seats 2"};
    if (single_table(d.kind) && d.max_players() > d.seats())
        return DeclarationError{"max_players", "a Sit&Go plays at one table: at most `seats` players (" +
                                                   std::to_string(d.seats()) + ")"};
    if (!single_table(d.kind) && std::holds_alternative<StartWhenFull>(d.start))
        return DeclarationError{"start",
                                "an MTT or shoot-out starts at its time: give an RFC 3339 time or a "
                                "delay such as \"+15m\""};
    if (single_table(d.kind) && std::holds_alternative<StartWhenFull>(d.start) &&
        d.min_players() != d.max_players())
        return DeclarationError{"min_players",
                                "without `start` a Sit&Go starts only when full; give `start` (the "
                                "deadline at which it starts with min_players) or remove min_players"};
    if (d.every && std::holds_alternative<StartWhenFull>(d.start))
        return DeclarationError{"every",
                                "a recurring schedule needs a `start` (a Sit&Go that starts when full is "
                                "re-opened as soon as it starts anyway)"};
    return std::nullopt;
}

std::optional<DeclarationError> validate_payout(const std::optional<engine::PayoutTable>& table,
                                                int min_players) {
    if (!table) return std::nullopt;
    if (!engine::verify_payout_table(*table))
        return DeclarationError{"payout", engine::to_string(engine::PayoutError::BadPercentages)};
    if (table->paid_places() > min_players)
        return DeclarationError{"payout", "pays " + std::to_string(table->paid_places()) +
                                              " places but the tournament may start with " +
                                              std::to_string(min_players) + " players: pay fewer places"};
    return std::nullopt;
}

std::optional<DeclarationError> validate_poker(const PokerTournament& p) {
    const engine::TournamentStructure& s = p.structure;
    if (auto bad = engine::validate(s)) return DeclarationError{key_of(*bad), engine::to_string(*bad)};
    if (s.reentry && !s.late_registration)
        return DeclarationError{"reentry",
                                "re-entry is open while late registration is: set "
                                "late_registration_levels above 0"};
    if (s.rebuys.enabled && s.rebuys.period_levels < 1)
        return DeclarationError{"rebuy_levels", "re-buys need a period of at least 1 level"};
    const engine::ClockSettings& c = p.clock;
    if (c.base <= engine::ClockDuration{0})
        return DeclarationError{"action_seconds", "each decision needs at least 1 second"};
    if (c.bank_start > c.bank_cap)
        return DeclarationError{"time_bank_seconds", "the starting time bank is above time_bank_cap_seconds"};
    return validate_payout(p.payout_table, s.min_players);
}

std::optional<DeclarationError> validate_polacco(const TournamentDeclaration& d, const PolaccoTournament& p) {
    if (d.kind == TournamentKind::ShootOut)
        return DeclarationError{"kind",
                                "Poker Polacco has no shoot-out (its multi-table tournaments redraw the "
                                "tables at three players each, RULES.md §9): use sng, headsup or mtt"};
    const int table_max = p.config.rules.table_max();
    if (p.seats < 2 || p.seats > table_max)
        return DeclarationError{"seats", "Poker Polacco seats 2 to " + std::to_string(table_max) +
                                             " a table in this mode (7 no-dealer, 9 casino)"};
    if (!single_table(d.kind) && p.seats != table_max)
        return DeclarationError{"seats", "Poker Polacco draws its multi-table tournaments at " +
                                             std::to_string(table_max) + " a table in this mode"};
    if (p.min_players < 2 || p.max_players < p.min_players)
        return DeclarationError{"min_players", engine::to_string(engine::StructureError::TooFewPlayers)};
    if (p.max_players > engine::kMaxEntrants)
        return DeclarationError{"max_players",
                                "at most " + std::to_string(engine::kMaxEntrants) + " players"};
    const engine::BuyIn& b = p.buy_in;
    if (b.prize_part != p.config.prize_part)
        return DeclarationError{"buy_in", "the prize part and the Polacco prize part differ"};
    const bool priced = b.prize_part >= 0 && b.fee >= 0 && b.prize_part <= engine::kMaxTotalCents &&
                        b.fee <= engine::kMaxTotalCents;
    if (!priced ||
        (!p.freeroll && (b.total() < engine::kMinBuyInTotal || b.total() > engine::kMaxBuyInTotal)))
        return DeclarationError{"buy_in", engine::to_string(engine::StructureError::BuyInOutOfRange)};
    if (p.config.guarantee < 0)
        return DeclarationError{"guarantee", engine::to_string(engine::StructureError::NegativeGuarantee)};
    if (b.prize_part > engine::kMaxTotalCents / p.max_players)
        return DeclarationError{"max_players", engine::to_string(engine::StructureError::MoneyOverLimit)};
    if (p.config.rules.turn_seconds < 1)
        return DeclarationError{"turn_seconds", "each turn needs at least 1 second"};
    // The engine's own word on the rules and the payout table: a trial start on a small field (the
    // money bound for the whole field is checked above, without drawing a million seats).
    std::vector<polacco::PlayerId> field(static_cast<std::size_t>(std::min(p.max_players, 2 * table_max)));
    std::iota(field.begin(), field.end(), polacco::PlayerId{0});
    engine::SeededRandom rng(1);
    if (auto trial = polacco::Tournament::start(std::move(field), p.config, rng); !trial)
        return DeclarationError{key_of(trial.error()), std::string(polacco::describe(trial.error()))};
    return validate_payout(p.config.payout_table, p.min_players);
}

}  // namespace

const char* to_string(TournamentGame game) {
    switch (game) {
        case TournamentGame::Holdem:
            return "holdem";
        case TournamentGame::Stud:
            return "stud";
        case TournamentGame::Draw:
            return "draw";
        case TournamentGame::Polacco:
            return "polacco";
    }
    return "unknown";
}

std::optional<engine::Variant> poker_variant(TournamentGame game) {
    switch (game) {
        case TournamentGame::Holdem:
            return engine::Variant::Holdem;
        case TournamentGame::Stud:
            return engine::Variant::FiveCardStud;
        case TournamentGame::Draw:
            return engine::Variant::FiveCardDraw;
        case TournamentGame::Polacco:
            return std::nullopt;
    }
    return std::nullopt;
}

engine::BuyIn TournamentDeclaration::buy_in() const {
    if (const auto* p = std::get_if<PokerTournament>(&rules)) return p->structure.buy_in;
    return std::get<PolaccoTournament>(rules).buy_in;
}

int TournamentDeclaration::seats() const {
    if (const auto* p = std::get_if<PokerTournament>(&rules)) return p->structure.table_size;
    return std::get<PolaccoTournament>(rules).seats;
}

int TournamentDeclaration::min_players() const {
    if (const auto* p = std::get_if<PokerTournament>(&rules)) return p->structure.min_players;
    return std::get<PolaccoTournament>(rules).min_players;
}

int TournamentDeclaration::max_players() const {
    if (const auto* p = std::get_if<PokerTournament>(&rules)) return p->structure.max_players;
    return std::get<PolaccoTournament>(rules).max_players;
}

TournamentDeclaration default_declaration(std::string name, TournamentGame game, TournamentKind kind,
                                          engine::Betting betting) {
    TournamentDeclaration d;
    d.name = std::move(name);
    d.game = game;
    d.kind = kind;
    if (auto variant = poker_variant(game)) {
        d.rules = PokerTournament{engine::default_structure(kind, *variant, betting), std::nullopt, {}};
        return d;
    }
    // Polacco: the poker defaults' buy-in and field, at Polacco's table size.
    const engine::TournamentStructure poker =
        engine::default_structure(kind, engine::Variant::Holdem, betting);
    PolaccoTournament p;
    p.buy_in = poker.buy_in;
    p.config.prize_part = poker.buy_in.prize_part;
    p.seats = kind == TournamentKind::HeadsUp ? 2 : p.config.rules.table_max();
    p.max_players = single_table(kind) ? p.seats : poker.max_players;
    p.min_players = single_table(kind) ? p.max_players : poker.min_players;
    d.rules = p;
    return d;
}

std::optional<DeclarationError> validate(const TournamentDeclaration& d) {
    if (auto bad = validate_shape(d)) return bad;
    if (const auto* p = std::get_if<PokerTournament>(&d.rules)) {
        if (poker_variant(d.game) != p->structure.variant || p->structure.kind != d.kind)
            return DeclarationError{"game", "the structure's game or kind differs from the declaration's"};
        return validate_poker(*p);
    }
    if (d.game != TournamentGame::Polacco)
        return DeclarationError{"game", "a poker game declared with Polacco rules"};
    return validate_polacco(d, std::get<PolaccoTournament>(d.rules));
}

}  // namespace tavolo::server
