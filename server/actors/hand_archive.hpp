#pragma once
// A finished hand as persistence stores it (persistence/hand_record.hpp): the events in the
// server's encoding and, for poker, the PHH text. The server's encoding of a hand's events is the
// wire's own: each event projected for an operator reviewing the hand (every card dealt, folded and
// mucked hands too: engine/view Role::OperatorAfterHand) as a v1::TableEvent, each one prefixed by
// its length as a varint (protobuf's delimited format), so a replay or an operator tool reads a
// stored hand with the same code that reads a table's stream.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/poker/events.hpp"
#include "engine/polacco/hand.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::actors {

std::string encode_poker_events(std::span<const engine::HandEvent> events,
                                const protocol::TableAddress& table, engine::HandId hand);
std::string encode_polacco_events(const engine::polacco::Events& events, const protocol::TableAddress& table,
                                  std::int64_t hand);
// Reads encode_*_events() back; nothing when the bytes are not such a sequence.
std::optional<std::vector<protocol::v1::TableEvent>> decode_events(std::string_view bytes);

}  // namespace tavolo::server::actors
