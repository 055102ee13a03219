// English names of hands, as a dealer would call them at showdown.
#include <string>

#include "engine/eval/hand_value.hpp"

namespace tavolo::engine {

namespace {

constexpr const char* kRankNames[kRanks] = {"two",  "three", "four", "five",  "six",  "seven", "eight",
                                            "nine", "ten",   "jack", "queen", "king", "ace"};
constexpr const char* kRankPlurals[kRanks] = {"twos",   "threes", "fours", "fives", "sixes",
                                              "sevens", "eights", "nines", "tens",  "jacks",
                                              "queens", "kings",  "aces"};

std::string name(Rank r) {
    return kRankNames[static_cast<int>(r)];
}
std::string plural(Rank r) {
    return kRankPlurals[static_cast<int>(r)];
}

}  // namespace

std::string describe(HandValue value) {
    if (value.raw() < 1 || value.raw() > static_cast<std::uint32_t>(kHandClasses)) return "no hand";
    const DecidingRanks d = deciding_ranks(value);
    const auto& r = d.ranks;
    switch (d.category) {
        case HandCategory::HighCard:
            return name(r[0]) + " high";
        case HandCategory::Pair:
            return "pair of " + plural(r[0]);
        case HandCategory::TwoPair:
            return "two pair, " + plural(r[0]) + " and " + plural(r[1]);
        case HandCategory::ThreeOfAKind:
            return "three of a kind, " + plural(r[0]);
        case HandCategory::Straight:
            return name(r[0]) + "-high straight";
        case HandCategory::Flush:
            return name(r[0]) + "-high flush";
        case HandCategory::FullHouse:
            return "full house, " + plural(r[0]) + " over " + plural(r[1]);
        case HandCategory::FourOfAKind:
            return "four of a kind, " + plural(r[0]);
        case HandCategory::StraightFlush:
            return r[0] == Rank::Ace ? std::string("royal flush") : name(r[0]) + "-high straight flush";
    }
    return "no hand";
}

}  // namespace tavolo::engine
