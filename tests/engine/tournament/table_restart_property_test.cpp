// RULES.md §4 and §7 as a property: a table restored after a restart (snapshot -> text -> restore)
// goes on exactly as if nothing had happened. Random multi-table tournaments of every game and
// structure, with sit-outs, disconnections, exclusions and disqualifications (§6), re-buy windows and
// busted players waiting to re-buy, dead blinds from eliminations, and arrivals from balancing and
// table breaks, are played three times from one seed: without a restart, with every table restarted
// at one random point between hands, and with every table restarted at every such point. Every hand
// setup (positions, who is dealt in, stacks, who is folded at once), every elimination and the final
// standings must be the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "engine/poker/hand.hpp"
#include "engine/random.hpp"
#include "tests/engine/tournament/restart_support.hpp"

namespace tavolo::engine {
namespace {

using testing::restarted;
using testing::setup_line;

struct Game {
    Variant variant;
    Betting betting;
};

// What the restart points saw, over all tournaments: each kind of between-hands state must have been
// restarted through at least once, or the property proves little.
struct Coverage {
    int restarts = 0;
    int dead_small_blind = 0;  // the last big blind's holder is gone
    int busted_pending = 0;
    int rebuy_window = 0;
    int waiting = 0;
    int excluded = 0;
    int sitting_out = 0;
    int disconnected = 0;
    int before_first_hand = 0;
};

void count(const Table& t, Coverage& c) {
    const TableState s = *t.snapshot();
    ++c.restarts;
    const auto& bb = s.last_big_blind;
    if (s.started && !(t.occupied(bb.seat) && t.at(bb.seat).entrant == bb.entrant)) ++c.dead_small_blind;
    if (s.rebuy_window) ++c.rebuy_window;
    if (!s.started) ++c.before_first_hand;
    for (const SeatState& seat : s.seats) {
        c.busted_pending += seat.player.busted;
        c.waiting += seat.player.waiting;
        c.excluded += seat.player.excluded_hands > 0;
        c.sitting_out += seat.player.sitting_out;
        c.disconnected += seat.player.disconnected;
    }
}

constexpr Chips kStartingStack = 1500;

// One tournament, driven by one random source: the same seed gives the same tournament, unless a
// restart changed a table.
class Tournament {
  public:
    using RestartHere = std::function<bool(int point)>;

    Tournament(std::uint64_t seed, Game game, RestartHere restart_here, Coverage* coverage)
        : rng_(seed), game_(game), restart_here_(std::move(restart_here)), coverage_(coverage) {
        const int size =
            game.variant == Variant::FiveCardDraw ? 6 : 6 + static_cast<int>(rng_.uniform_below(5));
        const int tables = 2 + static_cast<int>(rng_.uniform_below(3));
        rebuy_rounds_ = rng_.uniform_below(2) == 0 ? 0 : 4 + static_cast<int>(rng_.uniform_below(10));
        ante_mode_ = game.variant == Variant::Holdem && rng_.uniform_below(2) == 0 ? AnteMode::BigBlind
                                                                                   : AnteMode::Classic;
        EntrantId next = 0;
        for (int id = 0; id < tables; ++id) {
            Table& t = tables_.emplace_back(size);
            const int players = size - static_cast<int>(rng_.uniform_below(3));
            for (SeatIndex s = 0; s < players; ++s)
                EXPECT_TRUE(t.sit(s, next++, kStartingStack).has_value());
            EXPECT_TRUE(t.draw_button(rng_).has_value());
        }
    }

    // Plays to one player left (or a bound on rounds) and returns everything that happened.
    std::vector<std::string> play() {
        for (round_ = 0; round_ < 400 && players() > 1; ++round_) {
            for (std::size_t id = 0; id < tables_.size(); ++id) {
                if (tables_[id].player_count() == 0) continue;
                between_hands(id);
                if (tables_[id].player_count() >= 2) play_hand(id);
            }
            move_players();
        }
        for (std::size_t id = 0; id < tables_.size(); ++id)
            for (SeatIndex s = 0; s < tables_[id].size(); ++s)
                if (tables_[id].occupied(s))
                    log("left " + std::to_string(tables_[id].at(s).entrant) + " with " +
                        std::to_string(tables_[id].at(s).stack));
        return trace_;
    }

  private:
    int players() const {
        int n = 0;
        for (const Table& t : tables_)
            n += t.player_count();
        return n;
    }

    void log(std::string line) { trace_.push_back(std::move(line)); }

    // A point between hands: maybe every table restarts here.
    void point() {
        if (!restart_here_(point_++)) return;
        for (Table& t : tables_) {
            if (coverage_) count(t, *coverage_);
            const auto before = t.snapshot();
            t = restarted(t);
            EXPECT_EQ(t.snapshot(), before);
        }
    }

    void eliminated(std::size_t id, const std::vector<Elimination>& out) {
        for (const Elimination& e : out)
            log("table " + std::to_string(id) + " out " + std::to_string(e.entrant) + " start " +
                std::to_string(e.start_chips) + " from button " + std::to_string(e.seat_from_button));
    }

    // Between two hands of one table: busted players re-buy or leave, players sit out or come back,
    // lose their connection or get it back, operators sanction.
    void between_hands(std::size_t id) {
        Table& t = tables_[id];
        point();
        for (SeatIndex s = 0; s < t.size(); ++s)
            if (t.occupied(s) && t.at(s).busted && rng_.uniform_below(2) == 0) {
                EXPECT_TRUE(t.add_chips(s, kStartingStack).has_value());
            }
        eliminated(id, t.settle_busted());
        point();
        t.set_rebuy_window(round_ < rebuy_rounds_);
        for (SeatIndex s = 0; s < t.size(); ++s) {
            if (!t.occupied(s)) continue;
            if (rng_.uniform_below(12) == 0) {
                EXPECT_TRUE(t.set_sitting_out(s, !t.at(s).sitting_out).has_value());
            }
            if (rng_.uniform_below(15) == 0) {
                EXPECT_TRUE(t.set_disconnected(s, !t.at(s).disconnected).has_value());
            }
        }
        const auto r = rng_.uniform_below(40);
        const SeatIndex seat =
            static_cast<SeatIndex>(rng_.uniform_below(static_cast<std::uint64_t>(t.size())));
        if (r < 3 && t.occupied(seat)) {
            const int orbits = 1 + static_cast<int>(rng_.uniform_below(4));
            EXPECT_TRUE(t.apply(Sanction{SanctionKind::Exclusion, seat, orbits}).has_value());
        } else if (r == 3 && t.occupied(seat) && players() > 2) {
            auto out = t.apply(Sanction{SanctionKind::Disqualification, seat, 0});
            EXPECT_TRUE(out.has_value());
            if (out) log("disqualified " + std::to_string(out->entrant));
        }
        point();
    }

    Stakes stakes() const {
        const Chips sb = Chips{10} << std::min(round_ / 8, 20);
        const Chips ante = game_.variant == Variant::Holdem && ante_mode_ == AnteMode::Classic ? 0 : sb / 2;
        return Stakes{sb, 2 * sb, ante, ante_mode_};
    }

    Command choose(const Hand& hand, const LegalActions& la) {
        if (la.drawing) {
            CardSet out;
            for (Card c : hand.hole_cards(la.seat))
                if (out.size() < la.max_discards && rng_.uniform_below(3) == 0) out.insert(c);
            return Discard{out};
        }
        const auto r = rng_.uniform_below(100);
        if (la.may_bet_or_raise && r < 20)
            return BetOrRaiseTo{la.min_to + static_cast<Chips>(rng_.uniform_below(
                                                static_cast<std::uint64_t>(la.max_to - la.min_to + 1)))};
        if (r < 35 && la.may_fold) return Fold{};
        if (la.may_check) return Check{};
        if (la.may_call) return Call{};
        return Fold{};
    }

    void play_hand(std::size_t id) {
        Table& t = tables_[id];
        auto setup = t.start_hand(++hand_id_, game_.variant, game_.betting, stakes());
        ASSERT_TRUE(setup.has_value()) << to_string(setup.error());
        log("table " + std::to_string(id) + " " + setup_line(*setup));
        Hand hand(*setup, rng_);
        ASSERT_TRUE(hand.setup_error().has_value());
        for (int actions = 0; !hand.is_over(); ++actions) {
            ASSERT_LT(actions, 1000) << "a hand that never ends";
            const LegalActions la = hand.legal_actions();
            if (!hand.act(la.seat, choose(hand, la))) {
                ASSERT_TRUE(hand.act(la.seat, Timeout{}).has_value());
            }
        }
        std::vector<Chips> finals;
        for (const SeatSetup& s : setup->seats)
            finals.push_back(hand.stack(s.seat));
        auto out = t.finish_hand(finals);
        ASSERT_TRUE(out.has_value()) << to_string(out.error());
        eliminated(id, *out);
    }

    std::size_t smallest(std::size_t not_this) const {
        std::size_t best = tables_.size();
        for (std::size_t id = 0; id < tables_.size(); ++id)
            if (id != not_this && tables_[id].player_count() > 0 &&
                (best == tables_.size() || tables_[id].player_count() < tables_[best].player_count()))
                best = id;
        return best;
    }

    bool busted_pending(const Table& t) const {
        for (SeatIndex s = 0; s < t.size(); ++s)
            if (t.occupied(s) && t.at(s).busted) return true;
        return false;
    }

    void move(std::size_t from, SeatIndex seat, std::size_t to, SeatIndex dest) {
        auto p = tables_[from].stand(seat);
        ASSERT_TRUE(p.has_value());
        ASSERT_TRUE(tables_[to].sit(dest, *p).has_value());
        log("move " + std::to_string(p->entrant) + " to table " + std::to_string(to) + " seat " +
            std::to_string(dest));
    }

    // Breaking first, then balancing (§6), simplified: arrivals are what matter here.
    void move_players() {
        for (const Table& t : tables_)
            if (busted_pending(t)) return;
        int open = 0;
        for (const Table& t : tables_)
            open += t.player_count() > 0;
        const int size = tables_[0].size();
        const std::size_t small = smallest(tables_.size());
        if (open > 1 && players() <= (open - 1) * size) {
            const Table& broken = tables_[small];
            for (SeatIndex s = 0; s < broken.size(); ++s) {
                if (!broken.occupied(s)) continue;
                const std::size_t to = smallest(small);
                move(small, s, to, tables_[to].random_empty_seat(rng_));
            }
            point();
            return;
        }
        for (std::size_t from = 0; from < tables_.size(); ++from) {
            const std::size_t to = smallest(from);
            if (to == tables_.size() || tables_[from].player_count() < tables_[to].player_count() + 2)
                continue;
            const SeatIndex seat = tables_[from].next_big_blind_seat();
            if (seat == kNoSeat) continue;
            move(from, seat, to, tables_[to].seat_posting_big_blind_soonest());
            point();
        }
    }

    SeededRandom rng_;
    Game game_;
    RestartHere restart_here_;
    Coverage* coverage_;
    std::vector<Table> tables_;
    std::vector<std::string> trace_;
    int rebuy_rounds_ = 0;
    AnteMode ante_mode_ = AnteMode::Classic;
    int round_ = 0;
    int point_ = 0;
    HandId hand_id_ = 0;
};

std::vector<std::string> play(std::uint64_t seed, Game game, Tournament::RestartHere restart_here,
                              Coverage* coverage = nullptr) {
    return Tournament(seed, game, std::move(restart_here), coverage).play();
}

// Where the traces first differ, to make a failure readable.
std::string first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i])
            return "line " + std::to_string(i) + ":\n  without restart: " + a[i] +
                   "\n  restarted:       " + b[i];
    return "lengths " + std::to_string(a.size()) + " and " + std::to_string(b.size());
}

TEST(TableRestartProperty, rules_4_7_restored_tables_play_on_as_if_never_stopped) {
    const Game games[] = {
        {Variant::Holdem, Betting::NoLimit},        {Variant::Holdem, Betting::PotLimit},
        {Variant::Holdem, Betting::Limit},          {Variant::FiveCardStud, Betting::NoLimit},
        {Variant::FiveCardStud, Betting::PotLimit}, {Variant::FiveCardStud, Betting::Limit},
        {Variant::FiveCardDraw, Betting::NoLimit},  {Variant::FiveCardDraw, Betting::PotLimit},
        {Variant::FiveCardDraw, Betting::Limit}};
    Coverage coverage;
    for (const Game& game : games) {
        for (std::uint64_t seed = 1; seed <= 16; ++seed) {
            const auto never = play(seed, game, [](int) { return false; });
            ASSERT_GT(never.size(), 20U);
            // One restart somewhere in the tournament: points are counted the same in every run.
            SeededRandom pick(seed * 7919 + static_cast<std::uint64_t>(game.variant) * 31 +
                              static_cast<std::uint64_t>(game.betting));
            const int at = static_cast<int>(pick.uniform_below(static_cast<std::uint64_t>(never.size())));
            const auto once = play(
                seed, game, [at](int p) { return p == at; }, &coverage);
            const auto always = play(
                seed, game, [](int) { return true; }, &coverage);
            EXPECT_EQ(once, never) << "seed " << seed << " restart at point " << at << ": "
                                   << first_difference(never, once);
            EXPECT_EQ(always, never) << "seed " << seed
                                     << " restart everywhere: " << first_difference(never, always);
            if (HasFailure()) return;
        }
    }
    EXPECT_GT(coverage.dead_small_blind, 0);
    EXPECT_GT(coverage.busted_pending, 0);
    EXPECT_GT(coverage.rebuy_window, 0);
    EXPECT_GT(coverage.waiting, 0);
    EXPECT_GT(coverage.excluded, 0);
    EXPECT_GT(coverage.sitting_out, 0);
    EXPECT_GT(coverage.disconnected, 0);
    EXPECT_GT(coverage.before_first_hand, 0);
}

}  // namespace
}  // namespace tavolo::engine
