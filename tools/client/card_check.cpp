#include "tools/client/card_check.hpp"

#include <cstdint>

namespace tavolo::client {

namespace {

constexpr std::uint32_t kLastFace = 51;

Problem hidden(const std::string& what) {
    return Problem{ProblemKind::HiddenCard, what};
}
Problem malformed(const std::string& what) {
    return Problem{ProblemKind::Malformed, what};
}

std::optional<Problem> check_range(std::uint32_t face, const std::string& where) {
    if (face > kLastFace) return malformed(where + ": card face " + std::to_string(face) + " is not 0..51");
    return std::nullopt;
}

std::optional<Problem> check_poker_seat(const v1::PokerSeat& seat, std::int32_t viewer) {
    const std::string where = "snapshot, seat " + std::to_string(seat.seat());
    for (int i = 0; i < seat.cards_size(); ++i) {
        if (!seat.cards(i).has_face()) continue;
        if (auto p = check_range(seat.cards(i).face(), where)) return p;
        const bool up = i < seat.face_up_size() && seat.face_up(i);
        if (seat.seat() != viewer && !up && !seat.shown())
            return hidden(where + ": face of card " + std::to_string(i) +
                          " (dealt face down, not shown) sent to " +
                          (viewer < 0 ? std::string("an observer") : "seat " + std::to_string(viewer)));
    }
    return std::nullopt;
}

std::optional<Problem> check_polacco_seat(const v1::PolaccoSeat& seat, std::int64_t viewer, bool in_hand) {
    const std::string where = "snapshot, player " + std::to_string(seat.player());
    for (const auto& card : seat.cards()) {
        if (!card.has_face()) continue;
        if (auto p = check_range(card.face(), where)) return p;
        if (seat.player() != viewer && in_hand)
            return hidden(where + ": a face of his hand sent to " +
                          (viewer < 0 ? std::string("an observer") : "player " + std::to_string(viewer)) +
                          " before the reveal");
    }
    return std::nullopt;
}

std::optional<Problem> check_card_dealt(const v1::CardDealt& e, std::int32_t viewer) {
    if (!e.card().has_face()) return std::nullopt;
    const std::string where = "CardDealt to seat " + std::to_string(e.seat());
    if (auto p = check_range(e.card().face(), where)) return p;
    if (e.target() == v1::CARD_TARGET_BURN || e.visibility() == v1::CARD_VISIBILITY_NOBODY)
        return hidden("a burn card's face was sent");
    if (e.visibility() == v1::CARD_VISIBILITY_EVERYONE) return std::nullopt;
    if (e.target() != v1::CARD_TARGET_PLAYER || e.seat() != viewer)
        return hidden(where + ": its face (owner only) sent to " +
                      (viewer < 0 ? std::string("an observer") : "seat " + std::to_string(viewer)));
    return std::nullopt;
}

std::optional<Problem> check_discarded(const v1::Discarded& e, std::int32_t viewer) {
    for (const auto& card : e.cards()) {
        if (!card.has_face()) continue;
        if (auto p = check_range(card.face(), "Discarded")) return p;
        if (e.seat() != viewer && e.visibility() != v1::CARD_VISIBILITY_EVERYONE)
            return hidden("Discarded by seat " + std::to_string(e.seat()) + ": a face sent to " +
                          (viewer < 0 ? std::string("an observer") : "seat " + std::to_string(viewer)));
    }
    return std::nullopt;
}

std::optional<Problem> check_polacco_dealt(const v1::PolaccoCardDealt& e, std::int64_t viewer) {
    if (!e.card().has_face()) return std::nullopt;
    const std::string where = "PolaccoCardDealt to player " + std::to_string(e.to());
    if (auto p = check_range(e.card().face(), where)) return p;
    if (e.visibility() == v1::CARD_VISIBILITY_EVERYONE) return std::nullopt;
    if (e.visibility() == v1::CARD_VISIBILITY_NOBODY || e.to() != viewer)
        return hidden(where + ": its face sent to " +
                      (viewer < 0 ? std::string("an observer") : "player " + std::to_string(viewer)));
    return std::nullopt;
}

// Public faces (board, shown and revealed hands) only need to be cards.
std::optional<Problem> check_public(const google::protobuf::RepeatedField<std::uint32_t>& faces,
                                    const std::string& where) {
    for (std::uint32_t face : faces)
        if (auto p = check_range(face, where)) return p;
    return std::nullopt;
}

}  // namespace

std::optional<Problem> check_snapshot_cards(const v1::TableSnapshot& snapshot) {
    if (snapshot.has_poker()) {
        if (auto p = check_public(snapshot.poker().board(), "snapshot board")) return p;
        for (const auto& seat : snapshot.poker().seats())
            if (auto p = check_poker_seat(seat, snapshot.your_seat())) return p;
    }
    if (snapshot.has_polacco()) {
        const bool in_hand = snapshot.polacco().in_hand();
        for (const auto& seat : snapshot.polacco().seats())
            if (auto p = check_polacco_seat(seat, snapshot.your_player(), in_hand)) return p;
    }
    return std::nullopt;
}

std::optional<Problem> check_event_cards(const v1::TableEvent& event, const v1::TableSnapshot& state) {
    switch (event.event_case()) {
        case v1::TableEvent::kCardDealt:
            return check_card_dealt(event.card_dealt(), state.your_seat());
        case v1::TableEvent::kDiscarded:
            return check_discarded(event.discarded(), state.your_seat());
        case v1::TableEvent::kCardsShown:
            return check_public(event.cards_shown().cards(), "CardsShown");
        case v1::TableEvent::kPolaccoCardDealt:
            return check_polacco_dealt(event.polacco_card_dealt(), state.your_player());
        case v1::TableEvent::kCardsRevealed:
            return check_public(event.cards_revealed().cards(), "CardsRevealed");
        default:
            return std::nullopt;  // no faces in the other events
    }
}

}  // namespace tavolo::client
