#include "engine/polacco/events.hpp"

namespace tavolo::engine::polacco {

Event project(const Event& event, const Viewer& viewer) {
    if (const auto* dealt = std::get_if<CardDealt>(&event); dealt && !dealt->visibility.visible_to(viewer)) {
        CardDealt hidden = *dealt;
        hidden.card.reset();
        return hidden;
    }
    return event;
}

}  // namespace tavolo::engine::polacco
