// SeedRandom is the ChaCha20 stream of randombytes_buf_deterministic: known words computed outside
// Tavolo (Python's `cryptography` ChaCha20, key = the seed, nonce = counter 0 + "LibsodiumDRG"),
// the same words however they are asked for, the same deck for the same seed, another for another.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "engine/poker/hand.hpp"
#include "fairness/seed_random.hpp"

using namespace tavolo::fairness;
using tavolo::engine::Card;

namespace {

Seed known_seed() {  // the mix of FairSeed.MixWithClientSeedsMatchesTheKnownAnswerInSeatOrder
    return *seed_from_hex("094a7e766740b2de5f8e88f5b91f8514b7fcd637c9252e104b67e330985ad75e");
}

std::vector<std::uint64_t> words(SeedRandom& r, std::size_t n) {
    std::vector<std::uint64_t> out(n);
    for (auto& w : out)
        w = r.next_u64();
    return out;
}

std::vector<Card> hole_cards_dealt(const Seed& seed) {
    tavolo::engine::HandSetup s;
    s.table_size = 6;
    s.big_blind = 20;
    s.small_blind = 10;
    for (tavolo::engine::SeatIndex seat = 0; seat < 6; ++seat)
        s.seats.push_back({.seat = seat, .stack = 1000});
    s.button = 5;
    s.small_blind_seat = 0;
    s.big_blind_seat = 1;
    SeedRandom r(seed);
    tavolo::engine::Hand hand(s, r);
    std::vector<Card> cards;
    for (tavolo::engine::SeatIndex seat = 0; seat < 6; ++seat)
        for (Card c : hand.hole_cards(seat))
            cards.push_back(c);
    return cards;
}

}  // namespace

TEST(SeedRandom, WordsAreTheLibsodiumDeterministicStream) {
    SeedRandom r(known_seed());
    const auto w = words(r, 131);
    EXPECT_EQ(w[0], 0x1036cb0cb2a36ccbULL);
    EXPECT_EQ(w[1], 0xb57cc2384301d119ULL);
    EXPECT_EQ(w[2], 0x5be5fab85e264098ULL);
    EXPECT_EQ(w[63], 0xec890cc774d4d835ULL);  // the last word of the first buffer
    EXPECT_EQ(w[64], 0x8f26fb0246ec035bULL);  // the first of the second: the stream continues
    EXPECT_EQ(w[65], 0xd8255857440231e0ULL);
    EXPECT_EQ(w[130], 0x7800b2e7f82f6d9dULL);
}

TEST(SeedRandom, FillInAnyChunksGivesTheSameWordsAsNextU64) {
    SeedRandom one(known_seed());
    const auto expected = words(one, 200);
    SeedRandom two(known_seed());
    std::vector<std::uint64_t> got(200);
    std::span<std::uint64_t> rest(got);
    for (std::size_t chunk : {1u, 26u, 39u, 70u, 3u, 61u}) {
        two.fill(rest.first(chunk));
        rest = rest.subspan(chunk);
    }
    EXPECT_EQ(got, expected);
}

TEST(SeedRandom, TheSameSeedDealsTheSameCards) {
    EXPECT_EQ(hole_cards_dealt(known_seed()), hole_cards_dealt(known_seed()));
}

TEST(SeedRandom, SeedsOneBitApartGiveUnrelatedStreamsAndDecks) {
    Seed flipped = known_seed();
    flipped[0] ^= 1;
    SeedRandom a(known_seed());
    SeedRandom b(flipped);
    const auto wa = words(a, 64);
    const auto wb = words(b, 64);
    int differing_bits = 0;
    for (std::size_t i = 0; i < wa.size(); ++i)
        differing_bits += std::popcount(wa[i] ^ wb[i]);
    // 4,096 bits: independent streams differ in about half (2,048, standard deviation 32).
    EXPECT_GT(differing_bits, 2048 - 8 * 32);
    EXPECT_LT(differing_bits, 2048 + 8 * 32);
    EXPECT_NE(hole_cards_dealt(known_seed()), hole_cards_dealt(flipped));
}
