#pragma once
// Finishing places (RULES.md §6): players eliminated in the same hand at one table rank by their
// chips at the start of that hand (more ranks higher; equal: the button, then the seats to its
// left); players eliminated in the same hand-for-hand round at different tables rank by starting
// chips too, and equal chips at different tables share their places' prizes equally; otherwise
// eliminations rank by the order in which their hands were committed.
#include <span>
#include <vector>

#include "engine/table/table.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

struct Placing {
    EntrantId entrant = kNoEntrant;
    int place = 0;   // 1 = winner
    int shared = 1;  // players sharing places place..place+shared-1 (hand-for-hand ties)
};

struct RoundElimination {
    EntrantId entrant = kNoEntrant;
    Chips start_chips = 0;
    int table = 0;
    int seat_from_button = 0;
};

class Ranking {
  public:
    explicit Ranking(int entrants) : unranked_(entrants) {}

    int unranked() const { return unranked_; }
    const std::vector<Placing>& placings() const { return placings_; }

    // One hand at one table, best first (the order Table::finish_hand returns).
    void eliminate_in_hand(std::span<const Elimination> eliminated);
    // One hand-for-hand round across tables, in any order.
    void eliminate_in_round(std::vector<RoundElimination> eliminated);
    // The last player standing.
    void crown(EntrantId winner);

  private:
    int unranked_;
    std::vector<Placing> placings_;
};

// Each placing's prize; shared places split the sum of their prizes equally, leftover cents to
// the earlier placings of the tie.
std::vector<Cents> prizes_for_placings(const std::vector<Placing>& placings,
                                       const std::vector<Cents>& prizes);

}  // namespace tavolo::engine
