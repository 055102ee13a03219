// The 306-step ladder of RULES.md §9 (POLACCO §6, Allegato A).
#include "engine/polacco/punto.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <string_view>

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

// The regulation's Allegato A ("Elenco completo, in ordine crescente, dei Punti dichiarabili"), in its
// reading order, with the corrections of RULES.md §9: the repeated "Doppia Q e 9", "Doppia 10 e 4",
// "Full di 2 e 6" and "Full di Q e 3" appear once, the missing "Full di Q e 2" comes before
// "Full di Q e 3", and "Full di a e ..." is written with a capital A like every other ace. The
// straight flushes are listed without their suit, as in the Allegato ("il seme dev'essere sempre
// dichiarato").
// clang-format off
constexpr std::array<std::string_view, kLadderSteps> kAllegatoA = {
    "Carta alta 2", "Carta alta 3", "Carta alta 4", "Carta alta 5", "Carta alta 6", "Carta alta 7",
    "Carta alta 8", "Carta alta 9", "Carta alta 10", "Carta alta J", "Carta alta Q", "Carta alta K",
    "Carta alta A", "Coppia di 2", "Coppia di 3", "Coppia di 4", "Coppia di 5", "Coppia di 6",
    "Coppia di 7", "Coppia di 8", "Coppia di 9", "Coppia di 10", "Coppia di J", "Coppia di Q",
    "Coppia di K", "Coppia di A", "Scala da A a 5", "Scala da 2 a 6", "Scala da 3 a 7",
    "Scala da 4 a 8", "Scala da 5 a 9", "Scala da 6 a 10", "Scala da 7 a J", "Scala da 8 a Q",
    "Scala da 9 a K", "Scala da 10 a A", "Doppia 3 e 2", "Doppia 4 e 2", "Doppia 4 e 3", "Doppia 5 e 2",
    "Doppia 5 e 3", "Doppia 5 e 4", "Doppia 6 e 2", "Doppia 6 e 3", "Doppia 6 e 4", "Doppia 6 e 5",
    "Doppia 7 e 2", "Doppia 7 e 3", "Doppia 7 e 4", "Doppia 7 e 5", "Doppia 7 e 6", "Doppia 8 e 2",
    "Doppia 8 e 3", "Doppia 8 e 4", "Doppia 8 e 5", "Doppia 8 e 6", "Doppia 8 e 7", "Doppia 9 e 2",
    "Doppia 9 e 3", "Doppia 9 e 4", "Doppia 9 e 5", "Doppia 9 e 6", "Doppia 9 e 7", "Doppia 9 e 8",
    "Doppia 10 e 2", "Doppia 10 e 3", "Doppia 10 e 4", "Doppia 10 e 5", "Doppia 10 e 6",
    "Doppia 10 e 7", "Doppia 10 e 8", "Doppia 10 e 9", "Doppia J e 2", "Doppia J e 3", "Doppia J e 4",
    "Doppia J e 5", "Doppia J e 6", "Doppia J e 7", "Doppia J e 8", "Doppia J e 9", "Doppia J e 10",
    "Doppia Q e 2", "Doppia Q e 3", "Doppia Q e 4", "Doppia Q e 5", "Doppia Q e 6", "Doppia Q e 7",
    "Doppia Q e 8", "Doppia Q e 9", "Doppia Q e 10", "Doppia Q e J", "Doppia K e 2", "Doppia K e 3",
    "Doppia K e 4", "Doppia K e 5", "Doppia K e 6", "Doppia K e 7", "Doppia K e 8", "Doppia K e 9",
    "Doppia K e 10", "Doppia K e J", "Doppia K e Q", "Doppia A e 2", "Doppia A e 3", "Doppia A e 4",
    "Doppia A e 5", "Doppia A e 6", "Doppia A e 7", "Doppia A e 8", "Doppia A e 9", "Doppia A e 10",
    "Doppia A e J", "Doppia A e Q", "Doppia A e K", "Tris 2", "Tris 3", "Tris 4", "Tris 5", "Tris 6",
    "Tris 7", "Tris 8", "Tris 9", "Tris 10", "Tris J", "Tris Q", "Tris K", "Tris A", "Full di 2 e 3",
    "Full di 2 e 4", "Full di 2 e 5", "Full di 2 e 6", "Full di 2 e 7", "Full di 2 e 8",
    "Full di 2 e 9", "Full di 2 e 10", "Full di 2 e J", "Full di 2 e Q", "Full di 2 e K",
    "Full di 2 e A", "Full di 3 e 2", "Full di 3 e 4", "Full di 3 e 5", "Full di 3 e 6",
    "Full di 3 e 7", "Full di 3 e 8", "Full di 3 e 9", "Full di 3 e 10", "Full di 3 e J",
    "Full di 3 e Q", "Full di 3 e K", "Full di 3 e A", "Full di 4 e 2", "Full di 4 e 3",
    "Full di 4 e 5", "Full di 4 e 6", "Full di 4 e 7", "Full di 4 e 8", "Full di 4 e 9",
    "Full di 4 e 10", "Full di 4 e J", "Full di 4 e Q", "Full di 4 e K", "Full di 4 e A",
    "Full di 5 e 2", "Full di 5 e 3", "Full di 5 e 4", "Full di 5 e 6", "Full di 5 e 7",
    "Full di 5 e 8", "Full di 5 e 9", "Full di 5 e 10", "Full di 5 e J", "Full di 5 e Q",
    "Full di 5 e K", "Full di 5 e A", "Full di 6 e 2", "Full di 6 e 3", "Full di 6 e 4",
    "Full di 6 e 5", "Full di 6 e 7", "Full di 6 e 8", "Full di 6 e 9", "Full di 6 e 10",
    "Full di 6 e J", "Full di 6 e Q", "Full di 6 e K", "Full di 6 e A", "Full di 7 e 2",
    "Full di 7 e 3", "Full di 7 e 4", "Full di 7 e 5", "Full di 7 e 6", "Full di 7 e 8",
    "Full di 7 e 9", "Full di 7 e 10", "Full di 7 e J", "Full di 7 e Q", "Full di 7 e K",
    "Full di 7 e A", "Full di 8 e 2", "Full di 8 e 3", "Full di 8 e 4", "Full di 8 e 5",
    "Full di 8 e 6", "Full di 8 e 7", "Full di 8 e 9", "Full di 8 e 10", "Full di 8 e J",
    "Full di 8 e Q", "Full di 8 e K", "Full di 8 e A", "Full di 9 e 2", "Full di 9 e 3",
    "Full di 9 e 4", "Full di 9 e 5", "Full di 9 e 6", "Full di 9 e 7", "Full di 9 e 8",
    "Full di 9 e 10", "Full di 9 e J", "Full di 9 e Q", "Full di 9 e K", "Full di 9 e A",
    "Full di 10 e 2", "Full di 10 e 3", "Full di 10 e 4", "Full di 10 e 5", "Full di 10 e 6",
    "Full di 10 e 7", "Full di 10 e 8", "Full di 10 e 9", "Full di 10 e J", "Full di 10 e Q",
    "Full di 10 e K", "Full di 10 e A", "Full di J e 2", "Full di J e 3", "Full di J e 4",
    "Full di J e 5", "Full di J e 6", "Full di J e 7", "Full di J e 8", "Full di J e 9",
    "Full di J e 10", "Full di J e Q", "Full di J e K", "Full di J e A", "Full di Q e 2",
    "Full di Q e 3", "Full di Q e 4", "Full di Q e 5", "Full di Q e 6", "Full di Q e 7",
    "Full di Q e 8", "Full di Q e 9", "Full di Q e 10", "Full di Q e J", "Full di Q e K",
    "Full di Q e A", "Full di K e 2", "Full di K e 3", "Full di K e 4", "Full di K e 5",
    "Full di K e 6", "Full di K e 7", "Full di K e 8", "Full di K e 9", "Full di K e 10",
    "Full di K e J", "Full di K e Q", "Full di K e A", "Full di A e 2", "Full di A e 3",
    "Full di A e 4", "Full di A e 5", "Full di A e 6", "Full di A e 7", "Full di A e 8",
    "Full di A e 9", "Full di A e 10", "Full di A e J", "Full di A e Q", "Full di A e K", "Poker di 2",
    "Poker di 3", "Poker di 4", "Poker di 5", "Poker di 6", "Poker di 7", "Poker di 8", "Poker di 9",
    "Poker di 10", "Poker di J", "Poker di Q", "Poker di K", "Poker di A", "Scala colore da A a 5",
    "Scala colore da 2 a 6", "Scala colore da 3 a 7", "Scala colore da 4 a 8", "Scala colore da 5 a 9",
    "Scala colore da 6 a 10", "Scala colore da 7 a J", "Scala colore da 8 a Q", "Scala colore da 9 a K",
    "Scala reale da 10 a A"
};
// clang-format on

TEST(PolaccoLadder, TheOrderIsTheRegulationsAllegatoAStepByStep) {
    for (int step = 0; step < kLadderSteps; ++step) {
        std::string text{kAllegatoA[static_cast<std::size_t>(step)]};
        if (text.starts_with("Scala colore") || text.starts_with("Scala reale")) text += " di cuori";
        auto punto = Punto::parse(text);
        ASSERT_TRUE(punto.has_value()) << text;
        EXPECT_EQ(punto->step(), step) << text;
    }
}

TEST(PolaccoNames, ItalianNamesAreTheAllegatoAsNames) {
    for (int step = 0; step < kLadderSteps; ++step) {
        Punto punto = *Punto::from_step(step);
        std::string name = punto.to_string(Language::Italian);
        if (punto.kind() == PuntoKind::StraightFlush) {
            EXPECT_TRUE(name.ends_with(" di fiori")) << name;
            name.resize(name.size() - std::string_view{" di fiori"}.size());
        }
        EXPECT_EQ(name, kAllegatoA[static_cast<std::size_t>(step)]) << "step " << step;
    }
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

// A rank, suit or category outside its range (e.g. a corrupt message decoded into the enums) makes a
// value that is not one of the 336 declarations: it must be recognisable so that it can be refused.
TEST(PolaccoLadder, ValuesOutsideTheRangesAreNotOnTheLadder) {
    for (int d = 0; d < kLadderDeclarations; ++d) {
        EXPECT_TRUE(Punto::from_declaration(d)->on_ladder()) << d;
    }
    const auto beyond_ace = static_cast<Rank>(13);
    EXPECT_FALSE(Punto::high_card(beyond_ace).on_ladder());
    EXPECT_FALSE(Punto::pair(static_cast<Rank>(200)).on_ladder());
    EXPECT_FALSE(Punto::three_of_a_kind(beyond_ace).on_ladder());
    EXPECT_FALSE(Punto::four_of_a_kind(beyond_ace).on_ladder());
    EXPECT_FALSE(Punto::straight(beyond_ace).has_value() && Punto::straight(beyond_ace)->on_ladder());
    EXPECT_FALSE(Punto::two_pair(beyond_ace, Rank::Two).has_value() &&
                 Punto::two_pair(beyond_ace, Rank::Two)->on_ladder());
    EXPECT_FALSE(Punto::full_house(beyond_ace, Rank::Two).has_value() &&
                 Punto::full_house(beyond_ace, Rank::Two)->on_ladder());
    EXPECT_FALSE(Punto::full_house(Rank::Two, beyond_ace).has_value() &&
                 Punto::full_house(Rank::Two, beyond_ace)->on_ladder());
    for (int suit : {4, 7, 255}) {
        auto flush = Punto::straight_flush(Rank::Five, static_cast<Suit>(suit));
        EXPECT_FALSE(flush.has_value() && flush->on_ladder()) << suit;
    }
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
    EXPECT_EQ(Punto::three_of_a_kind(Rank::Jack).to_string(Language::Italian), "Tris J")
        << "Allegato A writes \"Tris 2\" ... \"Tris A\"";
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
    EXPECT_EQ(Punto::parse("Tris di A"), Punto::three_of_a_kind(Rank::Ace)) << "POLACCO §6's spelling";
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
