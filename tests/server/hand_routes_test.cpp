// The operator's hand histories (server/api/hand_routes.hpp, hand_text.hpp) with a fake backend: the
// query read and refused naming the parameter, the selection handed to the backend, the JSON summary,
// the PHH and PokerStars documents, a player's hands checked exactly, 404 and 409.
#include <gtest/gtest.h>

#include <optional>

#include "engine/phh/parser.hpp"
#include "server/api/api_responses.hpp"
#include "server/api/hand_routes.hpp"
#include "server/api/hand_text.hpp"

using namespace tavolo;
using namespace tavolo::server;
using namespace tavolo::server::api;

namespace {

// Hold'em NL, three players: cy raises, bob calls, cy bets the flop and bob folds (pot 650).
const char* const kHand =
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\nmin_bet = 100\n"
    "starting_stacks = [5000, 5000, 5000]\n"
    "actions = ['d dh p1 7c2d', 'd dh p2 AhKh', 'd dh p3 QsQd', 'p3 cbr 300', 'p1 f', 'p2 cc', "
    "'d db 2c8h9s', 'p2 cc', 'p3 cbr 400', 'p2 f']\n"
    "hand = 7\nseats = [1, 2, 3]\nseat_count = 6\nplayers = ['ann', 'bob', 'cy']\n"
    "finishing_stacks = [4950, 4700, 5350]\n";

persistence::ListedHand listed(std::int64_t id, std::int64_t hand_number,
                               std::string players = "'ann', 'bob', 'cy'") {
    persistence::ListedHand h;
    h.id = id;
    h.tournament = persistence::TournamentId{3};
    h.tournament_name = "Sit&Go";
    h.game = "holdem";
    h.betting = "nl";
    h.buy_in_prize_cents = 1000;
    h.buy_in_fee_cents = 100;
    h.table_number = 1;
    h.hand_number = hand_number;
    h.level = 3;
    h.started_at = "2026-11-27T01:02:03.456Z";
    h.ended_at = "2026-11-27T01:02:09.000Z";
    h.phh = kHand;
    const auto at = h.phh.find("'ann', 'bob', 'cy'");
    h.phh.replace(at, 18, players);
    return h;
}

struct FakeBackend : HandBackend {
    std::optional<persistence::HandFilter> filter;
    persistence::StoreResult<HandPage> page = HandPage{};
    std::optional<std::tuple<std::int64_t, int, std::int64_t>> asked;
    persistence::StoreResult<persistence::ListedHand> one = listed(9, 7);

    void hands(persistence::HandFilter f, PageDone done) override {
        filter = f;
        done(page);
    }
    void hand(persistence::TournamentId t, int table, std::int64_t n, HandDone done) override {
        asked = std::make_tuple(raw(t), table, n);
        done(one);
    }
};

struct Fixture {
    FakeBackend backend;
    Router router;
    Fixture() { add_hand_routes(router, backend); }

    HttpResponse get(const std::string& target) {
        std::optional<HttpResponse> seen;
        ApiCall call;
        call.request = HttpRequest{"GET", target, "", ""};
        call.respond = [&seen](HttpResponse r) { seen = std::move(r); };
        router.dispatch(std::move(call));
        EXPECT_TRUE(seen.has_value()) << target;
        return seen.value_or(HttpResponse{});
    }
};

void expect_bad(Fixture& f, const std::string& target, const std::string& field) {
    const auto r = f.get(target);
    EXPECT_EQ(r.status, 400) << target << " " << r.body;
    EXPECT_NE(r.body.find("\"field\":\"" + field + "\""), std::string::npos) << target << " " << r.body;
    EXPECT_FALSE(f.backend.filter.has_value()) << "a refused query asks nothing of the database";
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

}  // namespace

TEST(HandRoutes, AMalformedQueryIsRefusedNamingTheParameter) {
    Fixture f;
    expect_bad(f, "/api/v1/hands", "tournament");
    expect_bad(f, "/api/v1/hands?limit=5", "tournament");
    expect_bad(f, "/api/v1/hands?tournament=abc", "tournament");
    expect_bad(f, "/api/v1/hands?tournament=0", "tournament");
    expect_bad(f, "/api/v1/hands?tournament=3&limit=0", "limit");
    expect_bad(f, "/api/v1/hands?tournament=3&limit=1001", "limit");
    expect_bad(f, "/api/v1/hands?tournament=3&before=x", "before");
    expect_bad(f, "/api/v1/hands?player=-4", "player");
    expect_bad(f, "/api/v1/hands?player=4&table=1", "table");
    expect_bad(f, "/api/v1/hands?tournament=3&format=xml", "format");
    expect_bad(f, "/api/v1/hands?tournament=3&tabel=1", "tabel");
    expect_bad(f, "/api/v1/hands/3/1/7?format=txt", "format");
    expect_bad(f, "/api/v1/hands/3/1/7?player=2", "player");
}

TEST(HandRoutes, TheListingGivesTheSelectionToTheBackendAndSummarisesEachHand) {
    Fixture f;
    f.backend.page = HandPage{{listed(12, 8), listed(9, 7)}, ""};
    const auto r = f.get("/api/v1/hands?tournament=3&table=1&limit=2&before=40");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.content_type, "application/json");
    ASSERT_TRUE(f.backend.filter.has_value());
    EXPECT_EQ(f.backend.filter->tournament, persistence::TournamentId{3});
    EXPECT_EQ(f.backend.filter->table_number, 1);
    EXPECT_FALSE(f.backend.filter->player.has_value());
    EXPECT_EQ(f.backend.filter->limit, 2);
    EXPECT_EQ(f.backend.filter->before, 40);
    EXPECT_EQ(count(r.body, "\"tournament\":3,"), 2U) << r.body;
    EXPECT_NE(r.body.find("\"hand\":8,"), std::string::npos) << r.body;
    EXPECT_LT(r.body.find("\"hand\":8,"), r.body.find("\"hand\":7,")) << "newest first, as given";
    EXPECT_NE(r.body.find("{\"name\":\"cy\",\"seat\":3,\"starting_stack\":5000,\"finishing_stack\":5350,"
                          "\"net\":350,\"won\":1050}"),
              std::string::npos)
        << r.body;
    EXPECT_NE(
        r.body.find(
            "\"name\":\"bob\",\"seat\":2,\"starting_stack\":5000,\"finishing_stack\":4700,\"net\":-300"),
        std::string::npos)
        << r.body;
    EXPECT_NE(r.body.find("\"pot\":650}"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("\"hand\":8,\"level\":3,"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("\"game\":\"holdem\",\"betting\":\"nl\""), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("\"ended_at\":\"2026-11-27T01:02:09.000Z\""), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("\"next_before\":9}"), std::string::npos)
        << "a full page says where the next starts";

    f.backend.page = HandPage{{listed(9, 7)}, ""};
    const auto last = f.get("/api/v1/hands?tournament=3");
    EXPECT_EQ(f.backend.filter->limit, 50) << "the default";
    EXPECT_NE(last.body.find("\"next_before\":null}"), std::string::npos) << last.body;
}

TEST(HandRoutes, APlayersHandsAreThoseHisNamePlaysIn) {
    Fixture f;
    // The database's search is by text: a hand where "cy" is only a substring of a name is dropped.
    f.backend.page = HandPage{{listed(12, 8, "'ann', 'bob', 'cyd'"), listed(9, 7)}, "cy"};
    const auto r = f.get("/api/v1/hands?player=5");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(f.backend.filter->player, persistence::AccountId{5});
    EXPECT_FALSE(f.backend.filter->tournament.has_value());
    EXPECT_EQ(count(r.body, "\"id\":"), 1U) << r.body;
    EXPECT_NE(r.body.find("\"id\":9,"), std::string::npos) << r.body;
}

TEST(HandRoutes, TheMultiHandPhhIsOnePhhsDocumentOfEveryHand) {
    Fixture f;
    f.backend.page = HandPage{{listed(12, 8), listed(9, 7)}, ""};
    const auto r = f.get("/api/v1/hands?tournament=3&format=phh");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.content_type, "text/plain; charset=utf-8");
    EXPECT_NE(r.body.find("[tournament-3-table-1-hand-8]"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("[tournament-3-table-1-hand-7]"), std::string::npos) << r.body;
    auto parsed = engine::phh::parse_hands(r.body);
    ASSERT_TRUE(parsed.has_value()) << parsed.error().to_string();
    ASSERT_EQ(parsed->size(), 2U);
    const auto stored = engine::phh::parse_hand(kHand);
    ASSERT_TRUE(stored.has_value());
    for (const auto& h : *parsed) {
        ASSERT_TRUE(h.hand.has_value());
        EXPECT_TRUE(h.hand->same_record(*stored)) << h.section;
    }
}

TEST(HandRoutes, TheMultiHandPokerStarsTextSeparatesHandsByBlankLines) {
    Fixture f;
    f.backend.page = HandPage{{listed(12, 8), listed(9, 7)}, ""};
    const auto r = f.get("/api/v1/hands?tournament=3&format=pokerstars");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.content_type, "text/plain; charset=utf-8");
    EXPECT_EQ(count(r.body, "Tournament #3, $10.00+$1.00 USD Hold'em No Limit"), 2U) << r.body;
    EXPECT_LT(r.body.find("PokerStars Hand #12: "), r.body.find("PokerStars Hand #9: ")) << "the stored ids";
    EXPECT_EQ(count(r.body, "\n\n\nPokerStars Hand #"), 1U) << r.body;
    EXPECT_NE(r.body.find("Table '3 1' 6-max Seat #3 is the button"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("2026/11/27 01:02:03 UTC"), std::string::npos) << r.body;
    EXPECT_EQ(r.body.find("Dealt to"), std::string::npos) << "the operator's form has no hero";
    EXPECT_NE(r.body.find("bob: shows [Ah Kh]"), std::string::npos) << "every player's cards";
}

TEST(HandRoutes, OneHandInEachFormat) {
    Fixture f;
    const auto json = f.get("/api/v1/hands/3/1/7");
    ASSERT_EQ(json.status, 200) << json.body;
    EXPECT_EQ(f.backend.asked, std::make_tuple(std::int64_t{3}, 1, std::int64_t{7}));
    EXPECT_NE(json.body.find("\"pot\":650,\"phh\":\"variant = 'NT'\\n"), std::string::npos) << json.body;
    EXPECT_NE(json.body.find("\"variant\":\"NT\""), std::string::npos) << json.body;

    const auto phh = f.get("/api/v1/hands/3/1/7?format=phh");
    ASSERT_EQ(phh.status, 200) << phh.body;
    EXPECT_EQ(phh.body, kHand) << "the stored PHH as it is";
    EXPECT_EQ(phh.content_type, "text/plain; charset=utf-8");

    const auto stars = f.get("/api/v1/hands/3/1/7?format=pokerstars");
    ASSERT_EQ(stars.status, 200) << stars.body;
    EXPECT_EQ(stars.body, pokerstars_hand(listed(9, 7)).value());
    EXPECT_EQ(
        stars.body.rfind("PokerStars Hand #9: Tournament #3, $10.00+$1.00 USD Hold'em No Limit - Level III "
                         "(50/100) - 2026/11/27 01:02:03 UTC\n",
                         0),
        0U)
        << stars.body;
}

TEST(HandRoutes, UnknownTournamentTableOrHandIsNotFound) {
    Fixture f;
    for (const char* target : {"/api/v1/hands/x/1/7", "/api/v1/hands/3/-1/7", "/api/v1/hands/3/1/-1"}) {
        const auto r = f.get(target);
        EXPECT_EQ(r.status, 404) << target << " " << r.body;
    }
    EXPECT_FALSE(f.backend.asked.has_value());
    f.backend.one =
        persistence::store_error(persistence::StoreErrc::not_found, "table 1 of tournament 3 has no hand 99");
    const auto r = f.get("/api/v1/hands/3/1/99");
    EXPECT_EQ(r.status, 404) << r.body;
    EXPECT_NE(r.body.find("has no hand 99"), std::string::npos) << r.body;
    f.backend.page = persistence::store_error(persistence::StoreErrc::not_found, "no tournament 8");
    const auto list = f.get("/api/v1/hands?tournament=8");
    EXPECT_EQ(list.status, 404) << list.body;
    EXPECT_NE(list.body.find("no tournament 8"), std::string::npos) << list.body;
}

TEST(HandRoutes, APolaccoHandHasASummaryButNoPhhOrPokerStarsForm) {
    Fixture f;
    auto polacco = listed(9, 7);
    polacco.game = "polacco";
    polacco.betting = "none";
    polacco.phh.clear();
    f.backend.one = polacco;
    const auto json = f.get("/api/v1/hands/3/1/7");
    ASSERT_EQ(json.status, 200) << json.body;
    EXPECT_NE(json.body.find("\"players\":[],\"pot\":null,\"phh\":null}"), std::string::npos) << json.body;
    EXPECT_EQ(f.get("/api/v1/hands/3/1/7?format=phh").status, 409);
    EXPECT_EQ(f.get("/api/v1/hands/3/1/7?format=pokerstars").status, 409);
    f.backend.page = HandPage{{polacco, listed(8, 6)}, ""};
    const auto stars = f.get("/api/v1/hands?tournament=3&format=pokerstars");
    EXPECT_EQ(count(stars.body, "PokerStars Hand #"), 1U) << "the Polacco hand is left out";
}
