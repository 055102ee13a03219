// The benchmarks' integer options (bench/integer_options.hpp): each option has its own range, so
// bench_persistence's `--eliminate-every 0` (its default, "hands only") is accepted while `--hands 0`
// is not.
#include "bench/integer_options.hpp"

#include <gtest/gtest.h>

#include <vector>

using tavolo::bench::IntegerOption;
using tavolo::bench::read_integer_option;

namespace {

constexpr IntegerOption kEliminateEvery{"--eliminate-every", 0, 0, 10'000'000};
constexpr IntegerOption kHands{"--hands", 60'000, 1, 10'000'000};

std::expected<int, std::string> read(std::vector<const char*> args, const IntegerOption& option) {
    std::vector<char*> argv;
    for (const char* a : args)
        argv.push_back(const_cast<char*>(a));
    return read_integer_option(argv, option);
}

}  // namespace

TEST(BenchOptions, ZeroIsAcceptedWhereTheRangeStartsAtZero) {
    EXPECT_EQ(read({"--eliminate-every", "0"}, kEliminateEvery), 0);
    EXPECT_EQ(read({"--hands", "100", "--eliminate-every", "7"}, kEliminateEvery), 7);
    auto hands = read({"--hands", "0"}, kHands);
    ASSERT_FALSE(hands);
    EXPECT_EQ(hands.error(), "--hands: '0' is not an integer from 1 to 10000000");
}

TEST(BenchOptions, AnOptionNotGivenTakesItsDefault) {
    EXPECT_EQ(read({"--hands", "100"}, kEliminateEvery), 0);
    EXPECT_EQ(read({}, kHands), 60'000);
}

TEST(BenchOptions, AValueIsReadStrictlyAndMustBeThere) {
    auto hex = read({"--eliminate-every", "0x10"}, kEliminateEvery);
    ASSERT_FALSE(hex);
    EXPECT_EQ(hex.error(),
              "--eliminate-every: '0x10' is not an integer from 0 to 10000000 (decimal digits only)");
    auto negative = read({"--eliminate-every", "-1"}, kEliminateEvery);
    ASSERT_FALSE(negative);
    auto missing = read({"--eliminate-every"}, kEliminateEvery);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(), "--eliminate-every: needs a value, an integer from 0 to 10000000");
}
