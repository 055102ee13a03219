#pragma once
// The operator's hand histories as text (issue 12): a stored hand (persistence/hand_listing.hpp) as
// its JSON summary, as PHH (the stored text; several hands as one .phhs document) and as the
// PokerStars-style text trackers import (engine/phh/pokerstars_text.hpp, the operator's form: no hero,
// every player's cards shown). Pure functions of the stored rows: no database, no sockets.
//
// Polacco hands are stored as their events only (PHH has no declaration games): they have a summary
// without players and no PHH or PokerStars form; the multi-hand documents leave them out.
#include <expected>
#include <span>
#include <string>

#include "persistence/hand_listing.hpp"

namespace tavolo::server::api {

// The hand's name in a .phhs document: `[tournament-7-table-1-hand-12]`.
std::string hand_section(const persistence::ListedHand& hand);

// {"id","tournament","tournament_name","table","hand","level","game","betting","variant","started_at",
//  "ended_at","players":[{"name","seat","starting_stack","finishing_stack","net","won"}],"pot"}:
// pot and won from the engine's replay of the hand (null when it does not replay).
std::string hand_summary_json(const persistence::ListedHand& hand);

// True when the hand has a PHH form (every poker hand; not Polacco).
bool has_phh(const persistence::ListedHand& hand);

// The PHH text of the hands, newest first as given: one hand as stored (.phh), several as one .phhs
// document, each under its hand_section. Hands without a PHH form are left out.
std::string phh_document(std::span<const persistence::ListedHand> hands, bool single);

// One hand as PokerStars text, with the stored hand's id (unique in the room: trackers keep one hand
// per number), the tournament's id and buy-in, the blind level, the table's name ("TOURNAMENT TABLE") and the
// hand's start time in the header. The error says why it cannot be written.
std::expected<std::string, std::string> pokerstars_hand(const persistence::ListedHand& hand);
// The header options `tavolo pokerstars` needs to write the same text from the PHH:
// --hand-id (the hand's id), --level (when recorded), --tournament, --buy-in, --table, --time (the e2e test
// runs it so).
std::string pokerstars_buy_in(const persistence::ListedHand& hand);
std::string pokerstars_table(const persistence::ListedHand& hand);
std::string pokerstars_time(const persistence::ListedHand& hand);

// Several hands, separated by two blank lines as `tavolo pokerstars` writes them (trackers split a
// file on blank lines); a hand that cannot be written is left out and named in `skipped`.
std::string pokerstars_document(std::span<const persistence::ListedHand> hands,
                                std::string* skipped = nullptr);

}  // namespace tavolo::server::api
