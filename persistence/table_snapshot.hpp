#pragma once
// A table as it stood at the end of its last committed hand: enough to resume it after a restart.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.hpp"
#include "persistence/ids.hpp"

namespace tavolo::persistence {

// busted: no chips, may still re-buy before the next hand (RULES.md §6).
enum class SeatStatus { active, sitting_out, disconnected, excluded, busted };

// Its word in the database; both live with every other enum's words in detail/sql_enums.cpp.
const char* to_string(SeatStatus status);
std::optional<SeatStatus> seat_status_from(std::string_view text);

struct SeatSnapshot {
    engine::SeatIndex seat = 0;
    RegistrationId registration{};
    AccountId account{};
    engine::Chips stack = 0;
    SeatStatus status = SeatStatus::active;

    bool operator==(const SeatSnapshot&) const = default;
};

struct TableSnapshot {
    TableId table{};
    std::int64_t hand_number = 0;  // of the hand that ended in this state
    std::optional<engine::SeatIndex> button;
    int level = 0;
    std::vector<SeatSnapshot> seats;  // occupied seats only
    // The engine's whole table state as its versioned text (engine_state.hpp): dead blinds, sanctions...
    std::string engine_state;

    bool operator==(const TableSnapshot&) const = default;
};

}  // namespace tavolo::persistence
