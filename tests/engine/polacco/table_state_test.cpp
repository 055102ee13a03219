// RULES.md §7 and §9: a Poker Polacco table restored after a restart (snapshot -> text -> restore)
// goes on as if nothing had happened: penalties, spent passes, the next first speaker, the last
// hand's direction and the hand count. The constructor alone (seats and first speaker, what a
// restart had before) loses the direction and the count.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/polacco/table.hpp"
#include "engine/polacco/table_state.hpp"
#include "tests/engine/polacco/polacco_fixture.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine::polacco {
namespace {

using testing::deck;
using testing::p;

Table restarted(const Table& t) {
    // A helper that returns a value cannot ASSERT: a failed step fails the test and returns nothing.
    auto state = t.snapshot();
    if (!state) throw std::runtime_error("snapshot refused");
    auto decoded = decode_table_state(encode_table_state(*state));
    if (!decoded) throw std::runtime_error(std::string("decode: ") + std::string(describe(decoded.error())));
    EXPECT_TRUE(*decoded == *state);
    auto back = Table::restored(*decoded);
    if (!back) throw std::runtime_error("restore refused");
    return std::move(*back);
}

// What a restart could rebuild before: the seats and the next first speaker.
Table from_constructor(const Table& t) {
    return Table{t.id(), t.rules(), t.seats(), t.first_speaker()};
}

// One hand at `t` played anticlockwise in which 1 bluffs and 2 doubts: 1 takes a penalty.
void anticlockwise_hand(Table& t) {
    ASSERT_TRUE(t.start_hand_with_deck(deck("2c3c 4d5d 6h7h 8s9s")));
    ASSERT_TRUE(t.hand()->choose_direction(1, Direction::Anticlockwise));
    ASSERT_TRUE(t.hand()->declare(1, p("Carta alta A")));
    ASSERT_TRUE(t.hand()->doubt(t.hand()->to_act()));
    ASSERT_TRUE(t.finish_hand());
}

TEST(PolaccoTableRestart, rules_9_penalty_elimination_after_a_restart_follows_the_last_direction) {
    Table t{0, Rules{}, {{1, 0, true}, {2, 0, true}, {3, 3, true}, {4, 0, true}}, 1};
    anticlockwise_hand(t);  // the last direction is now anticlockwise
    Table r = restarted(t);
    Table old = from_constructor(t);
    // An operator's penalty eliminates 3 (a fourth penalty): the player who preceded him in the last
    // hand's direction (anticlockwise: 4) speaks first.
    auto expected = t.give_penalty(3).value();
    EXPECT_EQ(expected.next_first_speaker, 4);
    EXPECT_EQ(r.give_penalty(3).value().next_first_speaker, 4);
    EXPECT_NE(old.give_penalty(3).value().next_first_speaker, 4)
        << "the constructor alone forgets the direction";
}

TEST(PolaccoTableRestart, rules_9_penalties_passes_and_hand_count_survive_a_restart) {
    Rules rules;
    rules.passamano = true;
    Table t{3, rules, {{1, 0, true}, {2, 0, false}, {3, 2, true}}, 1};
    anticlockwise_hand(t);
    Table r = restarted(t);
    EXPECT_EQ(r.id(), 3);
    EXPECT_EQ(r.hands_played(), 1);
    EXPECT_EQ(r.first_speaker(), 1);
    EXPECT_EQ(r.seats()[0].penalties, 1);
    EXPECT_FALSE(r.seats()[1].pass_available);
    EXPECT_EQ(r.seats()[2].penalties, 2);
    EXPECT_TRUE(r.rules().passamano);
    ASSERT_TRUE(r.start_hand_with_deck(deck("")));
    ASSERT_TRUE(t.start_hand_with_deck(deck("")));
    EXPECT_EQ(r.hand()->hand_number(), t.hand()->hand_number());
    EXPECT_EQ(from_constructor(t).hands_played(), 0) << "the constructor alone forgets the count";
}

TEST(PolaccoTableRestart, rules_7_snapshot_and_restore_are_refused_during_a_hand) {
    Table t{0, Rules{}, {{1, 0, true}, {2, 0, true}}, 1};
    ASSERT_TRUE(t.start_hand_with_deck(deck("")));
    EXPECT_EQ(refusal_of(t.snapshot()), PolaccoError::HandInProgress);
    Table other{1, Rules{}, {{5, 0, true}, {6, 0, true}}, 6};
    EXPECT_EQ(refusal_of(t.restore(*other.snapshot())), PolaccoError::HandInProgress);
    EXPECT_TRUE(t.hand_in_progress());
    EXPECT_EQ(t.id(), 0);
}

TEST(PolaccoTableRestart, restore_refuses_a_state_no_table_can_be_in) {
    Table source{0, Rules{}, {{1, 0, true}, {2, 1, true}, {3, 0, false}}, 2};
    const TableState good = *source.snapshot();
    ASSERT_TRUE(validate(good).has_value());
    struct Case {
        const char* what;
        void (*spoil)(TableState&);
        PolaccoError error;
    };
    const Case cases[] = {
        {"clockwise only without casino", [](TableState& s) { s.rules.clockwise_only = true; },
         PolaccoError::InvalidRules},
        {"no turn time", [](TableState& s) { s.rules.turn_seconds = 0; }, PolaccoError::InvalidRules},
        {"eight without a dealer",
         [](TableState& s) {
             for (PlayerId id = 10; id < 15; ++id)
                 s.seats.push_back({id, 0, true});
         },
         PolaccoError::TooManyPlayers},
        {"four penalties", [](TableState& s) { s.seats[1].penalties = 4; }, PolaccoError::InvalidPenalties},
        {"negative penalties", [](TableState& s) { s.seats[1].penalties = -1; },
         PolaccoError::InvalidPenalties},
        {"a player twice", [](TableState& s) { s.seats[2].player = 1; }, PolaccoError::DuplicateEntrant},
        {"first speaker elsewhere", [](TableState& s) { s.first_speaker = 9; }, PolaccoError::NotSeated},
        {"negative player", [](TableState& s) { s.seats[0].player = -3; }, PolaccoError::InvalidTableState},
        {"negative hand count", [](TableState& s) { s.hands_played = -1; }, PolaccoError::InvalidTableState},
        // Saved text may say hands_played=9223372036854775807: the next hand's number would overflow.
        {"hand count at the 64-bit maximum",
         [](TableState& s) { s.hands_played = std::numeric_limits<std::int64_t>::max(); },
         PolaccoError::InvalidTableState},
        {"bad direction", [](TableState& s) { s.last_direction = static_cast<Direction>(7); },
         PolaccoError::InvalidDirection},
    };
    for (const Case& c : cases) {
        TableState bad = good;
        c.spoil(bad);
        EXPECT_EQ(refusal_of(validate(bad)), c.error) << c.what;
        Table target{5, Rules{}, {{7, 0, true}, {8, 0, true}}, 8};
        EXPECT_EQ(refusal_of(target.restore(bad)), c.error) << c.what;
        EXPECT_TRUE(*target.snapshot() == *Table(5, Rules{}, {{7, 0, true}, {8, 0, true}}, 8).snapshot())
            << c.what << ": a refused restore changes nothing";
    }
}

TEST(PolaccoTableStateText, version_1_encoding_is_stable_and_reads_back) {
    Rules rules;
    rules.mode = Mode::Casino;
    rules.clockwise_only = true;
    rules.bonus = true;
    rules.turn_seconds = 45;
    const TableState state{2, rules, {{12, 2, true}, {4, 0, false}}, 4, Direction::Anticlockwise, 7};
    const std::string text =
        "tavolo.polacco_table_state version=1\n"
        "table id=2 first_speaker=4 last_direction=1 hands_played=7\n"
        "rules mode=1 clockwise_only=1 passamano=0 bonus=1 turn_seconds=45\n"
        "player player=12 penalties=2 pass_available=1\n"
        "player player=4 penalties=0 pass_available=0\n";
    EXPECT_EQ(encode_table_state(state), text);
    auto back = decode_table_state(text);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_TRUE(*back == state);
}

TEST(PolaccoTableStateText, garbage_gives_a_typed_error) {
    const std::string header = "tavolo.polacco_table_state version=1\n";
    const std::string table = "table id=2 first_speaker=4 last_direction=1 hands_played=7\n";
    const std::string rules = "rules mode=1 clockwise_only=1 passamano=0 bonus=1 turn_seconds=45\n";
    const std::string player = "player player=12 penalties=2 pass_available=1\n";
    std::string ten_players;
    for (int i = 0; i < 10; ++i)
        ten_players += player;
    const std::pair<std::string, StateTextError> cases[] = {
        {"tavolo.table_state version=1\n", {StateTextErrc::NotThisKind, 1}},
        {"tavolo.polacco_table_state version=0\n", {StateTextErrc::BadVersion, 1}},
        {header + table, {StateTextErrc::MissingRecord, 0}},
        {header + table + rules + rules, {StateTextErrc::RepeatedRecord, 4}},
        {header + table + table, {StateTextErrc::RepeatedRecord, 3}},
        {header + "table id=2 first_speaker=4 last_direction=2 hands_played=7\n",
         {StateTextErrc::ValueOutOfRange, 2}},
        {header + table + "rules mode=2 clockwise_only=1 passamano=0 bonus=1 turn_seconds=45\n",
         {StateTextErrc::ValueOutOfRange, 3}},
        {header + table + rules + "player player=12 penalties=2\n", {StateTextErrc::MissingField, 4}},
        {header + table + rules + "seat player=12 penalties=2 pass_available=1\n",
         {StateTextErrc::UnknownRecord, 4}},
        {header + table + rules + ten_players, {StateTextErrc::TooManyRecords, 13}},
        {header + table + rules + "player player=x penalties=2 pass_available=1\n",
         {StateTextErrc::BadNumber, 4}},
    };
    for (const auto& [text, error] : cases) {
        auto decoded = decode_table_state(text);
        ASSERT_FALSE(decoded.has_value()) << text;
        EXPECT_EQ(decoded.error(), error) << text;
    }
}

// A trace line built by appending (GCC 12 warns, -Wrestrict, on long std::string operator+ chains).
struct Line {
    std::string text;
    Line& operator()(const char* label, long long value) {
        text += label;
        text += std::to_string(value);
        return *this;
    }
};

// Random hands at one table, with operator penalties between hands, played without a restart and
// with a restart before every hand: the same hands, penalties, eliminations and first speakers.
std::vector<std::string> play_table(std::uint64_t seed, bool restart) {
    SeededRandom rng{seed};
    Rules rules;
    rules.mode = rng.uniform_below(2) ? Mode::Casino : Mode::NoDealer;
    rules.passamano = rng.uniform_below(2);
    rules.bonus = rng.uniform_below(2);
    rules.clockwise_only = rules.mode == Mode::Casino && rng.uniform_below(3) == 0;
    std::vector<HandPlayer> seats;
    const int n = 3 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(rules.table_max() - 2)));
    for (PlayerId id = 0; id < n; ++id)
        seats.push_back({id * 10, 0, true});
    Table t{0, rules, seats, 0};
    std::vector<std::string> trace;
    for (int hand = 0; hand < 200 && t.players() > 1; ++hand) {
        if (restart) t = restarted(t);
        if (rng.uniform_below(8) == 0) {
            const PlayerId who = t.seats()[rng.uniform_below(t.seats().size())].player;
            auto out = t.give_penalty(who).value();
            trace.push_back(
                Line{}("penalty ", who)(" out ", out.eliminated)(" next ", out.next_first_speaker).text);
            if (restart) t = restarted(t);
            if (t.players() < 2) break;
        }
        EXPECT_TRUE(t.start_hand(rng));
        Hand& h = *t.hand();
        for (int guard = 0; h.phase() != Phase::Ended && guard < 2000; ++guard) {
            const LegalActions la = h.legal_actions();
            const auto r = rng.uniform_below(10);
            if (la.choose_direction) {
                (void)h.choose_direction(la.player, r < 5 ? Direction::Clockwise : Direction::Anticlockwise);
            } else if (la.declare && la.lowest_declaration && r < 6) {
                (void)h.declare(la.player, *la.lowest_declaration);
            } else if (la.pass && r < 7) {
                (void)h.pass(la.player);
            } else if (!h.timeout(la.player)) {
                ADD_FAILURE() << "a timeout was refused";
                break;
            }
        }
        auto result = t.finish_hand();
        EXPECT_TRUE(result.has_value());
        if (!result) break;
        Line line;
        line("hand ", t.hands_played())(" penalised ", result->penalised)(" out ", result->eliminated)(
            " first ", result->next_first_speaker);
        for (const HandPlayer& pl : t.seats())
            line(" ", pl.player)("/", pl.penalties)("/", pl.pass_available);
        trace.push_back(line.text);
    }
    return trace;
}

TEST(PolaccoTableRestart, rules_7_9_restored_tables_play_on_as_if_never_stopped) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const auto never = play_table(seed, false);
        ASSERT_GT(never.size(), 3U);
        EXPECT_EQ(play_table(seed, true), never) << "seed " << seed;
    }
}

}  // namespace
}  // namespace tavolo::engine::polacco
