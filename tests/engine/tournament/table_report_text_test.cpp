// A table's report as saved with its hand (table_report_text.hpp): read back whole, bytes unchanged;
// malformed text refused with its line.
#include <gtest/gtest.h>

#include "engine/tournament/table_report_text.hpp"
#include "tests/support/refusal_of.hpp"

namespace tavolo::engine {
namespace {

TableReport full_report() {
    TableReport r;
    r.table = 3;
    r.size = 9;
    r.finished_hand = 118;
    r.hands_played = 14;
    r.button = 2;
    r.big_blind_after = 4;
    r.next_big_blind = 5;
    r.big_blind_soonest = 6;
    r.seat_changes_applied = 7;
    TablePlayer p;
    p.entrant = 7;
    p.stack = 5000;
    p.sitting_out = true;
    p.excluded_hands = 2;
    r.players.push_back({0, p});
    p.entrant = 8;
    p.stack = 0;
    p.sitting_out = false;
    p.busted = true;
    r.players.push_back({5, p});
    r.empty_seats = {1, 2, 3};
    r.eliminated.push_back({9, 3, 1200, 1});
    r.bought.push_back({7, 0, Purchase::AddOn, 1500});
    r.disqualified.push_back({4, 8, 300});
    return r;
}

TEST(TableReportText, a_report_reads_back_whole) {
    const std::string text = encode_table_report(full_report());
    auto back = decode_table_report(text);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(encode_table_report(*back), text);
    EXPECT_EQ(back->finished_hand, 118);
    EXPECT_EQ(back->seat_changes_applied, 7);
    ASSERT_EQ(back->players.size(), 2U);
    EXPECT_EQ(back->players[0].player.excluded_hands, 2);
    EXPECT_TRUE(back->players[1].player.busted);
    ASSERT_EQ(back->eliminated.size(), 1U);
    EXPECT_EQ(back->eliminated[0].start_chips, 1200);
    ASSERT_EQ(back->bought.size(), 1U);
    EXPECT_EQ(back->bought[0].kind, Purchase::AddOn);
    ASSERT_EQ(back->disqualified.size(), 1U);
    EXPECT_EQ(back->disqualified[0].chips_removed, 300);
}

TEST(TableReportText, malformed_reports_are_refused) {
    const std::string text = encode_table_report(full_report());
    const std::string header = "tavolo.table_report version=1\n";
    EXPECT_EQ(refusal_of(decode_table_report(header)).code, StateTextErrc::MissingRecord);
    const auto report_line = text.substr(header.size(), text.find('\n', header.size()) + 1 - header.size());
    EXPECT_EQ(refusal_of(decode_table_report(text + report_line)).code, StateTextErrc::RepeatedRecord);
    EXPECT_EQ(refusal_of(decode_table_report(text + "player seat=1 entrant=2\n")).code,
              StateTextErrc::UnknownRecord);
    EXPECT_EQ(refusal_of(decode_table_report(header + "empty seat=1\n")).code, StateTextErrc::MissingRecord);
}

}  // namespace
}  // namespace tavolo::engine
