#pragma once
// The demo lobby (issue 10): what the server opens when `[lobby] demo` is true (the default) and no
// `[[tournament]]` is declared, so a server started with no configuration shows something real. Data
// only: the server opens each declaration and re-opens it when it starts.
#include <vector>

#include "server/config.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server {

// A 6-seat Sit&Go of each game and structure: hold'em no-limit, pot-limit and limit, five-card stud
// (limit), five-card draw (pot-limit), Poker Polacco; and a hold'em no-limit heads-up. Each costs
// 10.00 + 1.00, starts when full and keeps the defaults of RULES.md §6 (8-minute levels).
std::vector<TournamentDeclaration> demo_lobby();

// The tournaments the lobby opens: those declared; none declared, demo_lobby() when `[lobby] demo`
// is true, else none.
std::vector<TournamentDeclaration> lobby_tournaments(const Config& config);

}  // namespace tavolo::server
