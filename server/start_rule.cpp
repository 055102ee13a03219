#include "server/start_rule.hpp"

#include <cstdio>

#include "engine/phh/shown_text.hpp"
#include "tools/parse_integer.hpp"

namespace tavolo::server {

namespace {

using std::chrono::seconds;

std::unexpected<std::string> refuse(std::string_view text) {
    return std::unexpected(
        engine::phh::shown_text(text) +
        " is neither a delay such as \"+90s\", \"+15m\" or \"+2h\" (at most a year) nor an "
        "RFC 3339 time with its UTC offset such as \"2026-11-25T20:00:00Z\"");
}

std::optional<StartRule> parse_delay(std::string_view text) {
    if (text.size() < 3 || text.front() != '+') return std::nullopt;
    const char unit = text.back();
    const seconds per = unit == 's'   ? seconds(1)
                        : unit == 'm' ? seconds(60)
                        : unit == 'h' ? seconds(3600)
                                      : seconds(0);
    if (per == seconds(0)) return std::nullopt;
    const auto count =
        tools::parse_integer<std::int64_t>(text.substr(1, text.size() - 2), 0, kMaxStartDelay / per);
    if (!count) return std::nullopt;
    return StartAfter{*count * per};
}

// Exactly `width` digits at `at`, within [min, max].
std::optional<int> digits(std::string_view text, std::size_t at, std::size_t width, int min, int max) {
    if (at + width > text.size()) return std::nullopt;
    auto value = tools::parse_integer<int>(text.substr(at, width), min, max);
    return value ? std::optional<int>(*value) : std::nullopt;
}

// RFC 3339 section 5.6: full-date "T" full-time, full-time = partial-time time-offset.
std::optional<StartRule> parse_time(std::string_view t) {
    if (t.size() < 20 || t[4] != '-' || t[7] != '-' || t[13] != ':' || t[16] != ':') return std::nullopt;
    if (t[10] != 'T' && t[10] != 't' && t[10] != ' ') return std::nullopt;
    const auto year = digits(t, 0, 4, 0, 9999), month = digits(t, 5, 2, 1, 12), day = digits(t, 8, 2, 1, 31);
    const auto hour = digits(t, 11, 2, 0, 23), minute = digits(t, 14, 2, 0, 59),
               second = digits(t, 17, 2, 0, 60);
    if (!year || !month || !day || !hour || !minute || !second) return std::nullopt;
    const std::chrono::year_month_day date{std::chrono::year{*year},
                                           std::chrono::month(static_cast<unsigned>(*month)),
                                           std::chrono::day(static_cast<unsigned>(*day))};
    if (!date.ok()) return std::nullopt;  // 2026-02-30
    std::size_t at = 19;
    std::chrono::milliseconds fraction{0};
    if (at < t.size() && t[at] == '.') {
        const std::size_t begin = ++at;
        while (at < t.size() && t[at] >= '0' && t[at] <= '9')
            ++at;
        if (at == begin) return std::nullopt;
        for (std::size_t i = begin, scale = 100; i < at && i < begin + 3; ++i, scale /= 10)
            fraction += std::chrono::milliseconds((t[i] - '0') * static_cast<int>(scale));
    }
    seconds offset{0};
    const std::string_view zone = t.substr(at);
    if (zone != "Z" && zone != "z") {
        if (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') || zone[3] != ':') return std::nullopt;
        const auto oh = digits(zone, 1, 2, 0, 23), om = digits(zone, 4, 2, 0, 59);
        if (!oh || !om) return std::nullopt;
        offset = std::chrono::hours(*oh) + std::chrono::minutes(*om);
        if (zone[0] == '-') offset = -offset;
    }
    // A leap second (":60") is read as the next second: timers have no leap seconds.
    const TimePoint local = std::chrono::sys_days(date) + std::chrono::hours(*hour) +
                            std::chrono::minutes(*minute) + seconds(*second) + fraction;
    return StartAt{local - offset};
}

}  // namespace

std::expected<StartRule, std::string> parse_start_rule(std::string_view text) {
    if (auto delay = parse_delay(text)) return *delay;
    if (auto time = parse_time(text)) return *time;
    return refuse(text);
}

std::optional<TimePoint> start_time(const StartRule& rule, TimePoint opened) {
    if (const auto* after = std::get_if<StartAfter>(&rule)) return opened + after->delay;
    if (const auto* at = std::get_if<StartAt>(&rule)) return at->time;
    return std::nullopt;
}

std::string to_string(const StartRule& rule) {
    if (const auto* after = std::get_if<StartAfter>(&rule)) {
        char text[32];  // snprintf, not string +: GCC 12 warns falsely (-Wrestrict) on "+" + to_string
        std::snprintf(text, sizeof text, "+%llds", static_cast<long long>(after->delay.count()));
        return text;
    }
    if (const auto* at = std::get_if<StartAt>(&rule)) {
        const auto day = std::chrono::floor<std::chrono::days>(at->time);
        const std::chrono::year_month_day date{day};
        const std::chrono::hh_mm_ss clock{at->time - day};
        char text[40];
        std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", static_cast<int>(date.year()),
                      static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                      static_cast<int>(clock.hours().count()), static_cast<int>(clock.minutes().count()),
                      static_cast<int>(clock.seconds().count()),
                      static_cast<int>(clock.subseconds().count()));
        return text;
    }
    return "when full";
}

}  // namespace tavolo::server
