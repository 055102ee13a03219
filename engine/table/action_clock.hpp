#pragma once
// The action clock (RULES.md §5) as data the server's timers follow: a base time per decision,
// then the player's time bank, then a final warning, then the expiry action. The engine reads no
// clock: the server measures elapsed time and asks what it means.
#include <chrono>

namespace tavolo::engine {

using ClockDuration = std::chrono::milliseconds;

struct ClockSettings {
    ClockDuration base{std::chrono::seconds(30)};
    ClockDuration bank_start{std::chrono::seconds(60)};      // at the start of the tournament
    ClockDuration bank_per_level{std::chrono::seconds(10)};  // added at each new level
    ClockDuration bank_cap{std::chrono::seconds(120)};
    ClockDuration final_warning{std::chrono::seconds(10)};
};

enum class ClockPhase { Base, TimeBank, FinalWarning, Expired };

// What happens when the clock runs out (and at once for a sitting-out player).
enum class ExpiryAction { Fold, Check };
constexpr ExpiryAction expiry_action(bool check_is_free) {
    return check_is_free ? ExpiryAction::Check : ExpiryAction::Fold;
}

// The deadlines of one decision, measured from the moment the player is asked to act.
struct DecisionDeadlines {
    ClockDuration base_ends;  // the time bank starts running
    ClockDuration bank_ends;  // the final warning starts
    ClockDuration expires;    // the expiry action is applied
};

// A player's time bank, carried from decision to decision (also while disconnected).
class TimeBank {
  public:
    explicit TimeBank(const ClockSettings& s = {}) : left_(s.bank_start) {}
    ClockDuration left() const { return left_; }

    DecisionDeadlines deadlines(const ClockSettings& s) const {
        return {s.base, s.base + left_, s.base + left_ + s.final_warning};
    }
    ClockPhase phase_at(const ClockSettings& s, ClockDuration elapsed) const {
        const auto d = deadlines(s);
        if (elapsed < d.base_ends) return ClockPhase::Base;
        if (elapsed < d.bank_ends) return ClockPhase::TimeBank;
        if (elapsed < d.expires) return ClockPhase::FinalWarning;
        return ClockPhase::Expired;
    }
    // The player acted (or expired) after `elapsed`: the bank loses what it ran.
    void decision_took(const ClockSettings& s, ClockDuration elapsed) {
        const auto used = elapsed - s.base;
        if (used <= ClockDuration::zero()) return;
        left_ = used >= left_ ? ClockDuration::zero() : left_ - used;
    }
    // A new level starts: top-up, capped.
    void level_up(const ClockSettings& s) {
        left_ = left_ + s.bank_per_level > s.bank_cap ? s.bank_cap : left_ + s.bank_per_level;
    }

  private:
    ClockDuration left_;
};

}  // namespace tavolo::engine
