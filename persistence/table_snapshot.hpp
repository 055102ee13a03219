#pragma once
// A table as it stood at the end of its last committed hand: enough to resume it after a restart.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "persistence/ids.hpp"

namespace tavolo::persistence {

enum class SeatStatus { active, sitting_out, disconnected, excluded };

const char* to_string(SeatStatus status);
std::optional<SeatStatus> seat_status_from(const std::string& text);

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
    std::string engine_state;         // opaque bytes the server needs besides (dead blinds, sanctions...)

    bool operator==(const TableSnapshot&) const = default;
};

}  // namespace tavolo::persistence
