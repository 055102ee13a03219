// The table state as versioned text (engine/table/table_state_text.hpp): a stable encoding that reads
// back to the same state, and typed errors, never undefined behaviour, for anything else.
#include <gtest/gtest.h>

#include <string>

#include "engine/random.hpp"
#include "engine/table/table_state_text.hpp"
#include "tests/engine/tournament/table_support.hpp"

namespace tavolo::engine {
namespace {

TableState sample_state() {
    TableState s;
    s.size = 9;
    s.started = true;
    s.hands_played = 12;
    s.rebuy_window = true;
    s.button = {3, kNoEntrant};
    s.last_small_blind = {kNoSeat, kNoEntrant};
    s.last_big_blind = {5, 9};
    TablePlayer a{.entrant = 7, .stack = 5000, .sitting_out = true, .excluded_hands = 4};
    TablePlayer b{.entrant = 9, .stack = 0, .disconnected = true, .busted = true};
    TablePlayer c{.entrant = 11, .stack = 1234567890123LL, .waiting = true};
    s.seats = {{0, a, 5200}, {5, b, 800}, {8, c, 0}};
    return s;
}

constexpr const char* kSampleText =
    "tavolo.table_state version=1\n"
    "table size=9 started=1 hands_played=12 rebuy_window=1\n"
    "button seat=3 entrant=-1\n"
    "last_small_blind seat=-1 entrant=-1\n"
    "last_big_blind seat=5 entrant=9\n"
    "seat seat=0 entrant=7 stack=5000 start_chips=5200 sitting_out=1 disconnected=0 excluded_hands=4 "
    "waiting=0 "
    "busted=0\n"
    "seat seat=5 entrant=9 stack=0 start_chips=800 sitting_out=0 disconnected=1 excluded_hands=0 waiting=0 "
    "busted=1\n"
    "seat seat=8 entrant=11 stack=1234567890123 start_chips=0 sitting_out=0 disconnected=0 excluded_hands=0 "
    "waiting=1 busted=0\n";

TEST(TableStateText, version_1_encoding_is_stable) {
    // The saved form is a contract with every snapshot already in a database: changing it needs a new
    // version, and this text must keep decoding.
    EXPECT_EQ(encode_table_state(sample_state()), kSampleText);
    auto back = decode_table_state(kSampleText);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, sample_state());
}

TEST(TableStateText, states_of_played_tables_read_back_the_same) {
    auto t = testing::table_with({0, 2, 3, 6, 9}, 6);
    for (int hand = 0; hand < 8; ++hand) {
        testing::play(t, hand == 3 ? std::set<SeatIndex>{0} : std::set<SeatIndex>{});
        if (hand == 5) t.set_rebuy_window(true);
        const TableState state = *t.snapshot();
        auto back = decode_table_state(encode_table_state(state));
        ASSERT_TRUE(back.has_value()) << describe(back.error());
        EXPECT_EQ(*back, state);
        EXPECT_EQ(encode_table_state(*back), encode_table_state(state));
    }
}

struct Garbage {
    std::string text;
    StateTextErrc code;
    int line;
};

TEST(TableStateText, garbage_gives_a_typed_error_with_its_line) {
    const std::string header = "tavolo.table_state version=1\n";
    const std::string table = "table size=9 started=1 hands_played=12 rebuy_window=1\n";
    const std::string positions =
        "button seat=3 entrant=-1\nlast_small_blind seat=-1 entrant=-1\nlast_big_blind seat=5 entrant=9\n";
    const std::string seat =
        "seat seat=0 entrant=7 stack=5000 start_chips=5200 sitting_out=1 disconnected=0 excluded_hands=4 "
        "waiting=0 busted=0\n";
    std::string eleven_seats;
    for (int i = 0; i < 11; ++i)
        eleven_seats += seat;
    const Garbage cases[] = {
        {"", StateTextErrc::BadLine, 1},
        {"hello", StateTextErrc::BadLine, 1},
        {"hello\n", StateTextErrc::NotThisKind, 1},
        {"tavolo.polacco_table_state version=1\n", StateTextErrc::NotThisKind, 1},
        {"tavolo.table_state version=2\n", StateTextErrc::BadVersion, 1},
        {"tavolo.table_state\n", StateTextErrc::BadVersion, 1},
        {"tavolo.table_state versione=1\n", StateTextErrc::BadVersion, 1},
        {std::string("tavolo.table_state version=1\n\0", 30), StateTextErrc::BadCharacter, 2},
        {"TAVOLO.table_state version=1\n", StateTextErrc::BadCharacter, 1},
        {header + "table size=9  started=1\n", StateTextErrc::BadLine, 2},
        {header + "\n", StateTextErrc::BadLine, 2},
        {header + "table size=9 started=1 hands_played=12 rebuy_window=1", StateTextErrc::BadLine, 2},
        {header + "table size=nine\n", StateTextErrc::BadNumber, 2},
        {header + "table size=\n", StateTextErrc::BadNumber, 2},
        {header + "table size=99999999999999999999\n", StateTextErrc::BadNumber, 2},
        {header + "table size=9 started=1 hands_played=12 rebuy_window=1-\n", StateTextErrc::BadNumber, 2},
        {header + "table size=9 started=2 hands_played=12 rebuy_window=1\n", StateTextErrc::ValueOutOfRange,
         2},
        {header + "table size=4294967305 started=1 hands_played=12 rebuy_window=1\n",
         StateTextErrc::ValueOutOfRange, 2},
        {header + "table size=9 hands_played=12 started=1 rebuy_window=1\n", StateTextErrc::WrongField, 2},
        {header + "table size=9 started=1 hands_played=12\n", StateTextErrc::MissingField, 2},
        {header + "table size=9 started=1 hands_played=12 rebuy_window=1 extra=1\n",
         StateTextErrc::ExtraField, 2},
        {header + table + "dealer seat=1\n", StateTextErrc::UnknownRecord, 3},
        {header + table + table, StateTextErrc::RepeatedRecord, 3},
        {header + table + "button seat=3\n", StateTextErrc::MissingField, 3},
        {header + table + "button seat=3 entrant=2147483648\n", StateTextErrc::ValueOutOfRange, 3},
        {header + table, StateTextErrc::MissingRecord, 0},
        {header + positions + seat, StateTextErrc::MissingRecord, 0},
        {header + table + positions + eleven_seats, StateTextErrc::TooManyRecords, 16},
        {header + table + positions + std::string(kMaxStateTextBytes, 'a'), StateTextErrc::TooLong, 0},
    };
    for (const Garbage& g : cases) {
        auto decoded = decode_table_state(g.text);
        ASSERT_FALSE(decoded.has_value()) << g.text;
        EXPECT_EQ(decoded.error(), (StateTextError{g.code, g.line})) << g.text << "\n"
                                                                     << describe(decoded.error());
        EXPECT_NE(describe(decoded.error()).find(to_string(g.code)), std::string::npos);
    }
}

// Built by appending: GCC 12 warns (-Wrestrict, a false positive) on std::string::insert here.
std::string with_inserted(const std::string& text, std::size_t at, char c) {
    std::string out;
    out.reserve(text.size() + 1);
    out.append(text, 0, at);
    out.push_back(c);
    out.append(text, at, std::string::npos);
    return out;
}

// Every prefix and thousands of random corruptions of a valid text: an error, or a state that encodes
// and reads back to itself. Run under the sanitizers, this is where undefined behaviour would show.
TEST(TableStateText, truncated_and_corrupted_texts_never_misbehave) {
    const std::string good = kSampleText;
    for (std::size_t n = 0; n < good.size(); ++n) {
        auto decoded = decode_table_state(std::string_view(good).substr(0, n));
        if (decoded) {
            // Only whole lines can go, and then only seats (the other records are required).
            EXPECT_EQ(good[n - 1], '\n');
            EXPECT_EQ(encode_table_state(*decoded), good.substr(0, n));
        }
    }
    SeededRandom rng(20261125);
    const std::string alphabet = "abz019_.=- \n\0\xff";
    int decoded_count = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text = good;
        const int edits = 1 + static_cast<int>(rng.uniform_below(4));
        for (int e = 0; e < edits; ++e) {
            const auto at = static_cast<std::size_t>(rng.uniform_below(text.size()));
            switch (rng.uniform_below(3)) {
                case 0:
                    text[at] = alphabet[rng.uniform_below(alphabet.size())];
                    break;
                case 1:
                    text.erase(at, 1 + rng.uniform_below(8));
                    break;
                default:
                    text = with_inserted(text, at, alphabet[rng.uniform_below(alphabet.size())]);
            }
            if (text.empty()) text.push_back('x');
        }
        auto decoded = decode_table_state(text);
        if (!decoded) continue;
        ++decoded_count;
        auto again = decode_table_state(encode_table_state(*decoded));
        ASSERT_TRUE(again.has_value()) << text;
        EXPECT_EQ(*again, *decoded) << text;
    }
    EXPECT_LT(decoded_count, 20000) << "corruptions must mostly be caught";
}

}  // namespace
}  // namespace tavolo::engine
