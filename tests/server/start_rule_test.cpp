#include "server/start_rule.hpp"

#include <gtest/gtest.h>

using namespace tavolo::server;
using namespace std::chrono;

namespace {
TimePoint utc(int y, unsigned m, unsigned d, int h, int min, int s, int ms = 0) {
    return sys_days(year{y} / month{m} / day{d}) + hours(h) + minutes(min) + seconds(s) + milliseconds(ms);
}
}  // namespace

TEST(StartRule, DelaysInSecondsMinutesAndHours) {
    EXPECT_EQ(parse_start_rule("+90s"), StartRule{StartAfter{seconds(90)}});
    EXPECT_EQ(parse_start_rule("+15m"), StartRule{StartAfter{minutes(15)}});
    EXPECT_EQ(parse_start_rule("+2h"), StartRule{StartAfter{hours(2)}});
    EXPECT_EQ(parse_start_rule("+0s"), StartRule{StartAfter{seconds(0)}});
}

TEST(StartRule, Rfc3339TimesWithTheirOffset) {
    EXPECT_EQ(parse_start_rule("2026-11-25T20:00:00Z"), StartRule{StartAt{utc(2026, 11, 25, 20, 0, 0)}});
    EXPECT_EQ(parse_start_rule("2026-11-25T21:30:00+01:30"), StartRule{StartAt{utc(2026, 11, 25, 20, 0, 0)}});
    EXPECT_EQ(parse_start_rule("2026-11-25T15:00:00-05:00"), StartRule{StartAt{utc(2026, 11, 25, 20, 0, 0)}});
    EXPECT_EQ(parse_start_rule("2026-11-25t20:00:00.123456z"),
              StartRule{StartAt{utc(2026, 11, 25, 20, 0, 0, 123)}});
    EXPECT_EQ(parse_start_rule("2026-11-25 20:00:00.5Z"),
              StartRule{StartAt{utc(2026, 11, 25, 20, 0, 0, 500)}});
    EXPECT_EQ(parse_start_rule("2028-02-29T00:00:00Z"), StartRule{StartAt{utc(2028, 2, 29, 0, 0, 0)}});
}

TEST(StartRule, RefusesWhatIsNeither) {
    for (const char* bad : {"", "90s", "+90", "+s", "+-5s", "+ 5s", "+5d", "+1.5h", "+9000h",
                            "2026-11-25T20:00:00",  // no offset: the server's zone would decide
                            "2026-11-25", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
                            "2026-11-25T24:00:00Z", "2026-11-25T20:00:00+1:00", "2026-11-25T20:00:00.Z",
                            "2026-11-25T20:00:00Z ", "2026-11-25X20:00:00Z", "tomorrow"}) {
        auto rule = parse_start_rule(bad);
        ASSERT_FALSE(rule) << '"' << bad << '"';
        EXPECT_NE(rule.error().find("is neither a delay such as \"+90s\""), std::string::npos)
            << rule.error();
    }
}

TEST(StartRule, StartTimeFromTheOpeningMoment) {
    const TimePoint opened = utc(2026, 11, 25, 19, 0, 0);
    EXPECT_EQ(start_time(StartWhenFull{}, opened), std::nullopt);
    EXPECT_EQ(start_time(StartAfter{seconds(90)}, opened), utc(2026, 11, 25, 19, 1, 30));
    EXPECT_EQ(start_time(StartAt{utc(2026, 11, 25, 20, 0, 0)}, opened), utc(2026, 11, 25, 20, 0, 0));
}

TEST(StartRule, WrittenBackAsTheConfigurationReadsIt) {
    EXPECT_EQ(to_string(StartRule{StartAfter{seconds(90)}}), "+90s");
    EXPECT_EQ(to_string(StartRule{StartAt{utc(2026, 11, 5, 8, 3, 9, 7)}}), "2026-11-05T08:03:09.007Z");
    EXPECT_EQ(parse_start_rule(to_string(StartRule{StartAt{utc(2026, 11, 5, 8, 3, 9, 7)}})),
              StartRule{StartAt{utc(2026, 11, 5, 8, 3, 9, 7)}});
    EXPECT_EQ(to_string(StartRule{StartWhenFull{}}), "when full");
}
