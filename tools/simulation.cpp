#include "tools/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "engine/poker/game.hpp"
#include "engine/poker/hand.hpp"
#include "engine/random.hpp"
#include "engine/table/table.hpp"
#include "engine/tournament/cancellation.hpp"
#include "engine/tournament/director.hpp"
#include "engine/tournament/floor.hpp"
#include "engine/tournament/payouts.hpp"
#include "engine/tournament/ranking.hpp"
#include "engine/tournament/seating.hpp"
#include "engine/tournament/structure.hpp"
#include "tools/simulation_bot.hpp"

namespace tavolo::tools {

using namespace tavolo::engine;

namespace {

constexpr std::int64_t kSecondsPerHand = 60;    // simulated time a hand takes at every table
constexpr int kMaxActionsPerHand = 1000;        // a hand needing more is stuck: a violation
constexpr std::int64_t kMaxRounds = 2'000'000;  // a tournament needing more never ends
// Blinds past 10^15 and still playing: chips no longer move (a broken evaluator?).
constexpr int kMaxLevel = 50;
constexpr Cents kPrizePart = 1000;  // 10+1 EUR buy-ins
constexpr Cents kFee = 100;

class Simulator {
  public:
    explicit Simulator(const SimulationOptions& o)
        : opt_(o),
          structure_(default_structure(o.kind, o.variant, o.betting)),
          rng_(o.seed),
          bot_(o.seed ^ 0x5eed5eed5eedULL),
          ranking_(o.players),
          paid_(default_payout_table(o.players)) {
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
        prize_parts_ = static_cast<Cents>(o.players) * kPrizePart;
        payments_.assign(static_cast<std::size_t>(o.players), EntrantPayments{kPrizePart + kFee, kPrizePart});
    }

    SimulationResult run() {
        result_.entrants = opt_.players;
        result_.paid_places = paid_.paid_places();
        std::vector<EntrantId> entrants(static_cast<std::size_t>(opt_.players));
        for (int i = 0; i < opt_.players; ++i)
            entrants[static_cast<std::size_t>(i)] = i;
        const bool stages = opt_.kind == TournamentKind::ShootOut || opt_.kind == TournamentKind::HeadsUp;
        if (stages)
            play_shoot_out(std::move(entrants));
        else
            play_with_director(entrants);
        check_ranking();
        return std::move(result_);
    }

  private:
    void violation(std::string what) {
        if (result_.violations.size() < 50) result_.violations.push_back(std::move(what));
    }
    bool failed() const { return !result_.violations.empty(); }

    // Seats everyone by random draw with a fresh starting stack; each table draws its button.
    void seat(const std::vector<EntrantId>& entrants) {
        auto drawn = draw_seating(entrants, structure_.table_size, rng_);
        if (!drawn) {
            violation(std::string("the seat draw refused: ") + to_string(drawn.error()));
            floor_.emplace(0, structure_.table_size);
            return;
        }
        const SeatDraw& tables = *drawn;
        floor_.emplace(static_cast<int>(tables.size()), structure_.table_size);
        for (int id = 0; id < floor_->table_count(); ++id) {
            Table& t = floor_->table(id);
            for (const auto& a : tables[static_cast<std::size_t>(id)])
                (void)t.sit(a.seat, a.entrant, structure_.starting_stack);
            if (t.player_count() >= 2) (void)t.draw_button(rng_);
            floor_->refresh(id);
        }
        chips_expected_ = static_cast<Chips>(entrants.size()) * structure_.starting_stack;
        if (opt_.inject_violation) chips_expected_ -= 1;
        play_seconds_ = 0;
    }

    Stakes stakes() const {
        const BlindLevel l = structure_.blinds.level(level());
        return Stakes{l.small_blind, l.big_blind, l.ante, structure_.blinds.ante_mode};
    }

    // One hand at one table; eliminations in ranking order.
    void play_hand(int id, std::vector<Elimination>& eliminated) {
        eliminated.clear();
        Table& t = floor_->table(id);
        if (auto ok = t.start_hand(++hand_id_, opt_.variant, opt_.betting, stakes(), setup_); !ok) {
            violation(std::string("table ") + std::to_string(id) + ": " + to_string(ok.error()));
            return;
        }
        ++result_.hands;
        Chips before = 0;
        for (const auto& s : setup_.seats)
            before += s.stack;
        bot_.set_big_blind(setup_.big_blind);
        if (auto ok = hand_.reset(setup_, rng_); !ok) {
            violation("table " + std::to_string(id) +
                      ": the hand refused its setup: " + describe(ok.error()));
            (void)t.void_hand();
            return;
        }
        int actions = 0;
        while (!hand_.is_over()) {
            const SeatIndex seat = hand_.to_act();
            const LegalActions legal = hand_.legal_actions();
            const Command command = bot_.choose(hand_, legal);
            if (auto r = hand_.act(seat, command); !r) {
                violation("hand " + std::to_string(hand_id_) +
                          ": a legal action was refused: " + std::string(name(r.error())));
                if (!hand_.act(seat, Timeout{})) break;
            }
            if (++actions > kMaxActionsPerHand) {
                violation("hand " + std::to_string(hand_id_) + " never ended");
                break;
            }
        }
        if (!hand_.is_over()) {
            (void)t.void_hand();
            return;
        }
        std::array<Chips, kMaxTableSize> finals{};
        Chips after = 0;
        for (std::size_t i = 0; i < setup_.seats.size(); ++i) {
            finals[i] = hand_.stack(setup_.seats[i].seat);
            after += finals[i];
            if (finals[i] < 0) violation("hand " + std::to_string(hand_id_) + ": a negative stack");
        }
        if (after != before)
            violation("hand " + std::to_string(hand_id_) + ": chips not conserved (" +
                      std::to_string(before) + " before, " + std::to_string(after) + " after)");
        auto out = t.finish_hand(std::span<const Chips>(finals.data(), setup_.seats.size()));
        if (!out) {
            violation(std::string("table ") + std::to_string(id) + ": " + to_string(out.error()));
            return;
        }
        eliminated = std::move(*out);
    }

    // Every table with two or more players plays one hand; eliminations are ranked (all together
    // when hand-for-hand is on, RULES.md §6).
    void play_round(bool hand_for_hand) {
        round_.clear();
        for (int id = 0; id < floor_->table_count() && !failed(); ++id) {
            if (!floor_->open(id) || floor_->table(id).player_count() < 2) continue;
            floor_->table(id).set_rebuy_window(rebuy_period());
            play_hand(id, eliminated_);
            if (rebuy_period()) offer_rebuys(id, eliminated_);
            if (hand_for_hand) {
                for (const auto& e : eliminated_)
                    round_.push_back(RoundElimination{e.entrant, e.start_chips, id, e.seat_from_button});
            } else if (!eliminated_.empty()) {
                if (auto ok = ranking_.eliminate_in_hand(eliminated_); !ok)
                    violation(std::string("ranking refused a hand's eliminations: ") + to_string(ok.error()));
            }
            floor_->refresh(id);
        }
        if (hand_for_hand && !round_.empty()) {
            if (auto ok = ranking_.eliminate_in_round(round_); !ok)
                violation(std::string("ranking refused a round's eliminations: ") + to_string(ok.error()));
        }
        const std::int64_t hours_before = play_seconds_ / 3600;
        play_seconds_ += kSecondsPerHand;
        simulated_seconds_ += kSecondsPerHand;
        if (structure_.breaks && play_seconds_ / 3600 > hours_before)
            simulated_seconds_ += std::chrono::duration_cast<std::chrono::seconds>(
                                      break_after_hour(static_cast<int>(play_seconds_ / 3600)))
                                      .count();
    }

    // Now and then a player sits out or comes back, and an operator sanctions someone, so the
    // auto-acting and sanction paths are played too (RULES.md §4, §6).
    void disturb() {
        for (int id = 0; id < floor_->table_count(); ++id) {
            if (!floor_->open(id) || rng_.uniform_below(200) != 0) continue;
            Table& t = floor_->table(id);
            const SeatIndex s =
                static_cast<SeatIndex>(rng_.uniform_below(static_cast<std::uint64_t>(t.size())));
            if (!t.occupied(s)) continue;
            const auto what = rng_.uniform_below(100);
            if (what < 60) {
                (void)t.set_sitting_out(s, !t.at(s).sitting_out);
            } else if (what < 95) {
                const int orbits = 1 + static_cast<int>(rng_.uniform_below(4));
                (void)t.apply(Sanction{SanctionKind::Exclusion, s, orbits});
            } else if (what < 98) {
                (void)t.apply(Sanction{SanctionKind::Warning, s, 0});
            } else if (floor_->players() > 2) {
                // Disqualified: the chips leave the tournament; the player ranks as eliminated now.
                const Chips chips = t.at(s).stack;
                auto out = t.apply(Sanction{SanctionKind::Disqualification, s, 0});
                if (!out) continue;
                chips_expected_ -= out->chips_removed;
                if (out->chips_removed != chips) violation("a disqualification removed the wrong chips");
                const Elimination e{out->entrant, s, chips, 0};
                if (auto ok = ranking_.eliminate_in_hand(std::span<const Elimination>(&e, 1)); !ok)
                    violation(std::string("ranking refused a disqualification: ") + to_string(ok.error()));
                ++result_.disqualified;
                floor_->refresh(id);
            }
        }
    }

    int level() const { return level_at(structure_, std::chrono::seconds(play_seconds_)); }
    bool rebuy_period() const {
        return structure_.rebuys.enabled && level() <= structure_.rebuys.period_levels;
    }

    // Busted players re-buy (or not) before the table's next hand; those who do not are eliminated.
    void offer_rebuys(int id, std::vector<Elimination>& eliminated) {
        Table& t = floor_->table(id);
        for (SeatIndex s = 0; s < t.size(); ++s) {
            if (!t.occupied(s) || !t.at(s).busted) continue;
            if (!may_rebuy(structure_, level(), 0, 0) || rng_.uniform_below(10) >= 7) continue;
            (void)t.add_chips(s, structure_.starting_stack);
            chips_expected_ += structure_.starting_stack;
            prize_parts_ += structure_.rebuys.price.prize_part;
            pay(t.at(s).entrant, structure_.rebuys.price);
            ++result_.rebuys;
        }
        eliminated = t.settle_busted();
    }

    // The add-on: once, as the rebuy period ends, every other player buys it.
    void offer_addons() {
        if (!structure_.rebuys.enabled || !structure_.rebuys.addon || addons_done_ ||
            level() <= structure_.rebuys.period_levels)
            return;
        addons_done_ = true;
        for (int id = 0; id < floor_->table_count(); ++id) {
            if (!floor_->open(id)) continue;
            Table& t = floor_->table(id);
            t.set_rebuy_window(false);
            for (SeatIndex s = 0; s < t.size(); ++s) {
                if (!t.occupied(s) || rng_.uniform_below(2) != 0) continue;
                (void)t.add_chips(s, structure_.rebuys.addon_chips);
                chips_expected_ += structure_.rebuys.addon_chips;
                prize_parts_ += structure_.rebuys.addon_price.prize_part;
                pay(t.at(s).entrant, structure_.rebuys.addon_price);
                ++result_.addons;
            }
        }
    }

    void pay(EntrantId id, const BuyIn& price) {
        auto& p = payments_[static_cast<std::size_t>(id)];
        p.paid += price.total();
        p.prize_parts += price.prize_part;
    }

    // Were the tournament cancelled now (RULES.md §7): twice per run, once half the field is gone
    // and once in the money, the refunds must pay exactly the row's amount, nothing negative.
    void check_cancellation() {
        const int k = floor_->players();
        const bool half = !checked_half_field_ && k * 2 <= opt_.players;
        const bool itm = !checked_in_the_money_ && k <= paid_.paid_places();
        if ((!half && !itm) || k < 2) return;
        checked_half_field_ = checked_half_field_ || half;
        checked_in_the_money_ = checked_in_the_money_ || itm;
        CancellationTerms terms;
        terms.kind = opt_.kind;
        terms.rebuy_open = rebuy_period();
        terms.prizes = prizes_for_pool(prize_pool(prize_parts_, structure_.guarantee), paid_);
        terms.prizes_credited_at_elimination = (k % 2) == 0;  // both ways, across runs
        const auto built = cancellation_case(terms, *floor_, ranking_, payments_);
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

    void check_chips() {
        Chips sum = 0;
        for (int id = 0; id < floor_->table_count(); ++id)
            if (floor_->open(id)) sum += floor_->table(id).total_chips();
        if (sum != chips_expected_)
            violation("chips not conserved: " + std::to_string(sum) + " at the tables, " +
                      std::to_string(chips_expected_) + " expected");
    }

    // MTT and Sit&Go: the director breaks and balances after every hand.
    void play_with_director(const std::vector<EntrantId>& entrants) {
        seat(entrants);
        result_.tables = floor_->open_tables();
        for (std::int64_t round = 0; floor_->players() > 1 && !failed(); ++round) {
            if (round >= kMaxRounds || level() > kMaxLevel) {
                violation("the tournament did not finish by level " + std::to_string(kMaxLevel));
                break;
            }
            disturb();
            offer_addons();
            check_cancellation();
            play_round(hand_for_hand(floor_->players(), paid_.paid_places(), floor_->open_tables()));
            const int open_before = floor_->open_tables();
            for (int id = 0; id < floor_->table_count(); ++id) {
                if (!floor_->open(id)) continue;
                moves_.clear();
                if (auto ok = floor_->after_hand(id, rng_, moves_); !ok)
                    violation(std::string("the floor refused: ") + to_string(ok.error()));
                result_.moves += static_cast<std::int64_t>(moves_.size());
            }
            result_.broken += open_before - floor_->open_tables();
            if (floor_->open_tables() > 1 && floor_->largest_size() - floor_->smallest_size() > 1)
                violation("two tables two apart after balancing (" + std::to_string(floor_->largest_size()) +
                          " and " + std::to_string(floor_->smallest_size()) + ")");
            if (floor_->open_tables() != tables_needed(floor_->players(), structure_.table_size))
                violation(std::to_string(floor_->open_tables()) + " tables open for " +
                          std::to_string(floor_->players()) + " players");
            check_chips();
        }
        crown_last();
    }

    // Shoot-out and heads-up: each table plays to one winner; winners are re-seated at random on
    // as few tables as possible, evenly, with a fresh stack and the first level; repeat.
    void play_shoot_out(std::vector<EntrantId> stage) {
        while (stage.size() > 1 && !failed()) {
            seat(stage);
            result_.tables = std::max(result_.tables, floor_->open_tables());
            for (std::int64_t round = 0; !failed(); ++round) {
                players_per_table_.clear();
                for (int id = 0; id < floor_->table_count(); ++id)
                    players_per_table_.push_back(floor_->table(id).player_count());
                if (shoot_out_stage_over(players_per_table_)) break;
                if (round >= kMaxRounds || level() > kMaxLevel) {
                    violation("a shoot-out stage did not finish by level " + std::to_string(kMaxLevel));
                    break;
                }
                play_round(false);
                check_chips();  // each stage deals fresh stacks: the chips stay what it dealt out
            }
            std::vector<EntrantId> winners;
            for (int id = 0; id < floor_->table_count(); ++id) {
                const Table& t = floor_->table(id);
                for (SeatIndex s = 0; s < t.size(); ++s)
                    if (t.occupied(s)) winners.push_back(t.at(s).entrant);
            }
            stage = std::move(winners);
        }
        if (stage.size() == 1 && ranking_.unranked() == 1) {
            if (auto ok = ranking_.crown(stage.front()); !ok)
                violation(std::string("ranking refused the winner: ") + to_string(ok.error()));
        }
    }

    void crown_last() {
        if (failed() || floor_->players() != 1) return;
        for (int id = 0; id < floor_->table_count(); ++id) {
            if (!floor_->open(id)) continue;
            const Table& t = floor_->table(id);
            for (SeatIndex s = 0; s < t.size(); ++s)
                if (t.occupied(s)) {
                    if (auto ok = ranking_.crown(t.at(s).entrant); !ok)
                        violation(std::string("ranking refused the winner: ") + to_string(ok.error()));
                }
        }
    }

    void check_ranking() {
        if (failed()) return;
        if (ranking_.unranked() != 0) violation(std::to_string(ranking_.unranked()) + " entrants not ranked");
        std::vector<int> seen(static_cast<std::size_t>(opt_.players), 0);
        for (const auto& p : ranking_.placings()) {
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
        std::vector<Placing> sorted = ranking_.placings();
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
        result_.places = static_cast<int>(ranking_.placings().size());
        const Cents pool = prize_pool(prize_parts_, structure_.guarantee);
        const auto prizes = prizes_for_pool(pool, paid_);
        const auto won = prizes_for_placings(ranking_.placings(), prizes);
        for (Cents c : won)
            result_.prize_cents += c;
        if (result_.prize_cents != pool)
            violation("prizes sum to " + std::to_string(result_.prize_cents) + " cents, the pool is " +
                      std::to_string(pool));
        result_.simulated_minutes = simulated_seconds_ / 60;
        result_.final_level = level();
    }

    SimulationOptions opt_;
    TournamentStructure structure_;
    SeededRandom rng_;
    RandomBot bot_;
    Ranking ranking_;
    PayoutTable paid_;
    std::optional<Floor> floor_;
    Hand hand_;
    HandSetup setup_;
    HandId hand_id_ = 0;
    Chips chips_expected_ = 0;
    Cents prize_parts_ = 0;                  // buy-ins, re-buys and add-ons
    std::vector<EntrantPayments> payments_;  // by entrant
    bool checked_half_field_ = false;
    bool checked_in_the_money_ = false;
    bool addons_done_ = false;
    std::int64_t play_seconds_ = 0;
    std::int64_t simulated_seconds_ = 0;
    std::vector<Elimination> eliminated_;
    std::vector<RoundElimination> round_;
    std::vector<SeatMove> moves_;
    std::vector<int> players_per_table_;  // shoot-out: is the stage over?
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
