#pragma once
// How a bot decides (tavolo bots --strategy): pure functions of the legal actions the server sent and
// the cards the bot sees, so every choice is within what the server allows (the same min/max, the
// decision's own kind) and testable without a server.
//   random:  any legal action, a bet or raise of any legal amount (all-in often, so tournaments end);
//   calling: check, else call; Polacco: the lowest legal declaration, else doubt;
//   tight:   fold unless strong (a pair or better with his own cards, or two high cards before any
//            board), then call or raise the minimum; Polacco: doubt unless his own cards hold the
//            lowest declaration he could make, else declare it.
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>

#include "tavolo.pb.h"

namespace tavolo::bots {

namespace v1 = ::tavolo::v1;

enum class Strategy { Random, Calling, Tight };

std::optional<Strategy> strategy_of(std::string_view name);  // "random", "calling", "tight"
std::string to_string(Strategy strategy);

using Rng = std::mt19937_64;

// A poker decision: a betting action, or the discards at the draw (faces of `own` only).
v1::PokerCommand choose_poker(Strategy strategy, const v1::PokerLegalActions& legal,
                              std::span<const std::uint32_t> own, std::span<const std::uint32_t> board,
                              Rng& rng);

// A Polacco decision: the direction, a declaration at or above the lowest allowed, a doubt or a pass.
// `own`: the bot's cards (faces).
v1::PolaccoCommand choose_polacco(Strategy strategy, const v1::PolaccoLegalActions& legal,
                                  std::span<const std::uint32_t> own, Rng& rng);

// Tight's test: a pair or better using one of `own`, or (before any board, two cards or fewer) two
// cards jack or better or an ace.
bool strong_hand(std::span<const std::uint32_t> own, std::span<const std::uint32_t> board);

}  // namespace tavolo::bots
