#pragma once
// What a poker director's decisions did to its floor, as structured log lines an operator (and the
// e2e tests, and bench/mtt_1000.sh) can read (server/actors/README.md "Moves"):
//   event=table_balanced tournament=T table=X players=N smallest=S largest=L tables=K round=0|1
//     (debug: one a hand and table) after each report of table X: N its players (with the arrivals
//     reserved there), S and L the smallest and largest open table, round=1 while a hand-for-hand
//     round waits for other tables (X's balancing is then decided when the round ends). Balanced:
//     N - S <= 1 whenever round=0.
//   event=table_balance tournament=T reports=R max_gap=G (info, once, when the director has finished):
//     R the table_balanced lines, G the largest N - S among them with round=0.
//   event=tables_broken, event=hand_for_hand, event=final_table, event=tournament_break,
//   event=stage_drawn: each once, when it happens (info).
// Reads the engine's director only; on the director's strand.
#include <cstdint>

#include "engine/tournament/tournament_director.hpp"

namespace tavolo::server::actors {

class DirectorWatch {
  public:
    explicit DirectorWatch(std::int64_t tournament) : tournament_(tournament) {}

    // After the director answered `table`'s report (and ticked).
    void after_report(const engine::TournamentDirector& director, engine::TableId table);
    // After any decision (a report or the clock): breaks, stages, hand-for-hand, the final table.
    void after_decision(const engine::TournamentDirector& director);

    // After a tick of the clock: a tournament neither over nor on a break with no hand in play
    // anywhere has stalled (the director starts every table that may play): logged once at warn,
    // `event=director_stalled`, with what the director holds.
    void after_tick(const engine::TournamentDirector& director);

    // The largest N - S seen with round=0 (0 before any report).
    int max_gap() const { return max_gap_; }

  private:
    std::int64_t tournament_;
    int max_gap_ = 0;
    std::int64_t reports_ = 0;
    bool summarised_ = false;
    int broken_ = 0;
    int stage_ = 0;
    bool hand_for_hand_ = false;
    bool final_table_ = false;
    bool on_break_ = false;
    bool stalled_ = false;
};

}  // namespace tavolo::server::actors
