#include "engine/polacco/record_check.hpp"

#include <string_view>
#include <type_traits>

namespace tavolo::engine::polacco {
namespace {

std::string text(std::initializer_list<std::string_view> pieces) {
    std::string out;
    for (auto p : pieces)
        out.append(p);
    return out;
}

std::string player(PlayerId p) {
    return text({"player ", std::to_string(p)});
}

std::string punto(const Punto& p) {
    return text({"'", p.to_string(Language::English), "'"});
}

std::string cards(const std::vector<Card>& cs) {
    return to_string(cs);
}

// What the event says, for messages ("Declared by player 2 'pair of sevens'").
std::string describe_event(const Event& e) {
    return std::visit(
        [](const auto& x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, HandStarted>) {
                return text({"HandStarted (first speaker ", player(x.first_speaker), ")"});
            } else if constexpr (std::is_same_v<T, DirectionChosen>) {
                return text({"DirectionChosen by ", player(x.by),
                             x.direction == Direction::Clockwise ? " clockwise" : " anticlockwise"});
            } else if constexpr (std::is_same_v<T, CardDealt>) {
                return text(
                    {"CardDealt to ", player(x.to), " ", x.card ? x.card->to_string() : "(face hidden)"});
            } else if constexpr (std::is_same_v<T, Declared>) {
                return text({"Declared by ", player(x.by), " ", punto(x.punto)});
            } else if constexpr (std::is_same_v<T, Passed>) {
                return text({"Passed by ", player(x.by)});
            } else if constexpr (std::is_same_v<T, Doubted>) {
                return text({"Doubted by ", player(x.by), " of ", punto(x.punto)});
            } else if constexpr (std::is_same_v<T, CardsRevealed>) {
                return text({"CardsRevealed of ", player(x.player), " ", cards(x.cards)});
            } else if constexpr (std::is_same_v<T, Judged>) {
                return text({"Judged ", punto(x.punto), x.present ? " present" : " absent", ", penalised ",
                             player(x.penalised)});
            } else if constexpr (std::is_same_v<T, PenaltyGiven>) {
                return text({"PenaltyGiven to ", player(x.player), " (", std::to_string(x.penalties), ")"});
            } else if constexpr (std::is_same_v<T, PenaltyRemoved>) {
                return text(
                    {"PenaltyRemoved from ", player(x.player), " (", std::to_string(x.penalties), ")"});
            } else if constexpr (std::is_same_v<T, PlayerEliminated>) {
                return text({"PlayerEliminated ", player(x.player)});
            } else {
                return text({"HandEnded (next first speaker ", player(x.next_first_speaker), ")"});
            }
        },
        e);
}

bool same_seats(const std::vector<HandSeat>& a, const std::vector<HandSeat>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].player != b[i].player || a[i].penalties != b[i].penalties) return false;
    }
    return true;
}

// Field by field: the records carry no operator== of their own.
bool same_event(const Event& a, const Event& b) {
    if (a.index() != b.index()) return false;
    return std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            const T& y = std::get<T>(b);
            if constexpr (std::is_same_v<T, HandStarted>) {
                return x.hand_number == y.hand_number && x.first_speaker == y.first_speaker &&
                       same_seats(x.seats, y.seats);
            } else if constexpr (std::is_same_v<T, DirectionChosen>) {
                return x.by == y.by && x.direction == y.direction && x.forced == y.forced;
            } else if constexpr (std::is_same_v<T, CardDealt>) {
                return x.to == y.to && x.card == y.card && x.visibility.only == y.visibility.only;
            } else if constexpr (std::is_same_v<T, Declared>) {
                return x.by == y.by && x.punto == y.punto && x.by_timeout == y.by_timeout;
            } else if constexpr (std::is_same_v<T, Passed>) {
                return x.by == y.by && x.next == y.next;
            } else if constexpr (std::is_same_v<T, Doubted>) {
                return x.by == y.by && x.declarer == y.declarer && x.punto == y.punto &&
                       x.by_timeout == y.by_timeout;
            } else if constexpr (std::is_same_v<T, CardsRevealed>) {
                return x.player == y.player && x.cards == y.cards;
            } else if constexpr (std::is_same_v<T, Judged>) {
                return x.punto == y.punto && x.present == y.present && x.penalised == y.penalised &&
                       x.cards_in_play == y.cards_in_play;
            } else if constexpr (std::is_same_v<T, PenaltyGiven> || std::is_same_v<T, PenaltyRemoved>) {
                return x.player == y.player && x.penalties == y.penalties;
            } else if constexpr (std::is_same_v<T, PlayerEliminated>) {
                return x.player == y.player;
            } else {
                return x.next_first_speaker == y.next_first_speaker;
            }
        },
        a);
}

// The deck the record deals, in order; every card must show its face and appear once.
std::expected<Deck, RecordProblem> stacked_deck(const Events& recorded) {
    std::vector<Card> top;
    CardSet seen;
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        const auto* dealt = std::get_if<CardDealt>(&recorded[i]);
        if (dealt == nullptr) continue;
        if (!dealt->card) {
            return std::unexpected(RecordProblem{i,
                                                 "a card dealt without its face: check the whole record (the "
                                                 "operator's view), not a player's"});
        }
        if (seen.contains(*dealt->card))
            return std::unexpected(RecordProblem{i, text({dealt->card->to_string(), " is dealt twice"})});
        seen.insert(*dealt->card);
        top.push_back(*dealt->card);
    }
    Deck deck;
    deck.stack_top(top);
    return deck;
}

// The decision a recorded event stands for, made on the engine's hand; nullopt when the event is
// not a decision (the engine produces it itself).
std::optional<std::expected<Events, PolaccoError>> decide(Hand& hand, const Event& e) {
    if (const auto* d = std::get_if<DirectionChosen>(&e)) {
        // A forced direction the engine did not produce itself comes from a timeout.
        return d->forced ? hand.timeout(d->by) : hand.choose_direction(d->by, d->direction);
    }
    if (const auto* d = std::get_if<Declared>(&e))
        return d->by_timeout ? hand.timeout(d->by) : hand.declare(d->by, d->punto);
    if (const auto* d = std::get_if<Doubted>(&e))
        return d->by_timeout ? hand.timeout(d->by) : hand.doubt(d->by);
    if (const auto* d = std::get_if<Passed>(&e)) return hand.pass(d->by);
    return std::nullopt;
}

}  // namespace

std::expected<void, RecordProblem> check_record(const HandSetup& setup, const Events& recorded) {
    auto deck = stacked_deck(recorded);
    if (!deck) return std::unexpected(deck.error());
    auto started = Hand::start_with_deck(setup, *deck);
    if (!started) {
        return std::unexpected(
            RecordProblem{0, text({"the engine refuses the setup: ", describe(started.error())})});
    }
    Hand& hand = *started;
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        if (hand.events().size() == i) {
            // The engine waits for a decision: the record's next event must be one it accepts.
            auto made = decide(hand, recorded[i]);
            if (!made) {
                return std::unexpected(RecordProblem{
                    i, text({describe_event(recorded[i]), ": the engine waits for a decision from ",
                             player(hand.to_act()), ", not for this"})});
            }
            if (!*made) {
                return std::unexpected(
                    RecordProblem{i, text({describe_event(recorded[i]),
                                           ": refused by the engine: ", describe(made->error())})});
            }
        }
        if (hand.events().size() <= i) {
            return std::unexpected(
                RecordProblem{i, text({describe_event(recorded[i]), ": the engine produces nothing here"})});
        }
        const Event& produced = hand.events()[i];
        if (!same_event(produced, recorded[i])) {
            return std::unexpected(RecordProblem{i, text({"the record says ", describe_event(recorded[i]),
                                                          "; the engine says ", describe_event(produced)})});
        }
    }
    if (hand.events().size() > recorded.size()) {
        return std::unexpected(
            RecordProblem{recorded.size(), text({"the record stops early; the engine goes on with ",
                                                 describe_event(hand.events()[recorded.size()])})});
    }
    if (hand.phase() != Phase::Ended) {
        return std::unexpected(RecordProblem{
            recorded.size(), text({"the record ends before the hand does (the engine waits for ",
                                   player(hand.to_act()), ")"})});
    }
    return {};
}

}  // namespace tavolo::engine::polacco
