#pragma once
// The provably fair shuffle of a live table's hands (fairness/README.md "How the server uses it"),
// shared by TableCore (poker) and PolaccoCore: the client seeds players send for the next hand, and
// for each hand a fresh server secret mixed with them into the seed its deck is dealt from.
//
// Decided (the issue is silent): a seed is for the next hand dealt, whether it arrives between hands
// or while one is in play; a second seed from the same player before that deal replaces the first
// (the latest counts: nothing was committed yet, and a client that resends after a reconnect needs no
// special case). Kept seeds are dropped once a hand is dealt: a seed goes into one hand only.
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <vector>

#include "fairness/seed.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::table {

// Where each hand's server secret comes from: libsodium's CSPRNG (fairness::make_server_secret) in
// production; tests inject a fixed one so the deal is deterministic.
using SecretSource = std::function<fairness::ServerSecret()>;

// One player dealt into the next hand: his id (entrant or Polacco player) and the number the mix
// orders his seed by (RevealedClientSeed::seat).
struct DealtPlayer {
    std::int64_t player = -1;
    engine::SeatIndex seat = engine::kNoSeat;
};

// A hand's seed and how it was made.
struct HandShuffle {
    fairness::Seed seed{};
    ShuffleReveal reveal;
};

class ShuffleSeeds {
  public:
    explicit ShuffleSeeds(SecretSource secrets) : secrets_(std::move(secrets)) {}

    // Keeps the seed for the next hand (replacing one kept for the player). False, keeping nothing,
    // when it is longer than fairness::kMaxClientSeedBytes.
    bool take(std::int64_t player, std::vector<std::uint8_t> bytes);
    // He left the table: his kept seed goes with him.
    void forget(std::int64_t player) { kept_.erase(player); }
    bool holds(std::int64_t player) const { return kept_.contains(player); }

    // The seed of hand `hand`: a fresh server secret mixed with the kept seeds of `dealt`. The seeds
    // stay kept until dealt() says the hand was really dealt (a refused start loses none).
    HandShuffle make(std::int64_t hand, std::span<const DealtPlayer> dealt) const;
    void dealt() { kept_.clear(); }

  private:
    SecretSource secrets_;
    std::map<std::int64_t, std::vector<std::uint8_t>> kept_;
};

// The commitment message of a hand: who seeded it, without the seeds.
ShuffleCommitted commitment_of(const ShuffleReveal& reveal, Sequence seq);

}  // namespace tavolo::server::table
