// Writing PHH: what the writer produces reads back as the same hand, for every hand of the data set.
#include "engine/phh/writer.hpp"

#include <gtest/gtest.h>

#include "engine/phh/parser.hpp"
#include "tests/engine/phh/data_dir.hpp"

using namespace tavolo::engine::phh;

TEST(PhhWriter, WritesTheStandardFieldsInOrder) {
    HandHistory h;
    h.variant = "NT";
    h.antes = {Decimal::whole(0), Decimal::whole(0)};
    h.blinds_or_straddles = {Decimal::whole(1), Decimal::whole(2)};
    h.min_bet = Decimal::whole(2);
    h.starting_stacks = {Decimal::whole(200), *Decimal::parse("150.5")};
    h.actions = {"d dh p1 AsKs", "d dh p2 QhQd", "p2 f"};
    h.players = {"Ann", "O'Brien"};
    h.finishing_stacks = {{Decimal::whole(202), *Decimal::parse("149.5")}};
    EXPECT_EQ(write_hand(h),
              "variant = 'NT'\n"
              "antes = [0, 0]\n"
              "blinds_or_straddles = [1, 2]\n"
              "min_bet = 2\n"
              "starting_stacks = [200, 150.5]\n"
              "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 f']\n"
              "players = ['Ann', \"O'Brien\"]\n"
              "finishing_stacks = [202, 149.5]\n");
    auto back = parse_hand(write_hand(h));
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_TRUE(back->same_record(h));
}

TEST(PhhWriter, EveryHandOfTheDataSetRoundTrips) {
    int hands = 0;
    for (const auto& path : phh_test::data_files()) {
        auto parsed = parse_hands(phh_test::read_text(path));
        ASSERT_TRUE(parsed) << path;
        std::vector<HandHistory> records;
        for (auto& p : *parsed)
            records.push_back(*p.hand);
        const std::string text =
            path.extension() == ".phhs" ? write_hands(records) : write_hand(records.front());
        auto again = parse_hands(text);
        ASSERT_TRUE(again) << path << ": " << again.error().to_string() << "\n" << text;
        ASSERT_EQ(again->size(), records.size()) << path;
        for (std::size_t i = 0; i < records.size(); ++i) {
            ASSERT_TRUE((*again)[i].hand) << path << ": " << (*again)[i].hand.error().to_string();
            EXPECT_TRUE((*again)[i].hand->same_record(records[i])) << path << "\n" << text;
            EXPECT_EQ((*again)[i].section, records[i].section);
            ++hands;
        }
    }
    EXPECT_EQ(hands, 1593);
}
