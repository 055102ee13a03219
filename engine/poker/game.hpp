#pragma once
// A game is data: a list of streets (what is dealt, up or down, board or draw; who opens the
// betting; small or big bet in limit) plus a few small hooks. Omaha or seven-card stud are a new
// factory here, plus (for Omaha) an evaluation hook, not a copy of the betting logic.
#include <array>
#include <cstdint>

#include "engine/poker/hand_setup.hpp"

namespace tavolo::engine {

inline constexpr int kMaxStreets = 5;

// Who opens a betting round.
enum class Opener : std::uint8_t {
    LeftOfBigBlind,  // first player left of the big blind (pre-flop, before the draw)
    LowestUpCard,    // stud first round: lowest up-card; ties: nearest the button's left (APT Art.10)
    LeftOfButton,    // first active player left of the button
};

// Who shows first at showdown when the final round had no bet or raise.
enum class ShowdownOpener : std::uint8_t {
    LeftOfButton,    // hold'em, draw
    HighestShowing,  // stud: the highest showing board (ROOM)
};

struct Street {
    std::uint8_t hole_down = 0;  // rounds of face-down cards, one card to each active player per round
    std::uint8_t hole_up = 0;    // rounds of face-up cards, dealt after the down rounds
    std::uint8_t board = 0;      // community cards
    bool burn = false;           // burn one card before this street's cards (or before the draw)
    bool draw = false;           // players discard 0..5 and receive replacements, then bet
    bool big_bet = false;        // limit: this round uses the big bet (2 x big blind)
    Opener opener = Opener::LeftOfButton;
};

struct Game {
    Variant variant = Variant::Holdem;
    const char* name = "";
    std::array<Street, kMaxStreets> streets{};
    int street_count = 0;
    int min_players = 2;
    int max_players = 10;
    int max_hole_cards = 2;  // cards a player holds at most
    ShowdownOpener showdown_opener = ShowdownOpener::LeftOfButton;
    // Hands are evaluated as the best five of hole + board cards (hold'em 7, stud and draw 5).
};

constexpr Game texas_holdem() {
    Game g;
    g.variant = Variant::Holdem;
    g.name = "Texas Hold'em";
    g.streets[0] = Street{.hole_down = 2, .opener = Opener::LeftOfBigBlind};
    g.streets[1] = Street{.board = 3, .burn = true};
    g.streets[2] = Street{.board = 1, .burn = true, .big_bet = true};
    g.streets[3] = Street{.board = 1, .burn = true, .big_bet = true};
    g.street_count = 4;
    g.max_players = 10;
    g.max_hole_cards = 2;
    return g;
}

// Our default stud (RULES.md §1, APT Art.10): blinds as in the other games, no bring-in; no burn
// cards (RULES.md is silent; with ten players the 50 cards dealt leave no room for burns).
constexpr Game five_card_stud() {
    Game g;
    g.variant = Variant::FiveCardStud;
    g.name = "Five-card Stud";
    g.streets[0] = Street{.hole_down = 1, .hole_up = 1, .opener = Opener::LowestUpCard};
    g.streets[1] = Street{.hole_up = 1};
    g.streets[2] = Street{.hole_up = 1, .big_bet = true};
    g.streets[3] = Street{.hole_up = 1, .big_bet = true};
    g.street_count = 4;
    g.max_players = 10;
    g.max_hole_cards = 5;
    g.showdown_opener = ShowdownOpener::HighestShowing;
    return g;
}

constexpr Game five_card_draw() {
    Game g;
    g.variant = Variant::FiveCardDraw;
    g.name = "Five-card Draw";
    g.streets[0] = Street{.hole_down = 5, .opener = Opener::LeftOfBigBlind};
    g.streets[1] = Street{.burn = true, .draw = true, .big_bet = true};
    g.street_count = 2;
    g.max_players = 6;
    g.max_hole_cards = 5;
    return g;
}

inline constexpr Game kTexasHoldem = texas_holdem();
inline constexpr Game kFiveCardStud = five_card_stud();
inline constexpr Game kFiveCardDraw = five_card_draw();

// The game a HandSetup's variant names (immutable, shared by every hand).
constexpr const Game& game_for(Variant v) {
    switch (v) {
        case Variant::FiveCardStud:
            return kFiveCardStud;
        case Variant::FiveCardDraw:
            return kFiveCardDraw;
        case Variant::Holdem:
            break;
    }
    return kTexasHoldem;
}

}  // namespace tavolo::engine
