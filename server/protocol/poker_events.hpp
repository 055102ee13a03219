#pragma once
// A poker hand's projected events (engine/view: what one viewer may see of each) as protocol
// messages: one v1::TableEvent per engine event kind, plus the pending decision. The projection has
// already hidden what the viewer may not see; this only copies, so a face the projection withheld
// cannot reach the wire (a SeenCard without a face is "a card, face down").
#include <span>

#include "engine/view/poker_projection.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// `hand`: the hand the event belongs to (HandStarted carries its own; the others do not).
v1::TableEvent table_event(const engine::view::PokerSeen& seen, const TableAddress& table,
                           engine::HandId hand);

void set_legal(v1::PokerLegalActions* out, const engine::LegalActions& legal);
void set_pots(google::protobuf::RepeatedPtrField<v1::PotInfo>* out, std::span<const engine::Pot> pots);

}  // namespace tavolo::server::protocol
