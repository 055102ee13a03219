#pragma once
// Sanctions an operator applies to a seated player (RULES.md §6, APT Art.25).
#include "engine/table/table_player.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

enum class SanctionKind {
    Warning,           // recorded and shown; nothing changes at the table
    Exclusion,         // 1-4 orbits: still dealt in, still posts, folded at once
    Disqualification,  // leaves the tournament; the chips leave with the player
};

struct Sanction {
    SanctionKind kind = SanctionKind::Warning;
    SeatIndex seat = kNoSeat;
    int orbits = 0;  // Exclusion only: 1..4
};

struct SanctionOutcome {
    SanctionKind kind = SanctionKind::Warning;
    EntrantId entrant = kNoEntrant;
    int excluded_hands = 0;   // Exclusion: orbits x players at the table when it starts
    Chips chips_removed = 0;  // Disqualification: the chips that leave the tournament
};

inline constexpr int kMinExclusionOrbits = 1;
inline constexpr int kMaxExclusionOrbits = 4;

// An orbit is as many hands as there are players at the table when the sanction starts, the
// excluded player included.
constexpr int exclusion_hands(int orbits, int players_at_table) {
    return orbits * players_at_table;
}

}  // namespace tavolo::engine
