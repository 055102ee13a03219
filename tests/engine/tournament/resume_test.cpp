// RULES.md §7 at a restart (resume.hpp): a table resumes from its last committed hand against the
// director's last save; the hand in flight is void, a committed hand whose answer was lost is
// reported again, and a table ahead of the director is refused.
#include "engine/tournament/resume.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "engine/random.hpp"
#include "engine/tournament/director_state_text.hpp"
#include "engine/tournament/table_report_text.hpp"

namespace tavolo::engine {
namespace {

DirectorConfig config() {
    TournamentStructure s =
        default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.table_size = 9;
    return DirectorConfig{s, Pace::Free, {}};
}

// 18 entrants on two tables, each table open and reported, the first hands started.
struct Room {
    SeededRandom rng{11};
    std::optional<TournamentDirector> director;
    std::vector<TournamentTable> tables;

    Room() {
        std::vector<EntrantId> ids;
        for (int i = 0; i < 18; ++i)
            ids.push_back(i);
        auto started = TournamentDirector::start(ids, config(), rng);
        if (!started) {
            ADD_FAILURE() << "the director did not start";
            return;
        }
        director.emplace(std::move(started->director));
        deliver(started->messages);
        deliver(director->tick(Duration{0}, rng));
    }
    void deliver(const std::vector<DirectorMessage>& messages) {
        for (const auto& m : messages) {
            const auto id = static_cast<std::size_t>(addressee(m));
            while (tables.size() <= id)
                tables.emplace_back(static_cast<TableId>(tables.size()));
            ASSERT_TRUE(tables[id].apply(m, rng).has_value());
            if (std::holds_alternative<OpenTable>(m)) {
                auto answer = director->on_report(tables[id].report(), Duration{0}, rng);
                ASSERT_TRUE(answer.has_value());
                deliver(*answer);
            }
        }
    }
    // The director as its last save gives it back.
    TournamentDirector saved() const {
        return *decode_director_state(encode_director_state(*director), config());
    }
};

TEST(Resume, rules_7_a_hand_in_flight_is_void_and_the_director_takes_the_table_back) {
    Room room;
    TournamentTable& t = room.tables[0];
    const Table before = t.table();  // the last committed state: before the hand
    HandSetup setup;
    ASSERT_TRUE(t.start_hand(setup).has_value());
    const HandId hand = setup.hand_id;
    ASSERT_EQ(room.director->hand_playing(0), hand);

    TournamentDirector director = room.saved();
    auto resumed = resume_table(director, CommittedTable{0, before, 0, std::nullopt}, room.rng);
    ASSERT_TRUE(resumed.has_value()) << resumed.error();
    EXPECT_EQ(resumed->how, ResumedTable::How::HandVoid);
    EXPECT_EQ(resumed->report.finished_hand, hand);
    EXPECT_FALSE(resumed->table.table().in_hand());
    EXPECT_EQ(resumed->table.table().total_chips(), before.total_chips());  // chips back as at its start
    auto answer = director.on_report(resumed->report, director.now(), room.rng);
    ASSERT_TRUE(answer.has_value()) << to_string(answer.error());
    // The void hand is closed and a new one dealt in its place (a new number: never the same hand twice).
    EXPECT_GT(director.hand_playing(0), hand);
    EXPECT_EQ(director.remaining(), 18);
}

TEST(Resume, rules_7_a_committed_hand_whose_answer_was_lost_is_reported_again) {
    Room room;
    TournamentTable& t = room.tables[1];
    HandSetup setup;
    ASSERT_TRUE(t.start_hand(setup).has_value());
    std::vector<Chips> finals;
    for (const auto& s : setup.seats)
        finals.push_back(s.stack);
    finals[0] += 100;  // the hand moved a hundred chips
    finals[1] -= 100;
    ASSERT_TRUE(t.finish_hand(finals).has_value());
    const TableReport report = t.report();  // saved with the hand; the director never heard it
    TournamentDirector director = room.saved();
    auto owed = decode_table_report(encode_table_report(report));
    ASSERT_TRUE(owed.has_value());
    auto resumed = resume_table(director, CommittedTable{1, t.table(), setup.hand_id, *owed}, room.rng);
    ASSERT_TRUE(resumed.has_value()) << resumed.error();
    EXPECT_EQ(resumed->how, ResumedTable::How::ReportAgain);
    auto answer = director.on_report(resumed->report, director.now(), room.rng);
    ASSERT_TRUE(answer.has_value()) << to_string(answer.error());
    EXPECT_EQ(director.floor().table(1).at(setup.seats[0].seat).stack, finals[0]);

    // Without the saved report the tournament cannot resume: refused, with the reason.
    auto missing =
        resume_table(room.saved(), CommittedTable{1, t.table(), setup.hand_id, std::nullopt}, room.rng);
    ASSERT_FALSE(missing.has_value());
    EXPECT_NE(missing.error().find("report"), std::string::npos);
    // Nor when the table is ahead of the director by more than its hand.
    auto ahead =
        resume_table(room.saved(), CommittedTable{1, t.table(), setup.hand_id + 50, std::nullopt}, room.rng);
    EXPECT_FALSE(ahead.has_value());
}

}  // namespace
}  // namespace tavolo::engine
