#include "server/protocol/envelope.hpp"

#include <utility>

namespace tavolo::server::protocol {

v1::ServerMessage table_message(v1::TableEvent event, std::uint64_t table_seq) {
    v1::ServerMessage out;
    out.set_table_seq(table_seq);
    *out.mutable_table_event() = std::move(event);
    return out;
}

v1::ServerMessage table_message(v1::TableSnapshot snapshot, std::uint64_t table_seq) {
    v1::ServerMessage out;
    out.set_table_seq(table_seq);
    *out.mutable_table_snapshot() = std::move(snapshot);
    return out;
}

v1::ServerMessage table_message(v1::ChatLine line, std::uint64_t table_seq) {
    v1::ServerMessage out;
    out.set_table_seq(table_seq);
    *out.mutable_chat_line() = std::move(line);
    return out;
}

v1::ServerMessage error_message(const Refusal& refusal, std::uint64_t request_id) {
    v1::ServerMessage out;
    out.set_request_id(request_id);
    *out.mutable_error() = error_of(refusal);
    return out;
}

v1::ServerMessage error_message(const Refusal& refusal, std::uint64_t request_id, const TableAddress& table,
                                std::uint64_t table_seq) {
    v1::ServerMessage out = error_message(refusal, request_id);
    out.set_table_seq(table_seq);
    set_table(out.mutable_error()->mutable_table(), table);
    return out;
}

}  // namespace tavolo::server::protocol
