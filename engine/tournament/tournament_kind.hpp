#pragma once
// The kinds of tournament (RULES.md §6).
namespace tavolo::engine {

enum class TournamentKind {
    SitAndGo,      // one table, starts when full (or at a configured minimum by a deadline)
    ScheduledMtt,  // multi-table, starts at its time with a minimum, otherwise cancelled
    HeadsUp,       // two players
    ShootOut,      // each table plays to one winner; winners are re-seated; repeat
};

const char* to_string(TournamentKind kind);

}  // namespace tavolo::engine
