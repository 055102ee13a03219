#pragma once
// What a replay checks about cards: the engine deals (from a deck stacked with the history's cards,
// stacked_deck.hpp), and every deal line of the history must *claim* exactly what the engine dealt
// at that point, so a history cannot contradict itself:
//   - `d dh pN CARDS`: the engine has dealt pN cards on a street this line has not yet claimed, as
//     many as the line names (hold'em 2; stud 2 on the 1st round, then 1; draw 5, then as many as
//     discarded), and the same cards (`??` stands for any);
//   - `d db CARDS`: the engine has dealt that street's board cards (flop 3, turn 1, river 1);
//   - before each player action, and at the end, everything the engine dealt has been claimed;
//   - `pN sm CARDS`: pN is still in, the betting is over (or no further betting is possible: the
//     engine has turned the hands face up, RULES.md §3), and the cards are exactly those the
//     history has dealt pN so far (after the draw: the cards kept and the replacements);
//   - the engine never deals a card the history did not give: the deck holds only the history's
//     cards (plus burns), and a card beyond them would come from a random source.
// Reasons are sentences; replay.hpp adds the line.
#include <cstddef>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/phh/action.hpp"
#include "engine/poker/hand.hpp"

namespace tavolo::engine::phh {

// "pre-flop", "flop", ...; "1st round" ... in stud; "deal", "draw" in draw.
std::string street_name(Variant variant, int street);

// The first deal deals every player, once each in hold'em and draw. A line that breaks this, or
// the line after the first deal when a player was left out, and why; checked before the engine
// runs, because such a history cannot even stack a deck in the engine's order.
struct LineProblem {
    std::size_t index = 0;  // into the actions
    std::string reason;
};
std::optional<LineProblem> first_deal_problem(Variant variant, int players, std::span<const Action> actions);
// The first deal line that deals a card already dealt (a discard dealt again means the draw
// reshuffled, which is random and cannot be replayed).
std::optional<LineProblem> repeated_card(std::span<const Action> actions);

class DealCheck {
  public:
    // seat_of_player[i] is the seat of p(i+1); `stacked` is the number of cards in the stacked deck.
    DealCheck(std::vector<SeatIndex> seat_of_player, std::size_t stacked);

    // Takes in the engine's events not seen yet: fails when the engine dealt a card past the stacked
    // deck (one the history does not give) or reshuffled the discards.
    std::expected<void, std::string> observe(const Hand& hand);

    std::expected<void, std::string> claim_hole(const Action& line, const Hand& hand);
    std::expected<void, std::string> claim_board(const Action& line, const Hand& hand);
    std::expected<void, std::string> check_show(const Action& line, const Hand& hand) const;
    // A discard accepted by the engine: the cards leave the player's hand as the history knows it.
    void discard(const Action& line);
    // Everything the engine dealt has been claimed by a deal line; `when` ends the sentence
    // ("before this action", "by the end of the history").
    std::expected<void, std::string> all_claimed(const Hand& hand, std::string_view when) const;

  private:
    struct Dealt {
        CardTarget target = CardTarget::Player;
        SeatIndex seat = kNoSeat;
        Card card{};
        int street = 0;
        bool claimed = false;
    };
    int player_of_seat(SeatIndex seat) const;
    std::string describe_unclaimed(const Hand& hand, const Dealt& d) const;

    std::vector<SeatIndex> seat_of_player_;
    std::size_t stacked_ = 0;
    std::size_t seen_events_ = 0;
    bool exposed_ = false;                      // no further betting possible: hands are turned face up
    std::size_t dealt_count_ = 0;               // every card the engine dealt, burns included
    std::vector<Dealt> dealt_;                  // player and board cards, in deal order
    std::vector<std::vector<CardToken>> held_;  // per player, as the history's lines dealt them
    std::vector<int> last_street_;              // per player: the street of the last claimed line
};

}  // namespace tavolo::engine::phh
