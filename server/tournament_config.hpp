#pragma once
// A tournament declared in the configuration (`[[tournament]]`, RULES.md §6), as typed values the
// server opens: the engine's TournamentStructure (poker) or Polacco TournamentConfig, with the
// name, the start rule and what the engine's types leave to the server (payout table, clock).
// deploy/tavolo.example.toml documents every key; server/tournament_toml.hpp reads them.
#include <optional>
#include <string>
#include <variant>

#include "engine/polacco/tournament.hpp"
#include "engine/table/action_clock.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/structure.hpp"
#include "server/start_rule.hpp"

namespace tavolo::server {

// The `game` key: the three poker games of RULES.md §1 and Poker Polacco (§9).
enum class TournamentGame { Holdem, Stud, Draw, Polacco };
const char* to_string(TournamentGame game);  // "holdem", "stud", "draw", "polacco"
// The engine's variant of a poker game; none for Polacco.
std::optional<engine::Variant> poker_variant(TournamentGame game);

struct PokerTournament {
    // Kind, variant, betting, seats, buy-in, players, stacks, levels, breaks, re-buys, add-on, late
    // registration, re-entry, freeroll and guarantee. `deadline` is set for a "+90s" start of a
    // Sit&Go; for an RFC 3339 start the server sets it when it opens the tournament.
    engine::TournamentStructure structure;
    std::optional<engine::PayoutTable> payout_table;  // none: the engine's default for the field
    engine::ClockSettings clock;                      // RULES.md §5
};

struct PolaccoTournament {
    engine::polacco::TournamentConfig config;  // rules, prize part (= buy_in.prize_part), guarantee, payout
    engine::BuyIn buy_in;
    bool freeroll = false;
    // Players at one table: a Sit&Go's table, 2 heads-up; an MTT's tables seat rules.table_max().
    int seats = engine::polacco::kTableMaxNoDealer;
    int min_players = engine::polacco::kTableMaxNoDealer;
    int max_players = engine::polacco::kTableMaxNoDealer;
};

struct TournamentDeclaration {
    std::string name;
    TournamentGame game = TournamentGame::Holdem;
    engine::TournamentKind kind = engine::TournamentKind::SitAndGo;
    StartRule start;
    std::variant<PokerTournament, PolaccoTournament> rules;
    // A recurring schedule (`every = "30m"`): the lobby opens a new copy at each period after it
    // opened the first; each copy's start is shifted by the same period (server/lobby/README.md).
    std::optional<std::chrono::seconds> every;
    // Created by an operator (POST /api/v1/tournaments): the request's body, kept in the row's config so
    // a restart adopts it (server/api/tournament_declaration.hpp). Such a tournament is opened once
    // and never reopened; empty for the configuration's declarations.
    std::string source_json;

    // What the lobby shows, whatever the game.
    engine::BuyIn buy_in() const;
    int seats() const;
    int min_players() const;
    int max_players() const;
};

// A declaration with the defaults of RULES.md §6 for its game and kind (engine default_structure()
// for poker; Polacco: no-dealer rules, seats as poker's full table up to 7, the same buy-in).
// `betting` is ignored for Polacco.
TournamentDeclaration default_declaration(std::string name, TournamentGame game, engine::TournamentKind kind,
                                          engine::Betting betting);

// Why a declaration cannot be opened: the key at fault and the reason (the engine's own words when
// its validate() refuses it).
struct DeclarationError {
    std::string key;  // e.g. "seats"
    std::string reason;
};
// The engine's validate() for poker, the Polacco engine's own checks (a trial start) for Polacco,
// and what the declaration itself must hold: a Sit&Go or heads-up is one table (max_players <=
// seats), heads-up seats 2, an MTT or shoot-out has a start time, Polacco plays no shoot-out, a
// payout table pays no more places than the minimum field, re-entry needs late registration.
std::optional<DeclarationError> validate(const TournamentDeclaration& declaration);

}  // namespace tavolo::server
