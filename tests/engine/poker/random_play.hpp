#pragma once
// The random-hand driver of the property tests (issue 3): random setups across every game x
// structure x player count, random legal commands (minimum, maximum, all-in, anything between, fold,
// timeout) and random illegal ones (below minimum, above maximum, more than the stack, out of turn,
// wrong round, cards not held), which must be refused and change nothing. After every command:
// stacks + pots constant, no stack negative.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "tests/engine/poker/hand_fixture.hpp"

namespace tavolo::engine::testing {

struct Snapshot {
    std::size_t events = 0;
    SeatIndex to_act = kNoSeat;
    Chips pot = 0;
    std::vector<Chips> stacks, bets;
    std::vector<bool> folded;
    std::vector<std::vector<Card>> cards;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

inline Snapshot snapshot(const Hand& h, int table_size) {
    Snapshot s;
    s.events = h.events().size();
    s.to_act = h.to_act();
    s.pot = h.pot_total();
    for (SeatIndex seat = 0; seat < table_size; ++seat) {
        s.stacks.push_back(h.stack(seat));
        s.bets.push_back(h.bet(seat));
        s.folded.push_back(h.folded(seat));
        auto hc = h.hole_cards(seat);
        s.cards.emplace_back(hc.begin(), hc.end());
    }
    return s;
}

inline HandSetup random_setup(SeededRandom& rng, Variant variant, Betting betting, int players) {
    HandSetup s;
    s.variant = variant;
    s.betting = betting;
    s.table_size = 10;
    s.big_blind = 2 * static_cast<Chips>(1 + rng.uniform_below(50));
    s.small_blind = rng.uniform_below(4) == 0 ? s.big_blind / 2 + 1 : s.big_blind / 2;
    if (rng.uniform_below(3) == 0) {
        s.ante = static_cast<Chips>(1 + rng.uniform_below(static_cast<std::uint64_t>(s.big_blind)));
        s.ante_mode = rng.uniform_below(2) == 0 ? AnteMode::Classic : AnteMode::BigBlind;
    }
    // Choose `players` distinct seats out of 10.
    std::vector<SeatIndex> seats;
    for (SeatIndex i = 0; i < 10; ++i)
        seats.push_back(i);
    for (int i = 9; i > 0; --i)
        std::swap(seats[i], seats[rng.uniform_below(static_cast<std::uint64_t>(i) + 1)]);
    seats.resize(players);
    std::sort(seats.begin(), seats.end());
    for (SeatIndex seat : seats) {
        // Mostly deep stacks, sometimes shorter than the blinds (forced all-ins).
        const Chips stack = rng.uniform_below(5) == 0
                                ? static_cast<Chips>(1 + rng.uniform_below(3 * s.big_blind))
                                : static_cast<Chips>(1 + rng.uniform_below(200 * s.big_blind));
        s.seats.push_back(SeatSetup{.seat = seat, .stack = stack, .auto_act = rng.uniform_below(12) == 0});
    }
    s.button = static_cast<SeatIndex>(rng.uniform_below(10));
    // Blinds: the first two dealt-in seats after the button (heads-up: button's neighbour is BB).
    auto after = [&](SeatIndex from) {
        for (int k = 1; k <= 10; ++k) {
            SeatIndex c = static_cast<SeatIndex>((from + k) % 10);
            if (std::find(seats.begin(), seats.end(), c) != seats.end()) return c;
        }
        return kNoSeat;
    };
    if (players == 2) {
        s.button = seats[rng.uniform_below(2)];
        s.small_blind_seat = s.button;
        s.big_blind_seat = after(s.button);
    } else {
        s.small_blind_seat = rng.uniform_below(10) == 0 ? kNoSeat : after(s.button);
        s.big_blind_seat = after(after(s.button));
    }
    return s;
}

inline Chips random_between(SeededRandom& rng, Chips lo, Chips hi) {
    return lo + static_cast<Chips>(rng.uniform_below(static_cast<std::uint64_t>(hi - lo + 1)));
}

// An illegal command for the current decision: must be refused and change nothing.
inline Command illegal_command(SeededRandom& rng, const Hand& h, const LegalActions& la) {
    if (la.drawing) {
        // A card the player does not hold.
        CardSet held;
        for (Card c : h.hole_cards(la.seat))
            held.insert(c);
        for (;;) {
            Card c = Card::from_index(static_cast<int>(rng.uniform_below(52)));
            if (!held.contains(c)) {
                CardSet bad;
                bad.insert(c);
                return Discard{bad};
            }
        }
    }
    switch (rng.uniform_below(5)) {
        case 0:
            return BetOrRaiseTo{la.all_in_to + 1 + static_cast<Chips>(rng.uniform_below(100))};
        case 1:
            if (la.may_bet_or_raise && la.min_to - 1 > h.current_bet() && la.min_to - 1 != la.all_in_to)
                return BetOrRaiseTo{la.min_to - 1};
            return BetOrRaiseTo{h.current_bet()};
        case 2:
            if (la.may_bet_or_raise && la.max_to < la.all_in_to) return BetOrRaiseTo{la.max_to + 1};
            return Discard{};
        case 3:
            return la.may_check ? Command{Call{}} : Command{Check{}};
        default:
            return BetOrRaiseTo{-static_cast<Chips>(rng.uniform_below(10))};
    }
}

inline Command random_legal(SeededRandom& rng, const Hand& h, const LegalActions& la) {
    if (la.drawing) {
        CardSet d;
        for (Card c : h.hole_cards(la.seat))
            if (rng.uniform_below(3) == 0) d.insert(c);
        return Discard{d};
    }
    const auto r = rng.uniform_below(100);
    if (la.may_bet_or_raise && r < 30) {
        switch (rng.uniform_below(4)) {
            case 0:
                return BetOrRaiseTo{la.min_to};
            case 1:
                return BetOrRaiseTo{la.max_to};
            case 2:
                return BetOrRaiseTo{la.all_in_to <= la.max_to ? la.all_in_to : la.max_to};
            default:
                return BetOrRaiseTo{random_between(rng, la.min_to, la.max_to)};
        }
    }
    if (r < 40) return Timeout{};
    if (r < 55 && la.may_fold) return Fold{};
    if (la.may_check) return Check{};
    if (la.may_call) return Call{};
    return Fold{};
}

struct Stats {
    long hands = 0, commands = 0, refused = 0, showdowns = 0;
};

inline void play(SeededRandom& rng, Hand& hand, const HandSetup& setup, Stats& stats) {
    ASSERT_TRUE(hand.reset(setup, rng).has_value());
    Chips total = 0;
    for (const SeatSetup& s : setup.seats)
        total += s.stack;
    ASSERT_EQ(hand.total_chips(), total);
    int guard = 0;
    while (!hand.is_over()) {
        ASSERT_LT(++guard, 500) << "hand does not end";
        const LegalActions la = hand.legal_actions();
        ASSERT_NE(la.seat, kNoSeat);
        ASSERT_EQ(la.seat, hand.to_act());
        // The question and the action agree.
        EXPECT_EQ(la.may_check, hand.can(la.seat, Check{}));
        EXPECT_EQ(la.may_call, hand.can(la.seat, Call{}));
        if (la.may_bet_or_raise) {
            ASSERT_LE(la.min_to, la.max_to);
            ASSERT_TRUE(hand.can(la.seat, BetOrRaiseTo{la.min_to}));
            ASSERT_TRUE(hand.can(la.seat, BetOrRaiseTo{la.max_to}));
        }
        if (rng.uniform_below(4) == 0) {
            const Snapshot before = snapshot(hand, setup.table_size);
            Command bad = illegal_command(rng, hand, la);
            if (rng.uniform_below(8) == 0) {
                // Out of turn: any other dealt-in seat.
                const SeatIndex other = setup.seats[rng.uniform_below(setup.seats.size())].seat;
                if (other != la.seat) {
                    auto r = hand.act(other, Check{});
                    ASSERT_FALSE(r.has_value());
                    EXPECT_EQ(r.error(), RuleError::NotYourTurn);
                }
            }
            auto r = hand.act(la.seat, bad);
            ASSERT_FALSE(r.has_value()) << "illegal command accepted, index " << bad.index();
            ++stats.refused;
            ASSERT_EQ(snapshot(hand, setup.table_size), before);
        }
        auto r = hand.act(la.seat, random_legal(rng, hand, la));
        ASSERT_TRUE(r.has_value()) << name(r.error());
        ++stats.commands;
        ASSERT_EQ(hand.total_chips(), total);
        for (const SeatSetup& s : setup.seats)
            ASSERT_GE(hand.stack(s.seat), 0);
    }
    ASSERT_EQ(hand.pot_total(), 0);
    Chips final_total = 0;
    for (const SeatSetup& s : setup.seats)
        final_total += hand.stack(s.seat);
    ASSERT_EQ(final_total, total);
    const auto& last = hand.events().back();
    ASSERT_TRUE(std::holds_alternative<HandEnded>(last));
    stats.showdowns += std::get<HandEnded>(last).showdown ? 1 : 0;
    ++stats.hands;
}

// The game of the i-th hand of a random run: the variant changes every hand, the betting structure
// every three, so nine hands in a row cover every game x structure.
struct CycledGame {
    Variant variant;
    Betting betting;
};
inline CycledGame cycled_game(int i) {
    constexpr Variant variants[] = {Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw};
    constexpr Betting bettings[] = {Betting::NoLimit, Betting::PotLimit, Betting::Limit};
    return {variants[i % 3], bettings[(i / 3) % 3]};
}

// 2 to the game's most players, at random.
inline int random_player_count(SeededRandom& rng, Variant v) {
    const int max_players = game_for(v).max_players;
    return 2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(max_players - 1)));
}

// Plays `rounds` hands cycling through games, structures and player counts.
inline Stats play_random_hands(std::uint64_t seed, int rounds) {
    SeededRandom rng(seed);
    Hand hand;
    Stats stats;
    for (int i = 0; i < rounds; ++i) {
        const auto [v, b] = cycled_game(i);
        const int max_players = game_for(v).max_players;
        const int players = 2 + (i / 9) % (max_players - 1);
        const HandSetup setup = random_setup(rng, v, b, players);
        play(rng, hand, setup, stats);
        if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "hand " << i << " variant " << static_cast<int>(v) << " betting "
                          << static_cast<int>(b) << " players " << players;
            break;
        }
    }
    return stats;
}

}  // namespace tavolo::engine::testing
