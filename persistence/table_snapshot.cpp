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
    }
    return "active";
}

std::optional<SeatStatus> seat_status_from(const std::string& text) {
    for (auto s :
         {SeatStatus::active, SeatStatus::sitting_out, SeatStatus::disconnected, SeatStatus::excluded})
        if (text == to_string(s)) return s;
    return std::nullopt;
}

std::string seats_json(const std::vector<SeatSnapshot>& seats) {
    std::string out = "[";
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const auto& s = seats[i];
        if (i) out += ',';
        out += "{\"seat\":" + std::to_string(s.seat) +
               ",\"registration_id\":" + std::to_string(raw(s.registration)) +
               ",\"account_id\":" + std::to_string(raw(s.account)) + ",\"stack\":" + std::to_string(s.stack) +
               ",\"status\":\"" + to_string(s.status) + "\"}";
    }
    return out + "]";
}

}  // namespace tavolo::persistence
