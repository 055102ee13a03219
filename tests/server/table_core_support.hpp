#pragma once
// Test support for the live table core: what each viewer received (folded into a view, with the
// sequence numbers), and a table opened by hand-written director messages.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <vector>

#include "engine/view/poker_view.hpp"
#include "server/table/table_core.hpp"

namespace tavolo::server::table::testing {

using engine::SeatIndex;
inline constexpr SeatIndex kObserver = engine::kNoSeat;  // the observers' viewer class

inline engine::view::PokerViewer viewer_of(SeatIndex who) {
    return who == kObserver ? engine::view::PokerViewer::observer() : engine::view::PokerViewer::player(who);
}

inline bool receives(const Recipients& to, SeatIndex who) {
    if (who == kObserver) return to.observers;
    for (SeatIndex s : to.seats)
        if (s == who) return true;
    return false;
}

// One viewer class as a client: the view it folds from everything it received, and the last
// sequence number (each message must be the next one: no gaps, no repeats).
struct Client {
    SeatIndex who = kObserver;
    std::optional<engine::view::PokerView> view;
    Sequence last_seq = 0;
    int gaps = 0;

    void sequence(Sequence seq) {
        if (last_seq != 0 && seq != last_seq + 1) ++gaps;
        last_seq = seq;
    }
    // The copies of `effect` addressed to this viewer: how many (each message exactly one).
    int take(const Effect& effect) {
        int copies = 0;
        if (const auto* p = std::get_if<Publish>(&effect)) {
            for (const Copy& c : p->copies) {
                if (!receives(c.to, who)) continue;
                ++copies;
                if (view) engine::view::apply(*view, c.seen);
            }
            if (copies > 0) sequence(p->seq);
        } else if (const auto* v = std::get_if<TableViews>(&effect)) {
            for (const auto& [to, table_view] : v->views) {
                if (!receives(to, who)) continue;
                ++copies;
                view = table_view;
            }
            if (copies > 0) sequence(v->seq);
        } else if (const auto* s = std::get_if<SeatStatus>(&effect)) {
            copies = 1;  // public: every viewer
            sequence(s->seq);
        } else if (const auto* c = std::get_if<ShuffleCommitted>(&effect)) {
            copies = 1;  // public: the hand's commitment
            sequence(c->seq);
        } else if (const auto* r = std::get_if<ShuffleRevealed>(&effect)) {
            copies = 1;  // public: the hand's seed
            sequence(r->seq);
        }
        return copies;
    }
    // A join mid-stream: the snapshot, then the messages after it.
    void join(const TableSnapshot& snapshot) {
        view = snapshot.view;
        last_seq = snapshot.seq;
    }
};

template <class T>
std::vector<T> all_of(const Effects& effects) {
    std::vector<T> out;
    for (const Effect& e : effects)
        if (const auto* x = std::get_if<T>(&e)) out.push_back(*x);
    return out;
}

// The pending decision the player to act received in `effects`, if any.
inline std::optional<engine::LegalActions> legal_in(const Effects& effects) {
    std::optional<engine::LegalActions> out;
    for (const Effect& e : effects)
        if (const auto* p = std::get_if<Publish>(&e))
            for (const Copy& c : p->copies)
                if (const auto* d = std::get_if<engine::view::PokerDecisionPending>(&c.seen); d && d->legal)
                    out = *d->legal;
    return out;
}

inline std::vector<engine::ReportedSeat> players(int count, engine::Chips stack) {
    std::vector<engine::ReportedSeat> out;
    for (int i = 0; i < count; ++i) {
        engine::ReportedSeat s;
        s.seat = i;
        s.player.entrant = 100 + i;
        s.player.stack = stack;
        out.push_back(s);
    }
    return out;
}
inline engine::EntrantId entrant_at(SeatIndex seat) {
    return 100 + seat;
}

// A table of `count` players (entrants 100 + seat, seat = 0..count-1) opened and leveled by
// hand-written director messages; start(n) deals hand n.
struct OpenedTable {
    engine::SeededRandom rng;
    TableCore core;
    Millis now{0};

    explicit OpenedTable(int count, engine::Variant variant = engine::Variant::Holdem,
                         engine::Betting betting = engine::Betting::NoLimit, std::uint64_t seed = 7,
                         engine::ClockSettings clock = {}, engine::Chips stack = 3000,
                         SecretSource secrets = fairness::make_server_secret)
        : rng(seed), core(0, rng, clock, std::move(secrets)) {
        engine::OpenTable open;
        open.table = 0;
        open.size = 6;
        open.variant = variant;
        open.betting = betting;
        open.players = players(count, stack);
        EXPECT_TRUE(all_of<DirectorMessageRefused>(core.on_director(open, now)).empty());
        EXPECT_TRUE(all_of<DirectorMessageRefused>(core.on_director(level(1, 10, 20), now)).empty());
    }
    static engine::SetLevel level(int n, engine::Chips sb, engine::Chips bb) {
        return engine::SetLevel{0, n, engine::Stakes{sb, bb, 0, engine::AnteMode::None}};
    }
    Effects start(engine::HandId hand) { return core.on_director(engine::StartHand{0, hand, false}, now); }
    // The action of the player to act, answering the current hand and decision.
    PlayerAction action(engine::Command command) const {
        const engine::SeatIndex seat = core.hand().to_act();
        return PlayerAction{entrant_at(seat), seat, core.hand().hand_id(), core.hand().decision(), command};
    }
    Effects act(engine::Command command) { return core.on_action(action(command), now); }
    // Every viewer's view now: what a refused input must leave exactly as it was.
    std::vector<TableSnapshot> snapshots() const {
        std::vector<TableSnapshot> out;
        for (SeatIndex s = -1; s < 6; ++s)
            out.push_back(core.snapshot_for(viewer_of(s), now));
        return out;
    }
};

inline bool same_snapshots(const std::vector<TableSnapshot>& a, const std::vector<TableSnapshot>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].seq != b[i].seq || !(a[i].view == b[i].view) || !(a[i].clock == b[i].clock) ||
            a[i].own_time_bank != b[i].own_time_bank || a[i].sitting_out != b[i].sitting_out)
            return false;
    return true;
}

}  // namespace tavolo::server::table::testing
