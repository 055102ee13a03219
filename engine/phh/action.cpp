#include "engine/phh/action.hpp"

#include <algorithm>

#include "engine/phh/concat.hpp"
#include "engine/phh/shown_text.hpp"

namespace tavolo::engine::phh {
namespace {

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t')
            ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// "p3" -> 3; 0 when not a player.
int parse_player(std::string_view word) {
    if (word.size() < 2 || word[0] != 'p' || word[1] == '0') return 0;
    int n = 0;
    for (char c : word.substr(1)) {
        if (c < '0' || c > '9' || n > 1000) return 0;
        n = n * 10 + (c - '0');
    }
    return n;
}

}  // namespace

bool Action::has_unknown_cards() const {
    for (const auto& c : cards) {
        if (!c) return true;
    }
    return false;
}

std::optional<std::vector<CardToken>> parse_card_tokens(std::string_view text) {
    if (text.empty() || text.size() % 2 != 0) return std::nullopt;
    std::vector<CardToken> cards;
    for (std::size_t i = 0; i < text.size(); i += 2) {
        const std::string_view pair = text.substr(i, 2);
        if (pair == "??") {
            cards.push_back(std::nullopt);
            continue;
        }
        auto card = Card::parse(pair);
        if (!card) return std::nullopt;
        cards.push_back(*card);
    }
    return cards;
}

std::string player_name(int player) {
    return concat({"p", std::to_string(player)});
}

std::string format_card_tokens(const std::vector<CardToken>& cards) {
    std::string out;
    for (const auto& c : cards)
        out += c ? c->to_string() : "??";
    return out;
}

std::expected<Action, std::string> parse_action(std::string_view text) {
    Action action;
    if (const auto hash = text.find('#'); hash != std::string_view::npos) {
        action.commentary = std::string(trim(text.substr(hash + 1)));
        text = text.substr(0, hash);
    }
    const auto words = split_words(text);
    if (words.empty()) return action;  // a no-op
    auto cards_from = [&](std::string_view word) -> std::expected<void, std::string> {
        auto cards = parse_card_tokens(word);
        if (!cards)
            return std::unexpected(
                concat({shown_text(word), " is not a card list (like AsKd, or ?? for an unknown card)"}));
        // A line naming one card twice contradicts itself (a discard of "9s9s" would otherwise
        // reach the engine as one card and fail a line later, for another reason).
        for (std::size_t i = 0; i < cards->size(); ++i) {
            const CardToken& c = (*cards)[i];
            if (c && std::find(cards->begin() + static_cast<std::ptrdiff_t>(i) + 1, cards->end(), c) !=
                         cards->end())
                return std::unexpected(concat({shown_text(word), " names ", c->to_string(),
                                               " twice: a card list holds each card once"}));
        }
        action.cards = std::move(*cards);
        return {};
    };
    if (words[0] == "d") {
        if (words.size() < 2) return std::unexpected(std::string("a dealer action needs 'dh' or 'db'"));
        if (words[1] == "db") {
            if (words.size() != 3) return std::unexpected(std::string("'d db' takes exactly one card list"));
            action.type = ActionType::DealBoard;
            if (auto ok = cards_from(words[2]); !ok) return std::unexpected(ok.error());
            return action;
        }
        if (words[1] == "dh") {
            if (words.size() != 4)
                return std::unexpected(std::string("'d dh' takes a player and one card list"));
            action.type = ActionType::DealHole;
            action.player = parse_player(words[2]);
            if (action.player == 0)
                return std::unexpected(concat({shown_text(words[2]), " is not a player (p1, p2, ...)"}));
            if (auto ok = cards_from(words[3]); !ok) return std::unexpected(ok.error());
            return action;
        }
        return std::unexpected(
            concat({"unknown dealer action ", shown_text(words[1]), " (expected dh or db)"}));
    }
    action.player = parse_player(words[0]);
    if (action.player == 0) {
        return std::unexpected(
            concat({shown_text(words[0]), " is neither the dealer 'd' nor a player (p1, p2, ...)"}));
    }
    if (words.size() < 2) return std::unexpected(concat({"player ", words[0], " has no action"}));
    const std::string_view verb = words[1];
    auto no_argument = [&](ActionType type) -> std::expected<Action, std::string> {
        if (words.size() != 2) return std::unexpected(concat({"'", verb, "' takes no argument"}));
        action.type = type;
        return action;
    };
    if (verb == "f") return no_argument(ActionType::Fold);
    if (verb == "cc") return no_argument(ActionType::CheckCall);
    if (verb == "pb") return no_argument(ActionType::BringIn);
    if (verb == "cbr") {
        if (words.size() != 3) return std::unexpected(std::string("'cbr' takes exactly one amount"));
        auto amount = Decimal::parse(words[2]);
        if (Decimal::out_of_range(words[2]))
            return std::unexpected(concat({shown_text(words[2]), kNumberOutOfRange}));
        if (!amount || amount->is_infinite() || *amount <= Decimal::whole(0)) {
            return std::unexpected(concat({shown_text(words[2]), " is not a positive amount"}));
        }
        action.type = ActionType::CompleteBetRaise;
        action.amount = *amount;
        return action;
    }
    if (verb == "sd" || verb == "sm") {
        if (words.size() > 3) return std::unexpected(concat({"'", verb, "' takes at most one card list"}));
        action.type = verb == "sd" ? ActionType::StandPatDiscard : ActionType::ShowMuck;
        if (words.size() == 3) {
            if (auto ok = cards_from(words[2]); !ok) return std::unexpected(ok.error());
        }
        return action;
    }
    return std::unexpected(
        concat({"unknown action ", shown_text(verb), " (expected f, cc, cbr, pb, sd or sm)"}));
}

std::string format_action(const Action& action) {
    std::string out;
    const std::string player = player_name(action.player);
    switch (action.type) {
        case ActionType::DealHole:
            out = concat({"d dh ", player, " ", format_card_tokens(action.cards)});
            break;
        case ActionType::DealBoard:
            out = concat({"d db ", format_card_tokens(action.cards)});
            break;
        case ActionType::BringIn:
            out = concat({player, " pb"});
            break;
        case ActionType::CompleteBetRaise:
            out = concat({player, " cbr ", action.amount.to_string()});
            break;
        case ActionType::CheckCall:
            out = concat({player, " cc"});
            break;
        case ActionType::Fold:
            out = concat({player, " f"});
            break;
        case ActionType::StandPatDiscard:
        case ActionType::ShowMuck:
            out = concat({player, action.type == ActionType::ShowMuck ? " sm" : " sd"});
            if (!action.cards.empty()) out += concat({" ", format_card_tokens(action.cards)});
            break;
        case ActionType::NoOp:
            break;
    }
    if (!action.commentary.empty()) out += concat({out.empty() ? "# " : " # ", action.commentary});
    return out;
}

}  // namespace tavolo::engine::phh
