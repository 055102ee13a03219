#pragma once
// A Poker Polacco tournament cancelled for a technical reason (RULES.md §7, issue 11 item 3), without
// Asio: the refund case from the live core (every open table as at the end of its last completed hand,
// since a hand in play changes its table only when it is finished; the places decided so far), with
// "chips" = lives left (6 - cards held, i.e. 4 - penalties), then engine::plan_refunds and the same
// split between prize pool and house as poker's (tournament_cancellation.hpp), paid by pay_refunds
// under "cancel:<registration>". The PolaccoActor sequences it (polacco_cancel.cpp) as the poker
// director does (director_cancel.cpp).
#include <expected>
#include <string>

#include "engine/polacco/table.hpp"
#include "server/actors/roster.hpp"
#include "server/actors/tournament_cancellation.hpp"
#include "server/table/polacco_core.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::actors {

// A Polacco player's "chips" for §7: lives left, 6 - cards held (2 + penalties).
engine::Chips polacco_lives(int penalties);

// Where a seat stands in the order of leftover cents (RULES.md §7 "seat from the button"): Polacco
// has no button, so the count is clockwise from the player who speaks first at the next hand (the
// dealer in no-dealer mode). `seats` is the table's clockwise order; -1 when `player` is not seated.
int polacco_seat_from_first_speaker(const std::vector<engine::polacco::HandPlayer>& seats,
                                    engine::polacco::PlayerId first_speaker,
                                    engine::polacco::PlayerId player);

// The §7 terms a Polacco declaration gives (no re-buys in Polacco); `entrants` for a freeroll's offer.
engine::RefundCase polacco_refund_terms(const TournamentDeclaration& declaration, int entrants,
                                        const std::vector<engine::Cents>& prizes);

// The plan of a running Polacco tournament. Remaining players: those seated at an open table (a hand
// in play is void: its table's seats still hold the penalties of its start), table = wire number.
// Eliminated players: their place's prize, credited already (the actor pays each place as it falls
// and waits for those payments before it plans). Refused when the winner is known.
std::expected<CancellationOutcome, std::string> plan_polacco_cancellation(
    const table::PolaccoCore& core, const TournamentDeclaration& declaration, const Roster& roster);

}  // namespace tavolo::server::actors
