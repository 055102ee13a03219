#pragma once
// Names the first field in which two views differ, for readable failures of view comparisons.
#include <sstream>
#include <string>

#include "engine/view/poker_view.hpp"
#include "engine/view/polacco_view.hpp"

namespace tavolo::engine::view::testing {

inline std::string card_text(const SeenCard& c) {
    return c ? c->to_string() : std::string("??");
}

inline std::string diff(const PokerView& a, const PokerView& b) {
    std::ostringstream out;
    auto field = [&](const char* name, auto x, auto y) {
        if (x != y && out.tellp() == 0) out << name << ": " << x << " vs " << y;
    };
    field("hand_id", a.hand_id, b.hand_id);
    field("in_hand", a.in_hand, b.in_hand);
    field("table_size", a.table_size, b.table_size);
    field("button", a.button, b.button);
    field("street", a.street, b.street);
    field("pot_total", a.pot_total, b.pot_total);
    field("to_act", a.to_act, b.to_act);
    field("decision", a.decision, b.decision);
    field("board", a.board.size(), b.board.size());
    field("pots", a.pots.size(), b.pots.size());
    field("legal", a.legal.has_value(), b.legal.has_value());
    field("replacing", a.replacing_count, b.replacing_count);
    field("variant", static_cast<int>(a.variant), static_cast<int>(b.variant));
    field("betting", static_cast<int>(a.betting), static_cast<int>(b.betting));
    field("small_blind", a.small_blind, b.small_blind);
    field("big_blind", a.big_blind, b.big_blind);
    field("ante", a.ante, b.ante);
    field("ante_mode", static_cast<int>(a.ante_mode), static_cast<int>(b.ante_mode));
    field("small_blind_seat", a.small_blind_seat, b.small_blind_seat);
    field("big_blind_seat", a.big_blind_seat, b.big_blind_seat);
    field("board cards", a.board == b.board, true);
    field("pots content", a.pots == b.pots, true);
    field("legal content", a.legal == b.legal, true);
    field("replacing slots", a.replacing_slots == b.replacing_slots, true);
    for (std::size_t s = 0; s < a.seats.size(); ++s) {
        const PokerSeatView& x = a.seats[s];
        const PokerSeatView& y = b.seats[s];
        if (x == y || out.tellp() != 0) continue;
        out << "seat " << s << ": stack " << x.stack << "/" << y.stack << " bet " << x.bet << "/" << y.bet
            << " folded " << x.folded << "/" << y.folded << " all_in " << x.all_in << "/" << y.all_in
            << " shown " << x.shown << "/" << y.shown << " mucked " << x.mucked << "/" << y.mucked << " up "
            << int{x.face_up} << "/" << int{y.face_up} << " cards";
        for (int i = 0; i < x.card_count; ++i)
            out << " " << card_text(x.cards[static_cast<std::size_t>(i)]);
        out << " /";
        for (int i = 0; i < y.card_count; ++i)
            out << " " << card_text(y.cards[static_cast<std::size_t>(i)]);
    }
    if (out.tellp() == 0 && !(a == b)) out << "another field";
    return out.str();
}

inline std::string diff(const PolaccoView& a, const PolaccoView& b) {
    std::ostringstream out;
    auto field = [&](const char* name, auto x, auto y) {
        if (x != y && out.tellp() == 0) out << name << ": " << x << " vs " << y;
    };
    field("hand_number", a.hand_number, b.hand_number);
    field("in_hand", a.in_hand, b.in_hand);
    field("phase", static_cast<int>(a.phase), static_cast<int>(b.phase));
    field("first_speaker", a.first_speaker, b.first_speaker);
    field("to_act", a.to_act, b.to_act);
    field("decision", a.decision, b.decision);
    field("last_declarer", a.last_declarer, b.last_declarer);
    field("legal", a.legal.has_value(), b.legal.has_value());
    field("seats", a.seats.size(), b.seats.size());
    for (std::size_t s = 0; s < a.seats.size() && s < b.seats.size(); ++s) {
        const PolaccoSeatView& x = a.seats[s];
        const PolaccoSeatView& y = b.seats[s];
        if (x == y || out.tellp() != 0) continue;
        out << "seat " << s << ": player " << x.player << "/" << y.player << " penalties " << x.penalties
            << "/" << y.penalties << " pass " << x.pass_available << "/" << y.pass_available << " out "
            << x.eliminated << "/" << y.eliminated << " cards";
        for (const SeenCard& c : x.cards)
            out << " " << card_text(c);
        out << " /";
        for (const SeenCard& c : y.cards)
            out << " " << card_text(c);
    }
    if (out.tellp() == 0 && !(a == b)) out << "another field";
    return out.str();
}

}  // namespace tavolo::engine::view::testing
