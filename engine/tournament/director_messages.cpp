#include "engine/tournament/director_messages.hpp"

namespace tavolo::engine {

TableId addressee(const DirectorMessage& message) {
    return std::visit([](const auto& m) { return m.table; }, message);
}

}  // namespace tavolo::engine
