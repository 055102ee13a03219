#pragma once
// At a restart, the tournaments operators created over the API that are not over are declared again
// (issue 12): their declarations are stored with their rows (TournamentDeclaration::source_json), and
// the recovery adopts or resumes a tournament only under a declaration the lobby has, as it does the
// configuration file's. Read once, before the lobby is built, off any strand.
#include <string>
#include <vector>

#include "server/tournament_config.hpp"

namespace tavolo::server::operators {

// `declared` followed by the stored operators' declarations (none when `database_url` is empty or the
// database cannot be read: logged, and those tournaments are then cancelled and refunded by the
// recovery like any whose declaration is gone). One whose name is declared already is left out.
std::vector<TournamentDeclaration> with_stored_declarations(const std::string& database_url,
                                                            std::vector<TournamentDeclaration> declared);

}  // namespace tavolo::server::operators
