#include "server/json_text.hpp"

#include <gtest/gtest.h>

using tavolo::server::json_string;

TEST(JsonString, QuotesAndEscapesWhatJsonRequires) {
    EXPECT_EQ(json_string(""), R"("")");
    EXPECT_EQ(json_string("plain /path?x=1"), R"("plain /path?x=1")");
    EXPECT_EQ(json_string("a\"b\\c"), R"("a\"b\\c")");
    EXPECT_EQ(json_string("line\nfeed\r\ttab"), R"("line\nfeed\r\ttab")");
    EXPECT_EQ(json_string(std::string("nul\0bell\x07"
                                      "del\x7f",
                                      13)),
              R"("nul\u0000bell\u0007del\u007f")");
}

TEST(JsonString, ValidUtf8BeyondAsciiIsWrittenAsEscapes) {
    EXPECT_EQ(json_string("caf\xc3\xa9"), R"("caf\u00e9")");          // é, two bytes
    EXPECT_EQ(json_string("\xe2\x82\xac"), R"("\u20ac")");            // €, three bytes
    EXPECT_EQ(json_string("\xf0\x9f\x82\xa1"), R"("\ud83c\udca1")");  // U+1F0A1, a surrogate pair
    EXPECT_EQ(json_string("\xf4\x8f\xbf\xbf"), R"("\udbff\udfff")");  // U+10FFFF, the last one
}

// Bytes that are not UTF-8 (the 404 echoed them raw: invalid JSON) each become U+FFFD.
TEST(JsonString, InvalidUtf8BecomesTheReplacementCharacter) {
    EXPECT_EQ(json_string("\xff"), R"("\ufffd")");
    EXPECT_EQ(json_string("\x80x"), R"("\ufffdx")");                              // a stray continuation byte
    EXPECT_EQ(json_string("\xc3"), R"("\ufffd")");                                // cut short
    EXPECT_EQ(json_string("\xc0\xaf"), R"("\ufffd\ufffd")");                      // overlong '/'
    EXPECT_EQ(json_string("\xe0\x80\xaf"), R"("\ufffd\ufffd\ufffd")");            // overlong, three bytes
    EXPECT_EQ(json_string("\xed\xa0\x80"), R"("\ufffd\ufffd\ufffd")");            // a UTF-16 surrogate
    EXPECT_EQ(json_string("\xf4\x90\x80\x80"), R"("\ufffd\ufffd\ufffd\ufffd")");  // beyond U+10FFFF
    EXPECT_EQ(json_string("\xf5"), R"("\ufffd")");
}

TEST(JsonString, EveryByteGivesPrintableAscii) {
    for (int b = 0; b < 256; ++b) {
        std::string out = json_string(std::string(1, static_cast<char>(b)) + "\xc3\xa9");
        for (unsigned char c : out)
            EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "byte " << b << " gave " << out;
    }
}

TEST(JsonString, CutsAfterMaxCharactersNotInsideOne) {
    EXPECT_EQ(json_string("abcdef", 3), R"("abc...")");
    EXPECT_EQ(json_string("abc", 3), R"("abc")");
    EXPECT_EQ(json_string("\xc3\xa9\xc3\xa9\xc3\xa9", 2), R"("\u00e9\u00e9...")");
}
