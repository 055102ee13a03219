#pragma once
// Finishing places (RULES.md §6): players eliminated in the same hand at one table rank by their
// chips at the start of that hand (more ranks higher; equal: the button, then the seats to its
// left); players eliminated in the same hand-for-hand round at different tables rank by starting
// chips too, and equal chips at different tables share their places' prizes equally; otherwise
// eliminations rank by the order in which their hands were committed.
#include <expected>
#include <span>
#include <unordered_set>
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

enum class RankingError {
    UnknownEntrant,  // an id below zero, or (with a roster) not an entrant of the tournament
    AlreadyRanked,   // an entrant ranked before, or listed twice
    NobodyLeft,      // eliminating every unranked player: someone must win the hand
    NotTheLast,      // crown() while more than one player is unranked
};
const char* to_string(RankingError e);

class Ranking {
  public:
    friend struct DirectorStateAccess;  // director_state_text.cpp: saved and restored whole
    explicit Ranking(int entrants) : unranked_(entrants < 0 ? 0 : entrants) {}
    // With the roster, ids outside it are refused too.
    explicit Ranking(std::span<const EntrantId> roster);

    int unranked() const { return unranked_; }
    const std::vector<Placing>& placings() const { return placings_; }

    // Each refuses bad input with nothing changed.
    // One hand at one table, best first (the order Table::finish_hand returns).
    std::expected<void, RankingError> eliminate_in_hand(std::span<const Elimination> eliminated);
    // One hand-for-hand round across tables, in any order.
    std::expected<void, RankingError> eliminate_in_round(std::vector<RoundElimination> eliminated);
    // The last player standing.
    std::expected<void, RankingError> crown(EntrantId winner);
    // A late entrant (RULES.md §6 late registration, re-entry): one more player to rank. Everyone
    // eliminated so far ranks below him (he is still playing), so their places move down by one.
    void add_entrant(EntrantId entrant);

  private:
    // Refuses unless every id may be ranked now (`last`: as the one player left), then marks them
    // ranked; places are the caller's.
    std::expected<void, RankingError> check_and_mark(std::span<const EntrantId> ids, bool last);

    int unranked_;
    std::vector<Placing> placings_;
    std::vector<EntrantId> roster_;  // sorted; empty: any id zero or more
    std::unordered_set<EntrantId> ranked_;
};

// Each placing's prize; shared places split the sum of their prizes equally, leftover cents to
// the earlier placings of the tie.
std::vector<Cents> prizes_for_placings(const std::vector<Placing>& placings,
                                       const std::vector<Cents>& prizes);

}  // namespace tavolo::engine
