#pragma once
// A director's messages to one of its tables and the table's answers, as they cross from the
// director's node to the table's host and back ([cluster] spread_tables, proto/cluster.proto
// TableCommand / TableNews). No network code: tests/server/cluster/table_wire_test.cpp round-trips
// every kind.
#include <expected>
#include <string>
#include <vector>

#include "cluster.pb.h"
#include "engine/tournament/director_messages.hpp"
#include "server/actors/move_notices.hpp"
#include "server/actors/roster.hpp"

namespace tavolo::server::cluster {

namespace wire = ::tavolo::cluster::v1;

wire::DirectorOrder to_wire(const engine::DirectorMessage& message);
// An error names what does not read (a newer node's kind, a value out of range).
std::expected<engine::DirectorMessage, std::string> from_wire(const wire::DirectorOrder& order);

// The entrants `messages` seat (OpenTable, SeatPlayer), read from `roster`, which the table's host
// copies into its own roster before the table applies them.
std::vector<wire::WireEntrant> entrants_seated(const std::vector<engine::DirectorMessage>& messages,
                                               const actors::Roster& roster);

wire::WireMoveNotice to_wire(const actors::MoveNotice& notice);
actors::MoveNotice from_wire(const wire::WireMoveNotice& notice);

}  // namespace tavolo::server::cluster
