#include "engine/phh/export.hpp"

#include <algorithm>
#include <array>
#include <variant>

#include "engine/phh/action.hpp"
#include "engine/phh/table_mapping.hpp"
#include "engine/phh/variant_codes.hpp"

namespace tavolo::engine::phh {
namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
// Spelled out for clang 16 (the fuzz tree), which does not deduce an aggregate's arguments (P1816).
template <class... F>
Overload(F...) -> Overload<F...>;

Action make(ActionType type, int player, std::vector<CardToken> cards = {}) {
    Action a;
    a.type = type;
    a.player = player;
    a.cards = std::move(cards);
    return a;
}

Value number(Chips c) {
    Value v;
    v.kind = Value::Kind::Number;
    v.number = Decimal::whole(c);
    return v;
}

Value text(std::string s) {
    Value v;
    v.kind = Value::Kind::String;
    v.text = std::move(s);
    return v;
}

void add_shuffle_proof(HandHistory& h, const ShuffleProof& proof) {
    auto add = [&](std::string_view key, const std::string& value) {
        if (!value.empty()) h.other.push_back(Field{.key = std::string(key), .value = text(value)});
    };
    add(kSeedField, proof.seed);
    add(kCommitmentField, proof.commitment);
    add(kServerSecretField, proof.server_secret);
    if (proof.client_seeds.empty()) return;
    Value seeds;
    seeds.kind = Value::Kind::Array;
    for (const std::string& s : proof.client_seeds)
        seeds.items.push_back(text(s));
    h.other.push_back(Field{.key = std::string(kClientSeedsField), .value = seeds});
}

}  // namespace

HandHistory history_of_hand(const Hand& hand, const HandSetup& setup,
                            std::span<const std::string> names_by_seat, const ShuffleProof* shuffle) {
    HandHistory h;
    h.variant = code_of_game({setup.variant, setup.betting});

    // Position order: dealt-in seats clockwise from the button's left.
    std::vector<SeatIndex> seats;
    for (const SeatSetup& s : setup.seats)
        seats.push_back(s.seat);
    std::sort(seats.begin(), seats.end());
    const auto first =
        std::find_if(seats.begin(), seats.end(), [&](SeatIndex s) { return s > setup.button; });
    std::rotate(seats.begin(), first, seats.end());
    const int n = static_cast<int>(seats.size());
    std::array<int, kMaxSeats> position{};
    position.fill(-1);
    for (int i = 0; i < n; ++i)
        position[static_cast<std::size_t>(seats[static_cast<std::size_t>(i)])] = i;
    auto pos = [&](SeatIndex s) { return position[static_cast<std::size_t>(s)]; };
    auto stack_of = [&](SeatIndex s) {
        for (const SeatSetup& x : setup.seats) {
            if (x.seat == s) return x.stack;
        }
        return Chips{0};
    };

    // Forced bets per position, then reversed heads-up (the standard's convention).
    std::vector<Decimal> blinds(static_cast<std::size_t>(n), Decimal::whole(0));
    std::vector<Decimal> antes(static_cast<std::size_t>(n), Decimal::whole(0));
    if (setup.small_blind_seat != kNoSeat && setup.small_blind > 0) {
        blinds[static_cast<std::size_t>(pos(setup.small_blind_seat))] = Decimal::whole(setup.small_blind);
    }
    if (setup.big_blind_seat != kNoSeat) {
        blinds[static_cast<std::size_t>(pos(setup.big_blind_seat))] = Decimal::whole(setup.big_blind);
    }
    if (setup.ante > 0 && setup.ante_mode == AnteMode::Classic) {
        std::fill(antes.begin(), antes.end(), Decimal::whole(setup.ante));
    } else if (setup.ante > 0 && setup.ante_mode == AnteMode::BigBlind && setup.big_blind_seat != kNoSeat) {
        antes[static_cast<std::size_t>(pos(setup.big_blind_seat))] = Decimal::whole(setup.ante * n);
    }
    h.blinds_or_straddles = effective_per_position(blinds);
    h.antes = effective_per_position(antes);
    if (setup.betting == Betting::Limit) {
        h.small_bet = Decimal::whole(setup.big_blind);
        h.big_bet = Decimal::whole(2 * setup.big_blind);
    } else {
        h.min_bet = Decimal::whole(setup.big_blind);
    }
    for (SeatIndex s : seats)
        h.starting_stacks.push_back(Decimal::whole(stack_of(s)));

    // Actions from the events.
    auto player = [&](SeatIndex s) { return pos(s) + 1; };
    std::vector<std::pair<SeatIndex, std::vector<CardToken>>> hole_run;  // current run of hole deals
    std::vector<CardToken> board_run;
    auto add = [&](const Action& a) { h.actions.push_back(format_action(a)); };
    auto flush = [&] {
        for (auto& [seat, cards] : hole_run) {
            add(make(ActionType::DealHole, player(seat), cards));
        }
        hole_run.clear();
        if (!board_run.empty()) add(make(ActionType::DealBoard, 0, board_run));
        board_run.clear();
    };
    for (const HandEvent& event : hand.events()) {
        const auto* dealt = std::get_if<CardDealt>(&event);
        if (dealt && dealt->target == CardTarget::Player) {
            if (!board_run.empty()) flush();
            auto it = std::find_if(hole_run.begin(), hole_run.end(),
                                   [&](const auto& r) { return r.first == dealt->seat; });
            if (it == hole_run.end()) {
                hole_run.push_back({dealt->seat, {}});
                it = std::prev(hole_run.end());
            }
            it->second.push_back(dealt->card);
            continue;
        }
        if (dealt && dealt->target == CardTarget::Board) {
            if (!hole_run.empty()) flush();
            board_run.push_back(dealt->card);
            continue;
        }
        if (dealt) continue;  // burn cards are not recorded
        if (std::holds_alternative<StreetDealt>(event) || std::holds_alternative<Acted>(event) ||
            std::holds_alternative<Discarded>(event) || std::holds_alternative<CardsShown>(event) ||
            std::holds_alternative<Mucked>(event)) {
            flush();
        }
        std::visit(Overload{
                       [&](const Acted& e) {
                           Action a = make(ActionType::Fold, player(e.seat));
                           switch (e.action) {
                               case engine::Action::Fold:
                                   a.type = ActionType::Fold;
                                   break;
                               case engine::Action::Check:
                               case engine::Action::Call:
                                   a.type = ActionType::CheckCall;
                                   break;
                               case engine::Action::Bet:
                               case engine::Action::Raise:
                                   a.type = ActionType::CompleteBetRaise;
                                   a.amount = Decimal::whole(e.total_bet);
                                   break;
                           }
                           add(a);
                       },
                       [&](const Discarded& e) {
                           // The discarded cards as the event records them (replacements follow as
                           // CardDealt).
                           Action a = make(ActionType::StandPatDiscard, player(e.seat));
                           for (int i = 0; i < e.count; ++i)
                               a.cards.push_back(e.cards[static_cast<std::size_t>(i)]);
                           add(a);
                       },
                       [&](const CardsShown& e) {
                           Action a = make(ActionType::ShowMuck, player(e.seat));
                           for (int i = 0; i < e.count; ++i)
                               a.cards.push_back(e.cards[static_cast<std::size_t>(i)]);
                           add(a);
                       },
                       [&](const Mucked& e) { add(make(ActionType::ShowMuck, player(e.seat))); },
                       [&](const HandEnded& e) {
                           std::vector<Decimal> finishing;
                           for (SeatIndex s : seats)
                               finishing.push_back(Decimal::whole(e.stacks[static_cast<std::size_t>(s)]));
                           h.finishing_stacks = std::move(finishing);
                       },
                       [](const auto&) {},
                   },
                   event);
    }
    flush();

    if (setup.hand_id != 0) h.other.push_back(Field{.key = "hand", .value = number(setup.hand_id)});
    Value seat_numbers;
    seat_numbers.kind = Value::Kind::Array;
    for (SeatIndex s : seats)
        seat_numbers.items.push_back(number(s + 1));
    h.other.push_back(Field{.key = "seats", .value = seat_numbers});
    h.other.push_back(Field{.key = "seat_count", .value = number(setup.table_size)});
    if (shuffle != nullptr) add_shuffle_proof(h, *shuffle);
    if (!names_by_seat.empty()) {
        for (SeatIndex s : seats) {
            h.players.push_back(static_cast<std::size_t>(s) < names_by_seat.size()
                                    ? names_by_seat[static_cast<std::size_t>(s)]
                                    : std::string());
        }
    }
    return h;
}

}  // namespace tavolo::engine::phh
