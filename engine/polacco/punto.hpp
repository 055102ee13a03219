#pragma once
// A Punto: one step of Poker Polacco's 306-step declaration ladder (RULES.md §9, POLACCO §6 and
// Allegato A). This is not the poker ranking of §1: a straight is below two pair and there is no flush.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/cards.hpp"

namespace tavolo::engine::polacco {

// The categories, low to high.
enum class PuntoKind : std::uint8_t {
    HighCard,       // Carta alta X: at least one X
    Pair,           // Coppia di X: two X
    Straight,       // Scala: one of each of five consecutive ranks (ace low in A-5)
    TwoPair,        // Doppia X e Y: two X and two Y
    ThreeOfAKind,   // Tris di X
    FullHouse,      // Full di X e Y: three X and two Y
    FourOfAKind,    // Poker di X
    StraightFlush,  // Scala colore (reale from 10 to A): the five named cards of the declared suit
};

inline constexpr int kLadderSteps = 306;         // distinct steps
inline constexpr int kLadderDeclarations = 336;  // each of the 10 straight flushes in 4 suits

enum class Language { Italian, English };

class Punto {
  public:
    // Constructors for each category; they return nothing for an impossible combination
    // (two pair or full house naming one rank twice, a straight whose top is below five) or a rank or
    // suit outside its range. The others take any value: check on_ladder() (Hand::declare does).
    static Punto high_card(Rank r) { return Punto{PuntoKind::HighCard, r, r, Suit::Clubs}; }
    static Punto pair(Rank r) { return Punto{PuntoKind::Pair, r, r, Suit::Clubs}; }
    static std::optional<Punto> straight(Rank top);
    static std::optional<Punto> two_pair(Rank high, Rank low);
    static Punto three_of_a_kind(Rank r) { return Punto{PuntoKind::ThreeOfAKind, r, r, Suit::Clubs}; }
    static std::optional<Punto> full_house(Rank triple, Rank pair);
    static Punto four_of_a_kind(Rank r) { return Punto{PuntoKind::FourOfAKind, r, r, Suit::Clubs}; }
    static std::optional<Punto> straight_flush(Rank top, Suit suit);

    // The lowest declaration: high card 2 (what a first speaker declares on timeout).
    static Punto lowest() { return high_card(Rank::Two); }

    // Step 0..305 on the ladder (suit ignored) and declaration 0..335 (suit included).
    static std::optional<Punto> from_step(int step);  // straight flushes in clubs
    static std::optional<Punto> from_declaration(int declaration);
    int step() const;
    int declaration() const;
    // Is this one of the 336 declarations? False only for a value built from a rank, suit or category
    // outside its range (the factories take any enum value); such a value must be refused, never played.
    bool on_ladder() const;

    PuntoKind kind() const { return kind_; }
    // HighCard/Pair/Three/Four: the rank; TwoPair: the higher pair; FullHouse: the triple;
    // Straight/StraightFlush: the top card (Five for A-5).
    Rank primary() const { return primary_; }
    // TwoPair: the lower pair; FullHouse: the pair; otherwise equal to primary().
    Rank secondary() const { return secondary_; }
    // Meaningful for StraightFlush only.
    Suit suit() const { return suit_; }

    // Is the Punto among these cards (all the cards of all the players at the table)?
    // Counts are minimums: "pair of 7s" is present with three 7s.
    bool present_in(CardSet cards) const;

    // "Full di K e 9" / "full house, kings over nines".
    std::string to_string(Language language) const;
    // Accepts the canonical forms of to_string and common variants, case-insensitive, in either language.
    static std::optional<Punto> parse(std::string_view text);

    // Ladder order: the same straight flush in another suit is an equal step (suits do not rank),
    // so a weak ordering; `==` is the exact declaration, suit included.
    friend std::weak_ordering operator<=>(const Punto& a, const Punto& b) { return a.step() <=> b.step(); }
    friend bool operator==(const Punto& a, const Punto& b) { return a.declaration() == b.declaration(); }

  private:
    Punto(PuntoKind kind, Rank primary, Rank secondary, Suit suit)
        : kind_(kind), primary_(primary), secondary_(secondary), suit_(suit) {}

    PuntoKind kind_;
    Rank primary_;
    Rank secondary_;
    Suit suit_;
};

std::string_view to_string(PuntoKind kind, Language language);

}  // namespace tavolo::engine::polacco
