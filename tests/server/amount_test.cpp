#include "server/amount.hpp"

#include <gtest/gtest.h>

using namespace tavolo::server;

TEST(Amount, ReadsWholeAndDecimalAmountsAsCents) {
    EXPECT_EQ(parse_amount("20.00"), 2000);
    EXPECT_EQ(parse_amount("20"), 2000);
    EXPECT_EQ(parse_amount("0.5"), 50);  // fifty cents, not five
    EXPECT_EQ(parse_amount("0.05"), 5);
    EXPECT_EQ(parse_amount("1000.00"), 100'000);
    EXPECT_EQ(parse_amount("0"), 0);
    EXPECT_EQ(parse_amount("90071992547409.91"), tavolo::engine::kMaxTotalCents);
}

TEST(Amount, RefusesAnythingElseQuotingTheText) {
    for (const char* bad :
         {"", "-1.00", "+1.00", " 1.00", "1.00 ", "1.", ".5", "1.234", "1e3", "1,00", "0x10", "20.0.0",
          "1.-5", "1.+5", "90071992547409.92", "99999999999999999999", "€20"}) {
        auto cents = parse_amount(bad);
        ASSERT_FALSE(cents) << '"' << bad << '"';
        EXPECT_NE(cents.error().find("is not an amount such as \"20.00\""), std::string::npos)
            << cents.error();
    }
}

TEST(Amount, FormatsAsTheConfigurationWritesIt) {
    EXPECT_EQ(format_amount(2000), "20.00");
    EXPECT_EQ(format_amount(5), "0.05");
    EXPECT_EQ(format_amount(123'456), "1234.56");
    EXPECT_EQ(parse_amount(format_amount(98'765)), 98'765);
}
