#pragma once
// A random-playing bot for simulations: picks a legal action at random, going all-in often
// enough that tournaments end, and now and then letting its clock run out.
#include <cstdint>

#include "engine/poker/commands.hpp"
#include "engine/poker/hand.hpp"
#include "engine/poker/legal_actions.hpp"
#include "engine/random.hpp"

namespace tavolo::tools {

class RandomBot {
  public:
    explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
    // The big blind of the hand about to be played (the bot sizes its aggression by it).
    void set_big_blind(engine::Chips big_blind) { big_blind_ = big_blind; }
    engine::Command choose(const engine::Hand& hand, const engine::LegalActions& legal);

  private:
    engine::SeededRandom rng_;
    engine::Chips big_blind_ = 0;
};

}  // namespace tavolo::tools
