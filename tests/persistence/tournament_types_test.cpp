// Kind, game, betting and states cross the persistence API typed (issue 9, item 6): what is written
// reads back the same, and a word in the database this version does not know is a typed error, never
// some default.
#include <gtest/gtest.h>

#include <variant>
#include <vector>

#include "persistence/hand_store.hpp"
#include "persistence/recovery.hpp"
#include "persistence/tournament_store.hpp"
#include "tests/persistence/fixtures.hpp"
#include "tests/persistence/test_database.hpp"

using namespace tavolo::persistence;
using namespace tavolo::testing;
using tavolo::engine::Betting;
using tavolo::engine::TournamentKind;
using tavolo::engine::Variant;

namespace {

std::vector<TournamentGame> every_game() {
    std::vector<TournamentGame> games{PolaccoGame{}};
    for (auto v : {Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw})
        for (auto b : {Betting::NoLimit, Betting::PotLimit, Betting::Limit})
            games.push_back(PokerGame{v, b});
    return games;
}

}  // namespace

TEST(TournamentTypes, EveryKindGameAndStateReadsBackAsWritten) {
    MigratedDatabase t;
    TournamentStore store(t.db());
    const std::vector kinds{TournamentKind::SitAndGo, TournamentKind::ScheduledMtt, TournamentKind::HeadsUp,
                            TournamentKind::ShootOut};
    const std::vector states{TournamentState::announced, TournamentState::registering,
                             TournamentState::running,   TournamentState::paused,
                             TournamentState::finished,  TournamentState::cancelled};
    const auto games = every_game();
    for (std::size_t i = 0; i < games.size(); ++i) {
        TournamentSpec spec;
        spec.name = "tournament " + std::to_string(i + 1);
        spec.kind = kinds[i % kinds.size()];
        spec.game = games[i];
        spec.state = states[i % states.size()];
        auto created = store.create(spec);
        ASSERT_TRUE(created) << created.error().message;
        auto back = store.find(created->id);
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(back->spec.kind, spec.kind) << i;
        EXPECT_EQ(back->spec.game, spec.game) << i;
        EXPECT_EQ(back->spec.state, spec.state) << i;
        for (auto state : states) {
            ASSERT_TRUE(store.set_state(created->id, state));
            EXPECT_EQ(store.find(created->id)->spec.state, state) << to_string(state);
        }
    }
    EXPECT_EQ(t.count("SELECT count(DISTINCT (game, betting)) FROM tournaments"), 10);
    EXPECT_EQ(t.count("SELECT count(DISTINCT kind) FROM tournaments"), 4);
}

TEST(TournamentTypes, EveryRegistrationStateReadsBackAsWritten) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 1, 0);
    TournamentStore store(t.db());
    auto entry = sng.players[0].registration;
    EXPECT_EQ(entry.state, RegistrationState::registered);
    for (auto state :
         {RegistrationState::playing, RegistrationState::eliminated, RegistrationState::winner,
          RegistrationState::unregistered, RegistrationState::refunded, RegistrationState::registered}) {
        ASSERT_TRUE(store.set_registration_state(entry.id, state));
        EXPECT_EQ(store.registrations(sng.tournament.id)->at(0).state, state) << to_string(state);
    }
}

TEST(TournamentTypes, ARefundLeavesTheEntryPaidBack) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 1, 0);
    TournamentStore store(t.db());
    auto refund =
        store.refund(sng.players[0].registration.id, 2000, 500, "refund:1", RegistrationState::playing);
    ASSERT_FALSE(refund);
    EXPECT_EQ(refund.error().code, StoreErrc::invalid_argument);
    auto left =
        store.refund(sng.players[0].registration.id, 2000, 500, "refund:1", RegistrationState::unregistered);
    ASSERT_TRUE(left) << left.error().message;
    EXPECT_EQ(left->state, RegistrationState::unregistered);
}

// A newer schema (or a hand-edited row) may hold a word this version does not know: reading it is
// bad_stored_value, naming the word, for the tournament, its entries and its seats alike.
TEST(TournamentTypes, AWordThisVersionDoesNotKnowIsABadStoredValue) {
    MigratedDatabase t;
    auto sng = small_tournament(t.db(), 1, 1);
    TournamentStore store(t.db());
    const auto id = std::to_string(raw(sng.tournament.id));

    // Each column's CHECK allows it; together they name no game: Polacco has no betting structure.
    t.query("UPDATE tournaments SET game = 'polacco', betting = 'nl' WHERE id = " + id);
    auto found = store.find(sng.tournament.id);
    ASSERT_FALSE(found);
    EXPECT_EQ(found.error().code, StoreErrc::bad_stored_value);
    EXPECT_NE(found.error().message.find("polacco"), std::string::npos) << found.error().message;
    auto recovered = load_unfinished_tournaments(t.db());
    ASSERT_FALSE(recovered);
    EXPECT_EQ(recovered.error().code, StoreErrc::bad_stored_value);
    t.query("UPDATE tournaments SET betting = 'none' WHERE id = " + id);
    ASSERT_TRUE(store.find(sng.tournament.id));

    t.query("ALTER TABLE registrations DROP CONSTRAINT registrations_state");
    t.query("UPDATE registrations SET state = 'suspended'");
    auto entries = store.registrations(sng.tournament.id);
    ASSERT_FALSE(entries);
    EXPECT_EQ(entries.error().code, StoreErrc::bad_stored_value);
    EXPECT_NE(entries.error().message.find("'suspended'"), std::string::npos) << entries.error().message;

    HandStore hands(t.db());
    t.query("UPDATE tournament_tables SET seats = '[{\"seat\": 0, \"registration_id\": " +
            std::to_string(raw(sng.players[0].registration.id)) + ", \"account_id\": " +
            std::to_string(raw(sng.players[0].account.id)) + ", \"stack\": 1500, \"status\": \"asleep\"}]'");
    auto snapshot = hands.snapshot(sng.tables[0]);
    ASSERT_FALSE(snapshot) << "an unknown seat status must not read as active";
    EXPECT_EQ(snapshot.error().code, StoreErrc::bad_stored_value);
}

// A seat's status has one table of words (detail/sql_enums.cpp), like every other enum: each status
// reads back from its word, and a word of another enum is not a status.
TEST(TournamentTypes, EverySeatStatusReadsBackFromItsWord) {
    for (auto status : {SeatStatus::active, SeatStatus::sitting_out, SeatStatus::disconnected,
                        SeatStatus::excluded, SeatStatus::busted}) {
        const auto back = seat_status_from(to_string(status));
        ASSERT_TRUE(back) << to_string(status);
        EXPECT_EQ(*back, status);
    }
    EXPECT_EQ(std::string(to_string(SeatStatus::sitting_out)), "sitting_out");
    EXPECT_FALSE(seat_status_from("playing"));
    EXPECT_FALSE(seat_status_from("Active"));
}
