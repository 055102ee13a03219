#include "engine/polacco/table.hpp"

#include <algorithm>
#include <utility>

namespace tavolo::engine::polacco {

Table::Table(TableId id, Rules rules, std::vector<HandPlayer> seats, PlayerId first_speaker)
    : id_(id), rules_(rules), seats_(std::move(seats)), first_speaker_(first_speaker) {}

std::expected<void, PolaccoError> Table::check_start() const {
    if (hand_) return std::unexpected(PolaccoError::HandInProgress);
    if (seats_.size() < 2) return std::unexpected(PolaccoError::NotEnoughPlayers);
    return {};
}

HandSetup Table::next_setup() const {
    return HandSetup{hands_played_ + 1, rules_, seats_, first_speaker_};
}

std::expected<Events, PolaccoError> Table::start_hand(RandomSource& rng) {
    Deck deck;
    deck.shuffle(rng);
    return start_hand_with_deck(std::move(deck));
}

std::expected<Events, PolaccoError> Table::start_hand_with_deck(Deck deck) {
    if (auto ok = check_start(); !ok) return std::unexpected(ok.error());
    auto hand = Hand::start_with_deck(next_setup(), std::move(deck));
    if (!hand) return std::unexpected(hand.error());
    hand_.emplace(std::move(*hand));
    return hand_->events();
}

std::expected<HandResult, PolaccoError> Table::finish_hand() {
    if (!hand_) return std::unexpected(PolaccoError::NoHandInProgress);
    if (!hand_->result()) return std::unexpected(PolaccoError::HandNotFinished);
    HandResult result = *hand_->result();
    seats_ = result.players;
    first_speaker_ = result.next_first_speaker;
    last_direction_ = result.direction;
    ++hands_played_;
    hand_.reset();
    return result;
}

std::expected<PenaltyOutcome, PolaccoError> Table::give_penalty(PlayerId player) {
    if (hand_) return std::unexpected(PolaccoError::HandInProgress);
    auto it = std::ranges::find(seats_, player, &HandPlayer::player);
    if (it == seats_.end()) return std::unexpected(PolaccoError::NotSeated);
    PenaltyOutcome outcome{player, ++it->penalties, false, player};
    if (outcome.penalties <= kMaxPenalties) {
        first_speaker_ = player;
        return outcome;
    }
    outcome.eliminated = true;
    const auto n = static_cast<std::ptrdiff_t>(seats_.size());
    const auto i = it - seats_.begin();
    const auto before = last_direction_ == Direction::Clockwise ? (i + n - 1) % n : (i + 1) % n;
    outcome.next_first_speaker = seats_[static_cast<std::size_t>(before)].player;
    seats_.erase(it);
    first_speaker_ = outcome.next_first_speaker;
    return outcome;
}

}  // namespace tavolo::engine::polacco
