// render_pokerstars: the PokerStars-style text from a finished hand's events, one event at a time
// (pokerstars_text.hpp says what is written and why).
#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <variant>

#include "engine/phh/pokerstars_text.hpp"
#include "engine/phh/pokerstars_words.hpp"

namespace tavolo::engine::phh {
namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
// Spelled out for clang 16 (the fuzz tree), which does not deduce an aggregate's arguments (P1816).
template <class... F>
Overload(F...) -> Overload<F...>;

struct SeatState {
    const StarsSeat* seat = nullptr;
    std::vector<Card> cards;       // held now (the draw replaces in place)
    std::vector<bool> up;          // stud: which of `cards` are face up
    std::vector<Card> dealt_now;   // dealt on the current street, not yet written
    std::optional<int> folded_on;  // the street
    bool put_in = false;           // a blind, a call, a bet or a raise (antes do not count)
    Chips bet = 0;                 // this betting round
    Chips won = 0;                 // pots collected
    bool shown = false;
    bool mucked = false;
    bool dealt_in = false;
    std::vector<std::size_t> draw_slots;  // the draw: where the replacements go
};

class Writer {
  public:
    Writer(std::span<const StarsSeat> seats, const StarsHeader& header, const std::string& hero)
        : header_(header), hero_(hero) {
        for (const StarsSeat& s : seats)
            state_[static_cast<std::size_t>(s.engine_seat)].seat = &s;
    }

    std::string run(std::span<const HandEvent> events) {
        for (const HandEvent& event : events) {
            if (!std::holds_alternative<CardDealt>(event) && !std::holds_alternative<DeckReshuffled>(event))
                flush_draw();
            std::visit(
                Overload{[&](const HandStarted& e) { started(e); },
                         [&](const AntePosted& e) {
                             line(name(e.seat) + ": posts the ante " + std::to_string(e.amount) +
                                  all_in(e.all_in));
                         },
                         [&](const BlindPosted& e) { blind(e); }, [&](const CardDealt& e) { dealt(e); },
                         [&](const StreetDealt& e) { street_dealt(e.street); },
                         [&](const BettingRoundStarted& e) { round_started(e.street); },
                         [&](const DrawStarted& e) {
                             street_ = e.street;
                             line("*** FIRST DRAW ***");
                         },
                         [&](const Acted& e) { acted(e); }, [&](const Discarded& e) { discarded(e); },
                         [&](const UncalledReturned& e) {
                             line("Uncalled bet (" + std::to_string(e.amount) + ") returned to " +
                                  name(e.seat));
                         },
                         [&](const PotsFormed& e) { pot_count_ = std::max(pot_count_, e.count); },
                         [&](const CardsShown& e) {
                             auto& s = at(e.seat);
                             s.shown = true;
                             s.cards.assign(e.cards.begin(), e.cards.begin() + e.count);
                             showdown_order_.push_back(e.seat);
                         },
                         [&](const Mucked& e) {
                             at(e.seat).mucked = true;
                             showdown_order_.push_back(e.seat);
                         },
                         [&](const PotAwarded& e) { awarded(e); }, [&](const HandEnded&) { ended(); },
                         [](const DeckReshuffled&) {}},
                event);
        }
        flush_draw();
        summary();
        return out_;
    }

  private:
    SeatState& at(SeatIndex s) { return state_[static_cast<std::size_t>(s)]; }
    std::string name(SeatIndex s) {
        const SeatState& st = at(s);
        return st.seat != nullptr ? st.seat->name : "Seat " + std::to_string(s + 1);
    }
    bool is_hero(SeatIndex s) { return !hero_.empty() && at(s).seat != nullptr && at(s).seat->name == hero_; }
    static std::string all_in(bool yes) { return yes ? " and is all-in" : ""; }
    void line(const std::string& text) {
        out_ += text;
        out_ += '\n';
    }

    void started(const HandStarted& e) {
        variant_ = e.variant;
        button_ = e.button;
        small_blind_ = e.small_blind;
        big_blind_ = e.big_blind;
        line("PokerStars Hand #" + header_.hand_id + ": Tournament #" + header_.tournament_id + ", " +
             header_.buy_in + " " + stars_game_name(e.variant, e.betting) + " - Level " +
             roman_numeral(header_.level) + " (" + std::to_string(e.small_blind_amount) + "/" +
             std::to_string(e.big_blind_amount) + ") - " + header_.time);
        const int button_number = at(e.button).seat != nullptr ? at(e.button).seat->number : e.button + 1;
        line("Table '" + header_.table_name + "' " + std::to_string(header_.table_size) + "-max Seat #" +
             std::to_string(button_number) + " is the button");
        for (SeatIndex s = 0; s < kMaxSeats; ++s) {
            if (!has_seat(e.seats, s)) continue;
            at(s).dealt_in = true;
            seat_order_.push_back(s);
        }
        std::sort(seat_order_.begin(), seat_order_.end(),
                  [&](SeatIndex a, SeatIndex b) { return number(a) < number(b); });
        for (SeatIndex s : seat_order_) {
            line("Seat " + std::to_string(number(s)) + ": " + name(s) + " (" +
                 std::to_string(e.stacks[static_cast<std::size_t>(s)]) + " in chips)");
        }
    }
    int number(SeatIndex s) { return at(s).seat != nullptr ? at(s).seat->number : s + 1; }

    void blind(const BlindPosted& e) {
        auto& s = at(e.seat);
        s.bet += e.amount;
        s.put_in = true;
        line(name(e.seat) + ": posts " + (e.kind == BlindKind::Small ? "small" : "big") + " blind " +
             std::to_string(e.amount) + all_in(e.all_in));
    }

    void dealt(const CardDealt& e) {
        if (e.target == CardTarget::Board) {
            board_.push_back(e.card);
            board_now_.push_back(e.card);
            return;
        }
        if (e.target != CardTarget::Player) return;
        auto& s = at(e.seat);
        if (drawing_ == e.seat && !s.draw_slots.empty()) {
            const std::size_t slot = s.draw_slots.front();
            s.draw_slots.erase(s.draw_slots.begin());
            s.cards[slot] = e.card;
            s.dealt_now.push_back(e.card);
            return;
        }
        s.cards.push_back(e.card);
        s.up.push_back(e.visibility == Visibility::Everyone && variant_ == Variant::FiveCardStud);
        s.dealt_now.push_back(e.card);
        if (std::find(deal_order_.begin(), deal_order_.end(), e.seat) == deal_order_.end())
            deal_order_.push_back(e.seat);
    }

    void street_dealt(int street) {
        street_ = street;
        if (variant_ == Variant::Holdem) {
            static constexpr std::array<const char*, 4> kNames = {"HOLE CARDS", "FLOP", "TURN", "RIVER"};
            const std::string title = kNames[static_cast<std::size_t>(std::clamp(street, 0, 3))];
            if (street == 0) {
                line("*** HOLE CARDS ***");
                hero_dealt_line();
            } else {
                const std::vector<Card> before(board_.begin(),
                                               board_.end() - static_cast<long>(board_now_.size()));
                line("*** " + title + " *** " +
                     (before.empty() ? stars_cards(board_now_)
                                     : stars_cards(before) + " " + stars_cards(board_now_)));
            }
        } else if (variant_ == Variant::FiveCardDraw) {
            line("*** DEALING HANDS ***");
            hero_dealt_line();
        } else {
            static constexpr std::array<const char*, 4> kStreets = {"2nd", "3rd", "4th", "5th"};
            line(std::string("*** ") + kStreets[static_cast<std::size_t>(std::clamp(street, 0, 3))] +
                 " STREET ***");
            stud_dealt_lines();
        }
        board_now_.clear();
        for (auto& s : state_)
            s.dealt_now.clear();
        deal_order_.clear();
    }

    void hero_dealt_line() {
        for (SeatIndex s : deal_order_) {
            if (is_hero(s)) line("Dealt to " + name(s) + " " + stars_cards(at(s).cards));
        }
    }

    // Stud: the hero sees his whole hand, everyone sees the up cards.
    void stud_dealt_lines() {
        for (SeatIndex seat : deal_order_) {
            SeatState& s = at(seat);
            const std::size_t earlier = s.cards.size() - s.dealt_now.size();
            std::vector<Card> before, now;
            for (std::size_t i = 0; i < s.cards.size(); ++i) {
                if (!is_hero(seat) && !s.up[i]) continue;
                (i < earlier ? before : now).push_back(s.cards[i]);
            }
            if (earlier == 0 || before.empty()) {
                line("Dealt to " + name(seat) + " " + stars_cards(now));
            } else {
                line("Dealt to " + name(seat) + " " + stars_cards(before) + " " + stars_cards(now));
            }
        }
    }

    void round_started(int street) {
        if (street == 0) return;  // the blinds stay in the first round's bets
        street_ = street;
        for (auto& s : state_)
            s.bet = 0;
    }

    void acted(const Acted& e) {
        auto& s = at(e.seat);
        Chips highest = 0;
        for (const auto& o : state_)
            highest = std::max(highest, o.bet);
        std::string text = name(e.seat) + ": ";
        switch (e.action) {
            case Action::Fold:
                text += "folds";
                s.folded_on = street_;
                break;
            case Action::Check:
                text += "checks";
                break;
            case Action::Call:
                text += "calls " + std::to_string(e.added);
                break;
            case Action::Bet:
                text += "bets " + std::to_string(e.added);
                break;
            case Action::Raise:
                text +=
                    "raises " + std::to_string(e.total_bet - highest) + " to " + std::to_string(e.total_bet);
                break;
        }
        if (e.added > 0) s.put_in = true;
        s.bet = e.total_bet;
        line(text + all_in(e.all_in));
    }

    void discarded(const Discarded& e) {
        auto& s = at(e.seat);
        if (e.count == 0) {
            line(name(e.seat) + ": stands pat");
            return;
        }
        s.draw_slots.clear();
        std::vector<Card> thrown(e.cards.begin(), e.cards.begin() + e.count);
        for (std::size_t i = 0; i < s.cards.size(); ++i) {
            if (std::find(thrown.begin(), thrown.end(), s.cards[i]) != thrown.end())
                s.draw_slots.push_back(i);
        }
        drawing_ = e.seat;
        kept_.clear();
        for (const Card c : s.cards) {
            if (std::find(thrown.begin(), thrown.end(), c) == thrown.end()) kept_.push_back(c);
        }
        s.dealt_now.clear();
        const std::string count = std::to_string(e.count) + (e.count == 1 ? " card" : " cards");
        line(name(e.seat) + ": discards " + count + (is_hero(e.seat) ? " " + stars_cards(thrown) : ""));
    }

    // After a discard's replacements: the hero's new hand.
    void flush_draw() {
        if (drawing_ == kNoSeat) return;
        auto& s = at(drawing_);
        if (is_hero(drawing_)) {
            line("Dealt to " + name(drawing_) + " " + (kept_.empty() ? "" : stars_cards(kept_) + " ") +
                 stars_cards(s.dealt_now));
        }
        s.dealt_now.clear();
        drawing_ = kNoSeat;
    }

    std::string hand_name(SeatIndex seat) {
        std::vector<Card> cards = at(seat).cards;
        if (variant_ == Variant::Holdem) cards.insert(cards.end(), board_.begin(), board_.end());
        if (cards.size() < 5 || cards.size() > 7) return {};
        return stars_hand_name(evaluate(cards));
    }

    void awarded(const PotAwarded& e) {
        if (e.showdown && !showdown_written_) {
            showdown_written_ = true;
            line("*** SHOW DOWN ***");
            for (SeatIndex seat : showdown_order_) {
                if (at(seat).mucked) {
                    line(name(seat) + ": mucks hand");
                    continue;
                }
                const std::string described = hand_name(seat);
                line(name(seat) + ": shows " + stars_cards(at(seat).cards) +
                     (described.empty() ? "" : " (" + described + ")"));
            }
        }
        if (pots_.size() <= static_cast<std::size_t>(e.pot_index))
            pots_.resize(static_cast<std::size_t>(e.pot_index) + 1);
        pots_[static_cast<std::size_t>(e.pot_index)] += e.amount;
        const int count = std::max(pot_count_, e.pot_index + 1);
        std::string from = "pot";
        if (count > 1) {
            from = e.pot_index == 0 ? "main pot"
                   : count == 2     ? "side pot"
                                    : "side pot-" + std::to_string(e.pot_index);
        }
        for (int w = 0; w < e.winners; ++w) {
            const SeatIndex seat = e.seats[static_cast<std::size_t>(w)];
            const Chips share = e.shares[static_cast<std::size_t>(w)];
            at(seat).won += share;
            line(name(seat) + " collected " + std::to_string(share) + " from " + from);
        }
    }

    // Hero: a winner without a showdown does not show. Operator: every hand not shown down is shown.
    void ended() {
        for (SeatIndex seat : seat_order_) {
            SeatState& s = at(seat);
            if (hero_.empty()) {
                if (!s.cards.empty() && !s.shown && !s.mucked)
                    line(name(seat) + ": shows " + stars_cards(s.cards));
            } else if (!showdown_written_ && s.won > 0 && !s.folded_on) {
                line(name(seat) + ": doesn't show hand");
            }
        }
    }

    void summary() {
        line("*** SUMMARY ***");
        Chips total = 0;
        for (Chips p : pots_)
            total += p;
        std::string pots = "Total pot " + std::to_string(total);
        if (pots_.size() > 1) {
            pots += " Main pot " + std::to_string(pots_[0]) + ".";
            for (std::size_t i = 1; i < pots_.size(); ++i) {
                // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on the
                // one expression.
                pots += " Side pot";
                if (pots_.size() > 2) {
                    pots += '-';
                    pots += std::to_string(i);
                }
                pots += " ";
                pots += std::to_string(pots_[i]);
                pots += ".";
            }
        }
        line(pots + " | Rake 0");
        if (!board_.empty()) line("Board " + stars_cards(board_));
        for (SeatIndex seat : seat_order_)
            line(seat_summary(seat));
    }

    std::string seat_summary(SeatIndex seat) {
        const SeatState& s = at(seat);
        std::string text = "Seat " + std::to_string(number(seat)) + ": " + name(seat);
        if (seat == button_) text += " (button)";
        if (seat == small_blind_) text += " (small blind)";
        if (seat == big_blind_) text += " (big blind)";
        if (s.folded_on) {
            text += " folded " + stars_fold_street(variant_, *s.folded_on);
            if (!s.put_in) text += " (didn't bet)";
            return text;
        }
        if (s.mucked) return text + " mucked" + (hero_.empty() ? " " + stars_cards(s.cards) : "");
        if (s.shown && showdown_written_) {
            const std::string described = hand_name(seat);
            const std::string with = described.empty() ? "" : " with " + described;
            text += " showed " + stars_cards(s.cards);
            return s.won > 0 ? text + " and won (" + std::to_string(s.won) + ")" + with
                             : text + " and lost" + with;
        }
        if (s.won > 0) return text + " collected (" + std::to_string(s.won) + ")";
        return text + " lost";
    }

    const StarsHeader& header_;
    const std::string& hero_;
    std::array<SeatState, kMaxSeats> state_{};
    std::vector<SeatIndex> seat_order_;  // by seat number
    std::vector<SeatIndex> deal_order_;  // who was dealt on the current street, in order
    std::vector<SeatIndex> showdown_order_;
    std::vector<Card> board_, board_now_, kept_;
    std::vector<Chips> pots_;  // by pot index: 0 the main pot
    Variant variant_ = Variant::Holdem;
    SeatIndex button_ = kNoSeat, small_blind_ = kNoSeat, big_blind_ = kNoSeat, drawing_ = kNoSeat;
    int street_ = 0;
    int pot_count_ = 0;
    bool showdown_written_ = false;
    std::string out_;
};

}  // namespace

std::string render_pokerstars(std::span<const HandEvent> events, std::span<const StarsSeat> seats,
                              const StarsHeader& header, const std::string& hero) {
    return Writer(seats, header, hero).run(events);
}

}  // namespace tavolo::engine::phh
