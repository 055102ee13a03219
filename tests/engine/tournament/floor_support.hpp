#pragma once
// Real tables and the director's view of them (the Floor), kept in step the way the director
// protocol does: each table's report updates the view; each decided move is applied to the
// tables. Balancing moves are checked against what the tables themselves name (RULES.md §6).
#include <gtest/gtest.h>

#include <vector>

#include "engine/table/table.hpp"
#include "engine/tournament/floor.hpp"
#include "engine/tournament/tournament_table.hpp"

namespace tavolo::engine::testing {

struct FloorOfTables {
    Floor floor;
    std::vector<Table> tables;

    FloorOfTables(int count, int table_size)
        : floor(count, table_size), tables(static_cast<std::size_t>(count), Table(table_size)) {}

    Table& table(int id) { return tables[static_cast<std::size_t>(id)]; }
    // The table reports: the view becomes what the table is.
    void report(int id) {
        TableReport r;
        describe_table(id, table(id), r);
        floor.update(id, r);
    }
    // The decided moves, applied to the tables in order.
    void apply(const std::vector<SeatMove>& moves) {
        for (const auto& m : moves) {
            Table& from = table(m.from_table);
            Table& to = table(m.to_table);
            if (!m.breaking) {
                EXPECT_EQ(m.from_seat, from.next_big_blind_seat()) << "balancing moves the next big blind";
                if (!reserved(m)) {
                    EXPECT_EQ(m.to_seat, to.seat_posting_big_blind_soonest())
                        << "into the seat posting it soonest";
                }
            }
            auto player = from.stand(m.from_seat);
            ASSERT_TRUE(player.has_value());
            EXPECT_EQ(player->entrant, m.entrant);
            if (reserved(m)) continue;  // seated when that table reports
            ASSERT_TRUE(to.sit(m.to_seat, *player).has_value());
        }
    }
    // after_hand() for one table, applied.
    std::expected<std::vector<SeatMove>, FloorError> after_hand(int id, RandomSource& rng) {
        std::vector<SeatMove> moves;
        auto ok = floor.after_hand(id, rng, moves);
        apply(moves);
        if (!ok) return std::unexpected(ok.error());
        return moves;
    }
};

}  // namespace tavolo::engine::testing
