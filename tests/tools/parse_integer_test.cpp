// The one reader of integer command-line options (tools/parse_integer.hpp), on its own; the options
// of the real binaries are tested in cli_test.cpp.
#include "tools/parse_integer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

using tavolo::tools::parse_integer;

TEST(ParseInteger, ReadsTheWholeRangeOfTheType) {
    constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
    EXPECT_EQ(parse_integer<std::uint64_t>("18446744073709551615", 0, kMax), kMax);
    EXPECT_EQ(parse_integer<std::uint64_t>("0", 0, kMax), 0u);
    constexpr auto kMin64 = std::numeric_limits<std::int64_t>::min();
    constexpr auto kMax64 = std::numeric_limits<std::int64_t>::max();
    EXPECT_EQ(parse_integer<std::int64_t>("-9223372036854775808", kMin64, kMax64), kMin64);
    EXPECT_EQ(parse_integer<std::int64_t>("9223372036854775807", kMin64, kMax64), kMax64);
    EXPECT_FALSE(parse_integer<std::int64_t>("9223372036854775808", kMin64, kMax64));
    EXPECT_FALSE(parse_integer<std::int64_t>("-9223372036854775809", kMin64, kMax64));
}

TEST(ParseInteger, NegativesOnlyWhereTheRangeHasThem) {
    EXPECT_EQ(parse_integer("-5", -10, 10), -5);
    EXPECT_EQ(parse_integer("-0", -10, 10), 0);
    EXPECT_FALSE(parse_integer("-11", -10, 10));
    EXPECT_FALSE(parse_integer("-1", 0, 10));
    EXPECT_FALSE(parse_integer("--5", -10, 10));
    EXPECT_FALSE(parse_integer("-", -10, 10));
    EXPECT_FALSE(parse_integer("- 5", -10, 10));
}

TEST(ParseInteger, OnlyDecimalDigitsOfTheWholeArgument) {
    for (const char* bad :
         {"", " 5", "5 ", "+5", "0x10", "5x", "1e3", "5.0", "\t5", "5\n", "1_000", "\xef\xbc\x95"}) {
        auto value = parse_integer(bad, -100, 100);
        EXPECT_FALSE(value) << bad;
        if (!value) {
            EXPECT_NE(value.error().find("is not an integer from -100 to 100 (decimal digits only)"),
                      std::string::npos)
                << value.error();
        }
    }
    EXPECT_EQ(parse_integer("010", 0, 100), 10);  // decimal, never octal
}

TEST(ParseInteger, TheErrorShowsTheArgumentEscapedAndTheRangeAsIntegers) {
    auto value =
        parse_integer<std::uint64_t>("18446744073709551616", 0, std::numeric_limits<std::uint64_t>::max());
    ASSERT_FALSE(value);
    EXPECT_EQ(value.error(), "'18446744073709551616' is not an integer from 0 to 18446744073709551615");
    auto bytes = parse_integer("\xff\n", 2, 10);
    ASSERT_FALSE(bytes);
    EXPECT_EQ(bytes.error(), "'\\xff\\x0a' is not an integer from 2 to 10 (decimal digits only)");
}
