#pragma once
// The ServerMessage envelopes a session sends: every message from a table carries the table's
// sequence number (proto/README.md "Sequence numbers").
#include <cstdint>

#include "server/protocol/refusal.hpp"

namespace tavolo::server::protocol {

v1::ServerMessage table_message(v1::TableEvent event, std::uint64_t table_seq);
v1::ServerMessage table_message(v1::TableSnapshot snapshot, std::uint64_t table_seq);
// An answer refusing the request request_id; table_seq only when the refusal names a table.
v1::ServerMessage error_message(const Refusal& refusal, std::uint64_t request_id,
                                std::uint64_t table_seq = 0);

}  // namespace tavolo::server::protocol
