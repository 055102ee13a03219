#include "engine/tournament/director.hpp"

namespace tavolo::engine {

std::expected<SeatDraw, SeatingError> reseat_shoot_out(std::span<const EntrantId> winners, int table_size,
                                                       RandomSource& rng) {
    return draw_seating(winners, table_size, rng);
}

}  // namespace tavolo::engine
