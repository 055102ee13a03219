// mix_seed and commitment against known answers computed outside Tavolo (Python's hashlib over the
// byte layouts fairness/README.md defines), and their properties: the order of the client seeds
// does not matter, every input changes the seed, bad client seeds are refused.
#include <gtest/gtest.h>

#include <numeric>

#include "fairness/proof.hpp"
#include "fairness/seed.hpp"

using namespace tavolo::fairness;

namespace {

ServerSecret counting_secret() {  // 00 01 02 ... 1f
    ServerSecret s;
    std::iota(s.begin(), s.end(), std::uint8_t{0});
    return s;
}

std::vector<std::uint8_t> bytes_of(std::string_view text) {
    return {text.begin(), text.end()};
}

std::optional<SeedError> error_of(const std::expected<Seed, SeedError>& seed) {
    if (seed) return std::nullopt;
    return seed.error();
}

std::string hex_of(const std::expected<Seed, SeedError>& seed) {
    return seed ? to_hex(*seed) : std::string(describe(seed.error()));
}

}  // namespace

TEST(FairSeed, Sha256OfAbcIsTheFips180Vector) {
    EXPECT_EQ(to_hex(sha256(bytes_of("abc"))),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(FairSeed, MixWithoutClientSeedsMatchesTheKnownAnswer) {
    // hashlib.sha256(b"tavolo/fair/seed/v1\0" + bytes(range(32)) + (0).to_bytes(4, "big"))
    EXPECT_EQ(hex_of(mix_seed(counting_secret(), {})),
              "5f9f13d38f9ccdf198e478a1a6c844e96370ae4f68c956352d19c93ddaf86b56");
}

TEST(FairSeed, MixWithClientSeedsMatchesTheKnownAnswerInSeatOrder) {
    // Seat 0 sent 00ff, seat 2 sent "alice": count 2, then (0, 2, 00ff), (2, 5, "alice").
    const std::vector<ClientSeed> given = {{.seat = 2, .bytes = bytes_of("alice")},
                                           {.seat = 0, .bytes = {0x00, 0xff}}};
    EXPECT_EQ(hex_of(mix_seed(counting_secret(), given)),
              "094a7e766740b2de5f8e88f5b91f8514b7fcd637c9252e104b67e330985ad75e");
    const std::vector<ClientSeed> reversed = {given[1], given[0]};
    EXPECT_EQ(hex_of(mix_seed(counting_secret(), reversed)), hex_of(mix_seed(counting_secret(), given)));
}

TEST(FairSeed, CommitmentMatchesTheKnownAnswer) {
    // hashlib.sha256(b"tavolo/fair/commitment/v1\0" + seed).hexdigest()
    const auto seed = seed_from_hex("094a7e766740b2de5f8e88f5b91f8514b7fcd637c9252e104b67e330985ad75e");
    ASSERT_TRUE(seed.has_value());
    EXPECT_EQ(commitment(*seed), "5da80bc39945a31e17334b083297708028a84e0978fff441827b71915ce9e5d3");
    const auto other = seed_from_hex("5f9f13d38f9ccdf198e478a1a6c844e96370ae4f68c956352d19c93ddaf86b56");
    ASSERT_TRUE(other.has_value());
    EXPECT_EQ(commitment(*other), "77b3cd93593eccb65456e1e9470b995d2ab331aa071cc48547fe6305c4c7fb29");
}

TEST(FairSeed, EveryInputChangesTheSeed) {
    const ServerSecret secret = counting_secret();
    const std::vector<ClientSeed> base = {{.seat = 1, .bytes = bytes_of("ab")}};
    const std::string h = hex_of(mix_seed(secret, base));
    ServerSecret other_secret = secret;
    other_secret[31] ^= 1;
    EXPECT_NE(hex_of(mix_seed(other_secret, base)), h);
    EXPECT_NE(hex_of(mix_seed(secret, std::vector<ClientSeed>{{.seat = 2, .bytes = bytes_of("ab")}})), h);
    EXPECT_NE(hex_of(mix_seed(secret, std::vector<ClientSeed>{{.seat = 1, .bytes = bytes_of("ac")}})), h);
    // Length-prefixed: moving a byte from one seat's seed to the next one's is another input.
    const std::vector<ClientSeed> split_a = {{.seat = 1, .bytes = bytes_of("ab")},
                                             {.seat = 2, .bytes = bytes_of("c")}};
    const std::vector<ClientSeed> split_b = {{.seat = 1, .bytes = bytes_of("a")},
                                             {.seat = 2, .bytes = bytes_of("bc")}};
    EXPECT_NE(hex_of(mix_seed(secret, split_a)), hex_of(mix_seed(secret, split_b)));
    // An empty seed counts as sent.
    EXPECT_NE(hex_of(mix_seed(secret, std::vector<ClientSeed>{{.seat = 1, .bytes = {}}})),
              hex_of(mix_seed(secret, {})));
}

TEST(FairSeed, BadClientSeedsAreRefused) {
    const ServerSecret secret = counting_secret();
    const std::vector<ClientSeed> twice = {{.seat = 3, .bytes = {1}}, {.seat = 3, .bytes = {2}}};
    EXPECT_EQ(error_of(mix_seed(secret, twice)), SeedError::DuplicateSeat);
    const std::vector<ClientSeed> no_seat = {{.seat = tavolo::engine::kNoSeat, .bytes = {1}}};
    EXPECT_EQ(error_of(mix_seed(secret, no_seat)), SeedError::BadSeat);
    const std::vector<ClientSeed> longest = {
        {.seat = 0, .bytes = std::vector<std::uint8_t>(kMaxClientSeedBytes)}};
    EXPECT_TRUE(mix_seed(secret, longest).has_value());
    const std::vector<ClientSeed> too_long = {
        {.seat = 0, .bytes = std::vector<std::uint8_t>(kMaxClientSeedBytes + 1)}};
    EXPECT_EQ(error_of(mix_seed(secret, too_long)), SeedError::ClientSeedTooLong);
}

TEST(FairSeed, ServerSecretsAreFreshEachTime) {
    EXPECT_NE(make_server_secret(), make_server_secret());
}

TEST(FairSeed, HexAndClientSeedTextReadBack) {
    EXPECT_EQ(from_hex("00Ff7a"), (std::vector<std::uint8_t>{0x00, 0xff, 0x7a}));
    EXPECT_FALSE(from_hex("abc").has_value());
    EXPECT_FALSE(from_hex("zz").has_value());
    EXPECT_FALSE(seed_from_hex("00ff").has_value());
    const ClientSeed c{.seat = 4, .bytes = {0xde, 0xad}};
    EXPECT_EQ(client_seed_text(c), "5:dead");
    const auto back = parse_client_seed("5:dead");
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->seat, 4);
    EXPECT_EQ(back->bytes, c.bytes);
    EXPECT_FALSE(parse_client_seed("0:dead").has_value());
    EXPECT_FALSE(parse_client_seed("dead").has_value());
    EXPECT_FALSE(parse_client_seed("5:xyz").has_value());
}
