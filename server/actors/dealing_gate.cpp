#include "server/actors/dealing_gate.hpp"

#include <spdlog/spdlog.h>

namespace tavolo::server::actors {

bool DealingGate::may_deal(bool database_up, int uncommitted, const protocol::TableAddress& table,
                           const Tell& tell) {
    const bool open = database_up && uncommitted <= kMaxUncommittedHands;
    if (!open && !paused_since_) {
        paused_since_ = std::chrono::steady_clock::now();
        spdlog::warn("event=table_paused tournament={} table={} uncommitted={} reason=\"{}\"",
                     table.tournament_id, table.table, uncommitted,
                     database_up ? "its hands are not committed yet" : "the database is unreachable");
        if (tell) tell(true);
    } else if (open && paused_since_) {
        const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - *paused_since_);
        paused_since_.reset();
        spdlog::warn("event=table_resumed tournament={} table={} paused_ms={}", table.tournament_id,
                     table.table, waited.count());
        if (tell) tell(false);
    }
    return open;
}

protocol::v1::ServerMessage table_paused_message(const protocol::TableAddress& table, bool paused) {
    protocol::v1::ServerMessage message;
    auto* event = message.mutable_tournament_event();
    event->set_tournament_id(table.tournament_id);
    auto* p = event->mutable_table_paused();
    p->set_table(static_cast<std::int32_t>(table.table));
    p->set_paused(paused);
    p->set_reason(paused ? "the server cannot record hands right now (its database is unreachable): this "
                           "table deals its next hand as soon as it can; nothing is lost"
                         : "the table deals again");
    return message;
}

}  // namespace tavolo::server::actors
