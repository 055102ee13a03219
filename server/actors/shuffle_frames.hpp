#pragma once
// The provably fair shuffle's two public messages (fairness/README.md), as the table actors send them
// to everyone at the table: the commitment at a hand's start, the reveal at its end. One place for the
// poker and the Polacco actor.
#include "server/protocol/wire_vocabulary.hpp"
#include "server/session/send_queue.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::actors {

session::Frame commitment_frame(const protocol::TableAddress& table,
                                const table::ShuffleCommitted& committed);
session::Frame reveal_frame(const protocol::TableAddress& table, const table::ShuffleRevealed& revealed);

}  // namespace tavolo::server::actors
