#include "engine/phh/parser.hpp"

#include <utility>

#include "engine/phh/action.hpp"
#include "engine/phh/concat.hpp"
#include "engine/phh/shown_text.hpp"
#include "engine/phh/variant_codes.hpp"

namespace tavolo::engine::phh {
namespace {

std::unexpected<ParseError> error_at(int line, std::string message) {
    return std::unexpected(ParseError{line, std::move(message)});
}

std::expected<void, ParseError> expect_kind(const Field& f, const Value& v, Value::Kind kind,
                                            std::string_view what) {
    if (v.kind == kind) return {};
    return error_at(v.line, concat({f.key, ": expected ", what, ", found ", kind_name(v.kind)}));
}

// A number that is not negative; `infinite_ok` for stacks, where the standard writes unknown ones as inf.
std::expected<Decimal, ParseError> amount(const Field& f, const Value& v, bool infinite_ok = false) {
    if (auto ok = expect_kind(f, v, Value::Kind::Number, "a number"); !ok) return std::unexpected(ok.error());
    if (v.number.is_negative())
        return error_at(v.line, concat({f.key, ": ", v.number.to_string(), " is negative"}));
    if (v.number.is_infinite() && !infinite_ok)
        return error_at(v.line, concat({f.key, ": inf is not an amount"}));
    return v.number;
}

std::expected<std::vector<Decimal>, ParseError> amounts(const Field& f, bool infinite_ok = false) {
    if (auto ok = expect_kind(f, f.value, Value::Kind::Array, "an array of numbers"); !ok) {
        return std::unexpected(ok.error());
    }
    std::vector<Decimal> out;
    for (const auto& item : f.value.items) {
        auto a = amount(f, item, infinite_ok);
        if (!a) return std::unexpected(a.error());
        out.push_back(*a);
    }
    return out;
}

std::expected<std::vector<std::string>, ParseError> strings(const Field& f) {
    if (auto ok = expect_kind(f, f.value, Value::Kind::Array, "an array of strings"); !ok) {
        return std::unexpected(ok.error());
    }
    std::vector<std::string> out;
    for (const auto& item : f.value.items) {
        if (auto ok = expect_kind(f, item, Value::Kind::String, "strings"); !ok)
            return std::unexpected(ok.error());
        out.push_back(item.text);
    }
    return out;
}

}  // namespace

std::string ParseError::to_string() const {
    return line > 0 ? concat({"line ", std::to_string(line), ": ", message}) : message;
}

std::expected<HandHistory, ParseError> hand_from_section(const Section& section) {
    HandHistory h;
    h.section = section.name;
    h.line = section.line;
    int actions_line = 0;
    std::vector<std::pair<std::string, int>> per_player;  // fields whose length must equal the player count
    for (const auto& f : section.fields) {
        const std::string& k = f.key;
        if (k == "variant") {
            if (auto ok = expect_kind(f, f.value, Value::Kind::String, "a string such as 'NT'"); !ok) {
                return std::unexpected(ok.error());
            }
            h.variant = f.value.text;
        } else if (k == "ante_trimming_status") {
            if (auto ok = expect_kind(f, f.value, Value::Kind::Boolean, "true or false"); !ok) {
                return std::unexpected(ok.error());
            }
            h.ante_trimming_status = f.value.boolean;
        } else if (k == "antes" || k == "blinds_or_straddles" || k == "starting_stacks" ||
                   k == "finishing_stacks" || k == "winnings") {
            auto list = amounts(f, k == "starting_stacks");
            if (!list) return std::unexpected(list.error());
            if (k == "antes") h.antes = std::move(*list);
            if (k == "blinds_or_straddles") h.blinds_or_straddles = std::move(*list);
            if (k == "starting_stacks") h.starting_stacks = std::move(*list);
            if (k == "finishing_stacks") h.finishing_stacks = std::move(*list);
            if (k == "winnings") h.winnings = std::move(*list);
            per_player.emplace_back(k, f.line);
        } else if (k == "bring_in" || k == "small_bet" || k == "big_bet" || k == "min_bet") {
            auto a = amount(f, f.value);
            if (!a) return std::unexpected(a.error());
            if (*a == Decimal::whole(0)) return error_at(f.line, concat({k, ": must be positive"}));
            if (k == "bring_in") h.bring_in = *a;
            if (k == "small_bet") h.small_bet = *a;
            if (k == "big_bet") h.big_bet = *a;
            if (k == "min_bet") h.min_bet = *a;
        } else if (k == "actions") {
            auto list = strings(f);
            if (!list) return std::unexpected(list.error());
            h.actions = std::move(*list);
            for (const auto& item : f.value.items)
                h.action_lines.push_back(item.line);
            actions_line = f.line;
        } else if (k == "players") {
            auto list = strings(f);
            if (!list) return std::unexpected(list.error());
            h.players = std::move(*list);
            per_player.emplace_back(k, f.line);
        } else {
            h.other.push_back(f);
        }
    }
    auto line_of = [&](std::string_view key) {
        for (const auto& f : section.fields) {
            if (f.key == key) return f.line;
        }
        return section.line;
    };
    auto missing = [&](std::string_view key) {
        return error_at(section.line,
                        concat({"missing required field '", key, "'",
                                h.variant.empty() ? "" : concat({" for variant ", shown_text(h.variant)})}));
    };
    if (h.variant.empty()) return missing("variant");
    auto has = [&](std::string_view key) {
        for (const auto& f : section.fields) {
            if (f.key == key) return true;
        }
        return false;
    };
    if (!has("antes")) return missing("antes");
    if (h.starting_stacks.empty()) return missing("starting_stacks");
    if (actions_line == 0) return missing("actions");
    if (is_known_code(h.variant)) {
        if (uses_bring_in(h.variant)) {
            if (!h.bring_in) return missing("bring_in");
        } else if (h.blinds_or_straddles.empty()) {
            return missing("blinds_or_straddles");
        }
        if (is_fixed_limit_code(h.variant)) {
            if (!h.small_bet) return missing("small_bet");
            if (!h.big_bet) return missing("big_bet");
        } else if (!h.min_bet) {
            return missing("min_bet");
        }
    }
    const std::size_t n = h.starting_stacks.size();
    if (n < 2)
        return error_at(line_of("starting_stacks"), "starting_stacks: a hand needs at least 2 players");
    for (const auto& s : h.starting_stacks) {
        if (s == Decimal::whole(0))
            return error_at(line_of("starting_stacks"), "starting_stacks: a stack must be positive");
    }
    for (const auto& [key, line] : per_player) {
        std::size_t size = 0;
        if (key == "antes") size = h.antes.size();
        if (key == "blinds_or_straddles") size = h.blinds_or_straddles.size();
        if (key == "finishing_stacks") size = h.finishing_stacks->size();
        if (key == "winnings") size = h.winnings->size();
        if (key == "players") size = h.players.size();
        if (key == "starting_stacks") size = n;
        if (size != n) {
            return error_at(line, concat({key, ": expected ", std::to_string(n),
                                          " entries (one per player, as in starting_stacks), found ",
                                          std::to_string(size)}));
        }
    }
    for (std::size_t i = 0; i < h.actions.size(); ++i) {
        auto action = parse_action(h.actions[i]);
        const int line = h.action_lines[i];
        const std::string where =
            concat({"actions[", std::to_string(i), "] ", shown_text(h.actions[i]), ": "});
        if (!action) return error_at(line, concat({where, action.error()}));
        if (action->player > static_cast<int>(n)) {
            return error_at(line, concat({where, "p", std::to_string(action->player), " does not exist (",
                                          std::to_string(n), " players)"}));
        }
    }
    return h;
}

std::expected<std::vector<ParsedHand>, ParseError> parse_hands(std::string_view text) {
    auto sections = read_document(text);
    if (!sections) return std::unexpected(ParseError{sections.error().line, sections.error().message});
    std::vector<ParsedHand> hands;
    for (const auto& s : *sections) {
        hands.push_back(ParsedHand{s.name, s.line, hand_from_section(s)});
    }
    return hands;
}

std::expected<HandHistory, ParseError> parse_hand(std::string_view text) {
    auto sections = read_document(text);
    if (!sections) return std::unexpected(ParseError{sections.error().line, sections.error().message});
    if (sections->empty()) return error_at(0, "no fields: not a hand history");
    if (sections->size() > 1 || !sections->front().name.empty()) {
        return error_at(sections->size() > 1 ? sections->at(1).line : sections->front().line,
                        "several hands or a [header]: read this as a .phhs file");
    }
    return hand_from_section(sections->front());
}

}  // namespace tavolo::engine::phh
