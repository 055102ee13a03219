// A table's removable chat lines (server/actors/chat_log.hpp), shared by poker and Polacco tables.
#include "server/actors/chat_log.hpp"

#include <gtest/gtest.h>

using tavolo::server::actors::ChatLog;

namespace {
::tavolo::v1::ChatLine line(const std::string& from, const std::string& text) {
    ::tavolo::v1::ChatLine l;
    l.set_from(from);
    l.set_text(text);
    return l;
}
}  // namespace

TEST(ChatLog, NumbersLinesFromOneAndRemovesEachOnce) {
    ChatLog log;
    EXPECT_EQ(log.numbered(line("ann", "hi")).id(), 1U);
    EXPECT_EQ(log.numbered(line("bob", "gl")).id(), 2U);
    EXPECT_EQ(log.remove(1), "ann: hi");
    EXPECT_FALSE(log.remove(1).has_value()) << "removed once";
    EXPECT_FALSE(log.remove(7).has_value()) << "never shown";
    EXPECT_EQ(log.remove(2), "bob: gl");
}

TEST(ChatLog, OnlyTheNewestLinesStayRemovable) {
    ChatLog log;
    for (std::size_t i = 0; i < ChatLog::kKept + 1; ++i)
        log.numbered(line("ann", "x"));
    EXPECT_FALSE(log.remove(1).has_value()) << "scrolled out of every view";
    EXPECT_TRUE(log.remove(2).has_value());
    EXPECT_TRUE(log.remove(ChatLog::kKept + 1).has_value());
}
