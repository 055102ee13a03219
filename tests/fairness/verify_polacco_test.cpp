// verify_polacco_hand: Poker Polacco hands dealt from a seed verify from their record; another seed
// (with its own commitment), a changed commitment or a changed card fails.
#include <gtest/gtest.h>

#include "fairness/seed_random.hpp"
#include "fairness/verify_polacco.hpp"

using namespace tavolo;
using namespace tavolo::engine::polacco;

namespace {

struct PlayedPolacco {
    HandSetup setup;
    fairness::Seed seed{};
    Events record;
};

PlayedPolacco play(engine::SeededRandom& rng, std::int64_t number) {
    PlayedPolacco p;
    p.setup = HandSetup{number, Rules{}, {}, 10};
    const int n = 2 + static_cast<int>(rng.uniform_below(6));
    for (int i = 0; i < n; ++i)
        p.setup.players.push_back({10 + i, static_cast<int>(rng.uniform_below(4)), true});
    p.seed = *fairness::mix_seed(fairness::make_server_secret(), {});
    fairness::SeedRandom deck_source(p.seed);
    auto hand = Hand::start(p.setup, deck_source);
    if (!hand) return p;
    while (hand->phase() != Phase::Ended) {
        const LegalActions la = hand->legal_actions();
        const auto r = rng.uniform_below(10);
        bool ok = false;
        if (la.choose_direction) {
            ok = hand->choose_direction(la.player, r % 2 ? Direction::Clockwise : Direction::Anticlockwise)
                     .has_value();
        } else if (la.declare && la.lowest_declaration && (r < 6 || !la.doubt)) {
            ok = hand->declare(la.player, *la.lowest_declaration).has_value();
        } else {
            ok = hand->doubt(la.player).has_value();
        }
        if (!ok) break;
    }
    p.record = hand->events();
    return p;
}

int dealt_cards(const Events& record) {
    int n = 0;
    for (const Event& e : record)
        n += std::holds_alternative<CardDealt>(e) ? 1 : 0;
    return n;
}

}  // namespace

TEST(FairPolacco, HandsDealtFromASeedVerify) {
    engine::SeededRandom rng(31);
    for (int h = 0; h < 100; ++h) {
        const PlayedPolacco p = play(rng, h);
        ASSERT_GT(dealt_cards(p.record), 0);
        const fairness::Verdict v =
            fairness::verify_polacco_hand(p.seed, fairness::commitment(p.seed), p.setup, p.record);
        ASSERT_TRUE(v.verified) << "hand " << h << ": " << v.failure.reason;
        EXPECT_EQ(v.cards_checked, dealt_cards(p.record));
    }
}

TEST(FairPolacco, AnotherSeedWithItsOwnCommitmentFails) {
    engine::SeededRandom rng(32);
    const PlayedPolacco p = play(rng, 1);
    fairness::Seed other = p.seed;
    other[9] ^= 4;
    const fairness::Verdict v =
        fairness::verify_polacco_hand(other, fairness::commitment(other), p.setup, p.record);
    EXPECT_FALSE(v.verified);
    EXPECT_NE(v.failure.reason.find(", but the seed deals "), std::string::npos) << v.failure.reason;
}

TEST(FairPolacco, AChangedCommitmentFails) {
    engine::SeededRandom rng(33);
    const PlayedPolacco p = play(rng, 2);
    fairness::Seed other = p.seed;
    other[0] ^= 1;
    const fairness::Verdict v =
        fairness::verify_polacco_hand(p.seed, fairness::commitment(other), p.setup, p.record);
    EXPECT_FALSE(v.verified);
    EXPECT_NE(v.failure.reason.find("the commitment does not match the seed"), std::string::npos)
        << v.failure.reason;
}

TEST(FairPolacco, AChangedCardFails) {
    engine::SeededRandom rng(34);
    PlayedPolacco p = play(rng, 3);
    for (Event& e : p.record) {
        if (auto* d = std::get_if<CardDealt>(&e); d != nullptr && d->card) {
            d->card = engine::Card::from_index((d->card->index() + 1) % 52);
            break;
        }
    }
    const fairness::Verdict v =
        fairness::verify_polacco_hand(p.seed, fairness::commitment(p.seed), p.setup, p.record);
    EXPECT_FALSE(v.verified);
    EXPECT_FALSE(v.failure.reason.empty());
}
