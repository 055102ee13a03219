// The demo lobby (issue 10): a Sit&Go of each game and structure and a heads-up, each valid for
// the engine, opened only when no tournament is declared and [lobby] demo is true.
#include "server/demo_lobby.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>

using namespace tavolo::server;
namespace engine = tavolo::engine;

TEST(DemoLobby, EveryDeclarationValidatesWithTheEngine) {
    for (const TournamentDeclaration& d : demo_lobby()) {
        const auto bad = validate(d);
        EXPECT_FALSE(bad) << d.name << ": " << bad->key << ": " << bad->reason;
        if (const auto* poker = std::get_if<PokerTournament>(&d.rules)) {
            EXPECT_EQ(engine::validate(poker->structure), std::nullopt) << d.name;
        }
        // Each starts when full (re-opened by the server when it does).
        EXPECT_EQ(d.start, StartRule{StartWhenFull{}}) << d.name;
        EXPECT_EQ(d.min_players(), d.max_players()) << d.name;
        EXPECT_EQ(d.max_players(), d.seats()) << d.name;
    }
}

TEST(DemoLobby, ASitAndGoOfEachGameAndStructureAndAHeadsUp) {
    std::set<std::pair<TournamentGame, engine::Betting>> sit_and_go;
    std::set<std::string> names;
    int heads_up = 0;
    for (const TournamentDeclaration& d : demo_lobby()) {
        EXPECT_TRUE(names.insert(d.name).second) << "two demo tournaments named " << d.name;
        const auto* poker = std::get_if<PokerTournament>(&d.rules);
        const engine::Betting betting = poker ? poker->structure.betting : engine::Betting::NoLimit;
        if (d.kind == engine::TournamentKind::HeadsUp) {
            ++heads_up;
            EXPECT_EQ(d.seats(), 2);
            continue;
        }
        EXPECT_EQ(d.kind, engine::TournamentKind::SitAndGo) << d.name;
        sit_and_go.insert({d.game, betting});
    }
    EXPECT_EQ(heads_up, 1);
    const std::set<std::pair<TournamentGame, engine::Betting>> expected = {
        {TournamentGame::Holdem, engine::Betting::NoLimit},
        {TournamentGame::Holdem, engine::Betting::PotLimit},
        {TournamentGame::Holdem, engine::Betting::Limit},
        {TournamentGame::Stud, engine::Betting::Limit},
        {TournamentGame::Draw, engine::Betting::PotLimit},
        {TournamentGame::Polacco, engine::Betting::NoLimit}};
    EXPECT_EQ(sit_and_go, expected);
}

TEST(DemoLobby, OpenedOnlyWithoutDeclaredTournamentsAndWhenOn) {
    auto defaults = parse_config("", "t");
    ASSERT_TRUE(defaults) << defaults.error();
    EXPECT_EQ(lobby_tournaments(*defaults).size(), demo_lobby().size());

    auto off = parse_config("[lobby]\ndemo = false\n", "t");
    ASSERT_TRUE(off) << off.error();
    EXPECT_TRUE(lobby_tournaments(*off).empty());

    auto declared =
        parse_config("[lobby]\ndemo = true\n[[tournament]]\nname = \"Mine\"\ngame = \"draw\"\n", "t");
    ASSERT_TRUE(declared) << declared.error();
    const auto lobby = lobby_tournaments(*declared);
    ASSERT_EQ(lobby.size(), 1u);
    EXPECT_EQ(lobby[0].name, "Mine");
}
