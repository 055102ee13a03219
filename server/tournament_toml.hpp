#pragma once
// Reads the `[[tournament]]` tables of the configuration into declarations
// (server/tournament_config.hpp). Every key of deploy/tavolo.example.toml's tournament section; an
// unknown key, a key of the other family of games (`levels` for Polacco, `mode` for poker), a value
// of the wrong type, or a declaration the engine refuses is an error naming `tournament[i].key`
// (i counted from 0, as TOML paths do) and the reason.
#include <toml++/toml.h>
#include <expected>
#include <string>
#include <vector>

#include "server/tournament_config.hpp"

namespace tavolo::server {

// `node` is the root's "tournament" value: an array of tables.
std::expected<std::vector<TournamentDeclaration>, std::string> parse_tournaments(const toml::node& node);

// Every key a [[tournament]] table may hold, poker's and Polacco's (the documentation test reads it).
std::vector<std::string> tournament_keys();

}  // namespace tavolo::server
