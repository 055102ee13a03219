// SeatBook: where each account sits, as directors record it and log in / disconnect read it.
#include "server/actors/seat_book.hpp"

#include <gtest/gtest.h>

using tavolo::server::actors::SeatBook;
using tavolo::server::protocol::TableAddress;

TEST(SeatBook, ListsTheTablesOfAnAccountInTheOrderItWasSeated) {
    SeatBook book;
    book.seat(7, TableAddress{1, 2});
    book.seat(7, TableAddress{3, 1});
    book.seat(7, TableAddress{1, 2});  // again: no duplicate
    book.seat(8, TableAddress{1, 2});
    EXPECT_EQ(book.tables_of(7), (std::vector<TableAddress>{{1, 2}, {3, 1}}));
    book.unseat(7, TableAddress{1, 2});
    EXPECT_EQ(book.tables_of(7), (std::vector<TableAddress>{{3, 1}}));
    EXPECT_EQ(book.tables_of(8), (std::vector<TableAddress>{{1, 2}}));
    EXPECT_TRUE(book.tables_of(9).empty());
}
