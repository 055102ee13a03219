#pragma once
// Cards: a card is a number 0..51, rank-major (2c 2d 2h 2s 3c ... As).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tavolo::engine {

enum class Suit : std::uint8_t { Clubs = 0, Diamonds = 1, Hearts = 2, Spades = 3 };

// Ranks 0..12 stand for 2..A.
enum class Rank : std::uint8_t {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace
};

inline constexpr int kRanks = 13;
inline constexpr int kSuits = 4;
inline constexpr int kDeckSize = 52;

class Card {
  public:
    constexpr Card() = default;
    constexpr Card(Rank r, Suit s)
        : index_(static_cast<std::uint8_t>(static_cast<int>(r) * 4 + static_cast<int>(s))) {}
    static constexpr Card from_index(int index) {
        Card c;
        c.index_ = static_cast<std::uint8_t>(index);
        return c;
    }

    constexpr int index() const { return index_; }
    constexpr Rank rank() const { return static_cast<Rank>(index_ / 4); }
    constexpr Suit suit() const { return static_cast<Suit>(index_ % 4); }

    // "As", "Td", "2c". Ranks: 23456789TJQKA (also "10"); suits: cdhs. Case-insensitive rank.
    static std::optional<Card> parse(std::string_view text);
    std::string to_string() const;

    friend constexpr bool operator==(Card, Card) = default;
    friend constexpr auto operator<=>(Card, Card) = default;

  private:
    std::uint8_t index_ = 0;
};

char rank_char(Rank r);
char suit_char(Suit s);

// Parses a run of cards with no separators ("AsKd7h"), or separated by spaces/commas.
std::optional<std::vector<Card>> parse_cards(std::string_view text);
std::string to_string(const std::vector<Card>& cards);

// A set of cards as a 64-bit mask (bit = card index).
class CardSet {
  public:
    constexpr CardSet() = default;
    constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
    constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1U; }
    constexpr void insert(Card c) { bits_ |= std::uint64_t{1} << c.index(); }
    constexpr void erase(Card c) { bits_ &= ~(std::uint64_t{1} << c.index()); }
    constexpr int size() const { return __builtin_popcountll(bits_); }
    constexpr std::uint64_t bits() const { return bits_; }
    friend constexpr bool operator==(CardSet, CardSet) = default;

  private:
    std::uint64_t bits_ = 0;
};

}  // namespace tavolo::engine
