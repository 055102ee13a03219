#pragma once
// Poker Polacco's vocabulary (RULES.md §9): players, directions, modes and the optional rules.
#include <cstdint>

namespace tavolo::engine::polacco {

using PlayerId = std::int64_t;  // an entrant of the tournament
using TableId = std::int32_t;   // a table's number within its tournament (0-based)

inline constexpr int kInitialCards = 2;     // every player's cards before penalties
inline constexpr int kMaxPenalties = 3;     // 5 cards; one more penalty eliminates (POLACCO §3.2-3.3)
inline constexpr int kBonusCardLimit = 30;  // the bonus needs fewer cards than this in play (POLACCO §8.1)
inline constexpr int kTableMaxNoDealer = 7;
inline constexpr int kTableMaxCasino = 9;
inline constexpr int kDefaultTurnSeconds = 30;  // RULES.md §9, online adaptation

enum class Direction : std::uint8_t { Clockwise, Anticlockwise };

// No-dealer: players deal in turn (at most 7 a table). Casino: a house dealer (at most 9).
enum class Mode : std::uint8_t { NoDealer, Casino };

struct Rules {
    Mode mode = Mode::NoDealer;
    // Casino option (POLACCO casino §8.1): play always runs clockwise; the first speaker chooses nothing.
    bool clockwise_only = false;
    // Optional rule: each player's single pass (Passamano) of the tournament.
    bool passamano = false;
    // Optional rule: a doubted four of a kind or straight flush that proves present with fewer than
    // 30 cards in play removes one of the declarer's penalties.
    bool bonus = false;
    // Each turn's clock, for the server's timers; on expiry it calls Hand::timeout().
    int turn_seconds = kDefaultTurnSeconds;

    int table_max() const { return mode == Mode::Casino ? kTableMaxCasino : kTableMaxNoDealer; }
};

}  // namespace tavolo::engine::polacco
