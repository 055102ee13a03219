// Reading PHH hands: the standard's fields, .phhs sections, kept unknown fields, and errors with lines.
#include "engine/phh/parser.hpp"

#include <gtest/gtest.h>

#include "tests/engine/phh/data_dir.hpp"

using namespace tavolo::engine::phh;

namespace {

const char* kPluribusHand =
    "variant = 'NT'\n"
    "ante_trimming_status = true\n"
    "antes = [0, 0, 0, 0, 0, 0]\n"
    "blinds_or_straddles = [50, 100, 0, 0, 0, 0]\n"
    "min_bet = 100\n"
    "starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]\n"
    "actions = ['d dh p1 7h5h', 'd dh p2 9hTc', 'd dh p3 5dTd', 'd dh p4 AcKd', 'd dh p5 3c5s', 'd dh p6 "
    "Kh4s', "
    "'p3 f', 'p4 cbr 250', 'p5 f', 'p6 f', 'p1 f', 'p2 f']\n"
    "hand = 94\n"
    "players = ['MrOrange', 'Pluribus', 'MrBlue', 'MrBlonde', 'MrWhite', 'MrPink']\n"
    "finishing_stacks = [9950, 9900, 10000, 10150, 10000, 10000]";  // no final newline, as in the data

std::string replace(std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
}

}  // namespace

TEST(PhhParser, ReadsTheRequiredAndOptionalFields) {
    auto h = parse_hand(kPluribusHand);
    ASSERT_TRUE(h) << h.error().to_string();
    EXPECT_EQ(h->variant, "NT");
    EXPECT_EQ(h->ante_trimming_status, true);
    EXPECT_EQ(h->player_count(), 6);
    EXPECT_EQ(h->blinds_or_straddles[1].chips(), 100);
    EXPECT_EQ(h->min_bet->chips(), 100);
    ASSERT_EQ(h->actions.size(), 12u);
    EXPECT_EQ(h->actions[7], "p4 cbr 250");
    EXPECT_EQ(h->players[3], "MrBlonde");
    ASSERT_TRUE(h->finishing_stacks);
    EXPECT_EQ((*h->finishing_stacks)[3].chips(), 10150);
    ASSERT_NE(h->find_other("hand"), nullptr);
    EXPECT_EQ(h->find_other("hand")->number.chips(), 94);
}

TEST(PhhParser, KeepsFieldsItDoesNotUse) {
    auto h = parse_hand(std::string(kPluribusHand) +
                        "\nvenue = 'PartyPoker'\ntime = 00:00:02\nmy_extension = [1, 'x']\n");
    ASSERT_TRUE(h) << h.error().to_string();
    ASSERT_NE(h->find_other("venue"), nullptr);
    EXPECT_EQ(h->find_other("venue")->text, "PartyPoker");
    EXPECT_EQ(h->find_other("time")->text, "00:00:02");
    EXPECT_EQ(h->find_other("my_extension")->items.size(), 2u);
}

TEST(PhhParser, MultiHandFilesGiveOneRecordPerSection) {
    auto hands =
        parse_hands(phh_test::read_text(phh_test::data_dir() / "handhq/handhq-pty-nlh-excerpt.phhs"));
    ASSERT_TRUE(hands) << hands.error().to_string();
    ASSERT_EQ(hands->size(), 4u);
    EXPECT_EQ((*hands)[0].section, "1");
    EXPECT_EQ((*hands)[3].section, "17");
    for (const auto& p : *hands)
        ASSERT_TRUE(p.hand) << p.section << ": " << p.hand.error().to_string();
    const HandHistory& h = *(*hands)[1].hand;
    EXPECT_EQ(h.starting_stacks[1].to_string(), "2143.16");
    EXPECT_FALSE(h.finishing_stacks);
    ASSERT_TRUE(h.winnings);
    EXPECT_EQ((*h.winnings)[2].to_string(), "1161.51");
    EXPECT_EQ(h.actions.front(), "d dh p1 ????");
}

TEST(PhhParser, OneBadHandInAPhhsDoesNotHideTheOthers) {
    auto hands = parse_hands(std::string("[1]\n") + kPluribusHand + "\n[2]\n" +
                             replace(kPluribusHand, "antes = [0, 0, 0, 0, 0, 0]", "antes = [0, 0]") + "\n");
    ASSERT_TRUE(hands);
    ASSERT_EQ(hands->size(), 2u);
    EXPECT_TRUE((*hands)[0].hand);
    ASSERT_FALSE((*hands)[1].hand);
    EXPECT_EQ((*hands)[1].hand.error().line, 15);  // the antes of hand [2]
}

TEST(PhhParser, MalformedHandsAreRefusedWithTheLineAndTheReason) {
    const std::string base = kPluribusHand;
    const struct {
        std::string text;
        int line;
        const char* words;
    } cases[] = {
        {replace(base, "variant = 'NT'\n", ""), 1, "missing required field 'variant'"},
        {replace(base, "min_bet = 100\n", ""), 1, "missing required field 'min_bet' for variant 'NT'"},
        {replace(base, "antes = [0, 0, 0, 0, 0, 0]", "antes = [0, 0, 0, 0, 0]"), 3,
         "antes: expected 6 entries"},
        {replace(base, "antes = [0, 0, 0, 0, 0, 0]", "antes = [0, 0, 0, -1, 0, 0]"), 3, "is negative"},
        {replace(base, "min_bet = 100", "min_bet = '100'"), 5, "min_bet: expected a number, found a string"},
        {replace(base, "'p4 cbr 250'", "'p4 raise 250'"), 7,
         "actions[7] 'p4 raise 250': unknown action 'raise'"},
        {replace(base, "'p3 f'", "'p9 f'"), 7, "p9 does not exist (6 players)"},
        {replace(base, "ante_trimming_status = true", "ante_trimming_status = 'yes'"), 2, "true or false"},
        {replace(base, "players = [", "players = ['Extra', "), 9, "players: expected 6 entries"},
        {replace(base, "starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]",
                 "starting_stacks = [10000]"),
         6, "at least 2 players"},
        {replace(base, "hand = 94", "hand = ninety-four"), 8, "strings need quotes"},
    };
    for (const auto& c : cases) {
        auto h = parse_hand(c.text);
        ASSERT_FALSE(h) << c.words;
        EXPECT_EQ(h.error().line, c.line) << h.error().to_string();
        EXPECT_NE(h.error().message.find(c.words), std::string::npos) << h.error().to_string();
    }
}

TEST(PhhParser, FixedLimitNeedsSmallAndBigBet) {
    auto h = parse_hand(replace(replace(kPluribusHand, "'NT'", "'FT'"), "min_bet = 100", "small_bet = 100"));
    ASSERT_FALSE(h);
    EXPECT_NE(h.error().message.find("missing required field 'big_bet' for variant 'FT'"), std::string::npos);
}

TEST(PhhParser, AnUnknownVariantIsReadNotRefused) {
    auto h = parse_hand(replace(kPluribusHand, "'NT'", "'XYZ'"));
    ASSERT_TRUE(h) << h.error().to_string();
    EXPECT_EQ(h->variant, "XYZ");
}

TEST(PhhParser, APhhsIsNotASinglePhh) {
    auto h = parse_hand(std::string("[1]\n") + kPluribusHand);
    ASSERT_FALSE(h);
    EXPECT_NE(h.error().message.find(".phhs"), std::string::npos);
}

TEST(PhhParser, EveryFileOfTheDataSetParses) {
    int hands = 0;
    for (const auto& path : phh_test::data_files()) {
        auto parsed = parse_hands(phh_test::read_text(path));
        ASSERT_TRUE(parsed) << path << ": " << parsed.error().to_string();
        for (const auto& p : *parsed) {
            ASSERT_TRUE(p.hand) << path << "[" << p.section << "]: " << p.hand.error().to_string();
            ++hands;
        }
    }
    EXPECT_EQ(hands, 1589 + 4);
}

namespace {

// An error message that is safe to print: printable ASCII only, and short whatever the input.
void expect_safe_message(const std::string& message) {
    for (char c : message) {
        const auto byte = static_cast<unsigned char>(c);
        EXPECT_TRUE(byte >= 0x20 && byte < 0x7f) << "raw byte " << int(byte) << " in the message";
    }
    EXPECT_LE(message.size(), 600u) << message.substr(0, 700);
}

// Bytes a hostile or mis-encoded file holds, with no space, quote or line break, so the text stays
// one word of one TOML literal string.
std::string hostile(std::size_t size = 5000) {
    const std::string pattern = "\xff\x01\x80z\x1b\xc3\xa8";
    std::string out;
    while (out.size() < size)
        out += pattern;
    out.resize(size);
    return out;
}

}  // namespace

TEST(PhhParser, ErrorsShowInputEscapedAndCut) {
    const std::string base = kPluribusHand;
    const std::string bad = hostile();
    const struct {
        std::string text;
        const char* words;
    } cases[] = {
        {replace(replace(base, "'NT'", "'" + bad + "'"), "antes = [0, 0, 0, 0, 0, 0]\n", ""),
         "missing required field 'antes' for variant '\\xff\\x01\\x80z"},
        {replace(base, "'p4 cbr 250'", "'p4 " + bad + "'"), "unknown action"},
        {replace(base, "'p4 cbr 250'", "'p4 cbr " + bad + "'"), "is not a positive amount"},
        {replace(base, "'p4 cbr 250'", "'p4 sm " + bad + "'"), "is not a card list"},
        {replace(base, "'p4 cbr 250'", "'" + bad + " f'"), "is neither the dealer"},
        {replace(base, "'d dh p1 7h5h'", "'d dh " + bad + " 7h5h'"), "is not a player"},
        {replace(base, "'d dh p1 7h5h'", "'d " + bad + " p1 7h5h'"), "unknown dealer action"},
        {replace(base, "'d dh p1 7h5h'", "'d dh p1 " + bad + "'"), "is not a card list"},
        {replace(base, "'p4 cbr 250'", "'p4 cbr 250 " + bad + "'"), "'cbr' takes exactly one amount"},
    };
    for (const auto& c : cases) {
        auto h = parse_hand(c.text);
        ASSERT_FALSE(h) << c.words;
        const std::string message = h.error().to_string();
        EXPECT_NE(message.find(c.words), std::string::npos) << message.substr(0, 700);
        expect_safe_message(message);
    }
}
