// Amounts in hand histories are exact decimals: cents and half chips must survive a round trip.
#include "engine/phh/decimal.hpp"

#include <gtest/gtest.h>

using tavolo::engine::phh::Decimal;

TEST(PhhDecimal, WholeNumbersAreChips) {
    auto d = Decimal::parse("10000");
    ASSERT_TRUE(d);
    EXPECT_TRUE(d->is_whole());
    EXPECT_EQ(d->chips(), 10000);
    EXPECT_EQ(d->to_string(), "10000");
}

TEST(PhhDecimal, FractionsAreKeptExactlyAndAreNotChips) {
    auto d = Decimal::parse("1584.83");
    ASSERT_TRUE(d);
    EXPECT_FALSE(d->is_whole());
    EXPECT_EQ(d->chips(), std::nullopt);
    EXPECT_EQ(d->to_string(), "1584.83");
    EXPECT_EQ(Decimal::parse("10112.5")->to_string(), "10112.5");
    EXPECT_EQ(Decimal::parse("0.05")->to_string(), "0.05");
    EXPECT_EQ(Decimal::parse("-0.5")->to_string(), "-0.5");
}

TEST(PhhDecimal, TrailingZerosDoNotChangeTheValue) {
    EXPECT_EQ(*Decimal::parse("36.50"), *Decimal::parse("36.5"));
    EXPECT_EQ(Decimal::parse("3.0")->chips(), 3);
    EXPECT_EQ(Decimal::parse("1856.90")->to_string(), "1856.9");
}

TEST(PhhDecimal, ExponentsUnderscoresAndInfinity) {
    EXPECT_EQ(Decimal::parse("1e3")->chips(), 1000);
    EXPECT_EQ(Decimal::parse("2.5E-1")->to_string(), "0.25");
    EXPECT_EQ(Decimal::parse("1_000")->chips(), 1000);
    EXPECT_TRUE(Decimal::parse("inf")->is_infinite());
    EXPECT_EQ(Decimal::parse("inf")->chips(), std::nullopt);
}

TEST(PhhDecimal, OrderIsByValue) {
    EXPECT_LT(*Decimal::parse("1.5"), *Decimal::parse("2"));
    EXPECT_LT(*Decimal::parse("-1.5"), *Decimal::parse("-1.2"));
    EXPECT_LT(*Decimal::parse("-0.5"), *Decimal::parse("0.2"));
    EXPECT_LT(*Decimal::parse("99999"), Decimal::infinity());
}

TEST(PhhDecimal, RejectsWhatIsNotANumber) {
    for (const char* bad : {"", "abc", "1.", ".5", "1..2", "1_", "1e", "12abc", "-inf", "nan", "1 000",
                            "1234567890123456789"}) {
        EXPECT_FALSE(Decimal::parse(bad)) << bad;
    }
}
