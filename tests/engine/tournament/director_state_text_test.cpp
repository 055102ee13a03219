// The director's saved text (director_state_text.hpp): the same director gives the same bytes, a
// restored one saves them again, and anything else is refused with a reason, never half-read.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/random.hpp"
#include "engine/tournament/director_state_text.hpp"

namespace tavolo::engine {
namespace {

DirectorConfig config(Pace pace = Pace::Free) {
    TournamentStructure s =
        default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.buy_in = BuyIn{1000, 100};
    return DirectorConfig{s, pace, {}};
}

std::string saved_director(int entrants) {
    std::vector<EntrantId> ids;
    for (int i = 0; i < entrants; ++i)
        ids.push_back(i);
    SeededRandom rng(5);
    auto started = TournamentDirector::start(ids, config(), rng);
    EXPECT_TRUE(started.has_value());
    if (!started) return {};
    (void)started->director.tick(Duration{0}, rng);  // the first hands are started
    return encode_director_state(started->director);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

TEST(DirectorStateText, the_same_director_gives_the_same_bytes_and_restores_to_them) {
    const std::string text = saved_director(25);
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.rfind("tavolo.tournament_director version=2\ndirector entrants=25 ", 0), 0U) << text;
    EXPECT_EQ(saved_director(25), text);
    auto back = decode_director_state(text, config());
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(encode_director_state(*back), text);
    EXPECT_EQ(back->entrants(), 25);
    EXPECT_EQ(back->remaining(), 25);
    EXPECT_EQ(back->floor().players(), 25);
    EXPECT_EQ(back->tables_in_hand(), 3);
    EXPECT_EQ(back->prize_pool(), 25'000);
}

// RULES.md §6: late entries and re-entries are the director's books too: a director restarted during
// late registration knows who entered (the same id cannot enter twice) and how many entries were
// re-entries (the payouts count players).
TEST(DirectorStateText, rules_6_late_entries_and_reentries_survive_a_restart) {
    DirectorConfig late = config();
    late.structure.late_registration = true;
    late.structure.late_registration_levels = 3;
    late.structure.reentry = true;
    std::vector<EntrantId> ids{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    SeededRandom rng(9);
    auto started = TournamentDirector::start(ids, late, rng);
    ASSERT_TRUE(started.has_value());
    TournamentDirector& d = started->director;
    (void)d.tick(Duration{0}, rng);
    ASSERT_TRUE(d.add_entrant(12, rng).has_value());
    ASSERT_TRUE(d.add_entrant(13, rng, /*reentry=*/true).has_value());
    const std::string text = encode_director_state(d);
    EXPECT_NE(text.find(" reentries=1"), std::string::npos) << text;

    auto restored = decode_director_state(text, late);
    ASSERT_TRUE(restored.has_value()) << describe(restored.error());
    EXPECT_EQ(encode_director_state(*restored), text);
    EXPECT_EQ(restored->entrants(), 14);
    EXPECT_EQ(restored->reentries(), 1);
    EXPECT_EQ(restored->prize_pool(), d.prize_pool());
    auto twice = restored->add_entrant(12, rng);
    ASSERT_FALSE(twice.has_value()) << "an entrant already entered is refused after a restart too";
    EXPECT_EQ(twice.error(), DirectorError::InvalidEntrant);
}

TEST(DirectorStateText, malformed_text_is_refused_with_its_line) {
    const std::string text = saved_director(12);
    auto cut = decode_director_state(text.substr(0, text.find("\nmoney")) + "\n", config());
    ASSERT_FALSE(cut.has_value());
    EXPECT_EQ(cut.error().text.code, StateTextErrc::MissingRecord);
    auto extra =
        decode_director_state(text + "idle table=0\nplacing entrant=1 place=12 shared=1\n", config());
    ASSERT_FALSE(extra.has_value());
    EXPECT_EQ(extra.error().text.code, StateTextErrc::UnknownRecord);
    auto other = decode_director_state(replaced(text, "version=2", "version=3"), config());
    ASSERT_FALSE(other.has_value());
    EXPECT_EQ(other.error().text.code, StateTextErrc::BadVersion);
    EXPECT_NE(describe(other.error()).find("cancel it (RULES.md 7)"), std::string::npos);
}

TEST(DirectorStateText, a_state_no_director_can_be_in_is_refused) {
    const std::string text = saved_director(12);
    // A chip more at a table than the tournament has.
    auto chips = decode_director_state(replaced(text, "stack=", "stack=1"), config());
    ASSERT_FALSE(chips.has_value());
    ASSERT_NE(chips.error().invalid, nullptr);
    EXPECT_NE(std::string(chips.error().invalid).find("chips"), std::string::npos);
    // Another pace, another table size: not the tournament it was saved from.
    auto pace = decode_director_state(text, config(Pace::Rounds));
    ASSERT_FALSE(pace.has_value());
    EXPECT_NE(pace.error().invalid, nullptr);
    DirectorConfig six = config();
    six.structure.table_size = 6;
    auto size = decode_director_state(text, six);
    ASSERT_FALSE(size.has_value());
    EXPECT_NE(size.error().invalid, nullptr);
    // One entrant seated at two tables.
    auto twice = decode_director_state(replaced(text, "entrant=1 stack", "entrant=0 stack"), config());
    ASSERT_FALSE(twice.has_value());
    EXPECT_NE(twice.error().invalid, nullptr);
}

}  // namespace
}  // namespace tavolo::engine
