// Issue 10, item 7: a client's seed for a table's next hand goes through the session like the other
// table requests: checked (at most 64 bytes), then handed to the table's directory with the account;
// refused before logging in, for an unknown table, or too long, reaching no service.
#include <gtest/gtest.h>

#include "tests/server/session_support.hpp"

namespace tavolo::server::session::testing {
namespace {

v1::ClientMessage client_seed(TableAddress table, std::string seed, std::uint64_t request_id = 21) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    protocol::set_table(message.mutable_client_seed()->mutable_table(), table);
    message.mutable_client_seed()->set_seed(std::move(seed));
    return message;
}

TEST(SessionClientSeed, issue10_7_a_seed_of_at_most_64_bytes_is_routed_to_its_table_with_the_account) {
    Harness h;
    h.log_in_alice();
    const std::string longest(64, '\xfe');
    EXPECT_TRUE(h.feed(client_seed(kTable, longest)).empty());
    EXPECT_TRUE(h.feed(client_seed(kOtherTable, "")).empty());  // an empty seed is a seed
    ASSERT_EQ(h.tables.requests.size(), 2U);
    const TableRequest& first = h.tables.requests[0];
    EXPECT_EQ(first.table, kTable);
    EXPECT_EQ(first.request_id, 21U);
    EXPECT_EQ(first.from.account, kAccount);
    const auto* seed = std::get_if<ClientSeedRequest>(&first.body);
    ASSERT_NE(seed, nullptr);
    EXPECT_EQ(seed->bytes, std::vector<std::uint8_t>(64, 0xfe));
    const auto* empty = std::get_if<ClientSeedRequest>(&h.tables.requests[1].body);
    ASSERT_NE(empty, nullptr);
    EXPECT_TRUE(empty->bytes.empty());
}

TEST(SessionClientSeed, issue10_7_a_seed_over_64_bytes_is_refused_with_bad_field_and_reaches_no_table) {
    Harness h;
    h.log_in_alice();
    const auto effects = h.feed(client_seed(kTable, std::string(65, 'x')));
    EXPECT_EQ(error_code(effects), v1::ERROR_CODE_BAD_FIELD);
    const auto messages = sent(effects);
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].request_id(), 21U);
    EXPECT_NE(messages[0].error().message().find("at most 64 bytes"), std::string::npos);
    EXPECT_EQ(closes(effects), 0);
    EXPECT_TRUE(h.services_untouched());
    EXPECT_EQ(h.core.phase(), SessionCore::Phase::logged_in);
}

TEST(SessionClientSeed, issue10_7_a_seed_before_log_in_without_a_table_or_for_an_unknown_table_is_refused) {
    Harness anonymous;
    anonymous.welcome();
    EXPECT_EQ(error_code(anonymous.feed(client_seed(kTable, "early"))), v1::ERROR_CODE_NOT_LOGGED_IN);
    EXPECT_TRUE(anonymous.services_untouched());
    Harness h;
    h.log_in_alice();
    v1::ClientMessage no_table = client_seed(kTable, "where?");
    no_table.mutable_client_seed()->clear_table();
    EXPECT_EQ(error_code(h.feed(no_table)), v1::ERROR_CODE_BAD_FIELD);
    EXPECT_EQ(error_code(h.feed(client_seed({.tournament_id = 99, .table = 3}, "nowhere"))),
              v1::ERROR_CODE_UNKNOWN_TABLE);
    EXPECT_TRUE(h.tables.requests.empty());
}

}  // namespace
}  // namespace tavolo::server::session::testing
