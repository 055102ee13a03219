// Random 7-card evaluation side by side (issue 14, item 6): Tavolo's HandEvaluator, SKPokerEval's
// SevenEval and OMPEval's HandEvaluator, in one process, on the same pre-generated random hands.
// Built only when TAVOLO_VERSUS_DIR names a folder holding copies of the two evaluators (never
// copied into this repository): bench/versus.sh does it all.
//
// Each evaluator gets the hands in its own card numbering, converted before any timing, and in its
// timed loop does what a caller holding seven card numbers does: combine the seven cards' keys and
// look the hand up, summing the values so the work cannot be skipped. Rounds run the three in turn
// (rotating which goes first); the figures are the medians over the rounds of hands per second of
// the thread's CPU time, and the ratio is Tavolo's rate over the faster of the other two, taken round
// by round (same moment, same machine load) and then the median.
//
// Before timing, the three must agree on every comparison of consecutive hands (better, worse,
// equal) over the first million pairs: a fast evaluator that is wrong would prove nothing.
//
//   build/bench/bench_versus [--hands N] [--rounds R]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <span>
#include <vector>

#include "HandEvaluator.h"  // OMPEval (omp/)
#include "SevenEval.h"      // SKPokerEval (src/)
#include "bench/integer_options.hpp"
#include "engine/cards.hpp"
#include "engine/eval/fast_evaluator.hpp"
#include "engine/random.hpp"

namespace {

using namespace tavolo::engine;

constexpr int kCards = 7;

struct Hands {
    std::vector<Card> tavolo;               // our numbering: 4 * rank + suit, deuce 0 (engine/cards.hpp)
    std::vector<std::uint8_t> skpokereval;  // ace of spades 0 .. deuce of clubs 51, suit = number % 4
    std::vector<std::uint8_t> ompeval;      // 4 * rank + suit, deuce 0 (omp/HandEvaluator.cpp)
    std::size_t count = 0;
};

// SKPokerEval numbers cards from the aces down, suits spades, hearts, diamonds, clubs.
std::uint8_t skpokereval_card(Card c) {
    const int rank_from_ace = kRanks - 1 - static_cast<int>(c.rank());
    const int suit = kSuits - 1 - static_cast<int>(c.suit());
    return static_cast<std::uint8_t>(4 * rank_from_ace + suit);
}

Hands random_hands(std::size_t count, std::uint64_t seed) {
    SeededRandom rng(seed);
    Hands h;
    h.count = count;
    h.tavolo.reserve(count * kCards);
    for (std::size_t i = 0; i < count; ++i) {
        CardSet used;
        for (int k = 0; k < kCards;) {
            const Card c = Card::from_index(static_cast<int>(rng.uniform_below(kDeckSize)));
            if (used.contains(c)) continue;
            used.insert(c);
            h.tavolo.push_back(c);
            ++k;
        }
    }
    h.skpokereval.reserve(h.tavolo.size());
    h.ompeval.reserve(h.tavolo.size());
    for (const Card c : h.tavolo) {
        h.skpokereval.push_back(skpokereval_card(c));
        h.ompeval.push_back(static_cast<std::uint8_t>(c.index()));
    }
    return h;
}

std::uint32_t tavolo_value(const HandEvaluator& eval, const Card* c) {
    return eval.seven(c).raw();
}

std::uint32_t skpokereval_value(const std::uint8_t* c) {
    return SevenEval::GetRank(c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
}

std::uint32_t ompeval_value(const omp::HandEvaluator& eval, const std::uint8_t* c) {
    const omp::Hand h = omp::Hand::empty() + omp::Hand(c[0]) + omp::Hand(c[1]) + omp::Hand(c[2]) +
                        omp::Hand(c[3]) + omp::Hand(c[4]) + omp::Hand(c[5]) + omp::Hand(c[6]);
    return eval.evaluate(h);
}

int sign(std::int64_t x) {
    return (x > 0) - (x < 0);
}

// Every comparison of hand i with hand i + 1 must come out the same for all three.
bool agree(const Hands& h, const HandEvaluator& ours, const omp::HandEvaluator& omp_eval, std::size_t pairs) {
    pairs = std::min(pairs, h.count - 1);
    for (std::size_t i = 0; i < pairs; ++i) {
        const std::size_t a = i * kCards;
        const std::size_t b = a + kCards;
        const int t = sign(std::int64_t{tavolo_value(ours, &h.tavolo[a])} - tavolo_value(ours, &h.tavolo[b]));
        const int s =
            sign(std::int64_t{skpokereval_value(&h.skpokereval[a])} - skpokereval_value(&h.skpokereval[b]));
        const int o = sign(std::int64_t{ompeval_value(omp_eval, &h.ompeval[a])} -
                           ompeval_value(omp_eval, &h.ompeval[b]));
        if (t != s || t != o) {
            std::fprintf(stderr,
                         "bench_versus: the evaluators disagree on hands %zu and %zu (tavolo %d, "
                         "skpokereval %d, ompeval %d): fix the card conversion or the evaluator\n",
                         i, i + 1, t, s, o);
            return false;
        }
    }
    return true;
}

double thread_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

volatile std::uint64_t g_sink = 0;

// Hands per second of one pass over all the hands.
template <typename Loop>
double rate(std::size_t count, Loop loop) {
    const double start = thread_seconds();
    const std::uint64_t sum = loop();
    const double seconds = thread_seconds() - start;
    g_sink = g_sink + sum;
    return static_cast<double>(count) / seconds;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
    const std::span<char* const> args(argv + 1, static_cast<std::size_t>(argc - 1));
    const auto hands_option =
        tavolo::bench::read_integer_option(args, {"--hands", 10'000'000, 2, 100'000'000});
    const auto rounds_option = tavolo::bench::read_integer_option(args, {"--rounds", 9, 1, 1000});
    if (!hands_option || !rounds_option) {
        std::fprintf(stderr, "bench_versus: %s (usage: bench_versus [--hands N] [--rounds R])\n",
                     (!hands_option ? hands_option.error() : rounds_option.error()).c_str());
        return 2;
    }
    const auto hands = static_cast<std::size_t>(*hands_option);
    const auto rounds = static_cast<std::size_t>(*rounds_option);

    const Hands h = random_hands(hands, 7);
    const HandEvaluator ours;
    const omp::HandEvaluator omp_eval;
    if (!agree(h, ours, omp_eval, 1'000'000)) return 1;

    auto run_tavolo = [&] {
        return rate(h.count, [&] {
            std::uint64_t sum = 0;
            const Card* c = h.tavolo.data();
            for (std::size_t i = 0; i < h.count; ++i, c += kCards)
                sum += tavolo_value(ours, c);
            return sum;
        });
    };
    auto run_skpokereval = [&] {
        return rate(h.count, [&] {
            std::uint64_t sum = 0;
            const std::uint8_t* c = h.skpokereval.data();
            for (std::size_t i = 0; i < h.count; ++i, c += kCards)
                sum += skpokereval_value(c);
            return sum;
        });
    };
    auto run_ompeval = [&] {
        return rate(h.count, [&] {
            std::uint64_t sum = 0;
            const std::uint8_t* c = h.ompeval.data();
            for (std::size_t i = 0; i < h.count; ++i, c += kCards)
                sum += ompeval_value(omp_eval, c);
            return sum;
        });
    };

    std::vector<double> tavolo;
    std::vector<double> skpokereval;
    std::vector<double> ompeval;
    std::vector<double> ratio;
    (void)run_tavolo(), (void)run_skpokereval(), (void)run_ompeval();  // warm the tables and the hands
    for (std::size_t r = 0; r < rounds; ++r) {
        double t = 0;
        double s = 0;
        double o = 0;
        switch (r % 3) {
            case 0:
                t = run_tavolo(), s = run_skpokereval(), o = run_ompeval();
                break;
            case 1:
                s = run_skpokereval(), o = run_ompeval(), t = run_tavolo();
                break;
            default:
                o = run_ompeval(), t = run_tavolo(), s = run_skpokereval();
                break;
        }
        std::printf("round %zu: tavolo=%.1fM/s skpokereval=%.1fM/s ompeval=%.1fM/s ratio=%.3f\n", r + 1,
                    t / 1e6, s / 1e6, o / 1e6, t / std::max(s, o));
        tavolo.push_back(t);
        skpokereval.push_back(s);
        ompeval.push_back(o);
        ratio.push_back(t / std::max(s, o));
    }
    std::printf(
        "versus: hands=%zu rounds=%zu tavolo=%.1fM/s skpokereval=%.1fM/s ompeval=%.1fM/s "
        "ratio=%.3f (tavolo over the faster other, median of the rounds; target 1.15)\n",
        hands, rounds, median(tavolo) / 1e6, median(skpokereval) / 1e6, median(ompeval) / 1e6, median(ratio));
    return 0;
}
