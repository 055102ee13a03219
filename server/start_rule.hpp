#pragma once
// When a declared tournament starts (RULES.md §6): a Sit&Go when its table is full, or at a deadline
// with its minimum; an MTT at its time. The `start` key is an RFC 3339 time ("2026-11-25T20:00:00Z",
// "2026-11-25T21:00:00+01:00") or a delay after the server opens the tournament ("+90s", "+15m",
// "+2h"). A time without its UTC offset is refused: the server's time zone must not change it.
#include <chrono>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace tavolo::server {

using TimePoint = std::chrono::sys_time<std::chrono::milliseconds>;  // UTC

struct StartWhenFull {  // no `start`: a Sit&Go starts when its table is full
    friend bool operator==(const StartWhenFull&, const StartWhenFull&) = default;
};
struct StartAfter {  // "+90s": after the tournament is opened (and after each re-opening)
    std::chrono::seconds delay{0};
    friend bool operator==(const StartAfter&, const StartAfter&) = default;
};
struct StartAt {  // an RFC 3339 time
    TimePoint time;
    friend bool operator==(const StartAt&, const StartAt&) = default;
};
using StartRule = std::variant<StartWhenFull, StartAfter, StartAt>;

inline constexpr std::chrono::seconds kMaxStartDelay = std::chrono::days(366);

// "+90s", "+15m", "+2h" (digits only, up to a year), or an RFC 3339 date-time with 'T' (or 't', or
// a space), seconds, an optional fraction (kept to the millisecond) and 'Z' or an offset "+01:00".
std::expected<StartRule, std::string> parse_start_rule(std::string_view text);

// The moment the rule names for a tournament opened at `opened`; none for StartWhenFull. For a
// Sit&Go this is its deadline (at which it starts with its minimum), for an MTT its start time.
std::optional<TimePoint> start_time(const StartRule& rule, TimePoint opened);

// The rule as the configuration writes it ("+90s", "2026-11-25T20:00:00.000Z", "when full").
std::string to_string(const StartRule& rule);

}  // namespace tavolo::server
