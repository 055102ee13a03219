// Issue 10, item 7: the provably fair shuffle at a live Poker Polacco table, as at poker: each hand is
// dealt from SeedRandom(mix_seed(server secret, the players' client seeds)), committed before the
// first card, revealed after the last event, and the PolaccoHandFinished record verifies with
// fairness::verify_polacco_hand; a changed card does not.
#include <gtest/gtest.h>

#include "fairness/verify_polacco.hpp"
#include "server/table/polacco_core.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
namespace polacco = engine::polacco;
using Bytes = std::vector<std::uint8_t>;

fairness::ServerSecret fixed_secret() {
    fairness::ServerSecret s{};
    for (std::size_t i = 0; i < s.size(); ++i)
        s[i] = static_cast<std::uint8_t>(0xa0 ^ i);
    return s;
}

Bytes bytes(std::string_view text) {
    return {text.begin(), text.end()};
}

template <class T>
std::vector<T> all_of(const PolaccoEffects& effects) {
    std::vector<T> out;
    for (const auto& e : effects)
        if (const auto* x = std::get_if<T>(&e)) out.push_back(*x);
    return out;
}

template <class T>
std::optional<std::size_t> index_of_first(const PolaccoEffects& effects) {
    for (std::size_t i = 0; i < effects.size(); ++i)
        if (std::holds_alternative<T>(effects[i])) return i;
    return std::nullopt;
}

// Players 11, 12, 13 at one table, hands dealt from seeds made with fixed_secret().
struct FairPolacco {
    engine::SeededRandom rng{5};
    std::optional<PolaccoCore> core;
    FairPolacco() {
        auto c = PolaccoCore::start({11, 12, 13}, polacco::TournamentConfig{}, rng, fixed_secret);
        EXPECT_TRUE(c.has_value());
        if (c) core.emplace(std::move(*c));
    }
    // Deals the next hand and lets the turn clock play it (declare the lowest, then doubt) to its end.
    PolaccoEffects deal_and_play() {
        PolaccoEffects all = core->start_hand(0ms);
        std::optional<ArmTimer> timer;
        for (const auto& e : all)
            if (const auto* t = std::get_if<ArmTimer>(&e)) timer = *t;
        for (int guard = 0; core->in_hand() && timer && guard < 100; ++guard) {
            const ArmTimer now = *timer;
            const PolaccoEffects e = core->on_clock_expiry(now.hand, now.decision, now.at);
            for (const auto& x : e)
                if (const auto* t = std::get_if<ArmTimer>(&x)) timer = *t;
            all.insert(all.end(), e.begin(), e.end());
        }
        EXPECT_FALSE(core->in_hand());
        return all;
    }
};

TEST(PolaccoCoreFairShuffle, issue10_7_the_hand_commits_reveals_and_its_record_verifies_card_by_card) {
    FairPolacco t;
    ASSERT_TRUE(t.core.has_value());
    EXPECT_TRUE(t.core->set_client_seed(13, bytes("thirteen's first")).empty());
    EXPECT_TRUE(t.core->set_client_seed(13, bytes("thirteen's own")).empty());  // the latest counts
    EXPECT_TRUE(t.core->set_client_seed(11, Bytes{}).empty());                  // empty counts as sent
    const PolaccoEffects hand = t.deal_and_play();

    const auto committed_at = index_of_first<ShuffleCommitted>(hand);
    const auto first_publish = index_of_first<PolaccoPublish>(hand);
    ASSERT_TRUE(committed_at && first_publish);
    EXPECT_LT(*committed_at, *first_publish) << "the commitment comes before any card";
    const ShuffleCommitted committed = std::get<ShuffleCommitted>(hand[*committed_at]);
    EXPECT_EQ(committed.hand, 1);
    ASSERT_EQ(committed.seeded.size(), 2u);

    const auto revealed = all_of<ShuffleRevealed>(hand);
    const auto finished = all_of<PolaccoHandFinished>(hand);
    ASSERT_EQ(revealed.size(), 1u);
    ASSERT_EQ(finished.size(), 1u);
    EXPECT_LT(*index_of_first<ShuffleRevealed>(hand), *index_of_first<PolaccoHandFinished>(hand));
    const ShuffleReveal& r = revealed[0].reveal;
    EXPECT_EQ(r, finished[0].shuffle);
    EXPECT_EQ(r.commitment, committed.commitment);
    EXPECT_EQ(r.server_secret, fairness::to_hex(fixed_secret()));

    // The client seeds are mixed by each player's place clockwise in the hand's setup.
    const polacco::HandSetup& setup = finished[0].setup;
    std::vector<fairness::ClientSeed> sent;
    for (std::size_t i = 0; i < setup.players.size(); ++i) {
        if (setup.players[i].player == 13)
            sent.push_back({static_cast<engine::SeatIndex>(i), bytes("thirteen's own")});
        if (setup.players[i].player == 11) sent.push_back({static_cast<engine::SeatIndex>(i), Bytes{}});
    }
    ASSERT_EQ(sent.size(), 2u);
    for (const RevealedClientSeed& c : r.client_seeds) {
        const auto place = static_cast<std::size_t>(c.seat);
        ASSERT_LT(place, setup.players.size());
        EXPECT_EQ(setup.players[place].player, c.player);
        EXPECT_EQ(c.hex, c.player == 13 ? fairness::to_hex(bytes("thirteen's own")) : "");
    }
    const auto seed = fairness::seed_from_hex(r.seed);
    ASSERT_TRUE(seed.has_value());
    const auto mixed = fairness::mix_seed(fixed_secret(), sent);
    ASSERT_TRUE(mixed.has_value());
    EXPECT_EQ(*mixed, *seed);

    const fairness::Verdict v =
        fairness::verify_polacco_hand(*seed, committed.commitment, setup, finished[0].events);
    EXPECT_TRUE(v.verified) << v.failure.reason;
    EXPECT_GE(v.cards_checked, 2 * 3);  // two cards each, at least

    // A card changed in the record: not the seed's.
    polacco::Events changed = finished[0].events;
    for (polacco::Event& e : changed)
        if (auto* d = std::get_if<polacco::CardDealt>(&e); d && d->card) {
            d->card = engine::Card::from_index((d->card->index() + 1) % engine::kDeckSize);
            break;
        }
    const fairness::Verdict bad = fairness::verify_polacco_hand(*seed, committed.commitment, setup, changed);
    EXPECT_FALSE(bad.verified);
}

TEST(PolaccoCoreFairShuffle, issue10_7_a_client_seed_over_64_bytes_or_from_someone_not_playing_is_refused) {
    FairPolacco t;
    ASSERT_TRUE(t.core.has_value());
    const Sequence seq = t.core->seq();
    const auto refusal_of = [](const PolaccoEffects& e) -> std::optional<PolaccoRefused> {
        if (e.size() != 1 || !std::holds_alternative<PolaccoRefused>(e[0])) return std::nullopt;
        return std::get<PolaccoRefused>(e[0]);
    };
    const auto too_long =
        refusal_of(t.core->set_client_seed(12, Bytes(fairness::kMaxClientSeedBytes + 1, 1)));
    ASSERT_TRUE(too_long.has_value());
    EXPECT_EQ(too_long->refusal, Refusal::ClientSeed);
    EXPECT_EQ(too_long->player, 12);
    const auto stranger = refusal_of(t.core->set_client_seed(99, bytes("an observer's")));
    ASSERT_TRUE(stranger.has_value());
    EXPECT_EQ(stranger->refusal, Refusal::WrongSeat);
    EXPECT_EQ(t.core->seq(), seq);
    EXPECT_TRUE(t.core->set_client_seed(12, Bytes(fairness::kMaxClientSeedBytes, 2)).empty());

    const PolaccoEffects hand = t.deal_and_play();
    const auto revealed = all_of<ShuffleRevealed>(hand);
    ASSERT_EQ(revealed.size(), 1u);
    ASSERT_EQ(revealed[0].reveal.client_seeds.size(), 1u);
    EXPECT_EQ(revealed[0].reveal.client_seeds[0].player, 12);
    EXPECT_EQ(revealed[0].reveal.client_seeds[0].hex,
              fairness::to_hex(Bytes(fairness::kMaxClientSeedBytes, 2)));
}

}  // namespace
}  // namespace tavolo::server::table
