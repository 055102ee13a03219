// Hand evaluation throughput (issue 3, item 6): random 7-card hands from a pre-generated array,
// random 5-card hands, and the sequential enumeration of all 133,784,560 seven-card hands.
// Run: build/bench/bench_evaluator --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/cards.hpp"
#include "engine/eval/fast_evaluator.hpp"
#include "engine/eval/hand_value.hpp"
#include "engine/eval/reference_evaluator.hpp"
#include "engine/random.hpp"

using namespace tavolo::engine;

namespace {

constexpr std::size_t kRandomHands = 10'000'000;

// `count` hands of `size` distinct cards each, stored back to back.
std::vector<Card> random_hands(std::size_t count, int size, std::uint64_t seed) {
    SeededRandom rng(seed);
    std::vector<Card> cards;
    cards.reserve(count * size);
    for (std::size_t h = 0; h < count; ++h) {
        CardSet used;
        for (int i = 0; i < size;) {
            const Card c = Card::from_index(static_cast<int>(rng.uniform_below(kDeckSize)));
            if (used.contains(c)) continue;
            used.insert(c);
            cards.push_back(c);
            ++i;
        }
    }
    return cards;
}

const std::vector<Card>& random_seven() {
    static const std::vector<Card> hands = random_hands(kRandomHands, 7, 7);
    return hands;
}

const std::vector<Card>& random_five() {
    static const std::vector<Card> hands = random_hands(kRandomHands, 5, 5);
    return hands;
}

// The fast entry point: HandEvaluator::seven over 10 million random hands.
void BM_EvaluateRandom7(benchmark::State& state) {
    const auto& cards = random_seven();
    const HandEvaluator eval;
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < cards.size(); i += 7)
            sum += eval.seven(&cards[i]).raw();
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kRandomHands);
}
BENCHMARK(BM_EvaluateRandom7)->Unit(benchmark::kMillisecond);

// The general API, evaluate(std::span), one out-of-line call per hand.
void BM_EvaluateRandom7_Span(benchmark::State& state) {
    const auto& cards = random_seven();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < cards.size(); i += 7)
            sum += evaluate(std::span<const Card>(&cards[i], 7)).raw();
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kRandomHands);
}
BENCHMARK(BM_EvaluateRandom7_Span)->Unit(benchmark::kMillisecond);

void BM_EvaluateRandom5(benchmark::State& state) {
    const auto& cards = random_five();
    const HandEvaluator eval;
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < cards.size(); i += 5)
            sum += eval.five(&cards[i]).raw();
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kRandomHands);
}
BENCHMARK(BM_EvaluateRandom5)->Unit(benchmark::kMillisecond);

// All 133,784,560 seven-card hands in order, the key extended card by card.
void BM_EnumerateAll7(benchmark::State& state) {
    const HandEvaluator eval;
    std::int64_t hands = 0;
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (int a = 0; a < kDeckSize; ++a) {
            const HandKey k1 = HandKey().plus(Card::from_index(a));
            for (int b = a + 1; b < kDeckSize; ++b) {
                const HandKey k2 = k1.plus(Card::from_index(b));
                for (int c = b + 1; c < kDeckSize; ++c) {
                    const HandKey k3 = k2.plus(Card::from_index(c));
                    for (int d = c + 1; d < kDeckSize; ++d) {
                        const HandKey k4 = k3.plus(Card::from_index(d));
                        for (int e = d + 1; e < kDeckSize; ++e) {
                            const HandKey k5 = k4.plus(Card::from_index(e));
                            for (int f = e + 1; f < kDeckSize; ++f) {
                                const HandKey k6 = k5.plus(Card::from_index(f));
                                for (int g = f + 1; g < kDeckSize; ++g)
                                    sum += eval(k6.plus(Card::from_index(g))).raw();
                            }
                        }
                    }
                }
            }
        }
        benchmark::DoNotOptimize(sum);
        hands += 133'784'560;
    }
    state.SetItemsProcessed(hands);
}
BENCHMARK(BM_EnumerateAll7)->Unit(benchmark::kMillisecond);

// The reference evaluator (every 5-card subset), for scale: the first million random hands.
void BM_ReferenceRandom7(benchmark::State& state) {
    const auto& cards = random_seven();
    constexpr std::size_t kHands = 1'000'000;
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < kHands * 7; i += 7)
            sum += reference_evaluate(std::span<const Card>(&cards[i], 7)).raw();
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kHands);
}
BENCHMARK(BM_ReferenceRandom7)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
