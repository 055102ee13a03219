// Showdown and awarding (RULES.md §3): who shows first, show or muck, pots resolved latest-formed
// first, equal hands split with odd chips clockwise from the button's left.
#include <algorithm>
#include <array>
#include <optional>

#include "engine/poker/hand.hpp"

namespace tavolo::engine {

namespace {

// Strength of a stud showing board (up to four up-cards): quads > trips > two pair > pair > high
// card, then ranks. Only used to choose who shows first.
std::uint32_t showing_value(std::span<const Card> cards) {
    std::array<int, kRanks> count{};
    for (Card c : cards)
        ++count[static_cast<int>(c.rank())];
    std::uint32_t value = 0;
    int pairs = 0;
    int best_group = 0;
    for (int k = 4; k >= 1; --k)
        for (int r = kRanks - 1; r >= 0; --r)
            if (count[r] == k) {
                value = (value << 4) | static_cast<std::uint32_t>(r + 1);
                best_group = std::max(best_group, k);
                pairs += k == 2 ? 1 : 0;
            }
    const std::uint32_t category = best_group == 4   ? 4
                                   : best_group == 3 ? 3
                                   : pairs == 2      ? 2
                                   : pairs == 1      ? 1
                                                     : 0;
    return category << 24 | value;
}

}  // namespace

Hand::Phase Hand::showdown() {
    showdown_ = true;
    std::array<Card, 7> cards{};
    for (int i = 0; i < count_; ++i) {
        Player& pl = players_[i];
        if (pl.folded) continue;
        std::copy_n(pl.cards.begin(), pl.card_count, cards.begin());
        std::copy_n(board_.begin(), board_count_, cards.begin() + pl.card_count);
        pl.value = evaluate(
            std::span<const Card>(cards.data(), static_cast<std::size_t>(pl.card_count + board_count_)));
    }

    // Who shows first: the last aggressor of the final round; else first left of the button
    // (stud: the highest showing board, ties to the nearest left of the button).
    int first = -1;
    if (last_aggressor_ >= 0 && !players_[last_aggressor_].folded) {
        first = last_aggressor_;
    } else if (game_->showdown_opener == ShowdownOpener::HighestShowing) {
        std::uint32_t best = 0;
        for (int k = 0, p = first_left_of_button_; k < count_; ++k, p = next_player(p)) {
            const Player& pl = players_[p];
            if (pl.folded) continue;
            std::array<Card, kMaxHoleCards> up{};
            int n = 0;
            for (int i = 0; i < pl.card_count; ++i)
                if ((pl.up_mask >> i) & 1U) up[n++] = pl.cards[i];
            const std::uint32_t v =
                showing_value(std::span<const Card>(up.data(), static_cast<std::size_t>(n)));
            if (first < 0 || v > best) {
                first = p;
                best = v;
            }
        }
    } else {
        first = next_drawer(first_left_of_button_);
    }

    // In order, each player shows if the hand can win or tie a pot it is eligible for, given the
    // hands already shown; otherwise mucks. Exposed (all-in) and always-show hands are shown.
    std::array<HandValue, kMaxPots> best{};
    std::array<bool, kMaxPots> any_shown{};
    for (int k = 0, p = first; k < count_; ++k, p = next_player(p)) {
        Player& pl = players_[p];
        if (pl.folded) continue;
        bool can_win = false;
        for (int i = 0; i < pot_count_; ++i)
            if (has_seat(pots_[i].eligible, pl.seat) && (!any_shown[i] || pl.value >= best[i]))
                can_win = true;
        if (can_win || pl.shown || pl.always_show || exposed_) {
            if (!pl.shown) {
                pl.shown = true;
                CardsShown e{.seat = pl.seat, .count = pl.card_count};
                std::copy_n(pl.cards.begin(), pl.card_count, e.cards.begin());
                emit(e);
            }
            for (int i = 0; i < pot_count_; ++i) {
                if (!has_seat(pots_[i].eligible, pl.seat)) continue;
                if (!any_shown[i] || pl.value > best[i]) best[i] = pl.value;
                any_shown[i] = true;
            }
        } else {
            pl.mucked = true;
            emit(Mucked{.seat = pl.seat});
        }
    }
    return Phase::Award;
}

Hand::Phase Hand::award() {
    // Side pots first, the latest formed first (APT Art.19.7).
    for (int i = pot_count_ - 1; i >= 0; --i) {
        const Pot& pot = pots_[i];
        PotAwarded* recorded = emplace_event<PotAwarded>();
        std::optional<PotAwarded> local;  // only without events: zeroing it is not free
        if (!recorded) local.emplace();
        PotAwarded& e = recorded ? *recorded : *local;
        e.pot_index = i;
        e.amount = pot.amount;
        e.showdown = showdown_;
        HandValue top;
        bool any = false;
        for (int k = 0, p = first_left_of_button_; k < count_; ++k, p = next_player(p)) {
            const Player& pl = players_[p];
            if (pl.folded || pl.mucked || !has_seat(pot.eligible, pl.seat)) continue;
            if (!any || pl.value > top) {
                top = pl.value;
                e.winners = 0;
            }
            any = true;
            if (pl.value == top) e.seats[e.winners++] = pl.seat;
        }
        if (e.winners == 0) continue;  // unreachable: every pot has a live eligible player
        const Chips share = pot.amount / e.winners;
        const Chips odd = pot.amount % e.winners;
        for (int w = 0; w < e.winners; ++w) {
            e.shares[w] = share + (w < odd ? 1 : 0);
            players_[player_index(e.seats[w])].stack += e.shares[w];
        }
        pot_chips_ -= pot.amount;
        if (showdown_) e.value = top;
    }
    if (!showdown_) uncontested_winner_ = players_[next_drawer(0)].seat;
    pot_count_ = 0;
    return end_hand();
}

Hand::Phase Hand::end_hand() {
    to_act_ = -1;
    if (HandEnded* e = emplace_event<HandEnded>()) {
        e->showdown = showdown_;
        for (int i = 0; i < count_; ++i) {
            e->seats |= SeatMask{1} << players_[i].seat;
            e->stacks[players_[i].seat] = players_[i].stack;
        }
    }
    return Phase::Ended;
}

std::expected<void, RuleError> Hand::verify_show(SeatIndex seat) const {
    const int p = player_index(seat);
    if (p < 0) return std::unexpected(RuleError::UnknownSeat);
    if (phase_ != Phase::Ended || seat != uncontested_winner_ || players_[p].shown)
        return std::unexpected(RuleError::CannotShow);
    return {};
}

}  // namespace tavolo::engine
