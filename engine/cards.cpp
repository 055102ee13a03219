#include "engine/cards.hpp"

#include <cctype>

namespace tavolo::engine {

namespace {
constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitChars = "cdhs";

std::optional<Rank> parse_rank(char c) {
    auto pos = kRankChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    if (pos == std::string_view::npos) return std::nullopt;
    return static_cast<Rank>(pos);
}

std::optional<Suit> parse_suit(char c) {
    auto pos = kSuitChars.find(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (pos == std::string_view::npos) return std::nullopt;
    return static_cast<Suit>(pos);
}
}  // namespace

char rank_char(Rank r) {
    return kRankChars[static_cast<int>(r)];
}
char suit_char(Suit s) {
    return kSuitChars[static_cast<int>(s)];
}

std::optional<Card> Card::parse(std::string_view text) {
    if (text.size() == 3 && text.substr(0, 2) == "10") {
        auto s = parse_suit(text[2]);
        if (!s) return std::nullopt;
        return Card(Rank::Ten, *s);
    }
    if (text.size() != 2) return std::nullopt;
    auto r = parse_rank(text[0]);
    auto s = parse_suit(text[1]);
    if (!r || !s) return std::nullopt;
    return Card(*r, *s);
}

std::string Card::to_string() const {
    return {rank_char(rank()), suit_char(suit())};
}

std::optional<std::vector<Card>> parse_cards(std::string_view text) {
    std::vector<Card> cards;
    std::size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (c == ' ' || c == ',') {
            ++i;
            continue;
        }
        std::size_t len = (c == '1' && i + 1 < text.size() && text[i + 1] == '0') ? 3 : 2;
        if (i + len > text.size()) return std::nullopt;
        auto card = Card::parse(text.substr(i, len));
        if (!card) return std::nullopt;
        cards.push_back(*card);
        i += len;
    }
    return cards;
}

std::string to_string(const std::vector<Card>& cards) {
    std::string out;
    out.reserve(cards.size() * 2);
    for (Card c : cards)
        out += c.to_string();
    return out;
}

}  // namespace tavolo::engine
