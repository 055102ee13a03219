// The draw (RULES.md §1): one burn card, then each player still in, clockwise from the button's
// left, discards 0-5 cards and is dealt as many; a spent stub is refilled from earlier discards.
#include "engine/poker/hand.hpp"

namespace tavolo::engine {

Hand::Phase Hand::begin_draw() {
    emit(DrawStarted{.street = street_});
    emit(CardDealt{.target = CardTarget::Burn,
                   .card = next_card(),
                   .visibility = Visibility::Nobody,
                   .street = street_});
    draw_first_ = next_drawer(first_left_of_button_);
    to_act_ = draw_first_;
    return Phase::Draw;
}

int Hand::next_drawer(int from) const {
    for (int k = 0, p = from; k < count_; ++k, p = next_player(p)) {
        if (!players_[p].folded) return p;
    }
    return -1;
}

std::expected<void, RuleError> Hand::verify_discard(SeatIndex seat, CardSet cards) const {
    if (auto ok = verify_turn(seat, false); !ok) return ok;
    const Player& pl = players_[to_act_];
    CardSet held;
    for (int i = 0; i < pl.card_count; ++i)
        held.insert(pl.cards[i]);
    if ((cards.bits() & ~held.bits()) != 0) return std::unexpected(RuleError::BadDiscard);
    return {};
}

void Hand::apply_discard(int p, CardSet cards, bool automatic) {
    Player& pl = players_[p];
    std::array<Card, kMaxHoleCards> thrown{};
    std::array<std::uint8_t, kMaxHoleCards> slot{};  // where each thrown card is in the hand
    int thrown_count = 0;
    for (int i = 0; i < pl.card_count; ++i) {
        if (!cards.contains(pl.cards[i])) continue;
        slot[thrown_count] = static_cast<std::uint8_t>(i);
        thrown[thrown_count++] = pl.cards[i];
    }
    // The cards of an exposed hand (no further betting possible) are seen by everyone.
    const Visibility visibility = exposed_ ? Visibility::Everyone : Visibility::Owner;
    emit(Discarded{.seat = pl.seat,
                   .count = thrown_count,
                   .cards = thrown,
                   .visibility = visibility,
                   .automatic = automatic});
    // The replacements, in place, in hand order.
    for (int k = 0; k < thrown_count; ++k) {
        const int i = slot[k];
        const Card c = next_card();
        pl.cards[i] = c;
        emit(CardDealt{.target = CardTarget::Player,
                       .seat = pl.seat,
                       .card = c,
                       .visibility = visibility,
                       .street = street_});
    }
    // Only now do this player's discards join the pile: never reshuffled to serve their owner.
    for (int i = 0; i < thrown_count; ++i)
        reshuffle_pile_[pile_count_++] = thrown[i];
    const int next = next_drawer(next_player(p));
    to_act_ = next == draw_first_ ? -1 : next;
}

}  // namespace tavolo::engine
