#include "engine/polacco/punto.hpp"

#include <array>

namespace tavolo::engine::polacco {
namespace {

// First step of each category on the ladder.
constexpr int kHighCardBase = 0;
constexpr int kPairBase = kHighCardBase + kRanks;                     // 13
constexpr int kStraightBase = kPairBase + kRanks;                     // 26
constexpr int kTwoPairBase = kStraightBase + 10;                      // 36
constexpr int kThreeBase = kTwoPairBase + kRanks * (kRanks - 1) / 2;  // 114
constexpr int kFullBase = kThreeBase + kRanks;                        // 127
constexpr int kFourBase = kFullBase + kRanks * (kRanks - 1);          // 283
constexpr int kStraightFlushBase = kFourBase + kRanks;                // 296
static_assert(kStraightFlushBase + 10 == kLadderSteps);
static_assert(kStraightFlushBase + 10 * kSuits == kLadderDeclarations);

constexpr int rank_index(Rank r) {
    return static_cast<int>(r);
}
constexpr Rank rank_at(int i) {
    return static_cast<Rank>(i);
}
constexpr int kFive = rank_index(Rank::Five);
constexpr bool valid_rank(Rank r) {
    return rank_index(r) < kRanks;
}

std::array<int, kRanks> rank_counts(CardSet cards) {
    std::array<int, kRanks> counts{};
    std::uint64_t bits = cards.bits();
    for (int r = 0; r < kRanks; ++r) {
        counts[static_cast<std::size_t>(r)] = __builtin_popcountll((bits >> (4 * r)) & 0xFU);
    }
    return counts;
}

// The five ranks of a straight with this top (top Five: A 2 3 4 5).
std::array<Rank, 5> straight_ranks(Rank top) {
    std::array<Rank, 5> ranks{};
    int t = rank_index(top);
    for (int i = 0; i < 5; ++i) {
        int r = t - i;
        ranks[static_cast<std::size_t>(i)] = r < 0 ? Rank::Ace : rank_at(r);
    }
    return ranks;
}

}  // namespace

std::optional<Punto> Punto::straight(Rank top) {
    if (rank_index(top) < kFive || !valid_rank(top)) return std::nullopt;
    return Punto{PuntoKind::Straight, top, top, Suit::Clubs};
}

std::optional<Punto> Punto::two_pair(Rank high, Rank low) {
    if (rank_index(high) <= rank_index(low) || !valid_rank(high)) return std::nullopt;
    return Punto{PuntoKind::TwoPair, high, low, Suit::Clubs};
}

std::optional<Punto> Punto::full_house(Rank triple, Rank pair) {
    if (triple == pair || !valid_rank(triple) || !valid_rank(pair)) return std::nullopt;
    return Punto{PuntoKind::FullHouse, triple, pair, Suit::Clubs};
}

std::optional<Punto> Punto::straight_flush(Rank top, Suit suit) {
    if (rank_index(top) < kFive || !valid_rank(top) || static_cast<int>(suit) >= kSuits) return std::nullopt;
    return Punto{PuntoKind::StraightFlush, top, top, suit};
}

int Punto::step() const {
    int p = rank_index(primary_);
    int s = rank_index(secondary_);
    switch (kind_) {
        case PuntoKind::HighCard:
            return kHighCardBase + p;
        case PuntoKind::Pair:
            return kPairBase + p;
        case PuntoKind::Straight:
            return kStraightBase + p - kFive;
        case PuntoKind::TwoPair:
            return kTwoPairBase + p * (p - 1) / 2 + s;
        case PuntoKind::ThreeOfAKind:
            return kThreeBase + p;
        case PuntoKind::FullHouse:
            return kFullBase + p * (kRanks - 1) + (s < p ? s : s - 1);
        case PuntoKind::FourOfAKind:
            return kFourBase + p;
        case PuntoKind::StraightFlush:
            return kStraightFlushBase + p - kFive;
    }
    return -1;
}

int Punto::declaration() const {
    if (kind_ != PuntoKind::StraightFlush) return step();
    return kStraightFlushBase + (rank_index(primary_) - kFive) * kSuits + static_cast<int>(suit_);
}

bool Punto::on_ladder() const {
    // The declaration this value maps to must be this value, field by field.
    auto same = from_declaration(declaration());
    if (!same || same->kind_ != kind_ || same->primary_ != primary_ || same->secondary_ != secondary_) {
        return false;
    }
    return kind_ != PuntoKind::StraightFlush || same->suit_ == suit_;
}

std::optional<Punto> Punto::from_step(int step) {
    if (step < 0 || step >= kLadderSteps) return std::nullopt;
    if (step >= kStraightFlushBase)
        return from_declaration(kStraightFlushBase + (step - kStraightFlushBase) * kSuits);
    return from_declaration(step);
}

std::optional<Punto> Punto::from_declaration(int d) {
    if (d < 0 || d >= kLadderDeclarations) return std::nullopt;
    if (d < kPairBase) return high_card(rank_at(d - kHighCardBase));
    if (d < kStraightBase) return pair(rank_at(d - kPairBase));
    if (d < kTwoPairBase) return straight(rank_at(d - kStraightBase + kFive));
    if (d < kThreeBase) {
        int i = d - kTwoPairBase;
        int high = 1;
        while ((high + 1) * high / 2 <= i)
            ++high;
        return two_pair(rank_at(high), rank_at(i - high * (high - 1) / 2));
    }
    if (d < kFullBase) return three_of_a_kind(rank_at(d - kThreeBase));
    if (d < kFourBase) {
        int i = d - kFullBase;
        int triple = i / (kRanks - 1);
        int pair_slot = i % (kRanks - 1);
        return full_house(rank_at(triple), rank_at(pair_slot < triple ? pair_slot : pair_slot + 1));
    }
    if (d < kStraightFlushBase) return four_of_a_kind(rank_at(d - kFourBase));
    int i = d - kStraightFlushBase;
    return straight_flush(rank_at(i / kSuits + kFive), static_cast<Suit>(i % kSuits));
}

bool Punto::present_in(CardSet cards) const {
    auto counts = rank_counts(cards);
    auto count = [&](Rank r) { return counts[static_cast<std::size_t>(rank_index(r))]; };
    switch (kind_) {
        case PuntoKind::HighCard:
            return count(primary_) >= 1;
        case PuntoKind::Pair:
            return count(primary_) >= 2;
        case PuntoKind::Straight:
            for (Rank r : straight_ranks(primary_)) {
                if (count(r) < 1) return false;
            }
            return true;
        case PuntoKind::TwoPair:
            return count(primary_) >= 2 && count(secondary_) >= 2;
        case PuntoKind::ThreeOfAKind:
            return count(primary_) >= 3;
        case PuntoKind::FullHouse:
            return count(primary_) >= 3 && count(secondary_) >= 2;
        case PuntoKind::FourOfAKind:
            return count(primary_) >= 4;
        case PuntoKind::StraightFlush:
            for (Rank r : straight_ranks(primary_)) {
                if (!cards.contains(Card{r, suit_})) return false;
            }
            return true;
    }
    return false;
}

}  // namespace tavolo::engine::polacco
