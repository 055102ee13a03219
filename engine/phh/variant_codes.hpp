#pragma once
// PHH variant codes for the games Tavolo plays. The PHH standard names a variant by its betting
// structure (F fixed-limit, P pot-limit, N no-limit) followed by the game. It defines NT and FT
// (hold'em); the others follow its pattern (`F7S` is seven-card stud, so five cards give `5S`):
//
//   | code | game                          | forced bets in the file                     |
//   | NT   | no-limit Texas hold'em        | blinds_or_straddles, antes, min_bet         |
//   | PT   | pot-limit Texas hold'em       | blinds_or_straddles, antes, min_bet         |
//   | FT   | fixed-limit Texas hold'em     | blinds_or_straddles, antes, small/big_bet   |
//   | N5S  | no-limit five-card stud       | blinds_or_straddles, antes, min_bet         |
//   | P5S  | pot-limit five-card stud      | blinds_or_straddles, antes, min_bet         |
//   | F5S  | fixed-limit five-card stud    | blinds_or_straddles, antes, small/big_bet   |
//   | N5D  | no-limit five-card draw       | blinds_or_straddles, antes, min_bet         |
//   | P5D  | pot-limit five-card draw      | blinds_or_straddles, antes, min_bet         |
//   | F5D  | fixed-limit five-card draw    | blinds_or_straddles, antes, small/big_bet   |
//
// Tavolo's stud is played with blinds (RULES.md §1), not the casino bring-in, so its files carry
// blinds_or_straddles and no bring_in; up cards are `d dh` deals like the down cards, in the order
// the engine deals them. Draw uses `pN sd [CARDS]` for the draw, as the standard does.
#include <optional>
#include <string>
#include <string_view>

#include "engine/poker/hand_setup.hpp"

namespace tavolo::engine::phh {

struct GameCode {
    Variant variant = Variant::Holdem;
    Betting betting = Betting::NoLimit;
    friend bool operator==(const GameCode&, const GameCode&) = default;
};

// nullopt for codes Tavolo does not play (PO, F7S, N2L1D, ...).
std::optional<GameCode> game_of_code(std::string_view code);
std::string code_of_game(GameCode game);

// Every PHH variant code the standard defines (whether or not Tavolo plays it), plus ours.
bool is_known_code(std::string_view code);
// Fixed-limit codes carry small_bet and big_bet instead of min_bet; stud codes of the standard
// (F7S, F7S/8, FR) carry bring_in instead of blinds_or_straddles.
bool is_fixed_limit_code(std::string_view code);
bool uses_bring_in(std::string_view code);

}  // namespace tavolo::engine::phh
