#pragma once
// What a tournament's row remembers of the declaration it was opened from, so that a restart adopts
// it only if the configuration still declares the same tournament (server/lobby/README.md
// "Adoption at a restart"): a fingerprint of every term a registered player was promised (game,
// kind, start, buy-in, players, stacks, blinds, breaks, re-buys, late registration, payouts, clock).
// It is written into the row's `config_json` as {"declaration_fingerprint": "v1-<16 hex digits>"}.
#include <string>

#include "server/tournament_config.hpp"

namespace tavolo::server::lobby {

// Stable across runs and builds (FNV-1a over an explicit text of the terms); "v1-" names the text's
// layout, so a later layout never matches an old row by accident.
std::string declaration_fingerprint(const TournamentDeclaration& declaration);

// The `config_json` TournamentStore::create writes for a tournament opened from `declaration`.
std::string declaration_config_json(const TournamentDeclaration& declaration);

// Whether a stored row's `config_json` names this fingerprint (the database may re-space the JSON).
bool config_names(const std::string& config_json, const std::string& fingerprint);

}  // namespace tavolo::server::lobby
