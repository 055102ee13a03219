// Forced bets and dealing: antes first, then blinds (short stacks post what they can and are
// all-in); each street's burn, hole, up and board cards in the documented deal order.
#include <algorithm>

#include "engine/poker/hand.hpp"

namespace tavolo::engine {

void Hand::post(int p, Chips amount) {
    Player& pl = players_[p];
    pl.stack -= amount;
    pl.bet += amount;
    pl.committed += amount;
    pot_chips_ += amount;
    if (pl.stack == 0) set_all_in(pl);
}

Hand::Phase Hand::post_forced_bets() {
    if (HandStarted* e = emplace_event<HandStarted>()) {
        e->hand_id = hand_id_;
        e->variant = variant_;
        e->betting = betting_;
        e->small_blind_amount = small_blind_;
        e->big_blind_amount = big_blind_;
        e->ante = ante_;
        e->ante_mode = ante_mode_;
        e->table_size = table_size_;
        e->button = button_;
        e->small_blind = small_blind_seat_;
        e->big_blind = big_blind_seat_;
        for (int i = 0; i < count_; ++i) {
            e->seats |= SeatMask{1} << players_[i].seat;
            e->stacks[players_[i].seat] = players_[i].stack;
        }
    }

    if (ante_mode_ == AnteMode::Classic) {
        for (int k = 0, p = first_left_of_button_; k < count_; ++k, p = next_player(p)) {
            Player& pl = players_[p];
            const Chips amount = std::min(ante_, pl.stack);
            pl.stack -= amount;
            pl.committed += amount;
            pot_chips_ += amount;
            if (pl.stack == 0) set_all_in(pl);
            emit(AntePosted{.seat = pl.seat, .amount = amount, .all_in = pl.all_in});
        }
    } else if (ante_mode_ == AnteMode::BigBlind && big_blind_seat_ != kNoSeat) {
        // The big blind posts the table's antes: dead money in the main pot.
        Player& pl = players_[player_index(big_blind_seat_)];
        const Chips amount = std::min(ante_ * count_, pl.stack);
        pl.stack -= amount;
        dead_money_ += amount;
        pot_chips_ += amount;
        if (pl.stack == 0) set_all_in(pl);
        emit(AntePosted{.seat = pl.seat, .amount = amount, .all_in = pl.all_in});
    }

    if (small_blind_seat_ != kNoSeat) {
        const int p = player_index(small_blind_seat_);
        const Chips amount = std::min(small_blind_, players_[p].stack);
        post(p, amount);
        emit(BlindPosted{.seat = small_blind_seat_,
                         .kind = BlindKind::Small,
                         .amount = amount,
                         .all_in = players_[p].all_in});
    }
    if (big_blind_seat_ != kNoSeat) {
        const int p = player_index(big_blind_seat_);
        const Chips amount = std::min(big_blind_, players_[p].stack);
        post(p, amount);
        emit(BlindPosted{
            .seat = big_blind_seat_, .kind = BlindKind::Big, .amount = amount, .all_in = players_[p].all_in});
    }
    street_ = 0;
    return Phase::Deal;
}

Card Hand::next_stub_card() {
    if (stub_next_ >= stub_count_) {
        // Draw only: shuffle the discards of the players already served into a new stub.
        stub_count_ = pile_count_;
        stub_next_ = 0;
        std::copy_n(reshuffle_pile_.begin(), pile_count_, stub_.begin());
        pile_count_ = 0;
        for (int i = stub_count_ - 1; i > 0; --i) {
            const int j = deck_.below(static_cast<std::uint32_t>(i) + 1);
            std::swap(stub_[i], stub_[j]);
        }
        emit(DeckReshuffled{.cards = stub_count_});
    }
    return stub_[stub_next_++];
}

void Hand::deal_to(int p, bool face_up) {
    Player& pl = players_[p];
    const Card c = next_card();
    if (face_up) pl.up_mask = static_cast<std::uint8_t>(pl.up_mask | (1U << pl.card_count));
    pl.cards[pl.card_count++] = c;
    emit(CardDealt{.target = CardTarget::Player,
                   .seat = pl.seat,
                   .card = c,
                   .visibility = face_up ? Visibility::Everyone : Visibility::Owner,
                   .street = street_});
}

Hand::Phase Hand::deal_street() {
    const Street& st = game_->streets[street_];
    if (st.draw) return begin_draw();  // the draw burns its own card
    if (st.burn)
        emit(CardDealt{.target = CardTarget::Burn,
                       .card = next_card(),
                       .visibility = Visibility::Nobody,
                       .street = street_});
    for (int round = 0; round < st.hole_down + st.hole_up; ++round) {
        const bool up = round >= st.hole_down;
        for (int k = 0, p = first_left_of_button_; k < count_; ++k, p = next_player(p))
            if (!players_[p].folded) deal_to(p, up);
    }
    for (int i = 0; i < st.board; ++i) {
        const Card c = next_card();
        board_[board_count_++] = c;
        emit(CardDealt{
            .target = CardTarget::Board, .card = c, .visibility = Visibility::Everyone, .street = street_});
    }
    emit(StreetDealt{.street = street_});
    return begin_betting();
}

// No further betting is possible: every hand still in is turned face up before the rest is dealt.
void Hand::expose_all() {
    exposed_ = true;
    for (int k = 0, p = first_left_of_button_; k < count_; ++k, p = next_player(p)) {
        Player& pl = players_[p];
        if (pl.folded || pl.shown) continue;
        pl.shown = true;
        CardsShown e{.seat = pl.seat, .count = pl.card_count, .all_in_exposure = true};
        std::copy_n(pl.cards.begin(), pl.card_count, e.cards.begin());
        emit(e);
    }
}

}  // namespace tavolo::engine
