#include "server/tournament_toml.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <tuple>

#include "server/amount.hpp"

namespace tavolo::server {

namespace {

using engine::TournamentKind;
using Error = std::unexpected<std::string>;
template <typename T>
using Result = std::expected<T, std::string>;

const std::set<std::string>& common_keys() {
    static const std::set<std::string> keys = {"name",   "game",        "kind",        "seats",
                                               "buy_in", "fee",         "freeroll",    "guarantee",
                                               "payout", "min_players", "max_players", "start"};
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

// One [[tournament]] table: typed reads whose errors name "tournament[i].key".
class Reader {
  public:
    Reader(const toml::table& table, std::size_t index)
        : table_(table), prefix_("tournament[" + std::to_string(index) + "].") {}

    Error fail(const std::string& key, const std::string& why) const {
        return Error(prefix_ + key + ": " + why);
    }
    bool has(const char* key) const { return table_.contains(key); }
    const toml::node* node(const char* key) const { return table_.get(key); }

    // Keys the table may hold; a key of the other family of games is refused with its family named.
    Result<void> check_keys(bool polacco) const {
        for (const auto& [k, v] : table_) {
            const std::string key(k.str());
            const bool poker_only = poker_keys().contains(key), polacco_only = polacco_keys().contains(key);
            if (!common_keys().contains(key) && !poker_only && !polacco_only)
                return fail(key, "unknown setting (see deploy/tavolo.example.toml for the tournament keys)");
            if (polacco && poker_only)
                return fail(key, "not a Poker Polacco setting (it has no chips or betting)");
            if (!polacco && polacco_only)
                return fail(key, "a Poker Polacco setting, not one of a poker game");
        }
        return {};
    }

    Result<std::optional<std::string>> string(const char* key) const {
        const toml::node* n = node(key);
        if (!n) return std::optional<std::string>{};
        auto value = n->value_exact<std::string>();
        if (!value) return fail(key, "must be a string");
        return value;
    }
    Result<std::optional<bool>> boolean(const char* key) const {
        const toml::node* n = node(key);
        if (!n) return std::optional<bool>{};
        auto value = n->value_exact<bool>();
        if (!value) return fail(key, "must be true or false");
        return value;
    }
    Result<std::optional<std::int64_t>> integer(const char* key, std::int64_t min, std::int64_t max) const {
        const toml::node* n = node(key);
        if (!n) return std::optional<std::int64_t>{};
        auto value = n->value_exact<std::int64_t>();
        const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
        if (!value) return fail(key, "must be " + range);
        if (*value < min || *value > max)
            return fail(key, "must be " + range + ", got " + std::to_string(*value));
        return value;
    }
    Result<std::optional<engine::Cents>> amount(const char* key) const {
        const toml::node* n = node(key);
        if (!n) return std::optional<engine::Cents>{};
        auto text = n->value_exact<std::string>();
        if (!text) return fail(key, "must be an amount as a string such as \"20.00\"");
        auto cents = parse_amount(*text);
        if (!cents) return fail(key, cents.error());
        return std::optional<engine::Cents>(*cents);
    }
    // One of `names`, spelled exactly; the error lists them.
    template <typename E>
    Result<std::optional<E>> choice(const char* key,
                                    std::initializer_list<std::pair<const char*, E>> names) const {
        auto text = string(key);
        if (!text) return Error(text.error());
        if (!*text) return std::optional<E>{};
        std::string list;
        for (const auto& [name, value] : names) {
            if (**text == name) return std::optional<E>(value);
            list += std::string(list.empty() ? "" : ", ") + name;
        }
        return fail(key, "must be one of " + list + "; got \"" + **text + "\"");
    }

  private:
    const toml::table& table_;
    std::string prefix_;
};

// Assigns the value when the key is present; returns the read's error otherwise.
#define TAVOLO_READ(target, read)                  \
    do {                                           \
        auto value_ = (read);                      \
        if (!value_) return Error(value_.error()); \
        if (*value_) target = **value_;            \
    } while (false)

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

Result<StartRule> read_start(const Reader& r) {
    const toml::node* n = r.node("start");
    if (!n) return StartRule{StartWhenFull{}};
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
    return *rule;
}

Result<std::optional<engine::PayoutTable>> read_payout(const Reader& r) {
    const toml::node* n = r.node("payout");
    if (!n) return std::optional<engine::PayoutTable>{};
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
    return std::optional<engine::PayoutTable>(*table);
}

// `levels = [[25, 50], [50, 100], [300, 600, 25]]`: small blind, big blind, optional ante.
Result<std::optional<std::vector<engine::BlindLevel>>> read_levels(const Reader& r) {
    const toml::node* n = r.node("levels");
    if (!n) return std::optional<std::vector<engine::BlindLevel>>{};
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
    return std::optional<std::vector<engine::BlindLevel>>(std::move(levels));
}

// Blinds and antes: explicit levels, or the default schedule; the ante mode agrees with them.
Result<void> read_blinds(const Reader& r, engine::TournamentStructure& s) {
    std::optional<engine::AnteMode> mode;
    TAVOLO_READ(mode, r.choice<engine::AnteMode>("antes", {{"none", engine::AnteMode::None},
                                                           {"classic", engine::AnteMode::Classic},
                                                           {"big_blind", engine::AnteMode::BigBlind}}));
    std::optional<std::vector<engine::BlindLevel>> levels;
    TAVOLO_READ(levels, read_levels(r));
    if (levels) {
        const bool antes = std::ranges::any_of(*levels, [](const auto& l) { return l.ante > 0; });
        if (mode == engine::AnteMode::None && antes)
            return r.fail("levels", "a level has an ante but antes = \"none\"");
        if (mode && *mode != engine::AnteMode::None && !antes)
            return r.fail("antes", "the levels have no ante: give each level a third number");
        s.blinds.levels = std::move(*levels);
        s.blinds.ante_mode = mode ? *mode : antes ? engine::AnteMode::Classic : engine::AnteMode::None;
        return {};
    }
    if (!mode) return {};
    if (*mode == engine::AnteMode::None) {
        for (auto& l : s.blinds.levels)
            l.ante = 0;
        s.blinds.ante_mode = engine::AnteMode::None;
        return {};
    }
    // The written schedule's antes (§6), posted by everyone or by the big blind.
    s.blinds.levels = engine::default_mtt_levels();
    s.blinds.ante_mode = *mode;
    return {};
}

Result<void> read_rebuys(const Reader& r, engine::TournamentStructure& s) {
    engine::RebuyRules& b = s.rebuys;
    TAVOLO_READ(b.enabled, r.boolean("rebuy"));
    TAVOLO_READ(b.addon, r.boolean("addon"));
    for (const char* key : {"rebuy_levels", "rebuy_max", "rebuy_price", "rebuy_fee", "addon", "addon_price",
                            "addon_fee", "addon_chips"})
        if (r.has(key) && !b.enabled) return r.fail(key, "applies to re-buys: set rebuy = true");
    for (const char* key : {"addon_price", "addon_fee", "addon_chips"})
        if (r.has(key) && !b.addon) return r.fail(key, "applies to the add-on: set addon = true");
    b.period_levels = b.enabled ? 4 : 0;  // the first hour at 15-minute levels
    b.price = s.buy_in;
    b.addon_price = s.buy_in;
    b.addon_chips = b.addon ? s.starting_stack : 0;
    TAVOLO_READ(b.period_levels, r.integer("rebuy_levels", 1, 1000));
    TAVOLO_READ(b.max_rebuys, r.integer("rebuy_max", 0, 1000));
    TAVOLO_READ(b.price.prize_part, r.amount("rebuy_price"));
    TAVOLO_READ(b.price.fee, r.amount("rebuy_fee"));
    TAVOLO_READ(b.addon_price.prize_part, r.amount("addon_price"));
    TAVOLO_READ(b.addon_price.fee, r.amount("addon_fee"));
    TAVOLO_READ(b.addon_chips, r.integer("addon_chips", 1, kMaxChips));
    return {};
}

Result<void> read_clock(const Reader& r, engine::ClockSettings& c) {
    auto seconds = [&](const char* key, engine::ClockDuration& target, std::int64_t min) -> Result<void> {
        auto value = r.integer(key, min, kMaxSeconds);
        if (!value) return Error(value.error());
        if (*value) target = std::chrono::seconds(**value);
        return {};
    };
    for (auto [key, target, min] : {std::tuple{"action_seconds", &c.base, 1},
                                    {"time_bank_seconds", &c.bank_start, 0},
                                    {"time_bank_per_level_seconds", &c.bank_per_level, 0},
                                    {"time_bank_cap_seconds", &c.bank_cap, 0},
                                    {"final_warning_seconds", &c.final_warning, 0}})
        if (auto ok = seconds(key, *target, min); !ok) return ok;
    return {};
}

// Seats, then the field: a one-table tournament's field follows its seats unless given.
Result<void> read_field(const Reader& r, TournamentKind kind, int& seats, int& min_players,
                        int& max_players) {
    TAVOLO_READ(seats, r.integer("seats", 0, 1000));
    const bool single = kind == TournamentKind::SitAndGo || kind == TournamentKind::HeadsUp;
    if (single) max_players = seats;
    TAVOLO_READ(max_players, r.integer("max_players", 0, kMaxPlayers));
    if (single) min_players = max_players;
    TAVOLO_READ(min_players, r.integer("min_players", 0, kMaxPlayers));
    return {};
}

Result<void> read_poker(const Reader& r, TournamentKind kind, const StartRule& start, PokerTournament& p) {
    engine::TournamentStructure& s = p.structure;
    if (auto ok = read_field(r, kind, s.table_size, s.min_players, s.max_players); !ok) return ok;
    TAVOLO_READ(s.buy_in.prize_part, r.amount("buy_in"));
    TAVOLO_READ(s.buy_in.fee, r.amount("fee"));
    TAVOLO_READ(s.freeroll, r.boolean("freeroll"));
    TAVOLO_READ(s.guarantee, r.amount("guarantee"));
    TAVOLO_READ(s.starting_stack, r.integer("starting_stack", 0, kMaxChips));
    std::optional<std::int64_t> minutes;
    TAVOLO_READ(minutes, r.integer("level_minutes", 0, 24 * 60));
    if (minutes) s.level_duration = std::chrono::minutes(*minutes);
    if (auto ok = read_blinds(r, s); !ok) return ok;
    TAVOLO_READ(s.breaks, r.boolean("breaks"));
    if (auto ok = read_rebuys(r, s); !ok) return ok;
    std::int64_t late = 0;
    TAVOLO_READ(late, r.integer("late_registration_levels", 0, 1000));
    s.late_registration = late > 0;
    s.late_registration_levels = static_cast<int>(late);
    TAVOLO_READ(s.reentry, r.boolean("reentry"));
    TAVOLO_READ(p.payout_table, read_payout(r));
    if (const auto* after = std::get_if<StartAfter>(&start);
        after && kind != TournamentKind::ScheduledMtt && kind != TournamentKind::ShootOut)
        s.deadline = after->delay;  // the engine's Sit&Go deadline: time since registration opened
    return read_clock(r, p.clock);
}

Result<void> read_polacco(const Reader& r, TournamentKind kind, PolaccoTournament& p) {
    engine::polacco::Rules& rules = p.config.rules;
    TAVOLO_READ(rules.mode,
                r.choice<engine::polacco::Mode>("mode", {{"no_dealer", engine::polacco::Mode::NoDealer},
                                                         {"casino", engine::polacco::Mode::Casino}}));
    TAVOLO_READ(rules.clockwise_only, r.boolean("clockwise_only"));
    TAVOLO_READ(rules.passamano, r.boolean("passamano"));
    TAVOLO_READ(rules.bonus, r.boolean("bonus"));
    std::int64_t turn = rules.turn_seconds;
    TAVOLO_READ(turn, r.integer("turn_seconds", 1, kMaxSeconds));
    rules.turn_seconds = static_cast<int>(turn);
    if (kind != TournamentKind::HeadsUp) {  // the mode sets the table's size
        p.seats = rules.table_max();
        if (kind == TournamentKind::SitAndGo) p.min_players = p.max_players = p.seats;
    }
    if (auto ok = read_field(r, kind, p.seats, p.min_players, p.max_players); !ok) return ok;
    TAVOLO_READ(p.buy_in.prize_part, r.amount("buy_in"));
    TAVOLO_READ(p.buy_in.fee, r.amount("fee"));
    p.config.prize_part = p.buy_in.prize_part;
    TAVOLO_READ(p.freeroll, r.boolean("freeroll"));
    TAVOLO_READ(p.config.guarantee, r.amount("guarantee"));
    TAVOLO_READ(p.config.payout_table, read_payout(r));
    return {};
}

Result<TournamentDeclaration> parse_one(const toml::table& table, std::size_t index) {
    const Reader r(table, index);
    std::optional<std::string> name;
    TAVOLO_READ(name, r.string("name"));
    if (!name) return r.fail("name", "missing: every tournament needs a name for the lobby");
    std::optional<TournamentGame> game;
    TAVOLO_READ(game, r.choice<TournamentGame>("game", {{"holdem", TournamentGame::Holdem},
                                                        {"stud", TournamentGame::Stud},
                                                        {"draw", TournamentGame::Draw},
                                                        {"polacco", TournamentGame::Polacco}}));
    if (!game) return r.fail("game", "missing: holdem, stud, draw or polacco");
    if (auto ok = r.check_keys(*game == TournamentGame::Polacco); !ok) return Error(ok.error());
    TournamentKind kind = TournamentKind::SitAndGo;
    TAVOLO_READ(kind, r.choice<TournamentKind>("kind", {{"sng", TournamentKind::SitAndGo},
                                                        {"headsup", TournamentKind::HeadsUp},
                                                        {"mtt", TournamentKind::ScheduledMtt},
                                                        {"shootout", TournamentKind::ShootOut}}));
    engine::Betting betting = engine::Betting::NoLimit;
    TAVOLO_READ(betting, r.choice<engine::Betting>("betting", {{"nl", engine::Betting::NoLimit},
                                                               {"pl", engine::Betting::PotLimit},
                                                               {"limit", engine::Betting::Limit}}));
    TournamentDeclaration d = default_declaration(*name, *game, kind, betting);
    auto start = read_start(r);
    if (!start) return Error(start.error());
    d.start = *start;
    auto read = std::holds_alternative<PokerTournament>(d.rules)
                    ? read_poker(r, kind, d.start, std::get<PokerTournament>(d.rules))
                    : read_polacco(r, kind, std::get<PolaccoTournament>(d.rules));
    if (!read) return Error(read.error());
    if (auto bad = validate(d)) return r.fail(bad->key, bad->reason);
    return d;
}

#undef TAVOLO_READ

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
