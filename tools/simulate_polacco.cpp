// `tavolo simulate --game polacco`: whole Poker Polacco tournaments played in-process by random bots,
// with the rules of RULES.md §9 checked as invariants along the way. The tables' hands interleave
// command by command, so eliminations at different tables really do race.
#include "tools/simulate_polacco.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <unordered_set>
#include <vector>

#include "engine/polacco/draw.hpp"
#include "engine/polacco/tournament.hpp"
#include "engine/view/polacco_projection.hpp"

namespace tavolo::tools {
namespace {

namespace pl = engine::polacco;
using engine::SeededRandom;

struct PlayerState {
    int penalties = 0;
    bool pass_available = true;
    bool eliminated = false;
};

class Simulation {
  public:
    Simulation(const PolaccoSimulationOptions& options, pl::Rules rules, std::ostream& errors)
        : options_(options),
          rules_(rules),
          errors_(errors),
          deal_rng_(options.seed),
          bot_rng_(~options.seed) {}

    bool run();
    std::int64_t hands() const { return hands_; }
    int initial_tables() const { return initial_tables_; }
    int recompositions() const { return recompositions_; }
    int places() const { return places_; }

  private:
    void fail(const std::string& what) {
        if (violations_++ < 20) errors_ << "simulate: violation: " << what << '\n';
    }
    const PlayerState& state(pl::PlayerId p) const { return players_[static_cast<std::size_t>(p)]; }
    PlayerState& state(pl::PlayerId p) { return players_[static_cast<std::size_t>(p)]; }
    bool chance(std::uint64_t one_in) { return bot_rng_.uniform_below(one_in) == 0; }
    void act(pl::Hand& hand);
    void try_illegal(pl::Hand& hand, const pl::LegalActions& legal);
    void check_deal(const pl::Hand& hand);
    void check_judgement(const pl::Hand& hand, const pl::HandResult& result);
    void finish(pl::TableId id);
    struct Before {
        int tables = 0;
        int paused = 0;
        int remaining = 0;
        bool final_table = false;
    };
    Before snapshot() const;
    void check_tournament_events(const std::vector<pl::TournamentEvent>& events, const Before& before,
                                 pl::PlayerId penalised, bool eliminated);
    void operator_penalty(pl::TableId id);
    void check_draw(const pl::TablesDrawn& drawn, int previous_tables, int paused_before);
    void check_end();
    pl::Punto random_declaration(int lowest_step);

    const PolaccoSimulationOptions& options_;
    pl::Rules rules_;
    std::ostream& errors_;
    SeededRandom deal_rng_;
    SeededRandom bot_rng_;
    std::optional<pl::Tournament> tournament_;
    std::vector<PlayerState> players_;  // by player id (entrants are 1..N)
    std::vector<pl::TableId> active_;   // tables that may still play in the current draw
    std::vector<pl::PlayerId> eliminated_;
    std::int64_t hands_ = 0;
    int initial_tables_ = 0;
    int recompositions_ = 0;
    int places_ = 0;
    int violations_ = 0;
    int operator_penalties_ = 0;
};

pl::Punto Simulation::random_declaration(int lowest_step) {
    // Mostly a small raise; now and then a leap anywhere up the ladder (so four of a kind, straight
    // flushes and the bonus come up too).
    const auto room = static_cast<std::uint64_t>(pl::kLadderSteps - lowest_step);
    int step = chance(15) ? lowest_step + static_cast<int>(bot_rng_.uniform_below(room))
                          : std::min(pl::kLadderSteps - 1,
                                     lowest_step + static_cast<int>(bot_rng_.uniform_below(6)));
    pl::Punto punto = *pl::Punto::from_step(step);
    if (punto.kind() == pl::PuntoKind::StraightFlush) {
        punto =
            *pl::Punto::straight_flush(punto.primary(), static_cast<engine::Suit>(bot_rng_.uniform_below(4)));
    }
    return punto;
}

// A refused command must change nothing: same events, same player to act.
void Simulation::try_illegal(pl::Hand& hand, const pl::LegalActions& legal) {
    const auto before_events = hand.events().size();
    const auto& seats = hand.players();
    pl::PlayerId other = seats[bot_rng_.uniform_below(seats.size())].player;
    if (other != legal.player) {
        if (hand.declare(other, pl::Punto::four_of_a_kind(engine::Rank::Ace)))
            fail("a declaration out of turn was accepted");
        if (hand.doubt(other)) fail("a doubt out of turn was accepted");
    }
    if (hand.last_punto() && hand.declare(legal.player, *hand.last_punto())) {
        fail("a declaration not strictly higher was accepted");
    }
    if (!hand.last_punto() && hand.phase() == pl::Phase::Declaring && hand.pass(legal.player)) {
        fail("the first speaker passed");
    }
    if (hand.events().size() != before_events || hand.to_act() != legal.player) {
        fail("a refused command changed the hand");
    }
}

void Simulation::check_deal(const pl::Hand& hand) {
    engine::CardSet all;
    for (const auto& p : hand.players()) {
        const auto& cards = hand.cards_of(p.player);
        if (static_cast<int>(cards.size()) != pl::kInitialCards + state(p.player).penalties) {
            fail("player " + std::to_string(p.player) + " was dealt the wrong number of cards");
        }
        for (auto c : cards)
            all.insert(c);
    }
    if (all.size() != hand.cards_in_play()) fail("a card was dealt twice");
}

// The hand's outcome recomputed from its events: the reveal, who is penalised (the doubter if the
// Punto is present, else the declarer), the bonus, the timeout defaults and who speaks first next
// (the penalised player; after an elimination the one who preceded him in the hand's direction).
void Simulation::check_judgement(const pl::Hand& hand, const pl::HandResult& result) {
    const pl::Doubted* doubted = nullptr;
    engine::CardSet revealed;
    int revealed_cards = 0;
    int declarations = 0;
    for (const auto& e : hand.events()) {
        if (const auto* declared = std::get_if<pl::Declared>(&e)) {
            if (declared->by_timeout && (declarations != 0 || declared->punto != pl::Punto::lowest()))
                fail("a timeout declared something other than the opening high card 2");
            ++declarations;
        } else if (const auto* dealt = std::get_if<pl::CardDealt>(&e)) {
            const pl::PlayerId other = dealt->to == hand.players().front().player
                                           ? hand.players().back().player
                                           : hand.players().front().player;
            const auto seen_by = [&](engine::view::PolaccoViewer v) {
                return std::get<pl::CardDealt>(engine::view::project(e, v)).card;
            };
            using Viewer = engine::view::PolaccoViewer;
            if (!seen_by(Viewer::player(dealt->to)) || seen_by(Viewer::player(other)) ||
                seen_by(Viewer::observer()))
                fail("a card was shown to someone other than its holder before the reveal");
        } else if (const auto* doubt = std::get_if<pl::Doubted>(&e)) {
            doubted = doubt;
        } else if (const auto* shown = std::get_if<pl::CardsRevealed>(&e)) {
            for (auto c : shown->cards)
                revealed.insert(c);
            revealed_cards += static_cast<int>(shown->cards.size());
        }
    }
    if (doubted == nullptr || declarations == 0) {
        fail("a hand ended without a declaration and a doubt");
        return;
    }
    if (revealed_cards != hand.cards_in_play()) fail("the reveal did not show every card");
    const bool present = doubted->punto.present_in(revealed);
    if (result.penalised != (present ? doubted->by : doubted->declarer))
        fail("the penalty went to the wrong player");
    const bool bonus = rules_.bonus && present &&
                       (doubted->punto.kind() == pl::PuntoKind::FourOfAKind ||
                        doubted->punto.kind() == pl::PuntoKind::StraightFlush) &&
                       revealed_cards < pl::kBonusCardLimit && state(doubted->declarer).penalties > 0;
    if (result.bonus_to.has_value() != bonus || (bonus && *result.bonus_to != doubted->declarer))
        fail("the bonus was applied wrongly");
    const auto& seats = hand.players();
    std::size_t at = 0;
    while (at < seats.size() && seats[at].player != result.penalised)
        ++at;
    const std::size_t n = seats.size();
    const std::size_t before = result.direction == pl::Direction::Clockwise ? (at + n - 1) % n : (at + 1) % n;
    const pl::PlayerId expected = result.eliminated ? seats[before].player : result.penalised;
    if (at == n || result.next_first_speaker != expected) fail("the wrong player speaks first next hand");
}

void Simulation::act(pl::Hand& hand) {
    const pl::LegalActions legal = hand.legal_actions();
    if (chance(40)) try_illegal(hand, legal);
    const bool dealt_before = hand.phase() != pl::Phase::ChoosingDirection;
    std::expected<pl::Events, pl::PolaccoError> done;
    if (chance(100)) {
        done = hand.timeout(legal.player);
    } else if (legal.choose_direction) {
        done = hand.choose_direction(legal.player,
                                     chance(2) ? pl::Direction::Clockwise : pl::Direction::Anticlockwise);
    } else if (!hand.last_punto()) {
        done = hand.declare(legal.player, random_declaration(static_cast<int>(bot_rng_.uniform_below(30))));
    } else {
        // The higher the claim, the likelier a doubt.
        const int step = hand.last_punto()->step();
        const bool doubt =
            !legal.declare || bot_rng_.uniform_below(pl::kLadderSteps) < 60 + std::uint64_t(step);
        if (legal.pass && chance(8)) {
            done = hand.pass(legal.player);
        } else if (doubt) {
            done = hand.doubt(legal.player);
        } else {
            done = hand.declare(legal.player, random_declaration(legal.lowest_declaration->step()));
        }
    }
    if (!done) {
        fail(std::string("a legal action was refused: ") + std::string(pl::describe(done.error())));
        return;
    }
    if (!dealt_before && hand.phase() != pl::Phase::ChoosingDirection) check_deal(hand);
}

void Simulation::finish(pl::TableId id) {
    pl::Tournament& t = *tournament_;
    const pl::Hand& hand = *t.hand(id);
    const pl::HandResult result = *hand.result();
    int penalties_given = 0;
    for (const auto& e : hand.events())
        penalties_given += std::holds_alternative<pl::PenaltyGiven>(e) ? 1 : 0;
    if (penalties_given != 1) fail("a hand gave " + std::to_string(penalties_given) + " penalties");
    check_judgement(hand, result);
    PlayerState& penalised = state(result.penalised);
    if (result.eliminated != (penalised.penalties == pl::kMaxPenalties)) {
        fail("elimination does not match the sixth card");
    }
    for (const auto& p : result.players) {
        if (p.penalties < 0 || p.penalties > pl::kMaxPenalties) fail("penalties out of range");
        state(p.player).penalties = p.penalties;
        state(p.player).pass_available = p.pass_available;
    }

    const Before before = snapshot();
    auto events = t.finish_hand(id, deal_rng_);
    if (!events) {
        fail(std::string("finish_hand refused: ") + std::string(pl::describe(events.error())));
        return;
    }
    ++hands_;
    check_tournament_events(*events, before, result.penalised, result.eliminated);
    if (options_.inject_violation && !eliminated_.empty() && hands_ == 50) {
        state(eliminated_.front()).eliminated = false;  // the next check must notice
    }
}

Simulation::Before Simulation::snapshot() const {
    const pl::Tournament& t = *tournament_;
    return {static_cast<int>(t.tables().size()), t.paused_tables(), t.remaining(), t.final_table()};
}

void Simulation::check_tournament_events(const std::vector<pl::TournamentEvent>& events, const Before& before,
                                         pl::PlayerId penalised, bool eliminated) {
    int placed = 0;
    for (const auto& e : events) {
        if (const auto* p = std::get_if<pl::PlayerPlaced>(&e)) {
            ++placed;
            if (p->player != penalised || !eliminated) fail("a player was placed without elimination");
            if (state(p->player).eliminated)
                fail("player " + std::to_string(p->player) + " eliminated twice");
            if (p->place != before.remaining) fail("a place does not follow the elimination order");
            state(p->player).eliminated = true;
            eliminated_.push_back(p->player);
        } else if (const auto* paused = std::get_if<pl::TablePaused>(&e)) {
            if (before.final_table || paused->players != 3)
                fail("a table paused with other than three players");
        } else if (const auto* drawn = std::get_if<pl::TablesDrawn>(&e)) {
            ++recompositions_;
            check_draw(*drawn, before.tables, before.paused);
        } else if (std::holds_alternative<pl::TournamentWon>(e)) {
            if (!before.final_table) fail("the tournament was won away from the final table");
        }
    }
    if (placed != (eliminated ? 1 : 0)) fail("an elimination was not placed exactly once");
}

// Between hands, now and then, an operator penalises a player (for telling his cards).
void Simulation::operator_penalty(pl::TableId id) {
    pl::Tournament& t = *tournament_;
    const auto& seats = t.table(id)->seats();
    const pl::PlayerId player = seats[bot_rng_.uniform_below(seats.size())].player;
    const bool eliminates = state(player).penalties == pl::kMaxPenalties;
    const Before before = snapshot();
    auto events = t.give_penalty(id, player, deal_rng_);
    if (!events) {
        fail(std::string("an operator penalty was refused: ") + std::string(pl::describe(events.error())));
        return;
    }
    ++operator_penalties_;
    if (!eliminates) ++state(player).penalties;
    check_tournament_events(*events, before, player, eliminates);
}

void Simulation::check_draw(const pl::TablesDrawn& drawn, int previous_tables, int paused_before) {
    pl::Tournament& t = *tournament_;
    // Every other table was already waiting, and the finishing one just reached three.
    if (paused_before != previous_tables - 1) fail("tables were redrawn before every table had three left");
    const int remaining = t.remaining();
    const auto expected_sizes = pl::table_sizes(remaining, rules_.table_max());
    if (drawn.tables.size() != expected_sizes.size()) fail("the redraw is not on the fewest tables");
    if (drawn.final_table != (remaining <= rules_.table_max()))
        fail("the final table was formed at the wrong time");
    if (drawn.final_table && 3 * previous_tables > rules_.table_max())
        fail("final table before 3 x tables <= max");
    std::unordered_set<pl::PlayerId> seen;
    int lo = rules_.table_max();
    int hi = 0;
    for (const auto& layout : drawn.tables) {
        lo = std::min(lo, static_cast<int>(layout.seats.size()));
        hi = std::max(hi, static_cast<int>(layout.seats.size()));
        for (pl::PlayerId p : layout.seats) {
            if (!seen.insert(p).second || state(p).eliminated)
                fail("the redraw seats a player twice or a loser");
        }
    }
    if (static_cast<int>(seen.size()) != remaining || hi - lo > 1 || hi > rules_.table_max()) {
        fail("the redraw's tables are uneven or do not hold every remaining player");
    }
    for (const auto& table : t.tables()) {
        for (const auto& s : table.seats()) {
            const PlayerState& before = state(s.player);
            if (s.penalties != before.penalties || s.pass_available != before.pass_available) {
                fail("penalties or passes changed in the redraw");
            }
        }
        if (table.first_speaker() != table.seats().front().player)
            fail("the ace drawer does not speak first");
    }
    active_.clear();
    for (const auto& table : t.tables())
        active_.push_back(table.id());
}

void Simulation::check_end() {
    pl::Tournament& t = *tournament_;
    const int n = options_.players;
    if (!t.winner()) {
        fail("no winner");
        return;
    }
    if (static_cast<int>(eliminated_.size()) != n - 1)
        fail("not every entrant but the winner was eliminated");
    int eliminated = 0;
    for (const auto& s : players_)
        eliminated += s.eliminated ? 1 : 0;
    if (eliminated != n - 1 || state(*t.winner()).eliminated) fail("elimination records disagree");
    std::vector<int> places;
    std::unordered_set<pl::PlayerId> ranked;
    engine::Cents paid = 0;
    for (const auto& s : t.standings()) {
        places.push_back(s.place);
        ranked.insert(s.player);
        paid += s.prize;
    }
    std::ranges::sort(places);
    for (int i = 0; i < static_cast<int>(places.size()); ++i) {
        if (places[static_cast<std::size_t>(i)] != i + 1) {
            fail("places are not 1..N exactly once");
            break;
        }
    }
    if (static_cast<int>(ranked.size()) != n || static_cast<int>(places.size()) != n)
        fail("not every entrant ranked once");
    if (paid != t.prize_pool()) fail("prizes do not sum to the pool");
    if (recompositions_ != t.recompositions()) fail("recompositions miscounted");
    places_ = static_cast<int>(places.size());
}

bool Simulation::run() {
    std::vector<pl::PlayerId> entrants;
    players_.assign(static_cast<std::size_t>(options_.players) + 1, PlayerState{});
    for (int i = 0; i < options_.players; ++i)
        entrants.push_back(i + 1);
    pl::TournamentConfig config;
    config.rules = rules_;
    config.prize_part = 1000;  // 10.00 each, so the prize split is exercised
    auto started = pl::Tournament::start(entrants, config, deal_rng_);
    if (!started) {
        fail(std::string(pl::describe(started.error())));
        return false;
    }
    tournament_.emplace(std::move(*started));
    pl::Tournament& t = *tournament_;
    initial_tables_ = static_cast<int>(t.tables().size());
    if (initial_tables_ != static_cast<int>(pl::table_sizes(options_.players, rules_.table_max()).size())) {
        fail("the first draw is not on the fewest tables");
    }
    for (const auto& table : t.tables())
        active_.push_back(table.id());

    // Each step: one command at a random table that can play.
    while (!t.finished() && violations_ == 0) {
        if (active_.empty()) {
            fail("no table can play but the tournament is not over");
            break;
        }
        const std::size_t pick = bot_rng_.uniform_below(active_.size());
        const pl::TableId id = active_[pick];
        pl::Hand* hand = t.hand(id);
        if (!hand) {
            if (t.paused(id)) {
                if (t.start_hand(id, deal_rng_).error() != pl::PolaccoError::TablePaused) {
                    fail("a paused table could start a hand");
                }
                active_[pick] = active_.back();
                active_.pop_back();
                continue;
            }
            if (chance(500)) {
                operator_penalty(id);
                continue;
            }
            if (!t.final_table() && t.table(id)->players() <= 3)
                fail("a table with three players left could start a hand before the redraw");
            if (auto ok = t.start_hand(id, deal_rng_); !ok) fail(std::string(pl::describe(ok.error())));
            continue;
        }
        act(*hand);
        if (hand->phase() == pl::Phase::Ended) finish(id);
    }
    if (violations_ == 0) check_end();
    return violations_ == 0;
}

}  // namespace

int simulate_polacco(const PolaccoSimulationOptions& options) {
    std::ostream& out = options.out ? *options.out : std::cout;
    std::ostream& errors = options.out ? *options.out : std::cerr;
    pl::Rules rules;
    if (options.mode == "casino") {
        rules.mode = pl::Mode::Casino;
    } else if (options.mode != "nodealer") {
        errors << "simulate: --mode must be casino or nodealer, not '" << options.mode << "'\n";
        return 2;
    }
    if (options.players < 2) {
        errors << "simulate: --players must be at least 2 for a Poker Polacco tournament\n";
        return 2;
    }
    if (options.clockwise_only && rules.mode != pl::Mode::Casino) {
        errors << "simulate: clockwise-only is a casino-mode option\n";
        return 2;
    }
    rules.passamano = options.passamano;
    rules.bonus = options.bonus;
    rules.clockwise_only = options.clockwise_only;

    const auto start = std::chrono::steady_clock::now();
    Simulation sim{options, rules, errors};
    const bool ok = sim.run();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char wall_text[32];
    std::snprintf(wall_text, sizeof wall_text, "%.2f", wall);  // as the poker simulation prints it
    out << "simulate: entrants=" << options.players << " hands=" << sim.hands()
        << " tables=" << sim.initial_tables() << " recompositions=" << sim.recompositions()
        << " places=" << sim.places() << " wall_s=" << wall_text << '\n';
    return ok ? 0 : 1;
}

}  // namespace tavolo::tools
