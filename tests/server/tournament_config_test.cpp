// [[tournament]] declarations (RULES.md §6, §5, §9): parsed into the engine's structures, every
// bad value an error naming tournament[i].key, the engine's refusals included.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "server/config.hpp"
#include "server/tournament_toml.hpp"

using namespace tavolo::server;
namespace engine = tavolo::engine;
using namespace std::chrono;

namespace {

std::string example_file() {
    std::ifstream in(std::string(TAVOLO_SOURCE_DIR) + "/deploy/tavolo.example.toml");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The commented lines of the example from the one starting with `first` up to the first line that is only
// "#", uncommented: the example the documentation shows, parsed as a user would after uncommenting it.
std::string uncommented_block(const std::string& first) {
    std::istringstream in(example_file());
    std::string line, block;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.starts_with(first)) inside = true;
        if (!inside) continue;
        if (line == "#") break;
        if (line.starts_with("# ")) block += line.substr(2) + "\n";
    }
    return block;
}

std::expected<Config, std::string> parse_tournament(const std::string& body) {
    return parse_config("[[tournament]]\n" + body, "test");
}

const engine::TournamentStructure& structure(const Config& c, std::size_t i = 0) {
    return std::get<PokerTournament>(c.tournaments.at(i).rules).structure;
}

// A valid Sit&Go to which each case adds one line.
constexpr const char* kBase = "name = \"T\"\ngame = \"holdem\"\n";
constexpr const char* kPolacco = "name = \"P\"\ngame = \"polacco\"\n";

void expect_error(const std::string& body, const std::string& expected) {
    auto c = parse_tournament(body);
    ASSERT_FALSE(c) << body;
    EXPECT_NE(c.error().find(expected), std::string::npos) << "got: " << c.error() << "\nfor:\n" << body;
}

}  // namespace

TEST(TournamentConfig, TheExampleFullDeclarationParsesToTheExpectedStructure) {
    const std::string block = uncommented_block("# [[tournament]]");
    ASSERT_NE(block.find("name = \"Evening Hold'em\""), std::string::npos) << block;
    auto c = parse_config(block, "example");
    ASSERT_TRUE(c) << c.error();
    ASSERT_EQ(c->tournaments.size(), 1u);
    const TournamentDeclaration& d = c->tournaments[0];
    EXPECT_EQ(d.name, "Evening Hold'em");
    EXPECT_EQ(d.game, TournamentGame::Holdem);
    EXPECT_EQ(d.kind, engine::TournamentKind::ScheduledMtt);
    EXPECT_EQ(d.start, StartRule{StartAt{sys_days(year{2026} / 11 / 25) + hours(20)}});
    const auto& p = std::get<PokerTournament>(d.rules);
    const engine::TournamentStructure& s = p.structure;
    EXPECT_EQ(s.variant, engine::Variant::Holdem);
    EXPECT_EQ(s.betting, engine::Betting::NoLimit);
    EXPECT_EQ(s.table_size, 9);
    EXPECT_EQ(s.buy_in.prize_part, 2000);
    EXPECT_EQ(s.buy_in.fee, 200);
    EXPECT_FALSE(s.freeroll);
    EXPECT_EQ(s.guarantee, 50'000);
    ASSERT_TRUE(p.payout_table);
    EXPECT_EQ(p.payout_table->shares, engine::payout_table_from_percentages({50, 30, 20})->shares);
    EXPECT_EQ(s.min_players, 3);
    EXPECT_EQ(s.max_players, 180);
    EXPECT_EQ(s.starting_stack, 5000);
    EXPECT_EQ(s.level_duration, minutes(15));
    ASSERT_EQ(s.blinds.levels.size(), 7u);
    EXPECT_EQ(s.blinds.levels[0], (engine::BlindLevel{25, 50, 0}));
    EXPECT_EQ(s.blinds.levels[6], (engine::BlindLevel{300, 600, 25}));
    EXPECT_EQ(s.blinds.ante_mode, engine::AnteMode::Classic);
    EXPECT_TRUE(s.breaks);
    EXPECT_TRUE(s.rebuys.enabled);
    EXPECT_EQ(s.rebuys.period_levels, 4);
    EXPECT_EQ(s.rebuys.max_rebuys, 0);
    EXPECT_EQ(s.rebuys.price.prize_part, 2000);
    EXPECT_EQ(s.rebuys.price.fee, 200);
    EXPECT_TRUE(s.rebuys.addon);
    EXPECT_EQ(s.rebuys.addon_price.total(), 2200);
    EXPECT_EQ(s.rebuys.addon_chips, 5000);
    EXPECT_TRUE(s.late_registration);
    EXPECT_EQ(s.late_registration_levels, 3);
    EXPECT_TRUE(s.reentry);
    EXPECT_EQ(s.deadline, std::nullopt);
    EXPECT_EQ(p.clock.base, seconds(30));
    EXPECT_EQ(p.clock.bank_start, seconds(60));
    EXPECT_EQ(p.clock.bank_per_level, seconds(10));
    EXPECT_EQ(p.clock.bank_cap, seconds(120));
    EXPECT_EQ(p.clock.final_warning, seconds(10));
    EXPECT_EQ(engine::validate(s), std::nullopt);
}

TEST(TournamentConfig, TheExamplePolaccoKeysParse) {
    const std::string keys = uncommented_block("# mode = ");
    ASSERT_NE(keys.find("turn_seconds"), std::string::npos) << keys;
    auto c = parse_tournament(std::string(kPolacco) + keys);
    ASSERT_TRUE(c) << c.error();
    const auto& p = std::get<PolaccoTournament>(c->tournaments.at(0).rules);
    EXPECT_EQ(p.config.rules.mode, engine::polacco::Mode::NoDealer);
    EXPECT_EQ(p.config.rules.turn_seconds, 30);
    EXPECT_FALSE(p.config.rules.passamano);
    // The example writes the defaults: the same as a declaration without these keys.
    auto plain = parse_tournament(kPolacco);
    ASSERT_TRUE(plain) << plain.error();
    const auto& d = std::get<PolaccoTournament>(plain->tournaments.at(0).rules).config.rules;
    EXPECT_EQ(p.config.rules.mode, d.mode);
    EXPECT_EQ(p.config.rules.clockwise_only, d.clockwise_only);
    EXPECT_EQ(p.config.rules.passamano, d.passamano);
    EXPECT_EQ(p.config.rules.bonus, d.bonus);
    EXPECT_EQ(p.config.rules.turn_seconds, d.turn_seconds);
}

TEST(TournamentConfig, EveryKeyIsDocumentedInTheExample) {
    const std::string text = example_file();
    for (const std::string& key : tournament_keys())
        EXPECT_NE(text.find("\n# " + key + " = "), std::string::npos)
            << key << " is not in tavolo.example.toml";
}

// RULES.md §6: a Sit&Go of hold'em has 10 seats, 3,000 chips, 8-minute levels, no antes, no breaks,
// starts when full; the buy-in is the engine's default.
TEST(TournamentConfig, Rules_6_DefaultsAreTheEnginesForKindAndGame) {
    auto c = parse_tournament(kBase);
    ASSERT_TRUE(c) << c.error();
    const auto expected = engine::default_structure(engine::TournamentKind::SitAndGo, engine::Variant::Holdem,
                                                    engine::Betting::NoLimit);
    const auto& s = structure(*c);
    EXPECT_EQ(s.table_size, expected.table_size);
    EXPECT_EQ(s.starting_stack, 3000);
    EXPECT_EQ(s.level_duration, minutes(8));
    EXPECT_EQ(s.blinds.levels, expected.blinds.levels);
    EXPECT_EQ(s.blinds.ante_mode, engine::AnteMode::None);
    EXPECT_EQ(s.min_players, 10);
    EXPECT_EQ(s.max_players, 10);
    EXPECT_EQ(s.buy_in.total(), expected.buy_in.total());
    EXPECT_FALSE(s.breaks);
    EXPECT_FALSE(s.rebuys.enabled);
    EXPECT_EQ(c->tournaments[0].start, StartRule{StartWhenFull{}});
    EXPECT_FALSE(std::get<PokerTournament>(c->tournaments[0].rules).payout_table);

    auto stud = parse_tournament(
        "name = \"S\"\ngame = \"stud\"\nkind = \"mtt\"\nbetting = \"limit\"\nstart = \"+1h\"\n");
    ASSERT_TRUE(stud) << stud.error();
    EXPECT_EQ(structure(*stud).blinds.ante_mode, engine::AnteMode::Classic);  // stud MTTs have antes
    EXPECT_EQ(structure(*stud).betting, engine::Betting::Limit);
    EXPECT_EQ(structure(*stud).level_duration, minutes(15));
    EXPECT_EQ(structure(*stud).starting_stack, 5000);
}

TEST(TournamentConfig, SeatsSizeTheSitAndGoField) {
    auto c = parse_tournament(std::string(kBase) + "seats = 6\n");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(structure(*c).table_size, 6);
    EXPECT_EQ(structure(*c).max_players, 6);
    EXPECT_EQ(structure(*c).min_players, 6);
}

TEST(TournamentConfig, Rules_6_SitAndGoDeadlineFromADelay) {
    auto c = parse_tournament(std::string(kBase) + "seats = 6\nmin_players = 3\nstart = \"+90s\"\n");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(c->tournaments[0].start, StartRule{StartAfter{seconds(90)}});
    EXPECT_EQ(structure(*c).deadline, milliseconds(90'000));
    // The engine then starts it at the deadline with the minimum.
    EXPECT_EQ(engine::sit_and_go_start(structure(*c), 3, seconds(90)), engine::StartDecision::Start);
    EXPECT_EQ(engine::sit_and_go_start(structure(*c), 3, seconds(89)), engine::StartDecision::Wait);
}

TEST(TournamentConfig, StartAsRfc3339StringOrTomlDateTime) {
    const StartRule expected{StartAt{sys_days(year{2026} / 11 / 25) + hours(19)}};
    for (const char* start : {"start = \"2026-11-25T20:00:00+01:00\"\n",
                              "start = 2026-11-25T20:00:00+01:00\n", "start = 2026-11-25T19:00:00Z\n"}) {
        auto c = parse_tournament(std::string(kBase) + "kind = \"mtt\"\n" + start);
        ASSERT_TRUE(c) << c.error();
        EXPECT_EQ(c->tournaments[0].start, expected) << start;
        EXPECT_EQ(structure(*c).deadline, std::nullopt);  // an MTT's start is not a Sit&Go deadline
    }
    expect_error(std::string(kBase) + "kind = \"mtt\"\nstart = 2026-11-25T20:00:00\n",
                 "tournament[0].start: a time needs its UTC offset");
    expect_error(std::string(kBase) + "kind = \"mtt\"\nstart = \"2026-11-25T20:00:00\"\n",
                 "tournament[0].start: '2026-11-25T20:00:00' is neither");
    expect_error(std::string(kBase) + "kind = \"mtt\"\nstart = 90\n", "tournament[0].start: must be");
    expect_error(std::string(kBase) + "kind = \"mtt\"\n",
                 "tournament[0].start: an MTT or shoot-out starts at its time");
}

TEST(TournamentConfig, BadValuesNameTheKey) {
    struct Case {
        const char* line;
        const char* error;
    } cases[] = {
        {"kind = \"turbo\"", "tournament[0].kind: must be one of sng, headsup, mtt, shootout; got \"turbo\""},
        {"betting = \"NL\"", "tournament[0].betting: must be one of nl, pl, limit"},
        {"seats = \"6\"", "tournament[0].seats: must be an integer"},
        {"seats = 6.0", "tournament[0].seats: must be an integer"},
        {"buy_in = 20.00", "tournament[0].buy_in: must be an amount as a string"},
        {"buy_in = \"20.001\"", "tournament[0].buy_in: '20.001' is not an amount"},
        {"fee = \"-1\"", "tournament[0].fee: '-1' is not an amount"},
        {"guarantee = \"lots\"", "tournament[0].guarantee:"},
        {"freeroll = 1", "tournament[0].freeroll: must be true or false"},
        {"payout = [30, 50, 20]", "tournament[0].payout: must be percentages"},
        {"payout = [50, 30]", "tournament[0].payout: must be percentages"},
        {"payout = \"50/30/20\"", "tournament[0].payout: must be percentages"},
        {"min_players = -1", "tournament[0].min_players: must be an integer from 0"},
        {"max_players = 1.5", "tournament[0].max_players: must be an integer"},
        {"start = \"soon\"", "tournament[0].start: 'soon' is neither"},
        {"starting_stack = -5", "tournament[0].starting_stack: must be an integer from 0"},
        {"level_minutes = \"8\"", "tournament[0].level_minutes: must be an integer"},
        {"levels = [[25]]", "tournament[0].levels: must be an array of levels"},
        {"levels = [[25, 50, 0, 0]]", "tournament[0].levels: must be an array of levels"},
        {"levels = [[25, -50]]", "tournament[0].levels: must be an array of levels"},
        {"levels = [[25, 50, 5]]\nantes = \"none\"",
         "tournament[0].levels: a level has an ante but antes = \"none\""},
        {"levels = [[25, 50]]\nantes = \"classic\"", "tournament[0].antes: the levels have no ante"},
        {"antes = \"yes\"", "tournament[0].antes: must be one of none, classic, big_blind"},
        {"breaks = \"no\"", "tournament[0].breaks: must be true or false"},
        {"rebuy = 1", "tournament[0].rebuy: must be true or false"},
        {"rebuy_levels = 3", "tournament[0].rebuy_levels: applies to re-buys: set rebuy = true"},
        {"rebuy = true\nrebuy_levels = 0", "tournament[0].rebuy_levels: must be an integer from 1"},
        {"rebuy = true\nrebuy_max = -1", "tournament[0].rebuy_max: must be an integer from 0"},
        {"rebuy = true\nrebuy_price = \"x\"", "tournament[0].rebuy_price:"},
        {"rebuy = true\nrebuy_fee = 2", "tournament[0].rebuy_fee: must be an amount"},
        {"addon = true", "tournament[0].addon: applies to re-buys: set rebuy = true"},
        {"rebuy = true\naddon_chips = 5000",
         "tournament[0].addon_chips: applies to the add-on: set addon = true"},
        {"rebuy = true\naddon = true\naddon_chips = 0",
         "tournament[0].addon_chips: must be an integer from 1"},
        {"rebuy = true\naddon = true\naddon_price = \"1.234\"", "tournament[0].addon_price:"},
        {"rebuy = true\naddon = true\naddon_fee = \"\"", "tournament[0].addon_fee:"},
        {"late_registration_levels = -1",
         "tournament[0].late_registration_levels: must be an integer from 0"},
        {"reentry = true", "tournament[0].reentry: re-entry is open while late registration is"},
        {"reentry = \"yes\"", "tournament[0].reentry: must be true or false"},
        {"action_seconds = 0", "tournament[0].action_seconds: must be an integer from 1"},
        {"time_bank_seconds = -1", "tournament[0].time_bank_seconds: must be an integer from 0"},
        {"time_bank_seconds = 200", "tournament[0].time_bank_seconds: the starting time bank is above"},
        {"time_bank_per_level_seconds = 1.5",
         "tournament[0].time_bank_per_level_seconds: must be an integer"},
        {"time_bank_cap_seconds = 86401",
         "tournament[0].time_bank_cap_seconds: must be an integer from 0 to 86400"},
        {"final_warning_seconds = -1", "tournament[0].final_warning_seconds: must be an integer from 0"},
        {"mode = \"casino\"", "tournament[0].mode: a Poker Polacco setting, not one of a poker game"},
        {"turn_seconds = 30", "tournament[0].turn_seconds: a Poker Polacco setting"},
        {"blinds = [[25, 50]]", "tournament[0].blinds: unknown setting"},
        {"min_players = 3", "tournament[0].min_players: without `start` a Sit&Go starts only when full"},
        {"max_players = 11",
         "tournament[0].max_players: a Sit&Go plays at one table: at most `seats` players (10)"},
        {"payout = [50, 30, 20]\nseats = 2\nkind = \"headsup\"",
         "tournament[0].payout: pays 3 places but the tournament may start with 2 players"},
        {"kind = \"headsup\"\nseats = 3", "tournament[0].seats: a heads-up tournament seats 2"},
    };
    for (const auto& tc : cases)
        expect_error(std::string(kBase) + tc.line + "\n", tc.error);
}

TEST(TournamentConfig, NameAndGameAreRequired) {
    expect_error("game = \"holdem\"\n", "tournament[0].name: missing");
    expect_error("name = \"T\"\n", "tournament[0].game: missing: holdem, stud, draw or polacco");
    expect_error("name = \"T\"\ngame = \"omaha\"\n",
                 "tournament[0].game: must be one of holdem, stud, draw, polacco");
    expect_error("name = \"\"\ngame = \"holdem\"\n", "tournament[0].name: must not be empty");
    expect_error("name = 5\ngame = \"holdem\"\n", "tournament[0].name: must be a string");
}

// The engine's validate() refuses these structures; the error names the key and gives its reason.
TEST(TournamentConfig, EngineRefusedStructuresAreErrorsNamingTheKey) {
    struct Case {
        const char* lines;
        const char* error;
    } cases[] = {
        {"seats = 11", "tournament[0].seats: table size must be 2 to 10 (draw: at most 6)"},
        {"seats = 1", "tournament[0].seats: table size must be 2 to 10"},
        {"buy_in = \"200.00\"",
         "tournament[0].buy_in: the buy-in (prize part + fee) must be 0.50 to 100.00 EUR"},
        {"buy_in = \"0.20\"\nfee = \"0.10\"", "tournament[0].buy_in: the buy-in (prize part + fee) must be"},
        {"level_minutes = 0", "tournament[0].level_minutes: blind levels last at least 1 minute"},
        {"levels = []", "tournament[0].levels: the blind schedule has no levels"},
        {"levels = [[100, 50]]", "tournament[0].levels: every blind level needs a big blind above zero"},
        {"starting_stack = 0", "tournament[0].starting_stack: the starting stack must be positive"},
        {"kind = \"mtt\"\nstart = \"+1h\"\nmin_players = 1",
         "tournament[0].min_players: a tournament needs at least 2"},
        {"rebuy = true\nrebuy_price = \"500.00\"",
         "tournament[0].buy_in: the buy-in (prize part + fee) must be"},
        {"kind = \"mtt\"\nstart = \"+1h\"\nstarting_stack = 9007199254740991",
         "tournament[0].starting_stack: the field could hold more chips"},
        {"kind = \"mtt\"\nstart = \"+1h\"\nfreeroll = true\nbuy_in = \"90071992547.00\"\nmax_players = "
         "10000000",
         "tournament[0].max_players: the field could pay more than the engine allows"},
    };
    for (const auto& tc : cases)
        expect_error(std::string(kBase) + tc.lines + "\n", tc.error);
    expect_error("name = \"D\"\ngame = \"draw\"\nseats = 7\n",
                 "tournament[0].seats: table size must be 2 to 10 (draw: at most 6)");
}

TEST(TournamentConfig, AntesFollowTheLevelsOrTheKey) {
    auto bb = parse_tournament(std::string(kBase) + "antes = \"big_blind\"\n");
    ASSERT_TRUE(bb) << bb.error();
    EXPECT_EQ(structure(*bb).blinds.ante_mode, engine::AnteMode::BigBlind);
    EXPECT_EQ(structure(*bb).blinds.levels, engine::default_mtt_levels());
    auto implied = parse_tournament(std::string(kBase) + "levels = [[10, 20, 5], [20, 40, 5]]\n");
    ASSERT_TRUE(implied) << implied.error();
    EXPECT_EQ(structure(*implied).blinds.ante_mode, engine::AnteMode::Classic);
    auto none = parse_tournament(
        "name = \"S\"\ngame = \"stud\"\nkind = \"mtt\"\nstart = \"+1h\"\nantes = \"none\"\n");
    ASSERT_TRUE(none) << none.error();
    EXPECT_EQ(structure(*none).blinds.ante_mode, engine::AnteMode::None);
    for (const auto& l : structure(*none).blinds.levels)
        EXPECT_EQ(l.ante, 0);
}

TEST(TournamentConfig, ErrorsNameTheTournamentsIndexAndNamesDiffer) {
    const std::string two = std::string("[[tournament]]\n") + kBase +
                            "[[tournament]]\nname = \"U\"\ngame = \"holdem\"\nseats = 12\n";
    auto c = parse_config(two, "t");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find("tournament[1].seats:"), std::string::npos) << c.error();
    auto same = parse_config(std::string("[[tournament]]\n") + kBase + "[[tournament]]\n" + kBase, "t");
    ASSERT_FALSE(same);
    EXPECT_NE(same.error().find("tournament[1].name: \"T\" is already the name of tournament[0]"),
              std::string::npos)
        << same.error();
    auto order = parse_config(std::string("[[tournament]]\n") + kBase + "[[tournament]]\n" + kPolacco, "t");
    ASSERT_TRUE(order) << order.error();
    ASSERT_EQ(order->tournaments.size(), 2u);
    EXPECT_EQ(order->tournaments[1].game, TournamentGame::Polacco);
}

// RULES.md §9: Polacco seats 7 a table (9 in casino mode), has no betting, chips or levels.
TEST(TournamentConfig, Rules_9_PolaccoDeclarations) {
    auto c = parse_tournament(std::string(kPolacco) +
                              "mode = \"casino\"\nclockwise_only = true\npassamano = true\nbonus = true\n"
                              "turn_seconds = 20\nbuy_in = \"5.00\"\nfee = \"0.50\"\nguarantee = \"100.00\"\n"
                              "payout = [70, 30]\n");
    ASSERT_TRUE(c) << c.error();
    const TournamentDeclaration& d = c->tournaments[0];
    EXPECT_EQ(d.game, TournamentGame::Polacco);
    const auto& p = std::get<PolaccoTournament>(d.rules);
    EXPECT_EQ(p.config.rules.mode, engine::polacco::Mode::Casino);
    EXPECT_TRUE(p.config.rules.clockwise_only);
    EXPECT_TRUE(p.config.rules.passamano);
    EXPECT_TRUE(p.config.rules.bonus);
    EXPECT_EQ(p.config.rules.turn_seconds, 20);
    EXPECT_EQ(p.seats, 9);
    EXPECT_EQ(d.max_players(), 9);
    EXPECT_EQ(d.min_players(), 9);
    EXPECT_EQ(p.buy_in.total(), 550);
    EXPECT_EQ(p.config.prize_part, 500);
    EXPECT_EQ(p.config.guarantee, 10'000);
    EXPECT_EQ(p.config.payout_table->shares, engine::payout_table_from_percentages({70, 30})->shares);

    auto plain = parse_tournament(kPolacco);
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(std::get<PolaccoTournament>(plain->tournaments[0].rules).seats, 7);

    auto mtt = parse_tournament(std::string(kPolacco) + "kind = \"mtt\"\nstart = \"+10m\"\n");
    ASSERT_TRUE(mtt) << mtt.error();
    EXPECT_EQ(mtt->tournaments[0].seats(), 7);
    EXPECT_EQ(mtt->tournaments[0].min_players(), 2);
    // Issue 11: a Polacco MTT of 30 on several tables, started at its time with its minimum.
    auto thirty = parse_tournament(std::string(kPolacco) +
                                   "kind = \"mtt\"\nstart = \"+10m\"\nmin_players = 12\nmax_players = 30\n");
    ASSERT_TRUE(thirty) << thirty.error();
    EXPECT_EQ(thirty->tournaments[0].kind, engine::TournamentKind::ScheduledMtt);
    EXPECT_EQ(thirty->tournaments[0].seats(), 7);
    EXPECT_EQ(thirty->tournaments[0].min_players(), 12);
    EXPECT_EQ(thirty->tournaments[0].max_players(), 30);

    auto hu = parse_tournament(std::string(kPolacco) + "kind = \"headsup\"\n");
    ASSERT_TRUE(hu) << hu.error();
    EXPECT_EQ(hu->tournaments[0].seats(), 2);
    EXPECT_EQ(hu->tournaments[0].max_players(), 2);
}

TEST(TournamentConfig, Rules_9_PolaccoRefusals) {
    struct Case {
        const char* lines;
        const char* error;
    } cases[] = {
        {"betting = \"nl\"", "tournament[0].betting: not a Poker Polacco setting"},
        {"levels = [[1, 2]]", "tournament[0].levels: not a Poker Polacco setting"},
        {"starting_stack = 10", "tournament[0].starting_stack: not a Poker Polacco setting"},
        {"mode = \"dealer\"", "tournament[0].mode: must be one of no_dealer, casino"},
        {"clockwise_only = true",
         "tournament[0].clockwise_only: inconsistent rules: 'clockwise only' is a casino-mode option"},
        {"seats = 8", "tournament[0].seats: Poker Polacco seats 2 to 7"},
        {"mode = \"casino\"\nseats = 10", "tournament[0].seats: Poker Polacco seats 2 to 9"},
        {"kind = \"mtt\"\nstart = \"+1h\"\nseats = 6",
         "tournament[0].seats: Poker Polacco draws its multi-table"},
        {"kind = \"shootout\"\nstart = \"+1h\"", "tournament[0].kind: Poker Polacco has no shoot-out"},
        {"buy_in = \"150.00\"",
         "tournament[0].buy_in: the buy-in (prize part + fee) must be 0.50 to 100.00 EUR"},
        {"turn_seconds = 0", "tournament[0].turn_seconds: must be an integer from 1"},
        {"passamano = \"on\"", "tournament[0].passamano: must be true or false"},
        {"payout = [40, 30, 20, 10]\nseats = 3", "tournament[0].payout: pays 4 places"},
        {"min_players = 4", "tournament[0].min_players: without `start`"},
    };
    for (const auto& tc : cases)
        expect_error(std::string(kPolacco) + tc.lines + "\n", tc.error);
}
