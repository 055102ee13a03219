// RULES.md §7: a table resumes after a restart as it stood at the end of its last committed hand,
// everything between hands included (persistence/engine_state.hpp): the snapshot a hand commits
// carries the engine's table state, and recovery gives it back for Table::restore().
#include "persistence/engine_state.hpp"

#include <gtest/gtest.h>

#include "engine/polacco/table.hpp"
#include "engine/table/table.hpp"
#include "persistence/hand_store.hpp"
#include "persistence/recovery.hpp"
#include "tests/engine/tournament/table_support.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
namespace engine = tavolo::engine;
using engine::testing::dealt;
using engine::testing::play;
using engine::testing::table_with;

namespace {

// Entrant i of the engine is registration i of the tournament.
OwnerOf owners(const SmallTournament& t) {
    return [&t](std::int64_t entrant) -> std::optional<SeatOwner> {
        if (entrant < 0 || entrant >= static_cast<std::int64_t>(t.players.size())) return std::nullopt;
        const auto& p = t.players[static_cast<std::size_t>(entrant)];
        return SeatOwner{p.registration.id, p.account.id};
    };
}

HandRecord hand_with(TableSnapshot snapshot) {
    HandRecord h = make_hand(snapshot.table, snapshot.hand_number);
    h.snapshot = std::move(snapshot);
    return h;
}

RecoveredTable recovered(Database& db, TableId id) {
    auto loaded = load_unfinished_tournaments(db);
    if (!loaded) {
        ADD_FAILURE() << loaded.error().message;
        return {};
    }
    for (const auto& t : loaded->at(0).tables)
        if (t.id == id) return t;
    ADD_FAILURE() << "table not recovered";
    return {};
}

}  // namespace

TEST(EngineStateRecovery, rules_7_a_table_resumes_with_its_dead_blind_sanction_and_rebuys_after_a_restart) {
    MigratedDatabase db;
    auto sng = small_tournament(db.db(), 6, 1);
    engine::Table t(9);
    for (int i = 0; i < 6; ++i)
        ASSERT_TRUE(t.sit(i, i, 3000));
    ASSERT_TRUE(t.set_first_button(0));
    t.set_rebuy_window(true);
    play(t);
    ASSERT_TRUE(t.apply(engine::Sanction{engine::SanctionKind::Exclusion, 4, 2}));
    ASSERT_TRUE(t.set_sitting_out(5, true));
    play(t, {3});  // the big blind busts while re-buys are open: seat 3 may still re-buy
    ASSERT_TRUE(t.at(3).busted);

    auto snap = table_snapshot(sng.tables[0], t.hands_played(), 2, *t.snapshot(), owners(sng));
    ASSERT_TRUE(snap) << snap.error().message;
    EXPECT_EQ(snap->seats[3].status, SeatStatus::busted);
    EXPECT_EQ(snap->seats[4].status, SeatStatus::excluded);
    EXPECT_EQ(snap->seats[5].status, SeatStatus::sitting_out);
    ASSERT_TRUE(HandStore(db.db()).commit(hand_with(*snap)));

    const RecoveredTable back = recovered(db.db(), sng.tables[0]);
    EXPECT_EQ(back.snapshot, *snap);
    auto state = poker_table_state(back);
    ASSERT_TRUE(state) << state.error().message;
    EXPECT_EQ(*state, *t.snapshot());
    auto resumed = engine::Table::restored(*state);
    ASSERT_TRUE(resumed);
    // Seat 3 does not re-buy; the next hands are the ones the table would have played.
    EXPECT_EQ(resumed->settle_busted()[0].start_chips, t.settle_busted()[0].start_chips);
    for (int hand = 0; hand < 6; ++hand) {
        const auto expected = play(t);
        const auto got = play(*resumed);
        EXPECT_EQ(got.button, expected.button);
        EXPECT_EQ(got.small_blind_seat, expected.small_blind_seat) << "hand " << hand;
        EXPECT_EQ(got.big_blind_seat, expected.big_blind_seat);
        EXPECT_EQ(dealt(got), dealt(expected));
        ASSERT_EQ(got.seats.size(), expected.seats.size());
        for (std::size_t i = 0; i < got.seats.size(); ++i)
            EXPECT_EQ(got.seats[i].auto_act, expected.seats[i].auto_act);
    }
}

TEST(EngineStateRecovery, rules_7_a_polacco_table_resumes_after_a_restart) {
    MigratedDatabase db;
    auto sng = small_tournament(db.db(), 3, 1);
    engine::polacco::Table t{0, {}, {{0, 2, true}, {1, 0, false}, {2, 3, true}}, 1};
    auto snap = table_snapshot(sng.tables[0], 4, 0, *t.snapshot(), owners(sng));
    ASSERT_TRUE(snap) << snap.error().message;
    EXPECT_EQ(snap->seats[0].stack, 2) << "lives left: 6 - (2 + 2) cards";
    ASSERT_TRUE(HandStore(db.db()).commit(hand_with(*snap)));
    auto state = polacco_table_state(recovered(db.db(), sng.tables[0]));
    ASSERT_TRUE(state) << state.error().message;
    EXPECT_TRUE(*state == *t.snapshot());
}

TEST(EngineStateRecovery, a_table_never_seated_is_an_empty_table_of_its_size) {
    MigratedDatabase db;
    auto sng = small_tournament(db.db(), 2, 1);
    auto state = poker_table_state(recovered(db.db(), sng.tables[0]));
    ASSERT_TRUE(state) << state.error().message;
    EXPECT_EQ(state->size, 9);
    EXPECT_TRUE(state->seats.empty());
    EXPECT_FALSE(state->started);
}

TEST(EngineStateRecovery, a_damaged_engine_state_is_a_typed_error_never_a_wrong_table) {
    auto t = table_with({0, 1, 2}, 0, 9);
    SmallTournament none;
    RecoveredTable r{TableId{7}, 1, 9, {}, {}};
    auto nobody = table_snapshot(r.id, 0, 0, *t.snapshot(), owners(none));
    ASSERT_FALSE(nobody);
    EXPECT_EQ(nobody.error().code, EngineStateErrc::unknown_entrant);

    const auto any_owner = [](std::int64_t) { return std::optional<SeatOwner>(SeatOwner{}); };
    const TableSnapshot good = *table_snapshot(r.id, 0, 0, *t.snapshot(), any_owner);
    const auto code_for = [&](auto spoil) {
        RecoveredTable bad = r;
        bad.snapshot = good;
        spoil(bad);
        auto state = poker_table_state(bad);
        EXPECT_FALSE(state);
        if (state) return EngineStateErrc::unknown_entrant;
        EXPECT_NE(state.error().message.find("table 7"), std::string::npos) << state.error().message;
        return state.error().code;
    };
    EXPECT_EQ(code_for([](RecoveredTable& b) { b.snapshot.engine_state.clear(); }), EngineStateErrc::missing);
    EXPECT_EQ(code_for([](RecoveredTable& b) { b.snapshot.engine_state = std::string("\0state\xff", 7); }),
              EngineStateErrc::unreadable);
    EXPECT_EQ(code_for([](RecoveredTable& b) {
                  b.snapshot.engine_state.replace(b.snapshot.engine_state.find("stack=1000"), 10,
                                                  "stack=-100");
              }),
              EngineStateErrc::invalid);
    EXPECT_EQ(code_for([](RecoveredTable& b) { b.snapshot.seats[1].stack = 999; }),
              EngineStateErrc::disagrees_with_columns);
    EXPECT_EQ(code_for([](RecoveredTable& b) { b.snapshot.button = 2; }),
              EngineStateErrc::disagrees_with_columns);
    EXPECT_EQ(code_for([](RecoveredTable& b) { b.max_seats = 6; }), EngineStateErrc::disagrees_with_columns);
    EXPECT_EQ(code_for([](RecoveredTable& b) {
                  b.snapshot.engine_state = "tavolo.polacco_table_state version=1\n";
              }),
              EngineStateErrc::unreadable);
}
