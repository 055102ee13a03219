// What each viewer class of a live table receives: the projection of engine/view (RULES.md §8)
// grouped so that viewers who receive the same thing share one copy (serialised once).
#include "server/table/table_core.hpp"

namespace tavolo::server::table {

namespace view = engine::view;
using engine::SeatIndex;

namespace {

// Only a dealt card and a discard can differ between viewers; every other event is public.
bool viewer_dependent(const engine::HandEvent& e) {
    return std::holds_alternative<engine::CardDealt>(e) || std::holds_alternative<engine::Discarded>(e);
}

bool same(const view::PokerSeen& a, const view::PokerSeen& b) {
    if (const auto* x = std::get_if<view::SeenCardDealt>(&a))
        if (const auto* y = std::get_if<view::SeenCardDealt>(&b)) return *x == *y;
    if (const auto* x = std::get_if<view::SeenDiscarded>(&a))
        if (const auto* y = std::get_if<view::SeenDiscarded>(&b)) return *x == *y;
    return false;
}

// Adds `seen` for `seat` (kNoSeat: the observers) to the copy it equals, or as a new copy.
void add(std::vector<Copy>& copies, view::PokerSeen seen, SeatIndex seat) {
    for (Copy& c : copies) {
        if (!same(c.seen, seen)) continue;
        if (seat == engine::kNoSeat)
            c.to.observers = true;
        else
            c.to.seats.push_back(seat);
        return;
    }
    Copy c{{}, std::move(seen)};
    if (seat == engine::kNoSeat)
        c.to.observers = true;
    else
        c.to.seats.push_back(seat);
    copies.push_back(std::move(c));
}

}  // namespace

Recipients TableCore::everyone() const {
    Recipients r;
    const engine::Table& t = table_.table();
    for (SeatIndex s = 0; s < t.size(); ++s)
        if (t.occupied(s)) r.seats.push_back(s);
    r.observers = true;
    return r;
}

void TableCore::publish(std::span<const engine::HandEvent> events, Effects& out) {
    const Recipients all = everyone();
    for (const engine::HandEvent& e : events) {
        Publish p;
        p.seq = ++seq_;
        if (!viewer_dependent(e)) {
            p.copies.push_back(Copy{all, view::project(e, view::PokerViewer::observer())});
        } else {
            for (SeatIndex s : all.seats)
                add(p.copies, view::project(e, view::PokerViewer::player(s)), s);
            add(p.copies, view::project(e, view::PokerViewer::observer()), engine::kNoSeat);
        }
        out.emplace_back(std::move(p));
    }
}

void TableCore::publish_pending(Millis now, Effects& out) {
    const Recipients all = everyone();
    Publish p;
    p.seq = ++seq_;
    p.clock = clock_.view_at(now);
    const SeatIndex to_act = hand_.to_act();
    Copy others{{}, {}};
    others.to.observers = true;
    for (SeatIndex s : all.seats) {
        if (s == to_act) {
            if (auto mine = view::pending_decision(hand_, view::PokerViewer::player(s)))
                p.copies.push_back(Copy{{{s}, false}, *mine});
        } else {
            others.to.seats.push_back(s);
        }
    }
    if (auto theirs = view::pending_decision(hand_, view::PokerViewer::observer())) {
        others.seen = *theirs;
        p.copies.push_back(std::move(others));
    }
    out.emplace_back(std::move(p));
}

engine::view::PokerView TableCore::view_for(const engine::view::PokerViewer& viewer) const {
    const engine::Table& t = table_.table();
    engine::view::PokerView v = view::view_of(t, played_ ? &hand_ : nullptr, viewer);
    // Between hands a seated player's stack is the table's: it changes after the hand with a re-buy
    // or the add-on (view_of shows the last hand's final stacks).
    if (!in_hand())
        for (SeatIndex s = 0; s < t.size() && s < engine::kMaxSeats; ++s)
            if (t.occupied(s)) v.seats[static_cast<std::size_t>(s)].stack = t.at(s).stack;
    return v;
}

void TableCore::publish_views(Effects& out) {
    TableViews v;
    v.seq = ++seq_;
    const engine::Table& t = table_.table();
    for (SeatIndex s = 0; s < t.size(); ++s)
        if (t.occupied(s))
            v.views.emplace_back(Recipients{{s}, false}, view_for(view::PokerViewer::player(s)));
    v.views.emplace_back(Recipients{{}, true}, view_for(view::PokerViewer::observer()));
    out.emplace_back(std::move(v));
}

void TableCore::publish_status(SeatIndex seat, StatusReason reason, Effects& out) {
    const engine::TablePlayer& p = table_.table().at(seat);
    SeatStatus s;
    s.seq = ++seq_;
    s.seat = seat;
    s.entrant = p.entrant;
    s.sitting_out = p.sitting_out;
    s.disconnected = disconnected_.contains(p.entrant);
    s.reason = reason;
    out.emplace_back(s);
}

}  // namespace tavolo::server::table
