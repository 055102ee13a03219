#pragma once
// What the entrants still in a tournament hear of the others' eliminations (issue 14): not every
// elimination (N eliminations to N entrants is N² frames: 400 million for 20,000, enough to overflow
// every send queue), but at most one PlayersLeft a second (real time) per tournament, the first at
// once: the players left, how many went out since the last one, and the latest few of them. The
// eliminated player himself is told his own PlayerEliminated at once (place and prize), as before.
// No Asio here: the director asks when the next update is due and arms its own timer.
#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>

#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::actors {

class EliminationNews {
  public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::size_t kLatest = 5;  // eliminations named in one update, at most

    // `interval`: real time between two updates, at least (0: every elimination at once).
    explicit EliminationNews(std::chrono::milliseconds interval) : interval_(interval) {}

    // An elimination told to the eliminated player: owed to the others.
    void add(const protocol::v1::PlayerEliminated& out);
    // When the owed update may go (now or earlier: at once); nothing owed: nullopt.
    std::optional<Clock::time_point> due_at() const;
    // The owed update, sent at `now`: `players_left` of `entrants` still in.
    protocol::v1::PlayersLeft take(Clock::time_point now, int players_left, int entrants);
    // Forget what is owed (the results say it all).
    void drop() {
        owed_ = 0;
        latest_.clear();
    }

  private:
    std::chrono::milliseconds interval_;
    std::optional<Clock::time_point> sent_at_;
    int owed_ = 0;
    std::deque<protocol::v1::PlayerEliminated> latest_;
};

}  // namespace tavolo::server::actors
