// Whole Sit&Go tournaments of every game and betting structure, and a heads-up, played through the
// live table core with its real director (engine TournamentDirector) and random players who act
// only on what they received. No sockets, no sleeps: time is an input. After every input:
// - every viewer class (each seated player, the observers) received exactly one copy of each
//   message, with the table's sequence numbers in order without a gap;
// - the view each player and the observers folded from what they received is the snapshot a
//   reconnect would get (RULES.md §5: a reconnect mid-hand loses nothing);
// - chips are conserved;
// and at each hand's end, every projected event is checked for every viewer against the truth of
// the hand (RULES.md §8: no card reaches a viewer who may not see it).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <map>
#include <numeric>

#include "engine/phh/parser.hpp"
#include "engine/tournament/tournament_director.hpp"
#include "fairness/verify_hand.hpp"
#include "tests/server/table_core_support.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
using engine::Card;
using engine::CardSet;
using engine::HandEvent;
using engine::SeatIndex;
using testing::Client;
using testing::kObserver;

// What the hand has made public so far, and whose each card is, from the hand's own records.
struct Truth {
    CardSet public_cards;
    std::array<SeatIndex, 52> owner{};
    std::array<bool, engine::kMaxSeats> exposed{};
    Truth() { owner.fill(engine::kNoSeat); }

    void learn(const HandEvent& event) {
        if (const auto* e = std::get_if<engine::CardDealt>(&event)) {
            if (e->target == engine::CardTarget::Board) public_cards.insert(e->card);
            if (e->target == engine::CardTarget::Player) {
                owner[static_cast<std::size_t>(e->card.index())] = e->seat;
                if (e->visibility == engine::Visibility::Everyone ||
                    exposed[static_cast<std::size_t>(e->seat)])
                    public_cards.insert(e->card);
            }
        } else if (const auto* shown = std::get_if<engine::CardsShown>(&event)) {
            exposed[static_cast<std::size_t>(shown->seat)] = true;
            for (int i = 0; i < shown->count; ++i)
                public_cards.insert(shown->cards[static_cast<std::size_t>(i)]);
        } else if (const auto* thrown = std::get_if<engine::Discarded>(&event)) {
            if (thrown->visibility == engine::Visibility::Everyone ||
                exposed[static_cast<std::size_t>(thrown->seat)])
                for (int i = 0; i < thrown->count; ++i)
                    public_cards.insert(thrown->cards[static_cast<std::size_t>(i)]);
        }
    }
    bool may_receive(Card c, SeatIndex who) const {
        if (public_cards.contains(c)) return true;
        const SeatIndex holder = owner[static_cast<std::size_t>(c.index())];
        return holder != engine::kNoSeat && holder == who;
    }
};

std::vector<Card> cards_in(const engine::view::PokerSeen& seen) {
    std::vector<Card> out;
    if (const auto* dealt = std::get_if<engine::view::SeenCardDealt>(&seen); dealt && dealt->card)
        out.push_back(*dealt->card);
    if (const auto* thrown = std::get_if<engine::view::SeenDiscarded>(&seen))
        for (const auto& c : thrown->cards)
            if (c) out.push_back(*c);
    if (const auto* shown = std::get_if<engine::CardsShown>(&seen))
        for (int i = 0; i < shown->count; ++i)
            out.push_back(shown->cards[static_cast<std::size_t>(i)]);
    return out;
}

// The copy a viewer received is the projection of the event for him (the grouping gave no one
// another viewer's copy).
bool is_projection_for(const engine::view::PokerSeen& seen, const HandEvent& event, SeatIndex who) {
    const auto expected = engine::view::project(event, testing::viewer_of(who));
    if (seen.index() != expected.index()) return false;
    if (const auto* a = std::get_if<engine::view::SeenCardDealt>(&seen))
        return *a == std::get<engine::view::SeenCardDealt>(expected);
    if (const auto* a = std::get_if<engine::view::SeenDiscarded>(&seen))
        return *a == std::get<engine::view::SeenDiscarded>(expected);
    return true;
}

struct RunTally {
    int hands = 0;
    int actions = 0;
    int timeouts = 0;
    int refused = 0;
    int sat_out = 0;
    int snapshots_checked = 0;
};

class SitAndGo {
  public:
    SitAndGo(engine::TournamentKind kind, engine::Variant variant, engine::Betting betting,
             std::uint64_t seed)
        : director_rng_(seed),
          table_rng_(seed + 1),
          players_(seed + 2),
          core_(0, table_rng_, {}, testing::seeded_secrets(seed + 3)) {
        structure_ = engine::default_structure(kind, variant, betting);
        entrants_ = structure_.max_players;
        std::vector<engine::EntrantId> entrants(static_cast<std::size_t>(entrants_));
        std::iota(entrants.begin(), entrants.end(), 1);
        auto started = engine::TournamentDirector::start(
            entrants, engine::DirectorConfig{structure_, engine::Pace::Free, {}}, director_rng_);
        EXPECT_TRUE(started.has_value());
        if (!started) return;
        director_.emplace(std::move(started->director));
        for (SeatIndex s = 0; s < engine::kMaxSeats; ++s)
            clients_[static_cast<std::size_t>(s)].who = s;
        observers_.who = kObserver;
        deliver(started->messages);
    }

    RunTally play() {
        for (int guard = 0; director_ && !director_->finished() && guard < 200000; ++guard) {
            if (::testing::Test::HasFatalFailure() || failures_ > 20) break;
            flush_reports();
            if (director_->finished()) break;
            if (!core_.in_hand()) {
                deliver(director_->tick(now_, director_rng_));
                if (!core_.in_hand()) now_ += 10s;
                continue;
            }
            step();
        }
        EXPECT_TRUE(director_ && director_->finished()) << "the tournament did not end";
        if (director_) {
            EXPECT_EQ(director_->ranking().placings().size(), static_cast<std::size_t>(entrants_));
            EXPECT_EQ(director_->chips_in_play(), entrants_ * structure_.starting_stack);
        }
        return run_;
    }

  private:
    // One decision: the player to act (known from what he received) acts, or lets his clock run out.
    void step() {
        Client* mover = nullptr;
        for (Client& c : clients_)
            if (c.view && c.view->legal && c.view->to_act == c.who) mover = &c;
        ASSERT_NE(mover, nullptr) << "a hand in play with nobody told it is his turn";
        const engine::view::PokerView& v = *mover->view;
        const engine::LegalActions legal = *v.legal;
        if (chance(3)) {  // his clock runs out
            ASSERT_TRUE(timer_.has_value());
            now_ = std::max(now_, timer_->at);
            ++run_.timeouts;
            handle(core_.on_clock_expiry(timer_->hand, timer_->decision, now_));
            return;
        }
        now_ += Millis{static_cast<std::int64_t>(players_.uniform_below(45'000))};
        const engine::EntrantId me = v.seats[static_cast<std::size_t>(mover->who)].entrant;
        const PlayerAction action{me, mover->who, v.hand_id, v.decision, choose(v, legal)};
        const Effects effects = core_.on_action(action, now_);
        EXPECT_TRUE(testing::all_of<Refused>(effects).empty()) << "a legal action was refused";
        ++run_.actions;
        handle(effects);
        if (chance(5)) expect_refused(action);  // the same action again: a double click
        if (chance(3)) {                        // someone else's action for his seat
            PlayerAction other = action;
            other.entrant = -7;
            expect_refused(other);
        }
    }

    void expect_refused(const PlayerAction& action) {
        const Sequence seq = core_.seq();
        const Effects again = core_.on_action(action, now_);
        ASSERT_EQ(again.size(), 1u);
        EXPECT_TRUE(std::holds_alternative<Refused>(again[0]));
        EXPECT_EQ(core_.seq(), seq);
        ++run_.refused;
        check_views();
    }

    engine::Command choose(const engine::view::PokerView& v, const engine::LegalActions& legal) {
        if (legal.drawing) {
            CardSet out;
            const auto& mine = v.seats[static_cast<std::size_t>(legal.seat)];
            for (int i = 0; i < mine.card_count && out.size() < legal.max_discards; ++i)
                if (mine.cards[static_cast<std::size_t>(i)] && chance(30))
                    out.insert(*mine.cards[static_cast<std::size_t>(i)]);
            return engine::Discard{out};
        }
        if (legal.may_bet_or_raise && chance(15)) {  // mostly small raises, now and then all in
            const auto span = static_cast<std::uint64_t>(legal.max_to - legal.min_to);
            const engine::Chips to =
                legal.min_to +
                static_cast<engine::Chips>(chance(8) ? span : players_.uniform_below(span / 8 + 1));
            return engine::BetOrRaiseTo{to};
        }
        if (legal.may_check) return engine::Check{};
        if (legal.may_call && !chance(30)) return engine::Call{};
        return engine::Fold{};
    }

    bool chance(int percent) { return players_.uniform_below(100) < static_cast<std::uint64_t>(percent); }
    void deliver(const std::vector<engine::DirectorMessage>& messages) {
        for (const auto& m : messages)
            handle(core_.on_director(m, now_));
    }

    void handle(const Effects& effects) {
        std::vector<engine::TableReport> reports;
        for (const Effect& e : effects) {
            check_copies(e);
            for (Client& c : clients_)
                c.take(e);
            observers_.take(e);
            if (const auto* p = std::get_if<Publish>(&e); p && !p->clock) {
                hand_publishes_.push_back(*p);
                if (const auto* h = std::get_if<engine::HandStarted>(&p->copies.at(0).seen))
                    hand_chips_ = std::accumulate(h->stacks.begin(), h->stacks.end(), engine::Chips{0});
            }
            if (const auto* t = std::get_if<ArmTimer>(&e)) timer_ = *t;
            if (const auto* r = std::get_if<DirectorMessageRefused>(&e)) {
                ADD_FAILURE() << "director message refused: " << r->message;
                ++failures_;
            }
            if (const auto* s = std::get_if<SeatStatus>(&e); s && s->sitting_out) {
                sat_out_.push_back(s->seat);
                ++run_.sat_out;
            }
            if (const auto* r = std::get_if<ReportToDirector>(&e)) reports.push_back(r->report);
            if (const auto* f = std::get_if<HandFinished>(&e)) {
                hand_finished(*f);
                reports.push_back(f->report);
            }
        }
        check_views();
        if (core_.in_hand()) {
            EXPECT_EQ(core_.hand().total_chips(), hand_chips_);
        }
        reports_.insert(reports_.end(), reports.begin(), reports.end());
    }

    // The actor reports after the record is written; the director's answers come back in order,
    // after the messages the director had already sent.
    void flush_reports() {
        while (!reports_.empty()) {
            const engine::TableReport r = reports_.front();
            reports_.pop_front();
            auto answer = director_->on_report(r, now_, director_rng_);
            EXPECT_TRUE(answer.has_value());
            if (!answer) {
                ++failures_;
                continue;
            }
            deliver(*answer);
            deliver(director_->tick(now_, director_rng_));
        }
    }

    // Each viewer class gets exactly one copy of each published message.
    void check_copies(const Effect& e) {
        const auto* p = std::get_if<Publish>(&e);
        if (!p) return;
        int observers = 0;
        std::array<int, engine::kMaxSeats> per_seat{};
        for (const Copy& c : p->copies) {
            observers += c.to.observers ? 1 : 0;
            for (SeatIndex s : c.to.seats)
                ++per_seat[static_cast<std::size_t>(s)];
        }
        EXPECT_EQ(observers, 1);
        const engine::Table& t = core_.table().table();
        for (SeatIndex s = 0; s < t.size(); ++s)
            if (core_.in_hand() && core_.hand().dealt_in(s)) {
                EXPECT_EQ(per_seat[static_cast<std::size_t>(s)], 1);
            }
        for (int n : per_seat)
            EXPECT_LE(n, 1);
    }

    // The snapshot a player (or an observer) reconnecting now would get is what he has folded.
    void check_views() {
        const engine::Table& t = core_.table().table();
        for (SeatIndex s = 0; s < t.size(); ++s) {
            if (!t.occupied(s)) continue;
            Client& c = clients_[static_cast<std::size_t>(s)];
            const TableSnapshot snap = core_.snapshot_for(testing::viewer_of(s), now_);
            if (!c.view || !(snap.view == *c.view) || snap.seq != c.last_seq) {
                ADD_FAILURE() << "seat " << s << ": the folded view differs from the snapshot at seq "
                              << snap.seq;
                ++failures_;
                c.join(snap);
            }
            EXPECT_EQ(c.gaps, 0);
            ++run_.snapshots_checked;
        }
        const TableSnapshot snap = core_.snapshot_for(testing::viewer_of(kObserver), now_);
        if (!observers_.view || !(snap.view == *observers_.view)) {
            ADD_FAILURE() << "observers: the folded view differs from the snapshot at seq " << snap.seq;
            ++failures_;
            observers_.join(snap);
        }
    }

    // RULES.md §8 over every event of the hand, for every viewer that received it.
    void hand_finished(const HandFinished& f) {
        ++run_.hands;
        // Issue 10 item 7: every hand's history, as the server stores it, verifies against its seed.
        const auto history = engine::phh::parse_hand(f.record.phh);
        EXPECT_TRUE(history.has_value()) << f.record.phh;
        if (history) {
            const fairness::Verdict v = fairness::verify_hand(*history);
            EXPECT_TRUE(v.verified) << "hand " << f.record.hand << ": " << v.failure.reason << "\n"
                                    << f.record.phh;
        }
        const auto& events = f.record.events;
        EXPECT_EQ(events.size(), hand_publishes_.size());
        Truth truth;
        for (std::size_t i = 0; i < std::min(events.size(), hand_publishes_.size()); ++i) {
            truth.learn(events[i]);
            for (const Copy& c : hand_publishes_[i].copies) {
                std::vector<SeatIndex> who = c.to.seats;
                if (c.to.observers) who.push_back(kObserver);
                for (SeatIndex w : who) {
                    EXPECT_TRUE(is_projection_for(c.seen, events[i], w)) << "event " << i << " viewer " << w;
                    for (Card card : cards_in(c.seen))
                        if (!truth.may_receive(card, w)) {
                            ADD_FAILURE() << "viewer " << w << " received " << card.to_string();
                            ++failures_;
                        }
                }
            }
        }
        hand_publishes_.clear();
        // The record holds the table after the hand: what a restart resumes from (§7).
        EXPECT_EQ(f.record.state.hands_played, core_.table().table().hands_played());
        EXPECT_EQ(f.record.state.seats.size(),
                  static_cast<std::size_t>(core_.table().table().player_count()));
        // Chips are conserved (no re-buys in a Sit&Go): busted players leave with none.
        EXPECT_EQ(core_.table().table().total_chips(), entrants_ * structure_.starting_stack);
        // Players sat out by the clock sit back in at random between hands.
        for (SeatIndex s : std::exchange(sat_out_, {})) {
            const engine::Table& t = core_.table().table();
            if (!t.occupied(s) || !t.at(s).sitting_out) continue;
            if (chance(50))
                handle(core_.set_sitting_out(t.at(s).entrant, s, false, now_));
            else
                sat_out_.push_back(s);
        }
    }

    engine::SeededRandom director_rng_;
    engine::SeededRandom table_rng_;
    engine::SeededRandom players_;
    TableCore core_;
    engine::TournamentStructure structure_;
    int entrants_ = 0;
    std::optional<engine::TournamentDirector> director_;
    Millis now_{0};
    std::array<Client, engine::kMaxSeats> clients_{};
    Client observers_;
    std::vector<Publish> hand_publishes_;
    std::optional<ArmTimer> timer_;
    std::vector<SeatIndex> sat_out_;
    std::deque<engine::TableReport> reports_;
    engine::Chips hand_chips_ = 0;
    int failures_ = 0;
    RunTally run_;
};

struct Case {
    engine::TournamentKind kind;
    engine::Variant variant;
    engine::Betting betting;
};

class SitAndGoThroughTheCore : public ::testing::TestWithParam<Case> {};

TEST_P(SitAndGoThroughTheCore,
       rules_5_6_8_played_to_the_end_every_viewer_sees_only_what_he_may_and_folds_the_snapshot) {
    const Case c = GetParam();
    RunTally total;
    // What the runs must go through to check anything: at least four tournaments, more (up to twelve)
    // while that is not reached, since how long a tournament lasts depends on the cards (heads-up
    // ones can be short).
    const auto enough = [&] {
        return total.actions > 200 && total.timeouts > 5 && total.refused > 10 &&
               total.snapshots_checked > 1000;
    };
    for (std::uint64_t seed = 1; (seed <= 4 || !enough()) && seed <= 12 && !::testing::Test::HasFailure();
         ++seed) {
        SitAndGo sng(c.kind, c.variant, c.betting, seed);
        const RunTally run = sng.play();
        EXPECT_GT(run.hands, 3);
        total.hands += run.hands;
        total.actions += run.actions;
        total.timeouts += run.timeouts;
        total.refused += run.refused;
        total.sat_out += run.sat_out;
        total.snapshots_checked += run.snapshots_checked;
    }
    // The runs went through what they are meant to check.
    EXPECT_GT(total.actions, 200);
    EXPECT_GT(total.timeouts, 5);
    EXPECT_GT(total.refused, 10);
    EXPECT_GT(total.snapshots_checked, 1000);
    std::printf("hands=%d actions=%d timeouts=%d sat_out=%d refused=%d snapshots=%d\n", total.hands,
                total.actions, total.timeouts, total.sat_out, total.refused, total.snapshots_checked);
}

using engine::Betting;
using engine::TournamentKind;
using engine::Variant;

std::string case_name(const ::testing::TestParamInfo<Case>& param) {
    static constexpr std::array<const char*, 3> kVariants{"holdem", "stud", "draw"};
    static constexpr std::array<const char*, 3> kBettings{"nl", "pl", "limit"};
    return std::string(param.param.kind == TournamentKind::HeadsUp ? "headsup_" : "sng_") +
           kVariants[static_cast<std::size_t>(param.param.variant)] + "_" +
           kBettings[static_cast<std::size_t>(param.param.betting)];
}
INSTANTIATE_TEST_SUITE_P(
    EveryGame, SitAndGoThroughTheCore,
    ::testing::Values(Case{TournamentKind::SitAndGo, Variant::Holdem, Betting::NoLimit},
                      Case{TournamentKind::SitAndGo, Variant::Holdem, Betting::PotLimit},
                      Case{TournamentKind::SitAndGo, Variant::Holdem, Betting::Limit},
                      Case{TournamentKind::SitAndGo, Variant::FiveCardStud, Betting::NoLimit},
                      Case{TournamentKind::SitAndGo, Variant::FiveCardStud, Betting::PotLimit},
                      Case{TournamentKind::SitAndGo, Variant::FiveCardStud, Betting::Limit},
                      Case{TournamentKind::SitAndGo, Variant::FiveCardDraw, Betting::NoLimit},
                      Case{TournamentKind::SitAndGo, Variant::FiveCardDraw, Betting::PotLimit},
                      Case{TournamentKind::SitAndGo, Variant::FiveCardDraw, Betting::Limit},
                      Case{TournamentKind::HeadsUp, Variant::Holdem, Betting::NoLimit}),
    case_name);

}  // namespace
}  // namespace tavolo::server::table
