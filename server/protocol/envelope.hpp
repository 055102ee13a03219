#pragma once
// The ServerMessage envelopes a session sends: every message from a table carries the table's
// sequence number (proto/README.md "Sequence numbers").
#include <cstdint>

#include "server/protocol/refusal.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

v1::ServerMessage table_message(v1::TableEvent event, std::uint64_t table_seq);
v1::ServerMessage table_message(v1::TableSnapshot snapshot, std::uint64_t table_seq);
v1::ServerMessage table_message(v1::ChatLine line, std::uint64_t table_seq);

// An answer refusing the request request_id.
v1::ServerMessage error_message(const Refusal& refusal, std::uint64_t request_id);
// The same for a request about a table: the error names it and carries its sequence number.
v1::ServerMessage error_message(const Refusal& refusal, std::uint64_t request_id, const TableAddress& table,
                                std::uint64_t table_seq);

}  // namespace tavolo::server::protocol
