#pragma once
// Blind levels (RULES.md §6, APT Art.15): the default schedule, antes by game and kind, and
// levels past the last one doubling the one before.
#include <vector>

#include "engine/poker/hand_setup.hpp"
#include "engine/tournament/tournament_kind.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

struct BlindLevel {
    Chips small_blind = 0;
    Chips big_blind = 0;
    Chips ante = 0;
    friend bool operator==(const BlindLevel&, const BlindLevel&) = default;
};

struct BlindSchedule {
    std::vector<BlindLevel> levels;  // level 1 is levels[0]
    AnteMode ante_mode = AnteMode::None;
    // Level `number` (1-based); past the last, each level doubles the one before, up to the last
    // level whose blinds and ante are all within kMaxTotalChips (that level then repeats).
    BlindLevel level(int number) const;
};

// The MTT schedule of §6 with its antes, as written.
const std::vector<BlindLevel>& default_mtt_levels();

// The default schedule for a tournament: antes for stud and draw only (hold'em none), and a
// Sit&Go never has antes. `big_blind_ante` turns antes into the big-blind ante option.
BlindSchedule default_schedule(TournamentKind kind, Variant variant, bool big_blind_ante = false);

}  // namespace tavolo::engine
