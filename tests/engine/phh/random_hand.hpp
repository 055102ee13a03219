#pragma once
// Random engine hands for the PHH property tests: random setups (every game and structure, 2 to 10
// players on random seats, random buttons, missing small blinds, antes, short stacks, sitting-out
// players) and random legal play that keeps a draw within one deck (a reshuffle cannot be stacked).
#include <algorithm>
#include <vector>

#include "engine/poker/hand.hpp"
#include "engine/random.hpp"

namespace tavolo::engine::phh::testing {

inline Chips below(SeededRandom& rng, Chips n) {
    return static_cast<Chips>(rng.uniform_below(static_cast<std::uint64_t>(n)));
}

inline HandSetup random_setup(SeededRandom& rng, Variant variant, Betting betting, int players) {
    HandSetup s;
    s.variant = variant;
    s.betting = betting;
    s.table_size = 10;
    s.hand_id = 1 + below(rng, 1000000);
    s.big_blind = 2 * (1 + below(rng, 50));
    s.small_blind = s.big_blind / 2;
    if (rng.uniform_below(3) == 0) {
        s.ante = 1 + below(rng, s.big_blind);
        s.ante_mode = rng.uniform_below(2) == 0 ? AnteMode::Classic : AnteMode::BigBlind;
    }
    std::vector<SeatIndex> seats;
    for (SeatIndex i = 0; i < 10; ++i)
        seats.push_back(i);
    for (int i = 9; i > 0; --i)
        std::swap(seats[static_cast<std::size_t>(i)],
                  seats[rng.uniform_below(static_cast<std::uint64_t>(i) + 1)]);
    seats.resize(static_cast<std::size_t>(players));
    std::sort(seats.begin(), seats.end());
    for (SeatIndex seat : seats) {
        const Chips stack =
            rng.uniform_below(5) == 0 ? 1 + below(rng, 3 * s.big_blind) : 1 + below(rng, 200 * s.big_blind);
        s.seats.push_back(SeatSetup{.seat = seat, .stack = stack, .auto_act = rng.uniform_below(12) == 0});
    }
    auto after = [&](SeatIndex from) {
        for (int k = 1; k <= 10; ++k) {
            const auto c = static_cast<SeatIndex>((from + k) % 10);
            if (std::find(seats.begin(), seats.end(), c) != seats.end()) return c;
        }
        return kNoSeat;
    };
    if (players == 2) {
        s.button = seats[rng.uniform_below(2)];
        s.small_blind_seat = s.button;
        s.big_blind_seat = after(s.button);
    } else {
        s.button = static_cast<SeatIndex>(rng.uniform_below(10));  // sometimes an empty seat
        s.small_blind_seat = rng.uniform_below(10) == 0 ? kNoSeat : after(s.button);
        s.big_blind_seat = after(after(s.button));
    }
    return s;
}

inline Command random_legal(SeededRandom& rng, const Hand& h, const LegalActions& la, int& discards_left) {
    if (la.drawing) {
        CardSet d;
        for (Card c : h.hole_cards(la.seat)) {
            // Keep within one deck: a reshuffle of discards is random, so it cannot be stacked.
            if (discards_left > 0 && d.size() < 3 && rng.uniform_below(3) == 0) {
                d.insert(c);
                --discards_left;
            }
        }
        return Discard{d};
    }
    const auto r = rng.uniform_below(100);
    if (la.may_bet_or_raise && r < 30) {
        switch (rng.uniform_below(3)) {
            case 0:
                return BetOrRaiseTo{la.min_to};
            case 1:
                return BetOrRaiseTo{la.max_to};
            default:
                return BetOrRaiseTo{la.min_to + below(rng, la.max_to - la.min_to + 1)};
        }
    }
    if (r < 35) return Timeout{};
    if (r < 50 && la.may_fold) return Fold{};
    if (la.may_check) return Check{};
    if (la.may_call) return Call{};
    return Fold{};
}

}  // namespace tavolo::engine::phh::testing
