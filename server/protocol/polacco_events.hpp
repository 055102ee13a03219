#pragma once
// A Poker Polacco hand's projected events (engine/view) as protocol messages: one v1::TableEvent per
// engine event kind, plus the pending decision. A card the projection left without its face goes out
// face down.
#include "engine/view/polacco_projection.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// `hand`: the hand the event belongs to (PolaccoHandStarted carries its own number too).
v1::TableEvent table_event(const engine::view::PolaccoSeen& seen, const TableAddress& table,
                           std::int64_t hand);

void set_legal(v1::PolaccoLegalActions* out, const engine::polacco::LegalActions& legal);

}  // namespace tavolo::server::protocol
