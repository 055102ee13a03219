#pragma once
// A finished hand as it is committed: its events, its PHH text, its result and the table's snapshot
// after it. The events are bytes (the server's encoding), so this layer does not depend on them.
#include <chrono>
#include <cstdint>
#include <string>

#include "persistence/ids.hpp"
#include "persistence/table_snapshot.hpp"

namespace tavolo::persistence {

struct HandRecord {
    TableId table{};
    std::int64_t hand_number = 0;  // unique per table, from 1
    std::chrono::system_clock::time_point started_at{};
    std::chrono::system_clock::time_point ended_at{};
    std::string events;              // bytes
    std::string phh;                 // the hand in PHH format
    std::string result_json = "{}";  // winners, pots, eliminations as JSON
    TableSnapshot snapshot;          // the table after this hand; snapshot.table must equal table
    // A tournament table's report to its director for this hand (engine/tournament/table_report_text.hpp),
    // kept with the table's snapshot so a restart can give it again when the director's answer never
    // committed (README "The durability point"); empty: none owed.
    std::string director_report;
};

}  // namespace tavolo::persistence
