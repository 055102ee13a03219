#pragma once
// The body of POST /api/v1/tournaments as a tournament declaration: the same option names as the
// configuration's [[tournament]] keys (deploy/tavolo.example.toml, RULES.md §6), read and validated
// by the same code (tournament_toml.hpp), so the API and the file can never disagree on what a
// tournament may be. The JSON object is turned into the TOML table it stands for and parsed as one
// [[tournament]]; an error names the key ("seats: must be ...").
#include <boost/json/object.hpp>
#include <expected>
#include <string>

#include "server/api/json_body.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::api {

// The declaration, its `source_json` set to the body as given (stored with the tournament's row so a
// restart adopts it). `every` is refused: an operator creates one tournament, a recurring schedule
// belongs in the configuration.
std::expected<TournamentDeclaration, FieldError> declaration_from_json(const boost::json::object& body);

// The same from stored text (a restart): the body as declaration_from_json kept it.
std::expected<TournamentDeclaration, FieldError> declaration_from_text(const std::string& source_json);

}  // namespace tavolo::server::api
