// Complete poker hands per second (issue 3): shuffle, deal, random legal actions, showdown.
// One Hand object is reused (reset), so the hot path allocates nothing; events are recorded into
// the hand's reusable vector, as the server would consume them (one case also without events).
//   build-*/bench/bench_engine --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "engine/poker/hand.hpp"
#include "engine/random.hpp"

namespace {

using namespace tavolo::engine;

HandSetup make_setup(Variant variant, Betting betting, int players) {
    HandSetup s;
    s.variant = variant;
    s.betting = betting;
    s.small_blind = 50;
    s.big_blind = 100;
    s.table_size = players;
    for (int i = 0; i < players; ++i)
        s.seats.push_back(SeatSetup{.seat = i, .stack = 10'000});
    s.button = 0;
    s.small_blind_seat = players == 2 ? 0 : 1;
    s.big_blind_seat = players == 2 ? 1 : 2;
    return s;
}

// The players' choices come from a cheap generator of their own (the deck uses the engine's).
struct Choices {
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    std::uint64_t next() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    }
};

// A loose random player: calls and checks often, raises sometimes, folds sometimes.
Command random_action(Choices& rng, const Hand& hand, const LegalActions& la) {
    if (la.drawing) {
        const auto held = hand.hole_cards(la.seat);
        CardSet d;
        const std::uint64_t bits = rng.next();
        for (std::size_t i = 0; i < held.size(); ++i)
            if (((bits >> (2 * i)) & 3U) == 0) d.insert(held[i]);
        return Discard{d};
    }
    const std::uint64_t r = (rng.next() >> 32) * 100 >> 32;
    if (la.may_bet_or_raise && r < 12) return BetOrRaiseTo{r < 9 ? la.min_to : la.max_to};
    if (la.may_check) return Check{};
    if (r < 55 && la.may_call) return Call{};
    return Fold{};
}

void play_hands(benchmark::State& state, Variant variant, Betting betting, int players,
                bool record_events = true) {
    SeededRandom rng(42);
    Choices choices;
    const HandSetup setup = make_setup(variant, betting, players);
    Hand hand;
    hand.set_options(HandOptions{.record_events = record_events});
    std::int64_t hands = 0;
    for (auto _ : state) {
        (void)hand.reset(setup, rng);
        while (!hand.is_over()) {
            const LegalActions la = hand.legal_actions();
            (void)hand.act(la.seat, random_action(choices, hand, la));
        }
        benchmark::DoNotOptimize(hand.stack(0));
        ++hands;
    }
    state.SetItemsProcessed(hands);
}

void BM_Holdem_NoLimit_2Players(benchmark::State& s) {
    play_hands(s, Variant::Holdem, Betting::NoLimit, 2);
}
void BM_Holdem_NoLimit_6Players(benchmark::State& s) {
    play_hands(s, Variant::Holdem, Betting::NoLimit, 6);
}
void BM_Holdem_NoLimit_9Players(benchmark::State& s) {
    play_hands(s, Variant::Holdem, Betting::NoLimit, 9);
}
// The same hands with the event sink switched off (simulations that need only the result).
void BM_Holdem_NoLimit_6Players_NoEvents(benchmark::State& s) {
    play_hands(s, Variant::Holdem, Betting::NoLimit, 6, false);
}
void BM_Stud_Limit_6Players(benchmark::State& s) {
    play_hands(s, Variant::FiveCardStud, Betting::Limit, 6);
}
void BM_Draw_PotLimit_6Players(benchmark::State& s) {
    play_hands(s, Variant::FiveCardDraw, Betting::PotLimit, 6);
}

BENCHMARK(BM_Holdem_NoLimit_2Players);
BENCHMARK(BM_Holdem_NoLimit_6Players);
BENCHMARK(BM_Holdem_NoLimit_9Players);
BENCHMARK(BM_Holdem_NoLimit_6Players_NoEvents);
BENCHMARK(BM_Stud_Limit_6Players);
BENCHMARK(BM_Draw_PotLimit_6Players);

}  // namespace

BENCHMARK_MAIN();
