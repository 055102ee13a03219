#include "server/tournament_toml.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <tuple>

#include "server/table_reader.hpp"

namespace tavolo::server {

namespace {

using engine::TournamentKind;
using Error = std::unexpected<std::string>;

const std::set<std::string>& common_keys() {
    static const std::set<std::string> keys = {
        "name",      "game",   "kind",        "seats",       "buy_in", "fee",  "freeroll",
        "guarantee", "payout", "min_players", "max_players", "start",  "every"};
    return keys;
}
const std::set<std::string>& poker_keys() {
    static const std::set<std::string> keys = {"betting",
                                               "starting_stack",
                                               "level_minutes",
                                               "levels",
                                               "antes",
                                               "breaks",
                                               "rebuy",
                                               "rebuy_levels",
                                               "rebuy_max",
                                               "rebuy_price",
                                               "rebuy_fee",
                                               "addon",
                                               "addon_price",
                                               "addon_fee",
                                               "addon_chips",
                                               "late_registration_levels",
                                               "reentry",
                                               "action_seconds",
                                               "time_bank_seconds",
                                               "time_bank_per_level_seconds",
                                               "time_bank_cap_seconds",
                                               "final_warning_seconds"};
    return keys;
}
const std::set<std::string>& polacco_keys() {
    static const std::set<std::string> keys = {"mode", "clockwise_only", "passamano", "bonus",
                                               "turn_seconds"};
    return keys;
}

// Keys the table may hold; a key of the other family of games is refused with its family named.
void check_keys(TableReader& r, bool polacco) {
    for (const auto& [k, v] : r.table()) {
        const std::string key(k.str());
        const bool poker_only = poker_keys().contains(key), polacco_only = polacco_keys().contains(key);
        if (!common_keys().contains(key) && !poker_only && !polacco_only)
            r.fail(key, "unknown setting (see deploy/tavolo.example.toml for the tournament keys)");
        if (polacco && poker_only) r.fail(key, "not a Poker Polacco setting (it has no chips or betting)");
        if (!polacco && polacco_only) r.fail(key, "a Poker Polacco setting, not one of a poker game");
    }
}

constexpr std::int64_t kMaxChips = engine::kMaxTotalChips;
constexpr std::int64_t kMaxPlayers = engine::kMaxEntrants;
constexpr std::int64_t kMaxSeconds = 24 * 3600;

// A TOML date-time (`start = 2026-11-25T20:00:00Z`, unquoted) as RFC 3339 text.
std::optional<std::string> rfc3339(const toml::date_time& t) {
    if (!t.offset) return std::nullopt;
    char text[64];
    const int offset = t.offset->minutes;
    const int size = offset < 0 ? -offset : offset;
    std::snprintf(text, sizeof text, "%04u-%02u-%02uT%02u:%02u:%02u.%09u%c%02d:%02d", unsigned{t.date.year},
                  unsigned{t.date.month}, unsigned{t.date.day}, unsigned{t.time.hour},
                  unsigned{t.time.minute}, unsigned{t.time.second}, unsigned{t.time.nanosecond},
                  offset < 0 ? '-' : '+', size / 60, size % 60);
    return text;
}

void read_start(TableReader& r, StartRule& out) {
    const toml::node* n = r.node("start");
    if (!n) return;
    std::optional<std::string> text = n->value_exact<std::string>();
    if (const auto* dt = n->as_date_time()) {
        text = rfc3339(dt->get());
        if (!text) return r.fail("start", "a time needs its UTC offset (add \"Z\" or \"+01:00\")");
    }
    if (!text)
        return r.fail("start",
                      "must be an RFC 3339 time such as \"2026-11-25T20:00:00Z\" or a delay "
                      "such as \"+90s\"");
    auto rule = parse_start_rule(*text);
    if (!rule) return r.fail("start", rule.error());
    out = *rule;
}

// `every = "30m"` ("90s", "2h", or with a leading "+"): at least a minute, at most a year.
void read_every(TableReader& r, std::optional<std::chrono::seconds>& out) {
    const toml::node* n = r.node("every");
    if (!n) return;
    const char* want = "must be a period such as \"30m\", \"2h\" or \"90s\", from 1 minute to a year";
    auto text = n->value_exact<std::string>();
    if (!text || text->empty()) return r.fail("every", want);
    auto rule = parse_start_rule(text->front() == '+' ? *text : "+" + *text);
    const auto* after = rule ? std::get_if<StartAfter>(&*rule) : nullptr;
    if (after == nullptr || after->delay < std::chrono::minutes(1)) return r.fail("every", want);
    out = after->delay;
}

void read_payout(TableReader& r, std::optional<engine::PayoutTable>& out) {
    const toml::node* n = r.node("payout");
    if (!n) return;
    const auto* array = n->as_array();
    const char* want =
        "must be percentages by place, such as [50, 30, 20]: positive, non-increasing, summing to 100";
    if (!array) return r.fail("payout", want);
    std::vector<int> percentages;
    for (const auto& item : *array) {
        auto value = item.value_exact<std::int64_t>();
        if (!value || *value < 1 || *value > 100) return r.fail("payout", want);
        percentages.push_back(static_cast<int>(*value));
    }
    auto table = engine::payout_table_from_percentages(percentages);
    if (!table) return r.fail("payout", want);
    out = *table;
}

// `levels = [[25, 50], [50, 100], [300, 600, 25]]`: small blind, big blind, optional ante.
void read_levels(TableReader& r, std::optional<std::vector<engine::BlindLevel>>& out) {
    const toml::node* n = r.node("levels");
    if (!n) return;
    const char* want =
        "must be an array of levels [small blind, big blind] or [small blind, big blind, ante], "
        "integers from 0 to 2^53 - 1";
    const auto* array = n->as_array();
    if (!array) return r.fail("levels", want);
    std::vector<engine::BlindLevel> levels;
    for (const auto& item : *array) {
        const auto* level = item.as_array();
        if (!level || level->size() < 2 || level->size() > 3) return r.fail("levels", want);
        std::int64_t v[3] = {0, 0, 0};
        for (std::size_t i = 0; i < level->size(); ++i) {
            auto value = (*level)[i].value_exact<std::int64_t>();
            if (!value || *value < 0 || *value > kMaxChips) return r.fail("levels", want);
            v[i] = *value;
        }
        levels.push_back({v[0], v[1], v[2]});
    }
    out = std::move(levels);
}

// Blinds and antes: explicit levels, or the default schedule; the ante mode agrees with them.
void read_blinds(TableReader& r, engine::TournamentStructure& s) {
    std::optional<engine::AnteMode> mode;
    r.read_choice("antes",
                  {std::pair{"none", engine::AnteMode::None}, std::pair{"classic", engine::AnteMode::Classic},
                   std::pair{"big_blind", engine::AnteMode::BigBlind}},
                  mode);
    std::optional<std::vector<engine::BlindLevel>> levels;
    read_levels(r, levels);
    if (r.failed()) return;
    if (levels) {
        const bool antes = std::ranges::any_of(*levels, [](const auto& l) { return l.ante > 0; });
        if (mode == engine::AnteMode::None && antes)
            return r.fail("levels", "a level has an ante but antes = \"none\"");
        if (mode && *mode != engine::AnteMode::None && !antes)
            return r.fail("antes", "the levels have no ante: give each level a third number");
        s.blinds.levels = std::move(*levels);
        s.blinds.ante_mode = mode ? *mode : antes ? engine::AnteMode::Classic : engine::AnteMode::None;
        return;
    }
    if (!mode) return;
    if (*mode == engine::AnteMode::None) {
        for (auto& l : s.blinds.levels)
            l.ante = 0;
        s.blinds.ante_mode = engine::AnteMode::None;
        return;
    }
    // The written schedule's antes (§6), posted by everyone or by the big blind.
    s.blinds.levels = engine::default_mtt_levels();
    s.blinds.ante_mode = *mode;
}

void read_rebuys(TableReader& r, engine::TournamentStructure& s) {
    engine::RebuyRules& b = s.rebuys;
    r.read("rebuy", b.enabled);
    r.read("addon", b.addon);
    for (const char* key : {"rebuy_levels", "rebuy_max", "rebuy_price", "rebuy_fee", "addon", "addon_price",
                            "addon_fee", "addon_chips"})
        if (r.has(key) && !b.enabled) r.fail(key, "applies to re-buys: set rebuy = true");
    for (const char* key : {"addon_price", "addon_fee", "addon_chips"})
        if (r.has(key) && !b.addon) r.fail(key, "applies to the add-on: set addon = true");
    b.period_levels = b.enabled ? 4 : 0;  // the first hour at 15-minute levels
    b.price = s.buy_in;
    b.addon_price = s.buy_in;
    b.addon_chips = b.addon ? s.starting_stack : 0;
    r.read_integer("rebuy_levels", 1, 1000, b.period_levels);
    r.read_integer("rebuy_max", 0, 1000, b.max_rebuys);
    r.read_amount("rebuy_price", b.price.prize_part);
    r.read_amount("rebuy_fee", b.price.fee);
    r.read_amount("addon_price", b.addon_price.prize_part);
    r.read_amount("addon_fee", b.addon_price.fee);
    r.read_integer("addon_chips", 1, kMaxChips, b.addon_chips);
}

void read_clock(TableReader& r, engine::ClockSettings& c) {
    for (auto [key, target, min] : {std::tuple{"action_seconds", &c.base, 1},
                                    {"time_bank_seconds", &c.bank_start, 0},
                                    {"time_bank_per_level_seconds", &c.bank_per_level, 0},
                                    {"time_bank_cap_seconds", &c.bank_cap, 0},
                                    {"final_warning_seconds", &c.final_warning, 0}}) {
        std::int64_t seconds = std::chrono::duration_cast<std::chrono::seconds>(*target).count();
        r.read_integer(key, min, kMaxSeconds, seconds);
        *target = std::chrono::seconds(seconds);
    }
}

// Seats, then the field: a one-table tournament's field follows its seats unless given.
void read_field(TableReader& r, TournamentKind kind, int& seats, int& min_players, int& max_players) {
    r.read_integer("seats", 0, 1000, seats);
    const bool single = kind == TournamentKind::SitAndGo || kind == TournamentKind::HeadsUp;
    if (single) max_players = seats;
    r.read_integer("max_players", 0, kMaxPlayers, max_players);
    if (single) min_players = max_players;
    r.read_integer("min_players", 0, kMaxPlayers, min_players);
}

void read_poker(TableReader& r, TournamentKind kind, const StartRule& start, PokerTournament& p) {
    engine::TournamentStructure& s = p.structure;
    read_field(r, kind, s.table_size, s.min_players, s.max_players);
    r.read_amount("buy_in", s.buy_in.prize_part);
    r.read_amount("fee", s.buy_in.fee);
    r.read("freeroll", s.freeroll);
    r.read_amount("guarantee", s.guarantee);
    r.read_integer("starting_stack", 0, kMaxChips, s.starting_stack);
    std::int64_t minutes = std::chrono::duration_cast<std::chrono::minutes>(s.level_duration).count();
    r.read_integer("level_minutes", 0, 24 * 60, minutes);
    s.level_duration = std::chrono::minutes(minutes);
    read_blinds(r, s);
    r.read("breaks", s.breaks);
    read_rebuys(r, s);
    r.read_integer("late_registration_levels", 0, 1000, s.late_registration_levels);
    s.late_registration = s.late_registration_levels > 0;
    r.read("reentry", s.reentry);
    read_payout(r, p.payout_table);
    if (const auto* after = std::get_if<StartAfter>(&start);
        after && kind != TournamentKind::ScheduledMtt && kind != TournamentKind::ShootOut)
        s.deadline = after->delay;  // the engine's Sit&Go deadline: time since registration opened
    read_clock(r, p.clock);
}

void read_polacco(TableReader& r, TournamentKind kind, PolaccoTournament& p) {
    engine::polacco::Rules& rules = p.config.rules;
    r.read_choice("mode",
                  {std::pair{"no_dealer", engine::polacco::Mode::NoDealer},
                   std::pair{"casino", engine::polacco::Mode::Casino}},
                  rules.mode);
    r.read("clockwise_only", rules.clockwise_only);
    r.read("passamano", rules.passamano);
    r.read("bonus", rules.bonus);
    r.read_integer("turn_seconds", 1, kMaxSeconds, rules.turn_seconds);
    if (kind != TournamentKind::HeadsUp) {  // the mode sets the table's size
        p.seats = rules.table_max();
        if (kind == TournamentKind::SitAndGo) p.min_players = p.max_players = p.seats;
    }
    read_field(r, kind, p.seats, p.min_players, p.max_players);
    r.read_amount("buy_in", p.buy_in.prize_part);
    r.read_amount("fee", p.buy_in.fee);
    p.config.prize_part = p.buy_in.prize_part;
    r.read("freeroll", p.freeroll);
    r.read_amount("guarantee", p.config.guarantee);
    read_payout(r, p.config.payout_table);
}

std::expected<TournamentDeclaration, std::string> parse_one(const toml::table& table, std::size_t index) {
    TableReader r(table, "tournament[" + std::to_string(index) + "].");
    std::optional<std::string> name;
    r.read("name", name);
    if (!name) r.fail("name", "missing: every tournament needs a name for the lobby");
    std::optional<TournamentGame> game;
    r.read_choice("game",
                  {std::pair{"holdem", TournamentGame::Holdem}, std::pair{"stud", TournamentGame::Stud},
                   std::pair{"draw", TournamentGame::Draw}, std::pair{"polacco", TournamentGame::Polacco}},
                  game);
    if (!game) r.fail("game", "missing: holdem, stud, draw or polacco");
    if (r.failed()) return Error(r.result().error());
    check_keys(r, *game == TournamentGame::Polacco);
    TournamentKind kind = TournamentKind::SitAndGo;
    r.read_choice(
        "kind",
        {std::pair{"sng", TournamentKind::SitAndGo}, std::pair{"headsup", TournamentKind::HeadsUp},
         std::pair{"mtt", TournamentKind::ScheduledMtt}, std::pair{"shootout", TournamentKind::ShootOut}},
        kind);
    engine::Betting betting = engine::Betting::NoLimit;
    r.read_choice("betting",
                  {std::pair{"nl", engine::Betting::NoLimit}, std::pair{"pl", engine::Betting::PotLimit},
                   std::pair{"limit", engine::Betting::Limit}},
                  betting);
    TournamentDeclaration d = default_declaration(*name, *game, kind, betting);
    read_start(r, d.start);
    read_every(r, d.every);
    if (auto* poker = std::get_if<PokerTournament>(&d.rules))
        read_poker(r, kind, d.start, *poker);
    else
        read_polacco(r, kind, std::get<PolaccoTournament>(d.rules));
    if (r.failed()) return Error(r.result().error());
    if (auto bad = validate(d)) r.fail(bad->key, bad->reason);
    if (r.failed()) return Error(r.result().error());
    return d;
}

}  // namespace

std::expected<std::vector<TournamentDeclaration>, std::string> parse_tournaments(const toml::node& node) {
    const auto* array = node.as_array();
    if (!array || !array->is_array_of_tables())
        return Error(
            "tournament: declare each tournament as a [[tournament]] table (see deploy/tavolo.example.toml)");
    std::vector<TournamentDeclaration> declarations;
    for (std::size_t i = 0; i < array->size(); ++i) {
        auto d = parse_one(*(*array)[i].as_table(), i);
        if (!d) return Error(d.error());
        for (std::size_t j = 0; j < declarations.size(); ++j)
            if (declarations[j].name == d->name)
                return Error("tournament[" + std::to_string(i) + "].name: \"" + d->name +
                             "\" is already the name of tournament[" + std::to_string(j) +
                             "]; names must differ");
        declarations.push_back(std::move(*d));
    }
    return declarations;
}

std::vector<std::string> tournament_keys() {
    std::vector<std::string> keys(common_keys().begin(), common_keys().end());
    keys.insert(keys.end(), poker_keys().begin(), poker_keys().end());
    keys.insert(keys.end(), polacco_keys().begin(), polacco_keys().end());
    return keys;
}

}  // namespace tavolo::server
