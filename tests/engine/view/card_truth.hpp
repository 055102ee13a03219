#pragma once
// The truth of a poker hand that RULES.md §8 is judged against, from the hand's own records (not from
// the projection's rule): which cards are public so far and whose each card is. Shared by the
// projection's property test (engine/view) and the protocol's leak test (tests/proto).
#include <array>
#include <vector>

#include "engine/poker/hand.hpp"
#include "engine/view/viewer.hpp"

namespace tavolo::engine::view::testing {

struct CardTruth {
    CardSet public_cards;
    std::array<SeatIndex, kDeckSize> owner{};
    std::array<bool, kMaxSeats> exposed{};

    CardTruth() { owner.fill(kNoSeat); }

    void learn(const HandEvent& event) {
        if (const auto* e = std::get_if<CardDealt>(&event)) {
            if (e->target == CardTarget::Board) public_cards.insert(e->card);
            if (e->target == CardTarget::Player) {
                owner[static_cast<std::size_t>(e->card.index())] = e->seat;
                if (e->visibility == Visibility::Everyone || exposed[static_cast<std::size_t>(e->seat)])
                    public_cards.insert(e->card);
            }
        } else if (const auto* shown = std::get_if<CardsShown>(&event)) {
            exposed[static_cast<std::size_t>(shown->seat)] = true;
            for (int i = 0; i < shown->count; ++i)
                public_cards.insert(shown->cards[static_cast<std::size_t>(i)]);
        } else if (const auto* thrown = std::get_if<Discarded>(&event)) {
            if (exposed[static_cast<std::size_t>(thrown->seat)])
                for (int i = 0; i < thrown->count; ++i)
                    public_cards.insert(thrown->cards[static_cast<std::size_t>(i)]);
        }
    }

    // Stud up-cards, from the state of the hand.
    void learn_up_cards(const Hand& hand) {
        for (SeatIndex s = 0; s < kMaxSeats; ++s) {
            const auto held = hand.hole_cards(s);
            for (std::size_t i = 0; i < held.size(); ++i)
                if (hand.card_face_up(s, static_cast<int>(i))) public_cards.insert(held[i]);
        }
    }

    bool may_receive(Card c, const PokerViewer& viewer) const {
        if (public_cards.contains(c)) return true;
        const SeatIndex holder = owner[static_cast<std::size_t>(c.index())];
        if (holder == kNoSeat) return false;  // a burn card, or never dealt
        return viewer.is(holder) || viewer.role == Role::OperatorAfterHand;
    }
};

// Every seat of the largest table, an observer, and an operator during and after the hand.
inline std::vector<PokerViewer> every_poker_viewer() {
    std::vector<PokerViewer> viewers;
    for (SeatIndex s = 0; s < kMaxSeats; ++s)
        viewers.push_back(PokerViewer::player(s));
    viewers.push_back(PokerViewer::observer());
    viewers.push_back(PokerViewer::operator_during_hand());
    viewers.push_back(PokerViewer::operator_after_hand());
    return viewers;
}

}  // namespace tavolo::engine::view::testing
