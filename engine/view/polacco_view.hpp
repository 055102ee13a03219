#pragma once
// A Poker Polacco table as one viewer may see it (the counterpart of poker_view.hpp, same shape):
// view_of() builds it from the table and its hand, apply() updates it from one projected event.
#include <optional>
#include <vector>

#include "engine/polacco/table.hpp"
#include "engine/view/poker_projection.hpp"
#include "engine/view/polacco_projection.hpp"
#include "engine/view/viewer.hpp"

namespace tavolo::engine::view {

struct PolaccoSeatView {
    polacco::PlayerId player = -1;
    int penalties = 0;
    bool pass_available = true;
    bool eliminated = false;  // took a sixth card this hand
    // The cards the player holds (none before the deal): a face, or a card this viewer may not see.
    std::vector<SeenCard> cards;
    friend bool operator==(const PolaccoSeatView&, const PolaccoSeatView&) = default;
};

struct PolaccoView {
    PolaccoViewer viewer;
    polacco::TableId table = 0;
    std::vector<PolaccoSeatView> seats;  // clockwise
    // The current hand, or the last one while the table still holds it.
    std::int64_t hand_number = 0;
    bool in_hand = false;
    polacco::Phase phase = polacco::Phase::Ended;
    polacco::PlayerId first_speaker = -1;
    std::optional<polacco::Direction> direction;
    std::optional<polacco::Punto> last_punto;
    polacco::PlayerId last_declarer = -1;
    polacco::PlayerId to_act = -1;
    DecisionNumber decision = 0;
    std::optional<polacco::LegalActions> legal;  // the viewer's own options, on his turn
    friend bool operator==(const PolaccoView&, const PolaccoView&) = default;
};

// The table (and the hand it holds, if any) as `viewer` may see it.
PolaccoView view_of(const polacco::Table& table, const PolaccoViewer& viewer);

void apply(PolaccoView& view, const PolaccoSeen& seen);

}  // namespace tavolo::engine::view
