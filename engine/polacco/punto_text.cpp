// A Punto's names: Italian exactly as in the regulation's Allegato A ("Full di K e 9", "Tris 7"; a
// straight flush adds its suit, "di cuori"), English as a player
// would say it ("full house, kings over nines"), and a tolerant parser for both.
#include <array>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "engine/polacco/punto.hpp"

namespace tavolo::engine::polacco {
namespace {

constexpr std::array<std::string_view, kRanks> kItalianRanks = {"2", "3",  "4", "5", "6", "7", "8",
                                                                "9", "10", "J", "Q", "K", "A"};
constexpr std::array<std::string_view, kRanks> kEnglishRanks = {
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"};
constexpr std::array<std::string_view, kRanks> kEnglishPlurals = {
    "twos",  "threes", "fours", "fives",  "sixes", "sevens", "eights",
    "nines", "tens",   "jacks", "queens", "kings", "aces"};
// Index by Suit: clubs, diamonds, hearts, spades.
constexpr std::array<std::string_view, kSuits> kItalianSuits = {"fiori", "quadri", "cuori", "picche"};
constexpr std::array<std::string_view, kSuits> kEnglishSuits = {"clubs", "diamonds", "hearts", "spades"};

std::size_t at(Rank r) {
    return static_cast<std::size_t>(r);
}
std::size_t at(Suit s) {
    return static_cast<std::size_t>(s);
}

// The low card of a straight or straight flush; the rank itself for other categories.
Rank straight_low(const Punto& p) {
    if (p.kind() != PuntoKind::Straight && p.kind() != PuntoKind::StraightFlush) return p.primary();
    return p.primary() == Rank::Five ? Rank::Ace : static_cast<Rank>(static_cast<int>(p.primary()) - 4);
}

std::string italian(const Punto& p) {
    std::string r1{kItalianRanks[at(p.primary())]};
    std::string r2{kItalianRanks[at(p.secondary())]};
    std::string low{kItalianRanks[at(straight_low(p))]};
    switch (p.kind()) {
        case PuntoKind::HighCard:
            return "Carta alta " + r1;
        case PuntoKind::Pair:
            return "Coppia di " + r1;
        case PuntoKind::Straight:
            return "Scala da " + low + " a " + r1;
        case PuntoKind::TwoPair:
            return "Doppia " + r1 + " e " + r2;
        case PuntoKind::ThreeOfAKind:
            return "Tris " + r1;  // Allegato A: "Tris 2" ... "Tris A" (§6 also says "Tris di 2": parsed)
        case PuntoKind::FullHouse:
            return "Full di " + r1 + " e " + r2;
        case PuntoKind::FourOfAKind:
            return "Poker di " + r1;
        case PuntoKind::StraightFlush: {
            std::string name = p.primary() == Rank::Ace ? "Scala reale" : "Scala colore";
            return name + " da " + low + " a " + r1 + " di " + std::string{kItalianSuits[at(p.suit())]};
        }
    }
    return {};
}

std::string english(const Punto& p) {
    std::string one{kEnglishRanks[at(p.primary())]};
    std::string many{kEnglishPlurals[at(p.primary())]};
    std::string many2{kEnglishPlurals[at(p.secondary())]};
    std::string low{kEnglishRanks[at(straight_low(p))]};
    switch (p.kind()) {
        case PuntoKind::HighCard:
            return "high card " + one;
        case PuntoKind::Pair:
            return "pair of " + many;
        case PuntoKind::Straight:
            return "straight, " + low + " to " + one;
        case PuntoKind::TwoPair:
            return "two pair, " + many + " and " + many2;
        case PuntoKind::ThreeOfAKind:
            return "three of a kind, " + many;
        case PuntoKind::FullHouse:
            return "full house, " + many + " over " + many2;
        case PuntoKind::FourOfAKind:
            return "four of a kind, " + many;
        case PuntoKind::StraightFlush: {
            std::string suit{kEnglishSuits[at(p.suit())]};
            if (p.primary() == Rank::Ace) return "royal flush, " + suit;
            return "straight flush, " + low + " to " + one + ", " + suit;
        }
    }
    return {};
}

// --- parsing ---------------------------------------------------------------------------------

std::vector<std::string> tokenize(std::string_view text) {
    std::vector<std::string> tokens;
    std::string current;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) {
            current.push_back(static_cast<char>(std::tolower(u)));
        } else if (!current.empty()) {
            tokens.push_back(current);
            current.clear();
        }
    }
    if (!current.empty()) tokens.push_back(current);
    return tokens;
}

std::optional<Rank> rank_word(std::string_view t) {
    static constexpr std::array<std::string_view, kRanks> kChars = {"2", "3", "4", "5", "6", "7", "8",
                                                                    "9", "t", "j", "q", "k", "a"};
    // Italian names of the court cards and the ace.
    static constexpr std::array<std::pair<std::string_view, Rank>, 7> kItalianNames = {
        {{"asso", Rank::Ace},
         {"re", Rank::King},
         {"donna", Rank::Queen},
         {"regina", Rank::Queen},
         {"fante", Rank::Jack},
         {"deuce", Rank::Two},
         {"deuces", Rank::Two}}};
    for (int r = 0; r < kRanks; ++r) {
        auto i = static_cast<std::size_t>(r);
        if (t == kChars[i] || t == kEnglishRanks[i] || t == kEnglishPlurals[i]) return static_cast<Rank>(r);
        // "2s", "10s", "ks"
        if (t.size() >= 2 && t.back() == 's' && t.substr(0, t.size() - 1) == kChars[i])
            return static_cast<Rank>(r);
    }
    if (t == "10" || t == "10s") return Rank::Ten;
    for (auto [name, rank] : kItalianNames) {
        if (t == name) return rank;
    }
    return std::nullopt;
}

std::optional<Suit> suit_word(std::string_view t) {
    for (int s = 0; s < kSuits; ++s) {
        auto i = static_cast<std::size_t>(s);
        std::string_view en = kEnglishSuits[i];
        if (t == kItalianSuits[i] || t == en || t == en.substr(0, en.size() - 1)) return static_cast<Suit>(s);
    }
    return std::nullopt;
}

class Cursor {
  public:
    explicit Cursor(std::vector<std::string> tokens) : tokens_(std::move(tokens)) {}
    bool done() const { return pos_ == tokens_.size(); }
    bool accept(std::string_view word) {
        if (done() || tokens_[pos_] != word) return false;
        ++pos_;
        return true;
    }
    std::optional<Rank> rank() {
        if (done()) return std::nullopt;
        auto r = rank_word(tokens_[pos_]);
        if (r) ++pos_;
        return r;
    }
    std::optional<Suit> suit() {
        if (done()) return std::nullopt;
        auto s = suit_word(tokens_[pos_]);
        if (s) ++pos_;
        return s;
    }

  private:
    std::vector<std::string> tokens_;
    std::size_t pos_ = 0;
};

// "L a H" / "L to H": the top of a valid five-card run, else nothing.
std::optional<Rank> run(Cursor& c, std::string_view joiner) {
    auto low = c.rank();
    if (!low || !c.accept(joiner)) return std::nullopt;
    auto high = c.rank();
    if (!high) return std::nullopt;
    int l = static_cast<int>(*low);
    int h = static_cast<int>(*high);
    if (*low == Rank::Ace && *high == Rank::Five) return Rank::Five;
    if (h - l != 4) return std::nullopt;
    return *high;
}

std::optional<Punto> parse_italian_straight(Cursor& c) {
    bool colore = c.accept("colore");
    bool reale = !colore && c.accept("reale");
    std::optional<Rank> top = Rank::Ace;
    if (c.accept("da")) {
        top = run(c, "a");
    } else if (!reale) {
        return std::nullopt;
    }
    if (!top || (reale && *top != Rank::Ace)) return std::nullopt;
    if (!colore && !reale) return Punto::straight(*top);
    if (!c.accept("di")) c.accept("a");
    auto suit = c.suit();
    if (!suit) return std::nullopt;
    return Punto::straight_flush(*top, *suit);
}

std::optional<Punto> two_pair_any_order(std::optional<Rank> a, std::optional<Rank> b) {
    if (!a || !b) return std::nullopt;
    return *a > *b ? Punto::two_pair(*a, *b) : Punto::two_pair(*b, *a);
}

std::optional<Punto> parse_italian(Cursor& c) {
    if (c.accept("carta")) {
        if (!c.accept("alta")) return std::nullopt;
        auto r = c.rank();
        return r ? std::optional{Punto::high_card(*r)} : std::nullopt;
    }
    if (c.accept("coppia")) {
        c.accept("di");
        auto r = c.rank();
        return r ? std::optional{Punto::pair(*r)} : std::nullopt;
    }
    if (c.accept("doppia")) {
        c.accept("coppia");
        if (!c.accept("al") && !c.accept("all")) c.accept("alla");
        auto a = c.rank();
        if (!c.accept("e")) return std::nullopt;
        return two_pair_any_order(a, c.rank());
    }
    if (c.accept("tris")) {
        c.accept("di");
        auto r = c.rank();
        return r ? std::optional{Punto::three_of_a_kind(*r)} : std::nullopt;
    }
    if (c.accept("full")) {
        c.accept("di");
        auto t = c.rank();
        if (!t || !c.accept("e")) return std::nullopt;
        auto p = c.rank();
        return p ? Punto::full_house(*t, *p) : std::nullopt;
    }
    if (c.accept("poker")) {
        c.accept("di");
        auto r = c.rank();
        return r ? std::optional{Punto::four_of_a_kind(*r)} : std::nullopt;
    }
    if (c.accept("scala")) return parse_italian_straight(c);
    return std::nullopt;
}

std::optional<Punto> parse_english(Cursor& c) {
    if (c.accept("high")) {
        if (!c.accept("card")) return std::nullopt;
        auto r = c.rank();
        return r ? std::optional{Punto::high_card(*r)} : std::nullopt;
    }
    if (c.accept("pair")) {
        c.accept("of");
        auto r = c.rank();
        return r ? std::optional{Punto::pair(*r)} : std::nullopt;
    }
    if (c.accept("two")) {
        if (!c.accept("pair")) return std::nullopt;
        auto a = c.rank();
        if (!c.accept("and")) return std::nullopt;
        return two_pair_any_order(a, c.rank());
    }
    if (c.accept("three") || c.accept("trips")) {
        if (c.accept("of") && !(c.accept("a") && c.accept("kind"))) return std::nullopt;
        auto r = c.rank();
        return r ? std::optional{Punto::three_of_a_kind(*r)} : std::nullopt;
    }
    if (c.accept("full")) {
        if (!c.accept("house")) return std::nullopt;
        auto t = c.rank();
        if (!t) return std::nullopt;
        if (!c.accept("over") && !(c.accept("full") && c.accept("of"))) return std::nullopt;
        auto p = c.rank();
        return p ? Punto::full_house(*t, *p) : std::nullopt;
    }
    if (c.accept("four") || c.accept("quads")) {
        if (c.accept("of") && !(c.accept("a") && c.accept("kind"))) return std::nullopt;
        auto r = c.rank();
        return r ? std::optional{Punto::four_of_a_kind(*r)} : std::nullopt;
    }
    if (c.accept("royal")) {
        if (!c.accept("flush")) return std::nullopt;
        if (!c.accept("of")) c.accept("in");
        auto s = c.suit();
        return s ? Punto::straight_flush(Rank::Ace, *s) : std::nullopt;
    }
    if (c.accept("straight")) {
        bool flush = c.accept("flush");
        auto top = run(c, "to");
        if (!top) return std::nullopt;
        if (!flush) return Punto::straight(*top);
        if (!c.accept("of")) c.accept("in");
        auto s = c.suit();
        return s ? Punto::straight_flush(*top, *s) : std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

std::string_view to_string(PuntoKind kind, Language language) {
    static constexpr std::array<std::string_view, 8> kItalian = {
        "Carta alta", "Coppia", "Scala", "Doppia coppia", "Tris", "Full", "Poker", "Scala colore"};
    static constexpr std::array<std::string_view, 8> kEnglish = {
        "high card",       "pair",       "straight",       "two pair",
        "three of a kind", "full house", "four of a kind", "straight flush"};
    auto i = static_cast<std::size_t>(kind);
    return language == Language::Italian ? kItalian[i] : kEnglish[i];
}

std::string Punto::to_string(Language language) const {
    return language == Language::Italian ? italian(*this) : english(*this);
}

std::optional<Punto> Punto::parse(std::string_view text) {
    auto tokens = tokenize(text);
    for (auto* parser : {&parse_italian, &parse_english}) {
        Cursor c{tokens};
        auto p = parser(c);
        if (p && c.done()) return p;
    }
    return std::nullopt;
}

}  // namespace tavolo::engine::polacco
