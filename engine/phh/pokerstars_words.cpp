#include "engine/phh/pokerstars_words.hpp"

#include <array>

namespace tavolo::engine::phh {
namespace {

constexpr std::array<const char*, kRanks> kRankNames = {
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"};
constexpr std::array<const char*, kRanks> kRankPlurals = {"Deuces", "Threes", "Fours", "Fives", "Sixes",
                                                          "Sevens", "Eights", "Nines", "Tens",  "Jacks",
                                                          "Queens", "Kings",  "Aces"};

std::string name(Rank r) {
    return kRankNames[static_cast<std::size_t>(r)];
}
std::string plural(Rank r) {
    return kRankPlurals[static_cast<std::size_t>(r)];
}
// The lowest card of a straight whose top card is `top` (the wheel, five-high, starts at the ace).
std::string straight_range(Rank top) {
    const std::string low =
        top == Rank::Five ? std::string("Ace") : name(static_cast<Rank>(static_cast<int>(top) - 4));
    return low + " to " + name(top);
}

}  // namespace

std::string stars_game_name(Variant variant, Betting betting) {
    std::string game;
    switch (variant) {
        case Variant::Holdem:
            game = "Hold'em";
            break;
        case Variant::FiveCardStud:
            game = "5 Card Stud";
            break;
        case Variant::FiveCardDraw:
            game = "5 Card Draw";
            break;
    }
    switch (betting) {
        case Betting::NoLimit:
            return game + " No Limit";
        case Betting::PotLimit:
            return game + " Pot Limit";
        case Betting::Limit:
            return game + " Limit";
    }
    return game;
}

std::string roman_numeral(int value) {
    if (value < 1 || value > 3999) return std::to_string(value);
    static constexpr std::array<std::pair<int, const char*>, 13> kParts = {{{1000, "M"},
                                                                            {900, "CM"},
                                                                            {500, "D"},
                                                                            {400, "CD"},
                                                                            {100, "C"},
                                                                            {90, "XC"},
                                                                            {50, "L"},
                                                                            {40, "XL"},
                                                                            {10, "X"},
                                                                            {9, "IX"},
                                                                            {5, "V"},
                                                                            {4, "IV"},
                                                                            {1, "I"}}};
    std::string out;
    for (const auto& [amount, letters] : kParts) {
        while (value >= amount) {
            out += letters;
            value -= amount;
        }
    }
    return out;
}

std::string stars_cards(std::span<const Card> cards) {
    std::string out = "[";
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (i > 0) out += ' ';
        out += cards[i].to_string();
    }
    return out + "]";
}

std::string stars_hand_name(HandValue value) {
    if (value.raw() < 1 || value.raw() > static_cast<std::uint32_t>(kHandClasses)) return {};
    const DecidingRanks d = deciding_ranks(value);
    const auto& r = d.ranks;
    switch (d.category) {
        case HandCategory::HighCard:
            return "high card " + name(r[0]);
        case HandCategory::Pair:
            return "a pair of " + plural(r[0]);
        case HandCategory::TwoPair:
            return "two pair, " + plural(r[0]) + " and " + plural(r[1]);
        case HandCategory::ThreeOfAKind:
            return "three of a kind, " + plural(r[0]);
        case HandCategory::Straight:
            return "a straight, " + straight_range(r[0]);
        case HandCategory::Flush:
            return "a flush, " + name(r[0]) + " high";
        case HandCategory::FullHouse:
            return "a full house, " + plural(r[0]) + " full of " + plural(r[1]);
        case HandCategory::FourOfAKind:
            return "four of a kind, " + plural(r[0]);
        case HandCategory::StraightFlush:
            return r[0] == Rank::Ace ? std::string("a Royal Flush")
                                     : "a straight flush, " + straight_range(r[0]);
    }
    return {};
}

std::string stars_fold_street(Variant variant, int street) {
    switch (variant) {
        case Variant::Holdem: {
            static constexpr std::array<const char*, 4> kHoldem = {"before Flop", "on the Flop",
                                                                   "on the Turn", "on the River"};
            return street >= 0 && street < 4 ? kHoldem[static_cast<std::size_t>(street)] : "on the River";
        }
        case Variant::FiveCardStud: {
            static constexpr std::array<const char*, 4> kStud = {"2nd", "3rd", "4th", "5th"};
            return std::string("on the ") +
                   (street >= 0 && street < 4 ? kStud[static_cast<std::size_t>(street)] : "5th") + " Street";
        }
        case Variant::FiveCardDraw:
            return street == 0 ? "before the Draw" : "after the Draw";
    }
    return {};
}

}  // namespace tavolo::engine::phh
