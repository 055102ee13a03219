#include "engine/phh/deal_check.hpp"

#include <algorithm>
#include <array>
#include <variant>

#include "engine/phh/concat.hpp"

namespace tavolo::engine::phh {
namespace {

std::string count_text(std::size_t n, std::string_view what) {
    return concat({std::to_string(n), " ", what, n == 1 ? "" : "s"});
}

int board_cards_of(const Game& game) {
    int n = 0;
    for (int s = 0; s < game.street_count; ++s)
        n += game.streets[static_cast<std::size_t>(s)].board;
    return n;
}

}  // namespace

std::string street_name(Variant variant, int street) {
    static constexpr std::array<const char*, 4> kHoldem = {"pre-flop", "flop", "turn", "river"};
    static constexpr std::array<const char*, 4> kStud = {"1st round", "2nd round", "3rd round", "4th round"};
    static constexpr std::array<const char*, 2> kDraw = {"deal", "draw"};
    const auto s = static_cast<std::size_t>(street);
    switch (variant) {
        case Variant::Holdem:
            if (s < kHoldem.size()) return kHoldem[s];
            break;
        case Variant::FiveCardStud:
            if (s < kStud.size()) return kStud[s];
            break;
        case Variant::FiveCardDraw:
            if (s < kDraw.size()) return kDraw[s];
            break;
    }
    return concat({"street ", std::to_string(street)});
}

std::optional<LineProblem> first_deal_problem(Variant variant, int players, std::span<const Action> actions) {
    std::size_t begin = 0;
    while (begin < actions.size() && actions[begin].type != ActionType::DealHole)
        ++begin;
    if (begin == actions.size()) return std::nullopt;  // the engine reports the cards it lacks
    std::vector<int> count(static_cast<std::size_t>(players), 0);
    std::size_t end = begin;
    for (; end < actions.size(); ++end) {
        const Action& a = actions[end];
        if (a.type == ActionType::DealBoard || a.type == ActionType::ShowMuck || a.type == ActionType::NoOp)
            continue;
        if (a.type != ActionType::DealHole) break;
        const int n = ++count[static_cast<std::size_t>(a.player - 1)];
        // Stud may run several streets out in one go (all-in before the 2nd round); the others
        // deal their hole cards once.
        if (n == 2 && variant != Variant::FiveCardStud) {
            return LineProblem{end, concat({player_name(a.player), " is dealt twice on the ",
                                            street_name(variant, 0), ": every player is dealt once"})};
        }
    }
    for (int p = 1; p <= players; ++p) {
        if (count[static_cast<std::size_t>(p - 1)] > 0) continue;
        return LineProblem{std::min(end, actions.size() - 1),
                           concat({player_name(p), " is never dealt the cards of the ",
                                   street_name(variant, 0), ": every player is dealt in"})};
    }
    return std::nullopt;
}

std::optional<LineProblem> repeated_card(std::span<const Action> actions) {
    CardSet dealt;
    CardSet discarded;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const Action& a = actions[i];
        if (a.type == ActionType::StandPatDiscard) {
            for (const auto& c : a.cards) {
                if (c) discarded.insert(*c);
            }
        }
        if (a.type != ActionType::DealHole && a.type != ActionType::DealBoard) continue;
        for (const auto& c : a.cards) {
            if (!c) continue;
            if (!dealt.contains(*c)) {
                dealt.insert(*c);
                continue;
            }
            if (discarded.contains(*c)) {
                return LineProblem{i,
                                   concat({c->to_string(),
                                           " is discarded and dealt again: the draw reshuffled the discards, "
                                           "which is random and cannot be replayed"})};
            }
            return LineProblem{i, concat({c->to_string(), " is dealt twice"})};
        }
    }
    return std::nullopt;
}

DealCheck::DealCheck(std::vector<SeatIndex> seat_of_player, std::size_t stacked)
    : seat_of_player_(std::move(seat_of_player)),
      stacked_(stacked),
      held_(seat_of_player_.size()),
      last_street_(seat_of_player_.size(), -1) {}

int DealCheck::player_of_seat(SeatIndex seat) const {
    for (std::size_t i = 0; i < seat_of_player_.size(); ++i) {
        if (seat_of_player_[i] == seat) return static_cast<int>(i) + 1;
    }
    return 0;
}

namespace {

// Where the engine's hand stands, for "no cards are dealt here" reasons.
std::string where_engine_is(const Hand& hand, int player_to_act) {
    if (hand.is_over()) return "the hand is over";
    const Variant v = hand.game().variant;
    if (hand.phase() == HandPhase::Drawing) {
        return concat({"the draw goes on, ", player_name(player_to_act), " is to discard or stand pat"});
    }
    return concat(
        {"the ", street_name(v, hand.street()), " betting goes on, ", player_name(player_to_act), " to act"});
}

}  // namespace

std::expected<void, std::string> DealCheck::observe(const Hand& hand) {
    const auto events = hand.events();
    for (; seen_events_ < events.size(); ++seen_events_) {
        const HandEvent& event = events[seen_events_];
        if (std::holds_alternative<DeckReshuffled>(event)) {
            return std::unexpected(std::string(
                "the draw ran out of cards and the engine reshuffled the discards, which is random: "
                "a replay deals only the history's cards"));
        }
        if (const auto* shown = std::get_if<CardsShown>(&event); shown && shown->all_in_exposure)
            exposed_ = true;
        const auto* d = std::get_if<CardDealt>(&event);
        if (d == nullptr) continue;
        ++dealt_count_;
        if (dealt_count_ > stacked_) {
            const Variant v = hand.game().variant;
            const std::string what = d->target == CardTarget::Player
                                         ? concat({"deals ", player_name(player_of_seat(d->seat)),
                                                   " a card of the ", street_name(v, d->street)})
                                         : concat({"deals the ", street_name(v, d->street)});
            return std::unexpected(concat({"the engine then ", what,
                                           ", which the history does not deal: a replay never draws a card "
                                           "from a random source"}));
        }
        if (d->target == CardTarget::Burn) continue;
        dealt_.push_back(Dealt{.target = d->target, .seat = d->seat, .card = d->card, .street = d->street});
    }
    return {};
}

std::expected<void, std::string> DealCheck::claim_hole(const Action& line, const Hand& hand) {
    const int p = line.player;
    const auto index = static_cast<std::size_t>(p - 1);
    const SeatIndex seat = seat_of_player_[index];
    const Variant v = hand.game().variant;
    const auto first = std::find_if(dealt_.begin(), dealt_.end(), [&](const Dealt& d) {
        return !d.claimed && d.target == CardTarget::Player && d.seat == seat;
    });
    if (first == dealt_.end()) {
        if (last_street_[index] >= 0 && last_street_[index] == hand.street()) {
            return std::unexpected(
                concat({player_name(p), " is dealt twice on the ", street_name(v, hand.street()),
                        ": the engine dealt ", player_name(p), " ", format_card_tokens(held_[index]),
                        " there already"}));
        }
        if (hand.folded(seat))
            return std::unexpected(concat({player_name(p), " has folded and is dealt no more cards"}));
        return std::unexpected(concat({"the engine deals ", player_name(p), " no cards here: ",
                                       where_engine_is(hand, player_of_seat(hand.to_act()))}));
    }
    const int street = first->street;
    std::vector<Dealt*> cards;
    for (auto it = first; it != dealt_.end(); ++it) {
        if (!it->claimed && it->target == CardTarget::Player && it->seat == seat && it->street == street)
            cards.push_back(&*it);
    }
    if (cards.size() != line.cards.size()) {
        const bool draw = v == Variant::FiveCardDraw && street > 0;
        return std::unexpected(
            draw ? concat({player_name(p), " discarded ", count_text(cards.size(), "card"), " and is dealt ",
                           std::to_string(cards.size()), " at the draw; the line deals ",
                           std::to_string(line.cards.size())})
                 : concat({hand.game().name, " deals ", player_name(p), " ", count_text(cards.size(), "card"),
                           " on the ", street_name(v, street), "; the line deals ",
                           std::to_string(line.cards.size())}));
    }
    std::vector<CardToken> engine_cards;
    for (const Dealt* d : cards)
        engine_cards.push_back(d->card);
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (line.cards[i] && *line.cards[i] != cards[i]->card) {
            return std::unexpected(
                concat({"the engine deals ", player_name(p), " ", format_card_tokens(engine_cards),
                        " here (the history's cards in the engine's deal order); the line "
                        "says ",
                        format_card_tokens(line.cards)}));
        }
    }
    for (Dealt* d : cards)
        d->claimed = true;
    held_[index].insert(held_[index].end(), line.cards.begin(), line.cards.end());
    last_street_[index] = street;
    return {};
}

std::expected<void, std::string> DealCheck::claim_board(const Action& line, const Hand& hand) {
    const Game& game = hand.game();
    const auto first = std::find_if(dealt_.begin(), dealt_.end(), [](const Dealt& d) {
        return !d.claimed && d.target == CardTarget::Board;
    });
    if (first == dealt_.end()) {
        const int total = board_cards_of(game);
        if (total == 0) return std::unexpected(concat({game.name, " has no board cards"}));
        if (static_cast<int>(hand.board().size()) == total) {
            return std::unexpected(concat({"the board is complete (", std::to_string(total),
                                           " cards): there is no more board card to deal"}));
        }
        return std::unexpected(concat({"the engine deals no board cards here: ",
                                       where_engine_is(hand, player_of_seat(hand.to_act()))}));
    }
    const int street = first->street;
    std::vector<Dealt*> cards;
    for (auto it = first; it != dealt_.end(); ++it) {
        if (!it->claimed && it->target == CardTarget::Board && it->street == street) cards.push_back(&*it);
    }
    const std::string name = street_name(game.variant, street);
    if (cards.size() != line.cards.size()) {
        return std::unexpected(concat({"the ", name, " has ", count_text(cards.size(), "board card"),
                                       "; the line deals ", std::to_string(line.cards.size())}));
    }
    std::vector<CardToken> engine_cards;
    for (const Dealt* d : cards)
        engine_cards.push_back(d->card);
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (line.cards[i] && *line.cards[i] != cards[i]->card) {
            return std::unexpected(
                concat({"the engine deals ", format_card_tokens(engine_cards), " on the ", name,
                        " here (the history's cards in the engine's deal order); the line "
                        "says ",
                        format_card_tokens(line.cards)}));
        }
    }
    for (Dealt* d : cards)
        d->claimed = true;
    return {};
}

std::expected<void, std::string> DealCheck::check_show(const Action& line, const Hand& hand) const {
    const int p = line.player;
    const auto index = static_cast<std::size_t>(p - 1);
    const SeatIndex seat = seat_of_player_[index];
    if (!hand.is_over() && !exposed_) {
        return std::unexpected(concat({player_name(p), " shows or mucks before the betting is over: ",
                                       where_engine_is(hand, player_of_seat(hand.to_act()))}));
    }
    if (hand.folded(seat))
        return std::unexpected(
            concat({player_name(p), " has folded: only a player still in shows or mucks"}));
    if (line.cards.empty()) return {};  // a muck
    const std::vector<CardToken>& held = held_[index];
    if (line.cards.size() != held.size()) {
        return std::unexpected(
            concat({player_name(p), " holds ", count_text(held.size(), "card"), " (",
                    format_card_tokens(held), "); the line shows ", std::to_string(line.cards.size())}));
    }
    // Each shown card matches a card held (a `??` on either side stands for any one card).
    std::vector<bool> used(held.size(), false);
    for (const auto& shown : line.cards) {
        auto take = [&](auto&& matches) {
            for (std::size_t i = 0; i < held.size(); ++i) {
                if (!used[i] && matches(held[i])) {
                    used[i] = true;
                    return true;
                }
            }
            return false;
        };
        const bool found = take([&](const CardToken& h) { return !shown || (h && *h == *shown); }) ||
                           take([](const CardToken& h) { return !h; });
        if (!found) {
            return std::unexpected(
                concat({player_name(p), " shows ", shown->to_string(), ", which the history did not deal ",
                        player_name(p), " (", player_name(p), " holds ", format_card_tokens(held), ")"}));
        }
    }
    return {};
}

void DealCheck::discard(const Action& line) {
    auto& held = held_[static_cast<std::size_t>(line.player - 1)];
    for (const auto& c : line.cards) {
        const auto it = std::find(held.begin(), held.end(), c);
        if (it != held.end()) held.erase(it);
    }
}

std::string DealCheck::describe_unclaimed(const Hand& hand, const Dealt& first) const {
    std::vector<CardToken> cards;
    for (const Dealt& d : dealt_) {
        if (!d.claimed && d.target == first.target && d.seat == first.seat && d.street == first.street)
            cards.push_back(d.card);
    }
    const std::string street = street_name(hand.game().variant, first.street);
    if (first.target == CardTarget::Board)
        return concat({"the history does not deal the ", street, " (the engine dealt ",
                       format_card_tokens(cards), ")"});
    return concat({"the history does not deal ", player_name(player_of_seat(first.seat)), "'s ",
                   count_text(cards.size(), "card"), " of the ", street, " (the engine dealt ",
                   format_card_tokens(cards), ")"});
}

std::expected<void, std::string> DealCheck::all_claimed(const Hand& hand, std::string_view when) const {
    for (const Dealt& d : dealt_) {
        if (!d.claimed) return std::unexpected(concat({describe_unclaimed(hand, d), " ", when}));
    }
    return {};
}

}  // namespace tavolo::engine::phh
