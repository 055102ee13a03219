#pragma once
// The clock of the one decision a live table waits for (RULES.md §5): base time, then the player's
// time bank, then the final warning, then the expiry action. It reads no clock: the table core
// passes the injected time in, and the actor arms a timer for expires_at().
#include <algorithm>

#include "engine/decision.hpp"
#include "engine/table/action_clock.hpp"
#include "engine/types.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::table {

class DecisionClock {
  public:
    // The player at `seat` is asked to decide at `now`; `bank` is his time bank at that moment.
    void start(engine::SeatIndex seat, engine::HandId hand, engine::DecisionNumber decision, Millis now,
               const engine::TimeBank& bank, const engine::ClockSettings& settings) {
        seat_ = seat;
        hand_ = hand;
        decision_ = decision;
        started_ = now;
        deadlines_ = bank.deadlines(settings);
    }
    void stop() { seat_ = engine::kNoSeat; }
    bool running() const { return seat_ != engine::kNoSeat; }
    engine::SeatIndex seat() const { return seat_; }
    // Whether an expiry for (hand, decision) is for the decision this clock runs for.
    bool runs_for(engine::HandId hand, engine::DecisionNumber decision) const {
        return running() && hand == hand_ && decision == decision_;
    }
    Millis expires_at() const { return started_ + deadlines_.expires; }
    // Time since the player was asked (the time bank pays for what passes the base time).
    Millis elapsed(Millis now) const { return now < started_ ? Millis{0} : now - started_; }

    ClockView view_at(Millis now) const {
        ClockView v;
        if (!running()) return v;
        v.seat = seat_;
        v.hand = hand_;
        v.decision = decision_;
        const Millis e = elapsed(now);
        v.base_left = left(deadlines_.base_ends, e, Millis{0});
        v.bank_left = left(deadlines_.bank_ends, e, deadlines_.base_ends);
        v.warning_left = left(deadlines_.expires, e, deadlines_.bank_ends);
        v.expires_at = expires_at();
        return v;
    }

  private:
    // What is left of the stretch [from, until) after `elapsed`.
    static Millis left(Millis until, Millis elapsed, Millis from) {
        return std::max(Millis{0}, until - std::max(elapsed, from));
    }

    engine::SeatIndex seat_ = engine::kNoSeat;
    engine::HandId hand_ = 0;
    engine::DecisionNumber decision_ = 0;
    Millis started_{0};
    engine::DecisionDeadlines deadlines_{};
};

}  // namespace tavolo::server::table
