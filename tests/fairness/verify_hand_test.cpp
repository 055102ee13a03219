// verify_hand: hands of every game and structure, dealt from a seed and exported with their proof,
// verify from the written file (including draw hands whose discards were reshuffled, which a plain
// replay cannot follow); a changed card, seed, commitment, server secret or client seed fails, and
// the failure names the line and the card.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "engine/phh/parser.hpp"
#include "engine/phh/replay.hpp"
#include "fairness/verify_hand.hpp"
#include "tests/fairness/played_hand.hpp"

using namespace tavolo;
using tavolo::testing::play_fair_hand;
using tavolo::testing::PlayedHand;

namespace {

fairness::Verdict verify_text(const std::string& text) {
    auto parsed = engine::phh::parse_hand(text);
    if (!parsed) {
        fairness::Verdict v;
        v.failure.reason = parsed.error().to_string();
        return v;
    }
    return fairness::verify_hand(*parsed);
}

// The text with the first occurrence of `from` replaced.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// The file line where `actions = [...]` starts (the writer puts the list on one line).
int actions_line(const std::string& text) {
    const auto at = text.find("\nactions = ");
    return 2 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

// The nth deal line (`d dh` or `d db`) with its first card replaced by a card the hand never dealt.
struct Tamper {
    std::string original_line;
    std::string tampered_line;
    std::string original_card;
    std::string new_card;
};
Tamper tamper_deal(const PlayedHand& p, std::size_t nth_deal) {
    std::size_t seen = 0;
    for (const std::string& a : p.history.actions) {
        if (a.rfind("d dh", 0) != 0 && a.rfind("d db", 0) != 0) continue;
        if (seen++ != nth_deal) continue;
        const std::size_t cards_at = a.rfind(' ') + 1;
        for (const char* rank : {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"}) {
            for (const char* suit : {"c", "d", "h", "s"}) {
                const std::string c = std::string(rank) + suit;
                if (p.text.find(c) != std::string::npos) continue;
                std::string t = a;
                t.replace(cards_at, 2, c);
                return {a, t, a.substr(cards_at, 2), c};
            }
        }
    }
    return {};
}

}  // namespace

TEST(FairVerify, EveryGameAndStructureVerifiesFromItsExportedFile) {
    engine::SeededRandom rng(20261125);
    const engine::Variant variants[] = {engine::Variant::Holdem, engine::Variant::FiveCardStud,
                                        engine::Variant::FiveCardDraw};
    const engine::Betting structures[] = {engine::Betting::NoLimit, engine::Betting::PotLimit,
                                          engine::Betting::Limit};
    int hands = 0;
    int reshuffled = 0;
    for (auto v : variants) {
        for (auto b : structures) {
            const int max_players = engine::game_for(v).max_players;
            for (int i = 0; i < 60; ++i) {
                const int players =
                    2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(max_players - 1)));
                const PlayedHand p = play_fair_hand(rng, v, b, players, i % 2 == 0);
                const fairness::Verdict verdict = verify_text(p.text);
                ASSERT_TRUE(verdict.verified)
                    << verdict.failure.reason << " (line " << verdict.failure.line << ")\n"
                    << p.text;
                // Every card dealt was compared (shown cards are compared again).
                EXPECT_GE(verdict.cards_checked, p.dealt_cards);
                EXPECT_EQ(verdict.hidden_cards, 0);
                EXPECT_EQ(verdict.commitment, fairness::commitment(p.seed));
                reshuffled += p.reshuffled ? 1 : 0;
                ++hands;
            }
        }
    }
    EXPECT_EQ(hands, 9 * 60);
    EXPECT_GT(reshuffled, 0) << "no draw hand ran the deck dry: the reshuffle was not exercised";
}

TEST(FairVerify, AChangedHoleCardFailsNamingTheLineAndTheCard) {
    engine::SeededRandom rng(7);
    for (auto v : {engine::Variant::Holdem, engine::Variant::FiveCardStud, engine::Variant::FiveCardDraw}) {
        const PlayedHand p = play_fair_hand(rng, v, engine::Betting::NoLimit, 3);
        const Tamper t = tamper_deal(p, 1);  // p2's first cards
        ASSERT_FALSE(t.new_card.empty()) << p.text;
        const std::string text = replaced(p.text, t.original_line, t.tampered_line);
        ASSERT_NE(text, p.text);
        const fairness::Verdict verdict = verify_text(text);
        EXPECT_FALSE(verdict.verified);
        EXPECT_EQ(verdict.failure.line, actions_line(text)) << verdict.failure.reason << "\n" << text;
        EXPECT_NE(verdict.failure.reason.find("is " + t.new_card + ", but the seed deals " + t.original_card),
                  std::string::npos)
            << verdict.failure.reason;
    }
}

TEST(FairVerify, AChangedBoardCardFails) {
    engine::SeededRandom rng(11);
    PlayedHand p;
    do {  // a hand that reaches the flop
        p = play_fair_hand(rng, engine::Variant::Holdem, engine::Betting::Limit, 2);
    } while (p.text.find("d db") == std::string::npos);
    std::size_t deals = 0;
    for (const auto& a : p.history.actions)
        deals += a.rfind("d dh", 0) == 0 ? 1 : 0;
    const Tamper t = tamper_deal(p, deals);  // the flop
    ASSERT_FALSE(t.new_card.empty());
    const fairness::Verdict verdict = verify_text(replaced(p.text, t.original_line, t.tampered_line));
    EXPECT_FALSE(verdict.verified);
    EXPECT_NE(verdict.failure.reason.find("dealt to the board is " + t.new_card), std::string::npos)
        << verdict.failure.reason;
}

TEST(FairVerify, AnotherSeedWithItsOwnCommitmentDealsOtherCards) {
    engine::SeededRandom rng(12);
    const PlayedHand p = play_fair_hand(rng, engine::Variant::Holdem, engine::Betting::NoLimit, 4, false);
    fairness::Seed other = p.seed;
    other[5] ^= 0x40;
    std::string text = replaced(p.text, fairness::to_hex(p.seed), fairness::to_hex(other));
    text = replaced(text, fairness::commitment(p.seed), fairness::commitment(other));
    const fairness::Verdict verdict = verify_text(text);
    EXPECT_FALSE(verdict.verified);
    EXPECT_NE(verdict.failure.reason.find("but the seed deals"), std::string::npos) << verdict.failure.reason;
}

TEST(FairVerify, AChangedSeedBreaksTheCommitment) {
    engine::SeededRandom rng(13);
    const PlayedHand p =
        play_fair_hand(rng, engine::Variant::FiveCardStud, engine::Betting::PotLimit, 3, false);
    fairness::Seed other = p.seed;
    other[31] ^= 1;
    const fairness::Verdict verdict =
        verify_text(replaced(p.text, fairness::to_hex(p.seed), fairness::to_hex(other)));
    EXPECT_FALSE(verdict.verified);
    EXPECT_NE(verdict.failure.reason.find("the commitment does not match the seed"), std::string::npos)
        << verdict.failure.reason;
}

TEST(FairVerify, AChangedCommitmentFails) {
    engine::SeededRandom rng(14);
    const PlayedHand p = play_fair_hand(rng, engine::Variant::FiveCardDraw, engine::Betting::Limit, 3);
    std::string c = fairness::commitment(p.seed);
    std::string changed = c;
    changed[0] = c[0] == '0' ? '1' : '0';
    const fairness::Verdict verdict = verify_text(replaced(p.text, c, changed));
    EXPECT_FALSE(verdict.verified);
    EXPECT_NE(verdict.failure.reason.find("the file says '" + changed + "'"), std::string::npos)
        << verdict.failure.reason;
}

TEST(FairVerify, AClientSeedLeftOutOfTheMixFails) {
    engine::SeededRandom rng(15);
    const PlayedHand p = play_fair_hand(rng, engine::Variant::Holdem, engine::Betting::PotLimit, 3);
    const std::string mine = fairness::client_seed_text(p.client_seeds[1]);
    fairness::ClientSeed changed = p.client_seeds[1];
    changed.bytes[0] ^= 1;
    const fairness::Verdict verdict =
        verify_text(replaced(p.text, mine, fairness::client_seed_text(changed)));
    EXPECT_FALSE(verdict.verified);
    EXPECT_NE(verdict.failure.reason.find("not the mix of the server secret and the client seeds"),
              std::string::npos)
        << verdict.failure.reason;
}

TEST(FairVerify, AHandWithoutASeedFailsSayingSo) {
    engine::SeededRandom rng(16);
    const PlayedHand p = play_fair_hand(rng, engine::Variant::Holdem, engine::Betting::NoLimit, 2, false);
    const std::string without = std::regex_replace(p.text, std::regex("_tavolo_seed = [^\n]*\n"), "");
    ASSERT_NE(without, p.text);
    const fairness::Verdict verdict = verify_text(without);
    EXPECT_FALSE(verdict.verified);
    EXPECT_NE(verdict.failure.reason.find("no _tavolo_seed field"), std::string::npos)
        << verdict.failure.reason;
}

// The proof fields are PHH user-defined fields: a file that carries them still replays (`tavolo
// replay`), and an export without a proof writes none of them.
TEST(FairVerify, TheProofFieldsLeaveTheReplayAndOtherExportsAlone) {
    engine::SeededRandom rng(17);
    for (auto v : {engine::Variant::Holdem, engine::Variant::FiveCardStud}) {
        const PlayedHand p = play_fair_hand(rng, v, engine::Betting::NoLimit, 3);
        auto parsed = engine::phh::parse_hand(p.text);
        ASSERT_TRUE(parsed.has_value()) << p.text;
        const auto replayed = engine::phh::replay(*parsed);
        EXPECT_EQ(replayed.outcome, engine::phh::Outcome::Passed) << replayed.reason << "\n" << p.text;
        ASSERT_NE(parsed->find_other("_tavolo_seed"), nullptr);
        EXPECT_EQ(parsed->find_other("_tavolo_seed")->text, fairness::to_hex(p.seed));

        fairness::SeedRandom again(p.seed);
        engine::Hand hand(p.setup, again);
        const auto plain = engine::phh::history_of_hand(hand, p.setup);
        for (const auto& f : plain.other)
            EXPECT_NE(f.key.rfind("_tavolo", 0), 0u) << f.key;
    }
}
