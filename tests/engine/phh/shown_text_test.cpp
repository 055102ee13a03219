// Input text as error messages show it: printable ASCII as itself, other bytes as \xNN, long text cut.
#include "engine/phh/shown_text.hpp"

#include <gtest/gtest.h>

using namespace tavolo::engine::phh;

TEST(PhhShownText, PrintableTextIsQuotedAsIs) {
    EXPECT_EQ(shown_text("p4 raise 250"), "'p4 raise 250'");
    EXPECT_EQ(shown_text(""), "''");
}

TEST(PhhShownText, ControlAndHighBytesAreEscaped) {
    EXPECT_EQ(shown_text("caf\xc3\xa9\n\x7f\x01"), "'caf\\xc3\\xa9\\x0a\\x7f\\x01'");
    EXPECT_EQ(shown_text(std::string_view("a\0b", 3)), "'a\\x00b'");
}

TEST(PhhShownText, TextLongerThanTheLimitIsCutWithItsLength) {
    const std::string at_limit(kShownTextLimit, 'a');
    EXPECT_EQ(shown_text(at_limit), "'" + at_limit + "'");
    const std::string longer = at_limit + "b";
    EXPECT_EQ(shown_text(longer),
              "'" + at_limit + "...' (" + std::to_string(kShownTextLimit + 1) + " bytes)");
    // Escapes never make it unbounded: 4 characters a byte at most.
    EXPECT_LE(shown_text(std::string(1'000'000, '\xff')).size(), 4 * kShownTextLimit + 32);
}

TEST(PhhShownText, OneCharacter) {
    EXPECT_EQ(shown_char('x'), "'x'");
    EXPECT_EQ(shown_char('\xff'), "byte 0xff");
    EXPECT_EQ(shown_char('\t'), "byte 0x09");
}
