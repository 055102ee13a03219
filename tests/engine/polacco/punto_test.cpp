// The 306-step ladder of RULES.md §9 (POLACCO §6, Allegato A).
#include "engine/polacco/punto.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>

#include "engine/random.hpp"

namespace tavolo::engine::polacco {
namespace {

Punto p(std::string_view text) {
    auto punto = Punto::parse(text);
    EXPECT_TRUE(punto.has_value()) << text;
    return punto.value_or(Punto::lowest());
}

CardSet cards(std::string_view text) {
    CardSet set;
    auto parsed = parse_cards(text);
    EXPECT_TRUE(parsed.has_value()) << text;
    for (Card c : parsed.value_or(std::vector<Card>{}))
        set.insert(c);
    return set;
}

TEST(PolaccoLadder, Has306StepsAnd336Declarations) {
    std::set<int> steps;
    std::array<int, 8> per_kind{};
    int previous_step = -1;
    for (int d = 0; d < kLadderDeclarations; ++d) {
        auto punto = Punto::from_declaration(d);
        ASSERT_TRUE(punto.has_value()) << d;
        EXPECT_EQ(punto->declaration(), d);
        EXPECT_GE(punto->step(), previous_step) << "declarations are listed low to high";
        previous_step = punto->step();
        steps.insert(punto->step());
        ++per_kind[static_cast<std::size_t>(punto->kind())];
        auto same_step = Punto::from_step(punto->step());
        ASSERT_TRUE(same_step.has_value());
        EXPECT_EQ(*same_step <=> *punto, std::weak_ordering::equivalent);
    }
    EXPECT_EQ(steps.size(), 306U);
    EXPECT_EQ(*steps.begin(), 0);
    EXPECT_EQ(*steps.rbegin(), 305);
    EXPECT_EQ(per_kind, (std::array<int, 8>{13, 13, 10, 78, 13, 156, 13, 40}));
    EXPECT_FALSE(Punto::from_declaration(336).has_value());
    EXPECT_FALSE(Punto::from_step(306).has_value());
    EXPECT_FALSE(Punto::from_step(-1).has_value());
}

TEST(PolaccoLadder, EveryCategoryBoundary) {
    EXPECT_LT(p("Carta alta A"), p("Coppia di 2"));
    EXPECT_LT(p("Coppia di A"), p("Scala da A a 5"));
    EXPECT_LT(p("Scala da 10 a A"), p("Doppia 3 e 2"));
    EXPECT_LT(p("Doppia A e K"), p("Tris di 2"));
    EXPECT_LT(p("Tris di A"), p("Full di 2 e 3"));
    EXPECT_LT(p("Full di A e K"), p("Poker di 2"));
    EXPECT_LT(p("Poker di A"), p("Scala colore da A a 5 di cuori"));
    EXPECT_EQ(p("Carta alta 2").step(), 0);
    EXPECT_EQ(p("Scala reale da 10 a A di picche").step(), 305);
}

TEST(PolaccoLadder, OrderWithinCategories) {
    EXPECT_LT(p("Carta alta 2"), p("Carta alta 3"));
    EXPECT_LT(p("Scala da A a 5"), p("Scala da 2 a 6"));
    // Two pair by the higher pair, then the lower.
    EXPECT_LT(p("Doppia 3 e 2"), p("Doppia 4 e 2"));
    EXPECT_LT(p("Doppia 4 e 2"), p("Doppia 4 e 3"));
    EXPECT_LT(p("Doppia 4 e 3"), p("Doppia 5 e 2"));
    EXPECT_LT(p("Doppia Q e J"), p("Doppia K e 2"));
    // Full house by the triple, then the pair (all 156).
    EXPECT_LT(p("Full di 2 e A"), p("Full di 3 e 2"));
    EXPECT_LT(p("Full di Q e J"), p("Full di Q e K"));
    EXPECT_LT(p("Full di Q e A"), p("Full di K e 2"));
    EXPECT_LT(p("Scala colore da 9 a K di fiori"), p("Scala reale di fiori"));
}

TEST(PolaccoLadder, SuitsDoNotRank) {
    Punto hearts = p("Scala colore da A a 5 di cuori");
    Punto spades = p("Scala colore da A a 5 di picche");
    EXPECT_EQ(hearts <=> spades, std::weak_ordering::equivalent);
    EXPECT_FALSE(spades > hearts);
    EXPECT_FALSE(hearts == spades) << "different declarations";
    EXPECT_EQ(hearts.step(), spades.step());
    EXPECT_NE(hearts.declaration(), spades.declaration());
}

TEST(PolaccoLadder, ImpossibleCombinationsAreRefused) {
    EXPECT_FALSE(Punto::two_pair(Rank::Three, Rank::Three).has_value());
    EXPECT_FALSE(Punto::two_pair(Rank::Two, Rank::Three).has_value());
    EXPECT_FALSE(Punto::full_house(Rank::Nine, Rank::Nine).has_value());
    EXPECT_FALSE(Punto::straight(Rank::Four).has_value());
    EXPECT_FALSE(Punto::straight_flush(Rank::Four, Suit::Hearts).has_value());
}

TEST(PolaccoNames, ItalianAndEnglishExamples) {
    Punto full = *Punto::full_house(Rank::King, Rank::Nine);
    EXPECT_EQ(full.to_string(Language::Italian), "Full di K e 9");
    EXPECT_EQ(full.to_string(Language::English), "full house, kings over nines");
    EXPECT_EQ(Punto::parse("Full di K e 9"), full);
    EXPECT_EQ(Punto::parse("full house, kings over nines"), full);
    EXPECT_EQ(Punto::high_card(Rank::Ace).to_string(Language::Italian), "Carta alta A");
    EXPECT_EQ(Punto::pair(Rank::Two).to_string(Language::English), "pair of twos");
    EXPECT_EQ(Punto::straight(Rank::Five)->to_string(Language::Italian), "Scala da A a 5");
    EXPECT_EQ(Punto::straight(Rank::Ace)->to_string(Language::English), "straight, ten to ace");
    EXPECT_EQ(Punto::two_pair(Rank::Three, Rank::Two)->to_string(Language::Italian), "Doppia 3 e 2");
    EXPECT_EQ(Punto::three_of_a_kind(Rank::Jack).to_string(Language::Italian), "Tris di J");
    EXPECT_EQ(Punto::four_of_a_kind(Rank::Ace).to_string(Language::English), "four of a kind, aces");
    EXPECT_EQ(Punto::straight_flush(Rank::Five, Suit::Hearts)->to_string(Language::Italian),
              "Scala colore da A a 5 di cuori");
    EXPECT_EQ(Punto::straight_flush(Rank::Ace, Suit::Spades)->to_string(Language::Italian),
              "Scala reale da 10 a A di picche");
    EXPECT_EQ(Punto::straight_flush(Rank::Ace, Suit::Spades)->to_string(Language::English),
              "royal flush, spades");
    EXPECT_EQ(Punto::straight_flush(Rank::Nine, Suit::Diamonds)->to_string(Language::English),
              "straight flush, five to nine, diamonds");
}

TEST(PolaccoNames, EveryDeclarationRoundTripsInBothLanguages) {
    std::set<std::string> italian;
    std::set<std::string> english;
    for (int d = 0; d < kLadderDeclarations; ++d) {
        Punto punto = *Punto::from_declaration(d);
        for (Language language : {Language::Italian, Language::English}) {
            std::string text = punto.to_string(language);
            auto back = Punto::parse(text);
            ASSERT_TRUE(back.has_value()) << text;
            EXPECT_EQ(*back, punto) << text;
            (language == Language::Italian ? italian : english).insert(text);
        }
    }
    EXPECT_EQ(italian.size(), 336U);
    EXPECT_EQ(english.size(), 336U);
}

TEST(PolaccoNames, ParsesTheRegulationsSpellings) {
    EXPECT_EQ(Punto::parse("Carta alta 10"), Punto::high_card(Rank::Ten));
    EXPECT_EQ(Punto::parse("Scala da T a A"), Punto::straight(Rank::Ace));
    EXPECT_EQ(Punto::parse("Tris 2"), Punto::three_of_a_kind(Rank::Two));
    EXPECT_EQ(Punto::parse("Full di a e 2"), Punto::full_house(Rank::Ace, Rank::Two));
    EXPECT_EQ(Punto::parse("Doppia Coppia all'A e K"), Punto::two_pair(Rank::Ace, Rank::King));
    EXPECT_EQ(Punto::parse("doppia coppia al 3 e 2"), Punto::two_pair(Rank::Three, Rank::Two));
    EXPECT_EQ(Punto::parse("Scala reale di cuori"), Punto::straight_flush(Rank::Ace, Suit::Hearts));
    EXPECT_EQ(Punto::parse("POKER DI 7"), Punto::four_of_a_kind(Rank::Seven));
    EXPECT_EQ(Punto::parse("four aces"), Punto::four_of_a_kind(Rank::Ace));
    EXPECT_EQ(Punto::parse("three of a kind, 2s"), Punto::three_of_a_kind(Rank::Two));
    EXPECT_EQ(Punto::parse("straight flush ace to five of clubs"),
              Punto::straight_flush(Rank::Five, Suit::Clubs));
}

TEST(PolaccoNames, RefusesWhatIsNotOnTheLadder) {
    for (std::string_view text :
         {"", "Doppia 3 e 3", "Full di 2 e 2", "Scala da 2 a 7", "Scala colore da A a 5", "Scala reale",
          "Colore di cuori", "flush, hearts", "Carta alta 1", "Coppia di 2 e 3", "full house, kings",
          "Scala reale da 9 a K di cuori", "pair of twos please"}) {
        EXPECT_FALSE(Punto::parse(text).has_value()) << text;
    }
}

TEST(PolaccoPresence, CountsAreMinimums) {
    EXPECT_TRUE(p("Carta alta 7").present_in(cards("7c 2d")));
    EXPECT_TRUE(p("Carta alta 7").present_in(cards("7c Ad")))
        << "high card X means at least one X, not that X is the highest card";
    EXPECT_FALSE(p("Carta alta 7").present_in(cards("8c 6d")));
    EXPECT_TRUE(p("Coppia di 7").present_in(cards("7c 7d 7h")));
    EXPECT_FALSE(p("Coppia di 7").present_in(cards("7c 2d")));
    EXPECT_TRUE(p("Doppia 9 e 4").present_in(cards("9c 9d 4h 4s 4c")));
    EXPECT_FALSE(p("Doppia 9 e 4").present_in(cards("9c 9d 4h Ks")));
    EXPECT_TRUE(p("Tris di K").present_in(cards("Kc Kd Kh Ks")));
    EXPECT_TRUE(p("Full di K e 9").present_in(cards("Kc Kd Kh 9s 9c 2d")));
    EXPECT_FALSE(p("Full di K e 9").present_in(cards("Kc Kd 9h 9s 9c")));
    EXPECT_TRUE(p("Full di 9 e K").present_in(cards("Kc Kd 9h 9s 9c")));
    EXPECT_TRUE(p("Poker di 2").present_in(cards("2c 2d 2h 2s")));
    EXPECT_FALSE(p("Poker di 2").present_in(cards("2c 2d 2h As")));
}

TEST(PolaccoPresence, StraightsWithTheAceLowAndHigh) {
    EXPECT_TRUE(p("Scala da A a 5").present_in(cards("Ac 2d 3h 4s 5c")));
    EXPECT_FALSE(p("Scala da A a 5").present_in(cards("Kc 2d 3h 4s 5c")));
    EXPECT_TRUE(p("Scala da 10 a A").present_in(cards("Tc Jd Qh Ks Ac")));
    EXPECT_FALSE(p("Scala da 10 a A").present_in(cards("Tc Jd Qh Ks 2c")));
    EXPECT_TRUE(p("Scala da 5 a 9").present_in(cards("5c 6d 7h 8s 9c 9d 5h")));
    // The flush counts only in its declared suit, every card of it.
    EXPECT_TRUE(p("Scala colore da A a 5 di cuori").present_in(cards("Ah 2h 3h 4h 5h")));
    EXPECT_FALSE(p("Scala colore da A a 5 di picche").present_in(cards("Ah 2h 3h 4h 5h")));
    EXPECT_FALSE(p("Scala colore da A a 5 di cuori").present_in(cards("Ah 2h 3h 4h 5s")));
    EXPECT_TRUE(p("Scala reale di quadri").present_in(cards("Td Jd Qd Kd Ad 9d")));
}

// The presence check over many cards (up to the 45 of a full casino table), against a plain count.
TEST(PolaccoPresence, AgreesWithCountingOverManyRandomTables) {
    SeededRandom rng{2026};
    for (int trial = 0; trial < 3000; ++trial) {
        int n = 2 + static_cast<int>(rng.uniform_below(44));
        CardSet set;
        while (set.size() < n)
            set.insert(Card::from_index(static_cast<int>(rng.uniform_below(52))));
        int count[13] = {};
        for (int i = 0; i < 52; ++i) {
            if (set.contains(Card::from_index(i))) ++count[i / 4];
        }
        auto has = [&](int rank, int k) { return count[rank] >= k; };
        for (int d = 0; d < kLadderDeclarations; ++d) {
            Punto punto = *Punto::from_declaration(d);
            int a = static_cast<int>(punto.primary());
            int b = static_cast<int>(punto.secondary());
            bool expected = false;
            switch (punto.kind()) {
                case PuntoKind::HighCard:
                    expected = has(a, 1);
                    break;
                case PuntoKind::Pair:
                    expected = has(a, 2);
                    break;
                case PuntoKind::ThreeOfAKind:
                    expected = has(a, 3);
                    break;
                case PuntoKind::FourOfAKind:
                    expected = has(a, 4);
                    break;
                case PuntoKind::TwoPair:
                    expected = has(a, 2) && has(b, 2);
                    break;
                case PuntoKind::FullHouse:
                    expected = has(a, 3) && has(b, 2);
                    break;
                case PuntoKind::Straight:
                case PuntoKind::StraightFlush: {
                    expected = true;
                    for (int r = a - 4; r <= a; ++r) {
                        int rank = r < 0 ? 12 : r;
                        bool ok = punto.kind() == PuntoKind::Straight
                                      ? has(rank, 1)
                                      : set.contains(Card{static_cast<Rank>(rank), punto.suit()});
                        expected = expected && ok;
                    }
                    break;
                }
            }
            ASSERT_EQ(punto.present_in(set), expected) << punto.to_string(Language::English) << " n=" << n;
        }
    }
}

}  // namespace
}  // namespace tavolo::engine::polacco
