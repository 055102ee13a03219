#include "persistence/table_snapshot.hpp"

namespace tavolo::persistence {

const char* to_string(SeatStatus status) {
    switch (status) {
        case SeatStatus::active:
            return "active";
        case SeatStatus::sitting_out:
            return "sitting_out";
        case SeatStatus::disconnected:
            return "disconnected";
        case SeatStatus::excluded:
            return "excluded";
        case SeatStatus::busted:
            return "busted";
    }
    return "active";
}

std::optional<SeatStatus> seat_status_from(const std::string& text) {
    for (auto s : {SeatStatus::active, SeatStatus::sitting_out, SeatStatus::disconnected,
                   SeatStatus::excluded, SeatStatus::busted})
        if (text == to_string(s)) return s;
    return std::nullopt;
}

}  // namespace tavolo::persistence
