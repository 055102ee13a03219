#pragma once
// A hand as the PokerStars-style text that trackers (PokerTracker, Hold'em Manager) import, in the
// tournament form: header (hand id, tournament id, buy-in, game, level, blinds, time), table line,
// seat lines with chips, antes and blinds posted, streets, actions with amounts ("raises 40 to 60",
// "calls 60", "bets 80", "checks", "folds", "and is all-in"), uncalled bets returned, the showdown,
// "collected N from pot" (main pot / side pot-K) and the summary (total pot, side pots, Rake 0, board,
// one line per seat). Hold'em, five-card stud and five-card draw; no-limit, pot-limit and limit.
//
// The input is the stored PHH hand (with the players named): it is replayed through the engine
// (replay.hpp), and the text is written from the engine's events, so pots, side pots, uncalled bets
// and showdown winners are the engine's own, never worked out again here.
//
// Cards: with a hero, only the hero's down cards are written ("Dealt to HERO [..]"), the others'
// only when shown at showdown, as a player's own tracker sees the hand. Without a hero (the
// operator's export) nobody is "dealt to" (trackers take that line for the hero), and every player
// whose cards were not shown at showdown gets a "NAME: shows [..]" line after the pots are collected,
// where a room writes a voluntary show. Stud up cards are public: "Dealt to NAME [up]" for everyone.
// Draw: `discards N cards`, with the cards and the new hand ("Dealt to HERO [kept] [new]") for the
// hero only.
#include <expected>
#include <span>
#include <string>
#include <vector>

#include "engine/phh/hand_history.hpp"
#include "engine/poker/events.hpp"

namespace tavolo::engine::phh {

// The tournament around the hand. Empty or zero: taken from the PHH fields where the standard has
// one (`hand`, `level`, `table`, `year`/`month`/`day`/`time`, `seat_count`), else the default.
struct PokerStarsOptions {
    std::string hero{};           // a player's name; empty: the operator's export (above)
    std::string tournament_id{};  // digits; default "0"
    // digits; default the PHH `hand` (a table's own count: a room gives a number unique across tables,
    // as trackers keep one hand per number)
    std::string hand_id{};
    std::string buy_in{};      // as the header writes it ("$10+$1 USD"); default "Freeroll"
    std::string table_name{};  // default "TOURNAMENT TABLE" from the PHH `table` field, else "TOURNAMENT 1"
    int level = 0;             // 1-based, written in roman numerals; default the PHH `level`, else 1
    std::string time{};        // "2026/11/26 23:50:00 UTC"; default from the PHH date fields
};

// One seat of the text: the engine's seat in the replayed hand, the seat number written and the name.
struct StarsSeat {
    SeatIndex engine_seat = kNoSeat;
    int number = 0;
    std::string name;
};

// Everything the header says that the events do not.
struct StarsHeader {
    std::string hand_id = "0";
    std::string tournament_id = "0";
    std::string buy_in = "Freeroll";
    std::string table_name;
    int table_size = 0;
    int level = 1;
    std::string time;
};

// The hand replayed and written; the error says why the hand cannot be written (it does not
// replay, the hero is not one of its players) and what to do.
std::expected<std::string, std::string> pokerstars_text(const HandHistory& hand,
                                                        const PokerStarsOptions& options = {});

// The text from a finished hand's events (the pure writer under pokerstars_text). `seats` names
// every seat dealt in; `hero` is one of their names or empty.
std::string render_pokerstars(std::span<const HandEvent> events, std::span<const StarsSeat> seats,
                              const StarsHeader& header, const std::string& hero);

}  // namespace tavolo::engine::phh
