// Issue 10, item 7: the provably fair shuffle at a live poker table. Each hand is dealt from
// SeedRandom(mix_seed(server secret, the seated players' client seeds)); the commitment is published
// before the first card, the seed and what made it after the last event, and the hand's PHH in the
// HandRecord verifies with fairness::verify_hand and `tavolo verify-hand`; a changed card does not.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "engine/phh/parser.hpp"
#include "fairness/verify_hand.hpp"
#include "tests/server/table_core_support.hpp"
#include "tests/support/run_tool.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
using engine::SeatIndex;
using testing::all_of;
using testing::entrant_at;
using testing::OpenedTable;

using Bytes = std::vector<std::uint8_t>;

// The server secret of the n-th hand a table deals (from 0): known to the test, different each hand.
fairness::ServerSecret secret_number(int n) {
    fairness::ServerSecret s{};
    for (std::size_t i = 0; i < s.size(); ++i)
        s[i] = static_cast<std::uint8_t>(i * 7 + static_cast<std::size_t>(n) * 13 + 1);
    return s;
}

// Hands out secret_number(0), (1), ... and counts how many were asked for.
SecretSource counting_secrets(std::shared_ptr<int> asked) {
    return [asked] { return secret_number((*asked)++); };
}

Bytes bytes(std::string_view text) {
    return {text.begin(), text.end()};
}

template <class T>
std::optional<std::size_t> index_of_first(const Effects& effects) {
    for (std::size_t i = 0; i < effects.size(); ++i)
        if (std::holds_alternative<T>(effects[i])) return i;
    return std::nullopt;
}

// A fresh table of three (hold'em) whose hands take their secrets from counting_secrets.
struct FairTable {
    std::shared_ptr<int> secrets_asked = std::make_shared<int>(0);
    OpenedTable t;
    explicit FairTable(engine::Variant variant = engine::Variant::Holdem)
        : t(3, variant, engine::Betting::NoLimit, 7, {}, 3000, counting_secrets(secrets_asked)) {}

    // Plays the hand in play to its end (check or call, stand pat), returning every effect.
    Effects play_out() {
        Effects all;
        for (int guard = 0; t.core.in_hand() && guard < 200; ++guard) {
            const auto legal = t.core.hand().legal_actions();
            const engine::Command c = legal.drawing     ? engine::Command{engine::Discard{}}
                                      : legal.may_check ? engine::Command{engine::Check{}}
                                                        : engine::Command{engine::Call{}};
            t.now += 1s;
            const Effects e = t.act(c);
            all.insert(all.end(), e.begin(), e.end());
        }
        EXPECT_FALSE(t.core.in_hand());
        return all;
    }
    // Deals hand `hand` and plays it out: everything it published, in order.
    Effects deal_and_play(engine::HandId hand) {
        Effects all = t.start(hand);
        const Effects rest = play_out();
        all.insert(all.end(), rest.begin(), rest.end());
        return all;
    }
};

// The one effect of type T in `effects`.
template <class T>
T only(const Effects& effects) {
    const auto found = all_of<T>(effects);
    EXPECT_EQ(found.size(), 1u);
    return found.empty() ? T{} : found.front();
}

std::vector<SeatIndex> seats_of(const std::vector<RevealedClientSeed>& seeds) {
    std::vector<SeatIndex> out;
    for (const auto& s : seeds)
        out.push_back(s.seat);
    return out;
}

fairness::Verdict verify_text(const std::string& phh) {
    auto history = engine::phh::parse_hand(phh);
    if (history) return fairness::verify_hand(*history);
    fairness::Verdict unreadable;
    unreadable.failure.reason = "the record's PHH does not parse: " + history.error().message;
    return unreadable;
}

// A temporary file for `tavolo verify-hand`.
class TempFile {
  public:
    TempFile(const std::string& name, const std::string& text)
        : path_(std::filesystem::temp_directory_path() /
                ("tavolo-fair-table-" + std::to_string(::getpid()) + "-" + name)) {
        std::ofstream(path_) << text;
    }
    ~TempFile() { std::filesystem::remove(path_); }
    std::string path() const { return path_.string(); }

  private:
    std::filesystem::path path_;
};

// The history with the first hole card dealt to p1 swapped with his second: a card that is not the seed's.
std::string with_a_changed_card(const std::string& phh) {
    std::string out = phh;
    const auto at = out.find("'d dh p1 ");
    if (at == std::string::npos) return out;
    const std::size_t cards = at + 9;
    const std::string first = out.substr(cards, 2);
    out.replace(cards, 2, out.substr(cards + 2, 2));
    out.replace(cards + 2, 2, first);
    return out;
}

TEST(TableCoreFairShuffle,
     issue10_7_the_hand_commits_before_any_card_and_reveals_the_seed_its_client_seeds_made) {
    FairTable f;
    // Seat 0 changes his mind before the deal (the latest seed counts); seat 2 sends one; seat 1 none.
    EXPECT_TRUE(f.t.core.set_client_seed(entrant_at(0), 0, bytes("first thought")).empty());
    EXPECT_TRUE(f.t.core.set_client_seed(entrant_at(0), 0, bytes("second thought")).empty());
    EXPECT_TRUE(f.t.core.set_client_seed(entrant_at(2), 2, Bytes{0x00, 0xff, 0x10}).empty());

    const Effects started = f.t.start(1);
    const auto committed_at = index_of_first<ShuffleCommitted>(started);
    const auto first_publish = index_of_first<Publish>(started);
    ASSERT_TRUE(committed_at && first_publish);
    EXPECT_LT(*committed_at, *first_publish) << "the commitment comes before any card";
    const ShuffleCommitted committed = std::get<ShuffleCommitted>(started[*committed_at]);
    EXPECT_EQ(committed.hand, 1);
    EXPECT_EQ(committed.seq, std::get<Publish>(started[*first_publish]).seq - 1);
    EXPECT_EQ(seats_of(committed.seeded), (std::vector<SeatIndex>{0, 2}));
    for (const auto& s : committed.seeded)
        EXPECT_EQ(s.hex, "") << "the seeds stay unpublished until the reveal";
    EXPECT_EQ(f.t.core.snapshot_for(testing::viewer_of(1), f.t.now).shuffle_commitment, committed.commitment);

    const Effects played = f.play_out();
    const ShuffleRevealed revealed = only<ShuffleRevealed>(played);
    const HandFinished finished = only<HandFinished>(played);
    const auto revealed_at = index_of_first<ShuffleRevealed>(played);
    const auto finished_at = index_of_first<HandFinished>(played);
    ASSERT_TRUE(revealed_at && finished_at);
    EXPECT_LT(*revealed_at, *finished_at);
    for (std::size_t i = *revealed_at; i < played.size(); ++i)
        EXPECT_FALSE(std::holds_alternative<Publish>(played[i])) << "a hand event after the reveal";

    // The seed revealed is the one committed to, and it is the mix of the secret and the client seeds.
    const ShuffleReveal& r = revealed.reveal;
    EXPECT_EQ(r.hand, 1);
    EXPECT_EQ(r.commitment, committed.commitment);
    const auto seed = fairness::seed_from_hex(r.seed);
    ASSERT_TRUE(seed.has_value());
    EXPECT_EQ(fairness::commitment(*seed), committed.commitment);
    EXPECT_EQ(r.server_secret, fairness::to_hex(secret_number(0)));
    EXPECT_EQ(*f.secrets_asked, 1);
    const std::vector<RevealedClientSeed> expected_seeds{
        {0, entrant_at(0), fairness::to_hex(bytes("second thought"))}, {2, entrant_at(2), "00ff10"}};
    EXPECT_EQ(r.client_seeds, expected_seeds);
    const std::vector<fairness::ClientSeed> sent{{2, Bytes{0x00, 0xff, 0x10}}, {0, bytes("second thought")}};
    const auto mixed = fairness::mix_seed(secret_number(0), sent);
    ASSERT_TRUE(mixed.has_value());
    EXPECT_EQ(*mixed, *seed);

    // The record keeps the same reveal, and its PHH verifies card by card against the seed.
    EXPECT_EQ(finished.record.shuffle, r);
    EXPECT_NE(finished.record.phh.find("_tavolo_commitment = '" + committed.commitment + "'"),
              std::string::npos)
        << finished.record.phh;
    EXPECT_NE(finished.record.phh.find("'1:" + fairness::to_hex(bytes("second thought")) + "'"),
              std::string::npos);
    EXPECT_NE(finished.record.phh.find("entrant 101"), std::string::npos);
    const fairness::Verdict v = verify_text(finished.record.phh);
    EXPECT_TRUE(v.verified) << v.failure.reason << "\n" << finished.record.phh;
    // Checked down to the river: every hole card and the board, then the cards shown at showdown.
    EXPECT_GE(v.cards_checked, 3 * 2 + 5);
    EXPECT_EQ(v.hidden_cards, 0);
}

TEST(TableCoreFairShuffle, issue10_7_the_record_verifies_with_tavolo_verify_hand_and_a_changed_card_fails) {
    for (const engine::Variant variant :
         {engine::Variant::Holdem, engine::Variant::FiveCardStud, engine::Variant::FiveCardDraw}) {
        FairTable f(variant);
        EXPECT_TRUE(f.t.core.set_client_seed(entrant_at(1), 1, bytes("my own randomness")).empty());
        const HandFinished finished = only<HandFinished>(f.deal_and_play(1));
        const std::string& phh = finished.record.phh;
        const TempFile good("good.phh", phh);
        const auto ok = tavolo::testing::run_tool("verify-hand " + good.path());
        EXPECT_EQ(ok.code, 0) << ok.out;
        EXPECT_EQ(ok.last_line(), "verify-hand: 1 verified, 0 failed") << ok.out;

        const std::string changed = with_a_changed_card(phh);
        ASSERT_NE(changed, phh);
        const fairness::Verdict v = verify_text(changed);
        EXPECT_FALSE(v.verified);
        EXPECT_NE(v.failure.reason.find("but the seed deals"), std::string::npos) << v.failure.reason;
        const TempFile bad("bad.phh", changed);
        const auto failed = tavolo::testing::run_tool("verify-hand " + bad.path());
        EXPECT_EQ(failed.code, 1) << failed.out;
        EXPECT_NE(failed.out.find("FAILED, line "), std::string::npos) << failed.out;
        EXPECT_EQ(failed.last_line(), "verify-hand: 0 verified, 1 failed") << failed.out;
    }
}

TEST(TableCoreFairShuffle, issue10_7_a_client_seed_over_64_bytes_is_refused_and_changes_nothing) {
    FairTable f;
    const Bytes longest(fairness::kMaxClientSeedBytes, 0xab);
    EXPECT_TRUE(f.t.core.set_client_seed(entrant_at(0), 0, longest).empty());
    const Sequence seq = f.t.core.seq();
    const Effects e =
        f.t.core.set_client_seed(entrant_at(0), 0, Bytes(fairness::kMaxClientSeedBytes + 1, 0xcd));
    ASSERT_EQ(e.size(), 1u);
    const auto* refused = std::get_if<Refused>(&e[0]);
    ASSERT_NE(refused, nullptr);
    EXPECT_EQ(refused->refusal, Refusal::ClientSeed);
    EXPECT_EQ(refused->entrant, entrant_at(0));
    EXPECT_NE(refused->message.find("at most 64 bytes"), std::string::npos) << refused->message;
    EXPECT_EQ(f.t.core.seq(), seq);
    // The 64-byte seed he sent first is the one that went in.
    const ShuffleRevealed revealed = only<ShuffleRevealed>(f.deal_and_play(1));
    ASSERT_EQ(revealed.reveal.client_seeds.size(), 1u);
    EXPECT_EQ(revealed.reveal.client_seeds[0].hex, fairness::to_hex(longest));
}

TEST(TableCoreFairShuffle, issue10_7_a_client_seed_from_an_observer_or_for_another_seat_is_refused) {
    FairTable f;
    const engine::EntrantId stranger = 999;
    const struct {
        engine::EntrantId entrant;
        SeatIndex seat;
    } attempts[] = {
        {stranger, engine::kNoSeat},  // an observer: he holds no seat
        {stranger, 4},                // an empty seat
        {stranger, 1},                // a seat someone else holds
        {entrant_at(0), 1},           // a seated player, for his neighbour's seat
    };
    const Sequence seq = f.t.core.seq();
    for (const auto& a : attempts) {
        const Effects e = f.t.core.set_client_seed(a.entrant, a.seat, bytes("let me steer the deck"));
        ASSERT_EQ(e.size(), 1u);
        const auto* refused = std::get_if<Refused>(&e[0]);
        ASSERT_NE(refused, nullptr);
        EXPECT_EQ(refused->refusal, Refusal::WrongSeat);
        EXPECT_EQ(refused->entrant, a.entrant);
    }
    EXPECT_EQ(f.t.core.seq(), seq);
    const Effects hand = f.deal_and_play(1);
    EXPECT_TRUE(only<ShuffleCommitted>(hand).seeded.empty());
    EXPECT_TRUE(only<ShuffleRevealed>(hand).reveal.client_seeds.empty());
}

TEST(TableCoreFairShuffle,
     issue10_7_a_seed_sent_during_a_hand_is_for_the_next_and_each_hand_has_a_fresh_secret) {
    FairTable f;
    const Effects first_start = f.t.start(1);
    EXPECT_TRUE(f.t.core.set_client_seed(entrant_at(1), 1, bytes("for the next hand")).empty());
    const Effects first_rest = f.play_out();
    EXPECT_TRUE(only<ShuffleCommitted>(first_start).seeded.empty());
    const ShuffleReveal first = only<ShuffleRevealed>(first_rest).reveal;
    EXPECT_TRUE(first.client_seeds.empty());
    EXPECT_EQ(f.t.core.snapshot_for(testing::viewer_of(1), f.t.now).shuffle_commitment, "");

    const Effects second_hand = f.deal_and_play(2);
    EXPECT_EQ(seats_of(only<ShuffleCommitted>(second_hand).seeded), (std::vector<SeatIndex>{1}));
    const ShuffleReveal second = only<ShuffleRevealed>(second_hand).reveal;
    EXPECT_EQ(second.hand, 2);
    EXPECT_EQ(seats_of(second.client_seeds), (std::vector<SeatIndex>{1}));
    EXPECT_EQ(second.server_secret, fairness::to_hex(secret_number(1)));
    EXPECT_NE(second.seed, first.seed);

    // A seed goes into one hand: the third has none, and its own secret.
    const ShuffleReveal third = only<ShuffleRevealed>(f.deal_and_play(3)).reveal;
    EXPECT_TRUE(third.client_seeds.empty());
    EXPECT_EQ(third.server_secret, fairness::to_hex(secret_number(2)));
    EXPECT_EQ(*f.secrets_asked, 3);
    for (const ShuffleReveal& r : {first, second, third}) {
        const auto seed = fairness::seed_from_hex(r.seed);
        ASSERT_TRUE(seed.has_value());
        EXPECT_EQ(fairness::commitment(*seed), r.commitment);
    }
}

TEST(TableCoreFairShuffle, issue10_7_the_button_draw_does_not_come_from_the_hand_seed) {
    // Two tables with the same injected RandomSource but different secrets: the same button (drawn
    // with the RandomSource), different decks (dealt from the seed).
    OpenedTable a(3, engine::Variant::Holdem, engine::Betting::NoLimit, 7, {}, 3000,
                  [] { return secret_number(0); });
    OpenedTable b(3, engine::Variant::Holdem, engine::Betting::NoLimit, 7, {}, 3000,
                  [] { return secret_number(5); });
    a.start(1);
    b.start(1);
    EXPECT_EQ(a.core.hand().button(), b.core.hand().button());
    const auto cards = [](const OpenedTable& t) {
        std::vector<engine::Card> out;
        for (SeatIndex s = 0; s < 3; ++s)
            for (engine::Card c : t.core.hand().hole_cards(s))
                out.push_back(c);
        return out;
    };
    EXPECT_NE(cards(a), cards(b));
}

}  // namespace
}  // namespace tavolo::server::table
