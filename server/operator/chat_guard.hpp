#pragma once
// Chat moderation (issue 12 item 5): who may chat now. Every table actor asks it before it sends a
// line: a muted player is refused with the operator's reason (MUTED), a player who sent too many
// lines lately is refused (CHAT_RATE_LIMITED). Per player (account), across all his tables and
// connections, so a reconnect or another table does not reset anything; the mutes are loaded from the
// sanctions table at start (SanctionStore::active_mutes), so a restart does not lift them either.
// Shared by the table strands and the operator API's backend: one mutex, held for a map look-up only
// (chat moderation is not game state).
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace tavolo::server::operators {

using WallClock = std::chrono::system_clock;

// At most `lines` chat lines per `window` per player (a sliding window).
struct ChatLimits {
    int lines = 5;
    std::chrono::milliseconds window{10'000};
};

struct Mute {
    std::optional<WallClock::time_point> until;  // none: until the end of time (there is no lifting yet)
    std::string reason;
};

// Why a line was refused, as the player reads it.
struct ChatVerdict {
    enum class Refusal { none, muted, rate_limited };
    Refusal refusal = Refusal::none;
    std::string message;
    bool allowed() const { return refusal == Refusal::none; }
};

class ChatGuard {
  public:
    explicit ChatGuard(ChatLimits limits = {}) : limits_(limits) {}

    // May `account` send a line at `now`? An accepted line counts against his rate.
    ChatVerdict admit(std::int64_t account, WallClock::time_point now);
    // An operator's mute (a newer one replaces the older) and the mutes in force at start.
    void mute(std::int64_t account, Mute mute);
    // The mute in force at `now`, if any.
    std::optional<Mute> mute_of(std::int64_t account, WallClock::time_point now) const;

  private:
    ChatLimits limits_;
    mutable std::mutex mutex_;
    std::map<std::int64_t, Mute> mutes_;
    std::map<std::int64_t, std::deque<WallClock::time_point>> recent_;  // accepted lines in the window
};

// "2026-11-27T02:00:00Z"
std::string utc_text(WallClock::time_point t);

}  // namespace tavolo::server::operators
