#include "tools/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <utility>

#include "engine/poker/game.hpp"
#include "engine/poker/hand.hpp"
#include "engine/random.hpp"
#include "engine/table/table.hpp"
#include "engine/tournament/cancellation.hpp"
#include "engine/tournament/director_state_text.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/ranking.hpp"
#include "engine/tournament/refunds.hpp"
#include "engine/tournament/seating.hpp"
#include "engine/tournament/structure.hpp"
#include "engine/tournament/table_report_text.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "engine/tournament/tournament_table.hpp"
#include "tools/simulation_bot.hpp"

namespace tavolo::tools {

using namespace tavolo::engine;

namespace {

using std::chrono::seconds;

constexpr seconds kHandTime{60};                // simulated time a hand takes at every table
constexpr int kMaxActionsPerHand = 1000;        // a hand needing more is stuck: a violation
constexpr std::int64_t kMaxRounds = 2'000'000;  // a tournament needing more never ends
// Blinds past 10^15 and still playing: chips no longer move (a broken evaluator?).
constexpr int kMaxLevel = 50;
constexpr Cents kPrizePart = 1000;  // 10+1 EUR buy-ins
constexpr Cents kFee = 100;
constexpr std::int64_t kFaultyHand = 10;  // the hand a test's fault is planted in

using Fault = SimulationOptions::Fault;

class Simulator {
  public:
    explicit Simulator(const SimulationOptions& o)
        : opt_(o),
          structure_(default_structure(o.kind, o.variant, o.betting)),
          rng_(o.seed),
          bot_(o.seed ^ 0x5eed5eed5eedULL) {
        structure_.buy_in = BuyIn{kPrizePart, kFee};
        hand_.set_options(HandOptions{.record_events = false});
        if (o.rebuys) {
            auto& r = structure_.rebuys;
            r.enabled = true;
            r.period_levels = 4;
            r.price = structure_.buy_in;
            r.addon = true;
            r.addon_price = structure_.buy_in;
            r.addon_chips = structure_.starting_stack;
        }
    }

    SimulationResult run() {
        result_.entrants = opt_.players;
        std::vector<EntrantId> entrants(static_cast<std::size_t>(opt_.players));
        for (int i = 0; i < opt_.players; ++i)
            entrants[static_cast<std::size_t>(i)] = i;
        auto started = TournamentDirector::start(entrants, config(), rng_);
        if (!started) {
            violation(std::string("the director refused to start: ") + to_string(started.error()));
            return std::move(result_);
        }
        director_.emplace(std::move(started->director));
        result_.paid_places = director_->payout_table().paid_places();
        tables_.reserve(static_cast<std::size_t>(
            std::count_if(started->messages.begin(), started->messages.end(),
                          [](const DirectorMessage& m) { return std::holds_alternative<OpenTable>(m); })));
        deliver(std::exchange(started->messages, {}));
        const bool stages = opt_.kind == TournamentKind::ShootOut || opt_.kind == TournamentKind::HeadsUp;
        int stage = director_->stage();
        std::int64_t round = 0;
        while (!director_->finished() && !failed()) {
            if (director_->stage() != stage) {  // a new shoot-out stage counts its rounds afresh
                stage = director_->stage();
                round = 0;
            }
            if (round++ >= kMaxRounds) {
                violation("the tournament did not finish by level " + std::to_string(kMaxLevel));
                break;
            }
            std::erase_if(live_, [&](TableId id) { return !table(id).open(); });
            if (!stages) disturb();
            tick();
            while (director_->on_break() && !failed()) {  // nothing plays: the clock jumps to its end
                now_ = std::chrono::duration_cast<seconds>(director_->break_ends());
                tick();
            }
            if (director_->level() > kMaxLevel) {
                violation("the tournament did not finish by level " + std::to_string(kMaxLevel));
                break;
            }
            if (!stages) check_cancellation();
            play_round();
            if (!stages && !opt_.free_pace) check_floor();
            check_chips();
        }
        result_.tables = director_->most_tables();
        result_.moves = director_->moves();
        result_.broken = director_->broken();
        result_.rebuys = director_->rebuys();
        result_.addons = director_->addons();
        check_ranking();
        if (opt_.trace_director) result_.final_state = encode_director_state(*director_);
        return std::move(result_);
    }

  private:
    void violation(std::string what) {
        if (result_.violations.size() < 50) result_.violations.push_back(std::move(what));
    }
    bool failed() const { return !result_.violations.empty(); }

    TournamentTable& table(TableId id) {
        while (tables_.size() <= static_cast<std::size_t>(id))
            tables_.emplace_back(static_cast<TableId>(tables_.size()));
        return tables_[static_cast<std::size_t>(id)];
    }

    // The director's messages to their tables, in order, as the server's director actor posts
    // them to the table actors; what a table says back goes to the director at once.
    void deliver(const std::vector<DirectorMessage>& messages) {
        for (const auto& m : messages) {
            if (failed()) return;
            TournamentTable& t = table(addressee(m));
            cross_check(t, m);
            if (auto ok = t.apply(m, rng_); !ok) {
                violation("table " + std::to_string(t.id()) +
                          " refused a director message: " + describe(ok.error()));
                return;
            }
            if (std::holds_alternative<OpenTable>(m)) {
                live_.push_back(t.id());
                send_report(t);  // its button
            } else if (const auto* offer = std::get_if<OfferAddOn>(&m)) {
                buy_addons(t, offer->chips);
                send_report(t);
            }
        }
    }

    // The director chose the seats of a balancing move from its view of the tables: they must
    // be the ones the tables themselves name (RULES.md §6).
    void cross_check(const TournamentTable& t, const DirectorMessage& m) {
        if (const auto* up = std::get_if<StandUp>(&m);
            up && !up->breaking && up->seat != t.table().next_big_blind_seat())
            violation("balancing moved seat " + std::to_string(up->seat) + " of table " +
                      std::to_string(t.id()) + ", not the next big blind");
        if (const auto* sit = std::get_if<SeatPlayer>(&m);
            sit && !sit->breaking && sit->seat != t.table().seat_posting_big_blind_soonest())
            violation("balancing seated a player in seat " + std::to_string(sit->seat) + " of table " +
                      std::to_string(t.id()) + ", not the seat posting the big blind soonest");
    }

    DirectorConfig config() const {
        return DirectorConfig{structure_, opt_.free_pace ? Pace::Free : Pace::Rounds, {}};
    }

    // A point where the server could die: the director restarts from its saved text when the test
    // says so. A restored director must save the very same bytes.
    void restart_point() {
        if (!opt_.restart_director || !opt_.restart_director(points_++)) return;
        const std::string saved = encode_director_state(*director_);
        auto back = decode_director_state(saved, config());
        if (!back) {
            violation("the director did not restore: " + describe(back.error()));
            return;
        }
        if (encode_director_state(*back) != saved) violation("the restored director saves other bytes");
        director_.emplace(std::move(*back));
        ++result_.director_restarts;
        result_.restarts_on_break += director_->on_break();
        result_.restarts_hand_for_hand += director_->hand_for_hand_round();
        result_.restarts_mid_round += director_->tables_in_hand() > 0;
        const Floor& floor = director_->floor();
        bool moving = false;
        floor.for_each_open([&](int id) { moving = moving || !floor.table(id).arrivals().empty(); });
        result_.restarts_in_transit += moving;
    }

    // FNV-1a of the director's state after a decision (trace_director).
    void trace() {
        if (!opt_.trace_director) return;
        for (unsigned char ch : encode_director_state(*director_)) {
            result_.trace ^= ch;
            result_.trace *= 0x100000001b3ULL;
        }
    }

    void tick() {
        restart_point();
        auto messages = director_->tick(now_, rng_);
        trace();
        deliver(messages);
    }

    void send_report(TournamentTable& t, seconds at) {
        t.report(report_);
        plant_report_fault();
        if (opt_.restart_director) {  // the director hears the report as a restart reads it back
            const std::string saved = encode_table_report(report_);
            auto back = decode_table_report(saved);
            if (!back || encode_table_report(*back) != saved) {
                violation("a table report does not read back as it was saved");
                return;
            }
            report_ = std::move(*back);
        }
        restart_point();
        auto answer = director_->on_report(report_, at, rng_);
        if (!answer) {
            violation("the director refused table " + std::to_string(t.id()) +
                      "'s report: " + to_string(answer.error()));
            return;
        }
        trace();
        deliver(*answer);
    }
    void send_report(TournamentTable& t) { send_report(t, now_); }

    // Every table the director started plays its hand, in table order; time moves by one hand.
    void play_round() {
        const seconds end = now_ + kHandTime;
        for (std::size_t i = 0; i < live_.size() && !failed(); ++i) {
            TournamentTable& t = table(live_[i]);
            if (!t.open() || !t.hand_to_start()) continue;
            if (!play_hand(t)) return;
            if (t.table().rebuy_window()) offer_rebuys(t);
            send_report(t, end);
        }
        now_ = end;
    }

    // One hand at one table, played to its end by the bots.
    bool play_hand(TournamentTable& t) {
        if (auto ok = t.start_hand(setup_); !ok) {
            violation("table " + std::to_string(t.id()) + ": " + describe(ok.error()));
            return false;
        }
        ++result_.hands;
        Chips before = 0;
        for (const auto& s : setup_.seats)
            before += s.stack;
        bot_.set_big_blind(setup_.big_blind);
        if (auto ok = hand_.reset(setup_, rng_); !ok) {
            violation("table " + std::to_string(t.id()) +
                      ": the hand refused its setup: " + describe(ok.error()));
            return false;
        }
        int actions = 0;
        while (!hand_.is_over()) {
            const SeatIndex seat = hand_.to_act();
            const LegalActions legal = hand_.legal_actions();
            const Command command = bot_.choose(hand_, legal);
            if (auto r = hand_.act(seat, command); !r) {
                violation("hand " + std::to_string(setup_.hand_id) +
                          ": a legal action was refused: " + std::string(name(r.error())));
                if (!hand_.act(seat, Timeout{})) break;
            }
            if (++actions > kMaxActionsPerHand) {
                violation("hand " + std::to_string(setup_.hand_id) + " never ended");
                break;
            }
        }
        if (!hand_.is_over()) return false;
        std::array<Chips, kMaxTableSize> finals{};
        for (std::size_t i = 0; i < setup_.seats.size(); ++i)
            finals[i] = hand_.stack(setup_.seats[i].seat);
        plant_hand_fault(finals);
        // The per-hand checks: no stack below zero, stacks + pots constant.
        Chips after = 0;
        for (std::size_t i = 0; i < setup_.seats.size(); ++i) {
            after += finals[i];
            if (finals[i] < 0) violation("hand " + std::to_string(setup_.hand_id) + ": a negative stack");
        }
        if (after != before)
            violation("hand " + std::to_string(setup_.hand_id) + ": chips not conserved (" +
                      std::to_string(before) + " before, " + std::to_string(after) + " after)");
        if (auto out = t.finish_hand(std::span<const Chips>(finals.data(), setup_.seats.size())); !out) {
            violation("table " + std::to_string(t.id()) + ": " + to_string(out.error()));
            return false;
        }
        return true;
    }

    void plant_hand_fault(std::array<Chips, kMaxTableSize>& finals) const {
        if (result_.hands != kFaultyHand) return;
        if (opt_.fault == Fault::HandLosesAChip) *std::max_element(finals.begin(), finals.end()) -= 1;
        if (opt_.fault == Fault::HandNegativeStack) {
            finals[1] += finals[0] + 1;  // the total still adds up: only the sign is wrong
            finals[0] = -1;
        }
    }

    void plant_report_fault() {
        if (result_.hands != kFaultyHand || report_.finished_hand == 0 || report_.players.size() < 2) return;
        if (opt_.fault == Fault::ReportGainsAChip) report_.players[0].player.stack += 1;
        if (opt_.fault == Fault::ReportNegativeStack) {
            report_.players[1].player.stack += report_.players[0].player.stack + 1;
            report_.players[0].player.stack = -1;
        }
    }

    // Now and then a player sits out or comes back, and an operator sanctions someone, so the
    // auto-acting and sanction paths are played too (RULES.md §4, §6). A table tells its
    // director what changed.
    void disturb() {
        for (std::size_t i = 0; i < live_.size() && !failed(); ++i) {
            TournamentTable& t = table(live_[i]);
            if (!t.open() || rng_.uniform_below(200) != 0) continue;
            const SeatIndex s =
                static_cast<SeatIndex>(rng_.uniform_below(static_cast<std::uint64_t>(t.table().size())));
            if (!t.table().occupied(s)) continue;
            const auto what = rng_.uniform_below(100);
            if (what < 60) {
                (void)t.set_sitting_out(s, !t.table().at(s).sitting_out);
            } else if (what < 95) {
                const int orbits = 1 + static_cast<int>(rng_.uniform_below(4));
                (void)t.sanction(Sanction{SanctionKind::Exclusion, s, orbits});
            } else if (what < 98) {
                (void)t.sanction(Sanction{SanctionKind::Warning, s, 0});
            } else if (director_->floor().players() > 2) {
                // Disqualified: the chips leave the tournament; the player ranks as eliminated now.
                const Chips chips = t.table().at(s).stack;
                auto out = t.sanction(Sanction{SanctionKind::Disqualification, s, 0});
                if (!out) continue;
                if (out->chips_removed != chips) violation("a disqualification removed the wrong chips");
                ++result_.disqualified;
            }
            send_report(t);
        }
    }

    // Busted players re-buy (or not) before the table's next hand, 7 in 10.
    void offer_rebuys(TournamentTable& t) {
        for (SeatIndex s = 0; s < t.table().size(); ++s) {
            if (!t.table().occupied(s) || !t.table().at(s).busted) continue;
            if (!may_rebuy(structure_, director_->level(), 0, 0) || rng_.uniform_below(10) >= 7) continue;
            (void)t.buy(s, Purchase::Rebuy, structure_.starting_stack);
        }
    }

    // The add-on on offer: every other player buys it.
    void buy_addons(TournamentTable& t, Chips chips) {
        for (SeatIndex s = 0; s < t.table().size(); ++s) {
            if (!t.table().occupied(s) || rng_.uniform_below(2) != 0) continue;
            (void)t.buy(s, Purchase::AddOn, chips);
        }
    }

    // Were the tournament cancelled now (RULES.md §7): twice per run, once half the field is gone
    // and once in the money, the refunds must pay exactly the row's amount, nothing negative.
    void check_cancellation() {
        const Floor& floor = director_->floor();
        const int k = floor.players();
        const bool half = !checked_half_field_ && k * 2 <= opt_.players;
        const bool itm = !checked_in_the_money_ && k <= director_->payout_table().paid_places();
        if ((!half && !itm) || k < 2) return;
        checked_half_field_ = checked_half_field_ || half;
        checked_in_the_money_ = checked_in_the_money_ || itm;
        CancellationTerms terms;
        terms.kind = opt_.kind;
        terms.rebuy_open = director_->rebuy_period();
        terms.prizes = director_->prizes();
        terms.prizes_credited_at_elimination = (k % 2) == 0;  // both ways, across runs
        const auto built = cancellation_case(terms, floor, director_->ranking(), director_->payments());
        if (!built) {
            violation(std::string("refund case refused: ") + to_string(built.error()));
            return;
        }
        const RefundCase& c = *built;
        const auto plan = plan_refunds(c);
        if (!plan) {
            violation(std::string("refunds refused: ") + to_string(plan.error()));
            return;
        }
        Cents paid_by_remaining = 0, uncredited = 0;
        for (const auto& e : c.entrants) {
            if (e.remaining) paid_by_remaining += e.paid;
            if (!e.remaining && !e.prize_credited) uncredited += e.prize_won;
        }
        const Cents expected =
            k > plan->prizes ? paid_by_remaining + plan->residual
                             : paid_by_remaining +
                                   std::max<Cents>(plan->residual - plan->eliminated_prizes, 0) + uncredited;
        if (plan->total() != expected)
            violation("refunds pay " + std::to_string(plan->total()) + " cents, the row's amount is " +
                      std::to_string(expected));
        for (const auto& l : plan->lines)
            if (l.amount < 0) violation("a negative refund");
        ++result_.cancellation_checks;
    }

    // The director's floor after its decisions: no two tables two apart, the fewest tables.
    void check_floor() {
        const Floor& f = director_->floor();
        if (f.open_tables() > 1 && f.largest_size() - f.smallest_size() > 1)
            violation("two tables two apart after balancing (" + std::to_string(f.largest_size()) + " and " +
                      std::to_string(f.smallest_size()) + ")");
        if (!director_->finished() && f.open_tables() != tables_needed(f.players(), structure_.table_size))
            violation(std::to_string(f.open_tables()) + " tables open for " + std::to_string(f.players()) +
                      " players");
    }

    // The chips at the tables are what the director's books say: every stack dealt, bought or
    // removed is accounted for.
    void check_chips() {
        if (director_->finished()) return;
        Chips sum = 0;
        for (TableId id : live_)
            if (table(id).open()) sum += table(id).table().total_chips();
        // Free pace: players moved to a table in a hand are between tables until it reports.
        const Floor& floor = director_->floor();
        floor.for_each_open([&](int id) {
            for (const SeatMove& m : floor.table(id).arrivals())
                sum += m.player.stack;
        });
        if (sum != director_->chips_in_play())
            violation("chips not conserved: " + std::to_string(sum) + " at the tables, " +
                      std::to_string(director_->chips_in_play()) + " expected");
    }

    void check_ranking() {
        if (failed()) return;
        const Ranking& ranking = director_->ranking();
        if (ranking.unranked() != 0) violation(std::to_string(ranking.unranked()) + " entrants not ranked");
        std::vector<int> seen(static_cast<std::size_t>(opt_.players), 0);
        for (const auto& p : ranking.placings()) {
            if (p.entrant < 0 || p.entrant >= opt_.players) {
                violation("an unknown entrant was ranked");
                continue;
            }
            if (++seen[static_cast<std::size_t>(p.entrant)] > 1)
                violation("entrant " + std::to_string(p.entrant) + " ranked twice");
        }
        for (int i = 0; i < opt_.players; ++i)
            if (seen[static_cast<std::size_t>(i)] == 0)
                violation("entrant " + std::to_string(i) + " never ranked");
        // Places 1..N each taken once (a tie of s players takes s places).
        std::vector<Placing> sorted = ranking.placings();
        std::sort(sorted.begin(), sorted.end(),
                  [](const Placing& a, const Placing& b) { return a.place < b.place; });
        int expected = 1;
        for (std::size_t i = 0; i < sorted.size();) {
            if (sorted[i].place != expected) {
                violation("place " + std::to_string(expected) + " missing");
                break;
            }
            const int shared = sorted[i].shared;
            i += static_cast<std::size_t>(shared);
            expected += shared;
        }
        result_.places = static_cast<int>(ranking.placings().size());
        for (Cents c : director_->prizes_won())
            result_.prize_cents += c;
        if (result_.prize_cents != director_->prize_pool())
            violation("prizes sum to " + std::to_string(result_.prize_cents) + " cents, the pool is " +
                      std::to_string(director_->prize_pool()));
        result_.simulated_minutes = now_.count() / 60;
        result_.final_level = director_->level();
    }

    SimulationOptions opt_;
    TournamentStructure structure_;
    SeededRandom rng_;
    RandomBot bot_;
    std::optional<TournamentDirector> director_;
    std::vector<TournamentTable> tables_;  // by table id
    std::vector<TableId> live_;            // ascending: the open tables (and some closed this round)
    TableReport report_;                   // reused: a report per hand
    Hand hand_;
    HandSetup setup_;
    seconds now_{0};
    std::int64_t points_ = 0;
    bool checked_half_field_ = false;
    bool checked_in_the_money_ = false;
    SimulationResult result_;
};

}  // namespace

std::string validate(const SimulationOptions& o) {
    if (o.players < 2) return "--players must be at least 2";
    if (o.players > 10'000'000) return "--players must be at most 10,000,000";
    if (o.rebuys && (o.kind == TournamentKind::ShootOut || o.kind == TournamentKind::HeadsUp))
        return "--rebuys is for --kind mtt or sng";
    if (const int full = game_for(o.variant).max_players;
        o.kind == TournamentKind::SitAndGo && o.players > full)
        return "a Sit&Go is one table: --players at most " + std::to_string(full) +
               " for this game (use --kind mtt for more)";
    return {};
}

SimulationResult run_simulation(const SimulationOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    SimulationResult r;
    if (auto problem = validate(options); !problem.empty()) {
        r.violations.push_back(problem);
        return r;
    }
    r = Simulator(options).run();
    r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string summary_line(const SimulationResult& r) {
    char wall[32];
    std::snprintf(wall, sizeof wall, "%.2f", r.wall_s);
    return "simulate: entrants=" + std::to_string(r.entrants) + " hands=" + std::to_string(r.hands) +
           " tables=" + std::to_string(r.tables) + " moves=" + std::to_string(r.moves) +
           " broken=" + std::to_string(r.broken) + " places=" + std::to_string(r.places) +
           " prize_cents=" + std::to_string(r.prize_cents) + " wall_s=" + wall;
}

}  // namespace tavolo::tools
