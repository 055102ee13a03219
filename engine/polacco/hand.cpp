#include "engine/polacco/hand.hpp"

#include <algorithm>
#include <utility>

namespace tavolo::engine::polacco {
namespace {

std::expected<void, PolaccoError> validate(const HandSetup& setup) {
    if (setup.rules.clockwise_only && setup.rules.mode != Mode::Casino) {
        return std::unexpected(PolaccoError::InvalidRules);
    }
    if (setup.players.size() < 2) return std::unexpected(PolaccoError::NotEnoughPlayers);
    // RULES.md §9: 7 a table without a dealer, 9 in the casino (so at most 45 of the deck's 52 cards).
    if (setup.players.size() > static_cast<std::size_t>(setup.rules.table_max())) {
        return std::unexpected(PolaccoError::TooManyPlayers);
    }
    for (std::size_t i = 0; i < setup.players.size(); ++i) {
        const HandPlayer& p = setup.players[i];
        if (p.penalties < 0 || p.penalties > kMaxPenalties)
            return std::unexpected(PolaccoError::InvalidPenalties);
        for (std::size_t j = 0; j < i; ++j) {
            if (setup.players[j].player == p.player) return std::unexpected(PolaccoError::DuplicateEntrant);
        }
    }
    auto it = std::ranges::find(setup.players, setup.first_speaker, &HandPlayer::player);
    if (it == setup.players.end()) return std::unexpected(PolaccoError::NotSeated);
    return {};
}

bool earns_bonus(const Punto& punto) {
    return punto.kind() == PuntoKind::FourOfAKind || punto.kind() == PuntoKind::StraightFlush;
}

}  // namespace

Hand::Hand(HandSetup setup, Deck deck)
    : rules_(setup.rules),
      hand_number_(setup.hand_number),
      players_(std::move(setup.players)),
      cards_(players_.size()),
      deck_(std::move(deck)) {
    first_ = *index_of(setup.first_speaker);
    to_act_ = first_;
}

std::expected<Hand, PolaccoError> Hand::start(HandSetup setup, RandomSource& rng) {
    Deck deck;
    deck.shuffle(rng);
    return start_with_deck(std::move(setup), std::move(deck));
}

std::expected<Hand, PolaccoError> Hand::start_with_deck(HandSetup setup, Deck deck) {
    if (auto ok = validate(setup); !ok) return std::unexpected(ok.error());
    Hand hand{std::move(setup), std::move(deck)};
    Events out;
    HandStarted started{hand.hand_number_, {}, hand.players_[hand.first_].player};
    for (const auto& p : hand.players_)
        started.seats.push_back({p.player, p.penalties, p.pass_available});
    hand.emit(std::move(started), out);
    if (hand.rules_.clockwise_only) hand.apply_direction(Direction::Clockwise, true, out);
    return hand;
}

// --- queries -----------------------------------------------------------------------------------

std::optional<std::size_t> Hand::index_of(PlayerId player) const {
    for (std::size_t i = 0; i < players_.size(); ++i) {
        if (players_[i].player == player) return i;
    }
    return std::nullopt;
}

PlayerId Hand::to_act() const {
    return phase_ == Phase::Ended ? PlayerId{-1} : players_[to_act_].player;
}

PlayerId Hand::last_declarer() const {
    return last_punto_ ? players_[last_declarer_].player : PlayerId{-1};
}

const std::vector<Card>& Hand::cards_of(PlayerId player) const {
    static const std::vector<Card> kNone;
    auto i = index_of(player);
    return i ? cards_[*i] : kNone;
}

int Hand::cards_in_play() const {
    int n = 0;
    for (const auto& c : cards_)
        n += static_cast<int>(c.size());
    return n;
}

std::size_t Hand::next(std::size_t i) const {
    std::size_t n = players_.size();
    return direction_ == Direction::Anticlockwise ? (i + n - 1) % n : (i + 1) % n;
}

std::size_t Hand::previous(std::size_t i) const {
    std::size_t n = players_.size();
    return direction_ == Direction::Anticlockwise ? (i + 1) % n : (i + n - 1) % n;
}

LegalActions Hand::legal_actions() const {
    LegalActions legal;
    legal.decision = decision_;
    if (phase_ == Phase::Ended) return legal;
    legal.player = players_[to_act_].player;
    if (phase_ == Phase::ChoosingDirection) {
        legal.choose_direction = true;
        return legal;
    }
    if (!last_punto_) {
        legal.lowest_declaration = Punto::lowest();
    } else if (last_punto_->step() + 1 < kLadderSteps) {
        legal.lowest_declaration = Punto::from_step(last_punto_->step() + 1);
    }
    legal.declare = legal.lowest_declaration.has_value();
    legal.doubt = can_doubt(legal.player);
    legal.pass = can_pass(legal.player);
    return legal;
}

// --- verifiers ---------------------------------------------------------------------------------

std::expected<std::size_t, PolaccoError> Hand::check_turn(PlayerId player,
                                                          std::optional<DecisionNumber> decision) const {
    if (decision && *decision != decision_) return std::unexpected(PolaccoError::StaleDecision);
    auto i = index_of(player);
    if (!i) return std::unexpected(PolaccoError::NotSeated);
    if (phase_ == Phase::Ended) return std::unexpected(PolaccoError::HandOver);
    if (*i != to_act_) return std::unexpected(PolaccoError::NotYourTurn);
    return *i;
}

std::expected<void, PolaccoError> Hand::check_choose_direction(PlayerId player, Direction direction,
                                                               std::optional<DecisionNumber> decision) const {
    auto turn = check_turn(player, decision);
    if (!turn) return std::unexpected(turn.error());
    if (rules_.clockwise_only) return std::unexpected(PolaccoError::ClockwiseOnly);
    if (phase_ != Phase::ChoosingDirection) return std::unexpected(PolaccoError::DirectionAlreadyChosen);
    if (direction != Direction::Clockwise && direction != Direction::Anticlockwise) {
        return std::unexpected(PolaccoError::InvalidDirection);
    }
    return {};
}

std::expected<void, PolaccoError> Hand::check_declare(PlayerId player, const Punto& punto,
                                                      std::optional<DecisionNumber> decision) const {
    auto turn = check_turn(player, decision);
    if (!turn) return std::unexpected(turn.error());
    if (phase_ == Phase::ChoosingDirection) return std::unexpected(PolaccoError::DirectionNotChosen);
    if (!punto.on_ladder()) return std::unexpected(PolaccoError::NotOnLadder);
    if (last_punto_ && !(punto > *last_punto_)) return std::unexpected(PolaccoError::NotHigher);
    return {};
}

std::expected<void, PolaccoError> Hand::check_doubt(PlayerId player,
                                                    std::optional<DecisionNumber> decision) const {
    auto turn = check_turn(player, decision);
    if (!turn) return std::unexpected(turn.error());
    if (phase_ == Phase::ChoosingDirection) return std::unexpected(PolaccoError::DirectionNotChosen);
    if (!last_punto_) return std::unexpected(PolaccoError::NothingToDoubt);
    return {};
}

std::expected<void, PolaccoError> Hand::check_pass(PlayerId player,
                                                   std::optional<DecisionNumber> decision) const {
    auto turn = check_turn(player, decision);
    if (!turn) return std::unexpected(turn.error());
    if (!rules_.passamano) return std::unexpected(PolaccoError::PassNotAllowed);
    if (phase_ == Phase::ChoosingDirection) return std::unexpected(PolaccoError::DirectionNotChosen);
    if (!last_punto_) return std::unexpected(PolaccoError::FirstSpeakerCannotPass);
    if (!players_[*turn].pass_available) return std::unexpected(PolaccoError::PassAlreadyUsed);
    if (next(*turn) == last_declarer_) return std::unexpected(PolaccoError::PassReturnsToDeclarer);
    return {};
}

std::expected<void, PolaccoError> Hand::check_timeout(PlayerId player,
                                                      std::optional<DecisionNumber> decision) const {
    auto turn = check_turn(player, decision);
    if (!turn) return std::unexpected(turn.error());
    return {};
}

// --- actions -----------------------------------------------------------------------------------

std::expected<Events, PolaccoError> Hand::choose_direction(PlayerId player, Direction direction,
                                                           std::optional<DecisionNumber> decision) {
    if (auto ok = check_choose_direction(player, direction, decision); !ok)
        return std::unexpected(ok.error());
    ++decision_;
    Events out;
    apply_direction(direction, false, out);
    return out;
}

std::expected<Events, PolaccoError> Hand::declare(PlayerId player, const Punto& punto,
                                                  std::optional<DecisionNumber> decision) {
    if (auto ok = check_declare(player, punto, decision); !ok) return std::unexpected(ok.error());
    ++decision_;
    Events out;
    apply_declare(to_act_, punto, false, out);
    return out;
}

std::expected<Events, PolaccoError> Hand::doubt(PlayerId player, std::optional<DecisionNumber> decision) {
    if (auto ok = check_doubt(player, decision); !ok) return std::unexpected(ok.error());
    ++decision_;
    Events out;
    apply_doubt(to_act_, false, out);
    return out;
}

std::expected<Events, PolaccoError> Hand::pass(PlayerId player, std::optional<DecisionNumber> decision) {
    if (auto ok = check_pass(player, decision); !ok) return std::unexpected(ok.error());
    ++decision_;
    Events out;
    players_[to_act_].pass_available = false;
    std::size_t receiver = next(to_act_);
    emit(Passed{player, players_[receiver].player}, out);
    to_act_ = receiver;
    return out;
}

std::expected<Events, PolaccoError> Hand::timeout(PlayerId player, std::optional<DecisionNumber> decision) {
    if (auto ok = check_timeout(player, decision); !ok) return std::unexpected(ok.error());
    ++decision_;
    Events out;
    if (phase_ == Phase::ChoosingDirection) apply_direction(Direction::Clockwise, true, out);
    if (!last_punto_) {
        apply_declare(to_act_, Punto::lowest(), true, out);
    } else {
        apply_doubt(to_act_, true, out);
    }
    return out;
}

// --- phase transitions -------------------------------------------------------------------------

void Hand::emit(Event event, Events& out) {
    log_.push_back(event);
    out.push_back(std::move(event));
}

void Hand::apply_direction(Direction direction, bool forced, Events& out) {
    direction_ = direction;
    emit(DirectionChosen{players_[first_].player, direction, forced}, out);
    deal(out);
    phase_ = Phase::Declaring;
}

void Hand::deal(Events& out) {
    std::size_t i = first_;
    for (std::size_t k = 0; k < players_.size(); ++k, i = next(i)) {
        const PlayerId to = players_[i].player;
        const int count = kInitialCards + players_[i].penalties;
        for (int c = 0; c < count; ++c) {
            Card card = deck_.deal();
            cards_[i].push_back(card);
            emit(CardDealt{to, card, Visibility::player(to)}, out);
        }
    }
}

void Hand::apply_declare(std::size_t who, const Punto& punto, bool by_timeout, Events& out) {
    emit(Declared{players_[who].player, punto, by_timeout}, out);
    last_punto_ = punto;
    last_declarer_ = who;
    to_act_ = next(who);
}

void Hand::apply_doubt(std::size_t who, bool by_timeout, Events& out) {
    const std::size_t declarer = last_declarer_;
    const Punto punto = *last_punto_;
    emit(Doubted{players_[who].player, players_[declarer].player, punto, by_timeout}, out);

    CardSet all;
    for (std::size_t i = 0; i < players_.size(); ++i) {
        for (Card c : cards_[i])
            all.insert(c);
        emit(CardsRevealed{players_[i].player, cards_[i]}, out);
    }
    const bool present = punto.present_in(all);
    const std::size_t penalised = present ? who : declarer;
    const int in_play = cards_in_play();
    emit(Judged{punto, present, players_[penalised].player, in_play}, out);

    HandResult result;
    result.penalised = players_[penalised].player;
    result.direction = *direction_;
    players_[penalised].penalties += 1;
    emit(PenaltyGiven{result.penalised, players_[penalised].penalties}, out);
    result.eliminated = players_[penalised].penalties > kMaxPenalties;
    if (result.eliminated) emit(PlayerEliminated{result.penalised}, out);

    if (rules_.bonus && present && earns_bonus(punto) && in_play < kBonusCardLimit &&
        players_[declarer].penalties > 0) {
        players_[declarer].penalties -= 1;
        result.bonus_to = players_[declarer].player;
        emit(PenaltyRemoved{players_[declarer].player, players_[declarer].penalties}, out);
    }

    // After an elimination the player who preceded the eliminated one in this hand's direction
    // speaks first (POLACCO §3.3; decided for casino mode too).
    result.next_first_speaker =
        result.eliminated ? players_[previous(penalised)].player : players_[penalised].player;
    for (std::size_t i = 0; i < players_.size(); ++i) {
        if (!(result.eliminated && i == penalised)) result.players.push_back(players_[i]);
    }
    emit(HandEnded{result.next_first_speaker}, out);
    phase_ = Phase::Ended;
    result_ = std::move(result);
}

}  // namespace tavolo::engine::polacco
