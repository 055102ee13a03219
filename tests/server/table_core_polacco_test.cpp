// Poker Polacco Sit&Go tournaments played to one winner through the live Polacco core by random
// players who act only on what they received (RULES.md §9). No sockets, no sleeps: time is an input.
// After every input each viewer's folded view is the snapshot a reconnect would get; at each hand's
// end every projected event is checked for every viewer against the truth (RULES.md §8: a player
// sees only his own cards until the reveal). Stale, duplicated and out-of-turn actions are refused
// and change nothing; the turn clock of §9 declares or doubts for a player who lets it run out.
#include <gtest/gtest.h>

#include <map>
#include <numeric>

#include "fairness/verify_polacco.hpp"
#include "server/table/polacco_core.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
namespace polacco = engine::polacco;
namespace view = engine::view;
using engine::Card;

constexpr PolaccoPlayer kObserver = -1;

view::PolaccoViewer viewer_of(PolaccoPlayer who) {
    return who == kObserver ? view::PolaccoViewer::observer() : view::PolaccoViewer::player(who);
}
bool receives(const PolaccoRecipients& to, PolaccoPlayer who) {
    if (who == kObserver) return to.observers;
    return std::find(to.players.begin(), to.players.end(), who) != to.players.end();
}

struct PolaccoClient {
    PolaccoPlayer who = kObserver;
    std::optional<view::PolaccoView> view;
    Sequence last_seq = 0;
    int gaps = 0;

    void sequence(Sequence seq) {
        if (last_seq != 0 && seq != last_seq + 1) ++gaps;
        last_seq = seq;
    }
    void take(const PolaccoEffect& effect) {
        if (const auto* p = std::get_if<PolaccoPublish>(&effect)) {
            int copies = 0;
            for (const PolaccoCopy& c : p->copies)
                if (receives(c.to, who)) {
                    ++copies;
                    if (view) view::apply(*view, c.seen);
                }
            EXPECT_LE(copies, 1);
            if (copies > 0) sequence(p->seq);
        } else if (const auto* v = std::get_if<PolaccoTableViews>(&effect)) {
            for (const auto& [to, table_view] : v->views)
                if (receives(to, who)) {
                    view = table_view;
                    sequence(v->seq);
                }
        } else if (const auto* n = std::get_if<PolaccoTournamentNews>(&effect)) {
            sequence(n->seq);
        } else if (const auto* st = std::get_if<PolaccoSeatStatus>(&effect)) {
            sequence(st->seq);
        } else if (const auto* c = std::get_if<ShuffleCommitted>(&effect)) {
            sequence(c->seq);  // public: the hand's commitment
        } else if (const auto* r = std::get_if<ShuffleRevealed>(&effect)) {
            sequence(r->seq);  // public: the hand's seed
        }
    }
};

// Whose each card is, and which the reveal made public, from the hand's own records.
struct Truth {
    std::map<int, PolaccoPlayer> owner;
    std::map<int, bool> revealed;
    void learn(const polacco::Event& e) {
        if (const auto* d = std::get_if<polacco::CardDealt>(&e); d && d->card)
            owner[d->card->index()] = d->to;
        if (const auto* r = std::get_if<polacco::CardsRevealed>(&e))
            for (Card c : r->cards)
                revealed[c.index()] = true;
    }
    bool may_receive(Card c, PolaccoPlayer who) const {
        if (revealed.contains(c.index())) return true;
        const auto it = owner.find(c.index());
        return it != owner.end() && who != kObserver && it->second == who;
    }
};

std::vector<Card> cards_in(const view::PolaccoSeen& seen) {
    std::vector<Card> out;
    if (const auto* d = std::get_if<polacco::CardDealt>(&seen); d && d->card) out.push_back(*d->card);
    if (const auto* r = std::get_if<polacco::CardsRevealed>(&seen))
        out.insert(out.end(), r->cards.begin(), r->cards.end());
    return out;
}

bool is_projection_for(const view::PolaccoSeen& seen, const polacco::Event& e, PolaccoPlayer who) {
    const auto expected = view::project(e, viewer_of(who));
    if (seen.index() != expected.index()) return false;
    if (const auto* a = std::get_if<polacco::CardDealt>(&seen)) {
        const auto& b = std::get<polacco::CardDealt>(expected);
        return a->to == b.to && a->card == b.card && a->visibility == b.visibility;
    }
    return true;
}

struct Tally {
    int hands = 0;
    int actions = 0;
    int timeouts = 0;
    int refused = 0;
};

class PolaccoSitAndGo {
  public:
    PolaccoSitAndGo(int players, std::uint64_t seed) : rng_(seed), players_rng_(seed + 1) {
        std::vector<PolaccoPlayer> entrants(static_cast<std::size_t>(players));
        std::iota(entrants.begin(), entrants.end(), PolaccoPlayer{1});
        polacco::TournamentConfig config;
        config.rules.passamano = true;
        config.prize_part = 1000;
        auto started = PolaccoCore::start(entrants, config, rng_);
        EXPECT_TRUE(started.has_value());
        if (!started) return;
        core_.emplace(std::move(*started));
        for (PolaccoPlayer p : entrants) {
            clients_[p].who = p;
            join(clients_[p]);
        }
        join(observers_);
    }

    Tally play() {
        for (int guard = 0; core_ && !core_->finished() && guard < 100000; ++guard) {
            if (::testing::Test::HasFatalFailure() || failures_ > 20) break;
            if (!core_->in_hand()) {
                now_ += 5s;
                handle(core_->start_hand(now_));
                continue;
            }
            step();
        }
        EXPECT_TRUE(core_ && core_->finished()) << "the tournament did not end";
        if (core_) {
            EXPECT_EQ(core_->tournament().standings().size(), clients_.size());
        }
        return tally_;
    }

  private:
    void join(PolaccoClient& c) {
        const PolaccoSnapshot s = core_->snapshot_for(viewer_of(c.who), now_);
        c.view = s.view;
        c.last_seq = s.seq;
    }
    bool chance(int percent) { return players_rng_.uniform_below(100) < static_cast<std::uint64_t>(percent); }

    void step() {
        PolaccoClient* mover = nullptr;
        for (auto& [id, c] : clients_)
            if (c.view && c.view->legal && c.view->to_act == id) mover = &c;
        ASSERT_NE(mover, nullptr) << "a hand in play with nobody told it is his turn";
        const view::PolaccoView& v = *mover->view;
        if (chance(4)) {  // the turn clock runs out
            ASSERT_TRUE(timer_.has_value());
            now_ = std::max(now_, timer_->at);
            ++tally_.timeouts;
            handle(core_->on_clock_expiry(timer_->hand, timer_->decision, now_));
            return;
        }
        now_ += Millis{static_cast<std::int64_t>(players_rng_.uniform_below(25'000))};
        const PolaccoAction action{mover->who, v.hand_number, v.decision, choose(*v.legal)};
        const PolaccoEffects effects = core_->on_action(action, now_);
        for (const auto& e : effects)
            if (const auto* r = std::get_if<PolaccoRefused>(&e)) {
                ADD_FAILURE() << "a legal action was refused: " << r->message;
                ++failures_;
            }
        ++tally_.actions;
        handle(effects);
        if (chance(10)) expect_refused(action);  // sent twice
    }

    void expect_refused(const PolaccoAction& action) {
        const Sequence seq = core_->seq();
        const PolaccoEffects again = core_->on_action(action, now_);
        ASSERT_EQ(again.size(), 1u);
        EXPECT_TRUE(std::holds_alternative<PolaccoRefused>(again[0]));
        EXPECT_EQ(core_->seq(), seq);
        ++tally_.refused;
        check_views();
    }

    PolaccoCommand choose(const polacco::LegalActions& legal) {
        if (legal.choose_direction)
            return ChooseDirection{chance(50) ? polacco::Direction::Clockwise
                                              : polacco::Direction::Anticlockwise};
        if (legal.pass && chance(10)) return PassTurn{};
        if (legal.declare && legal.lowest_declaration && (!legal.doubt || chance(60))) {
            const int step =
                std::min(legal.lowest_declaration->step() + static_cast<int>(players_rng_.uniform_below(4)),
                         polacco::kLadderSteps - 1);
            if (auto p = polacco::Punto::from_step(step); p && *p >= *legal.lowest_declaration)
                return Declare{*p};
            return Declare{*legal.lowest_declaration};
        }
        return Doubt{};
    }

    void handle(const PolaccoEffects& effects) {
        for (const PolaccoEffect& e : effects) {
            for (auto& [id, c] : clients_)
                c.take(e);
            observers_.take(e);
            if (const auto* p = std::get_if<PolaccoPublish>(&e); p && !p->clock)
                hand_publishes_.push_back(*p);
            if (const auto* t = std::get_if<ArmTimer>(&e)) timer_ = *t;
            if (const auto* f = std::get_if<PolaccoHandFinished>(&e)) hand_finished(*f);
        }
        check_views();
    }

    void check_views() {
        const polacco::Table* t = core_->table();
        if (t == nullptr) return;
        for (const auto& seat : t->seats()) {
            PolaccoClient& c = clients_[seat.player];
            const PolaccoSnapshot s = core_->snapshot_for(viewer_of(seat.player), now_);
            if (!c.view || !(s.view == *c.view) || s.seq != c.last_seq) {
                ADD_FAILURE() << "player " << seat.player
                              << ": the folded view differs from the snapshot at seq " << s.seq;
                ++failures_;
                c.view = s.view;
                c.last_seq = s.seq;
            }
            EXPECT_EQ(c.gaps, 0);
        }
        const PolaccoSnapshot s = core_->snapshot_for(viewer_of(kObserver), now_);
        if (!observers_.view || !(s.view == *observers_.view)) {
            ADD_FAILURE() << "observers: the folded view differs from the snapshot at seq " << s.seq;
            ++failures_;
            observers_.view = s.view;
        }
    }

    void hand_finished(const PolaccoHandFinished& f) {
        ++tally_.hands;
        // Issue 10 item 7: every hand of the tournament was dealt from the seed it reveals.
        const auto seed = fairness::seed_from_hex(f.shuffle.seed);
        EXPECT_TRUE(seed.has_value());
        if (seed) {
            const fairness::Verdict v =
                fairness::verify_polacco_hand(*seed, f.shuffle.commitment, f.setup, f.events);
            EXPECT_TRUE(v.verified) << "hand " << f.hand << ": " << v.failure.reason;
        }
        EXPECT_EQ(f.events.size(), hand_publishes_.size());
        Truth truth;
        for (std::size_t i = 0; i < std::min(f.events.size(), hand_publishes_.size()); ++i) {
            truth.learn(f.events[i]);
            for (const PolaccoCopy& c : hand_publishes_[i].copies) {
                std::vector<PolaccoPlayer> who = c.to.players;
                if (c.to.observers) who.push_back(kObserver);
                for (PolaccoPlayer w : who) {
                    EXPECT_TRUE(is_projection_for(c.seen, f.events[i], w))
                        << "event " << i << " viewer " << w;
                    for (Card card : cards_in(c.seen))
                        if (!truth.may_receive(card, w)) {
                            ADD_FAILURE() << "viewer " << w << " received " << card.to_string();
                            ++failures_;
                        }
                }
            }
        }
        hand_publishes_.clear();
    }

    engine::SeededRandom rng_;
    engine::SeededRandom players_rng_;
    std::optional<PolaccoCore> core_;
    std::map<PolaccoPlayer, PolaccoClient> clients_;
    PolaccoClient observers_;
    std::vector<PolaccoPublish> hand_publishes_;
    std::optional<ArmTimer> timer_;
    Millis now_{0};
    int failures_ = 0;
    Tally tally_;
};

TEST(PolaccoCore,
     rules_8_9_sit_and_go_played_to_one_winner_every_viewer_sees_only_what_he_may_and_folds_the_snapshot) {
    Tally total;
    for (int players : {7, 4, 2}) {
        for (std::uint64_t seed = 1; seed <= 3 && !::testing::Test::HasFailure(); ++seed) {
            PolaccoSitAndGo sng(players, seed);
            const Tally t = sng.play();
            EXPECT_GE(t.hands, 4 * (players - 1))
                << "a player is eliminated at his sixth card, his fourth penalty";
            total.actions += t.actions;
            total.timeouts += t.timeouts;
            total.refused += t.refused;
        }
    }
    EXPECT_GT(total.actions, 200);
    EXPECT_GT(total.timeouts, 5);
    EXPECT_GT(total.refused, 10);
}

// A table of three, hand 1 dealt, for the single-input tests.
struct ThreePlayers {
    engine::SeededRandom rng{5};
    std::optional<PolaccoCore> core;
    PolaccoEffects started;
    ThreePlayers() {
        auto c = PolaccoCore::start({11, 12, 13}, polacco::TournamentConfig{}, rng);
        EXPECT_TRUE(c.has_value());
        if (c) core.emplace(std::move(*c));
        if (core) started = core->start_hand(0ms);
    }
    PolaccoAction to_act(PolaccoCommand command) const {
        const polacco::Hand& h = *core->hand();
        return PolaccoAction{h.to_act(), h.hand_number(), h.decision(), command};
    }
};

TEST(PolaccoCore, rules_9_stale_duplicated_and_out_of_turn_actions_are_refused_and_change_nothing) {
    ThreePlayers t;
    ASSERT_TRUE(t.core && t.core->in_hand());
    const PolaccoAction first = t.to_act(ChooseDirection{polacco::Direction::Clockwise});
    auto refused = [&](const PolaccoAction& a) -> std::optional<PolaccoRefused> {
        const Sequence seq = t.core->seq();
        const auto before = t.core->snapshot_for(view::PolaccoViewer::player(a.player), 0ms);
        const PolaccoEffects e = t.core->on_action(a, 0ms);
        EXPECT_EQ(t.core->seq(), seq);
        EXPECT_TRUE(t.core->snapshot_for(view::PolaccoViewer::player(a.player), 0ms).view == before.view);
        if (e.size() != 1 || !std::holds_alternative<PolaccoRefused>(e[0])) return std::nullopt;
        return std::get<PolaccoRefused>(e[0]);
    };
    PolaccoAction stale_hand = first;
    stale_hand.hand += 1;
    const auto r1 = refused(stale_hand);
    ASSERT_TRUE(r1.has_value());
    EXPECT_EQ(r1->refusal, Refusal::StaleHand);
    PolaccoAction other = first;
    other.player = first.player == 11 ? 12 : 11;
    const auto r2 = refused(other);
    ASSERT_TRUE(r2.has_value());
    EXPECT_EQ(r2->error, polacco::PolaccoError::NotYourTurn);
    EXPECT_FALSE(std::get_if<PolaccoRefused>(&t.core->on_action(first, 0ms).front()));
    const auto r3 = refused(first);  // the same action again
    ASSERT_TRUE(r3.has_value());
    EXPECT_EQ(r3->error, polacco::PolaccoError::StaleDecision);
    EXPECT_EQ(r3->message, engine::stale_decision_message(first.decision, first.decision + 1));
}

TEST(PolaccoCore, rules_9_the_turn_clock_declares_for_the_opening_speaker_and_doubts_for_the_others) {
    ThreePlayers t;
    ASSERT_TRUE(t.core && t.core->in_hand());
    std::optional<ArmTimer> timer;
    for (const auto& e : t.started)
        if (const auto* a = std::get_if<ArmTimer>(&e)) timer = *a;
    ASSERT_TRUE(timer.has_value());
    EXPECT_EQ(timer->at, 30s);  // §9: 30 s a turn, no time bank
    EXPECT_TRUE(t.core->on_clock_expiry(timer->hand, timer->decision + 1, 30s).empty());  // stale
    const PolaccoEffects opened = t.core->on_clock_expiry(timer->hand, timer->decision, 30s);
    bool declared = false;
    for (const auto& e : opened)
        if (const auto* p = std::get_if<PolaccoPublish>(&e))
            if (const auto* d = std::get_if<polacco::Declared>(&p->copies.front().seen)) {
                declared = true;
                EXPECT_TRUE(d->by_timeout);
                EXPECT_EQ(d->punto, polacco::Punto::lowest());
            }
    EXPECT_TRUE(declared);
    const ClockView clock = t.core->snapshot_for(view::PolaccoViewer::observer(), 40s).clock;
    EXPECT_EQ(clock.base_left, 20s);
    const PolaccoEffects doubted = t.core->on_clock_expiry(clock.hand, clock.decision, 60s);
    bool doubt = false;
    for (const auto& e : doubted)
        if (const auto* p = std::get_if<PolaccoPublish>(&e))
            if (const auto* d = std::get_if<polacco::Doubted>(&p->copies.front().seen)) doubt = d->by_timeout;
    EXPECT_TRUE(doubt);
    EXPECT_FALSE(t.core->in_hand());
}

TEST(PolaccoCore, rules_5_9_a_player_away_keeps_his_seat_and_his_clock_runs_on) {
    ThreePlayers t;
    ASSERT_TRUE(t.core && t.core->in_hand());
    const PolaccoPlayer away = t.core->hand()->to_act();
    const PolaccoEffects gone = t.core->set_disconnected(away, true);
    ASSERT_EQ(gone.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<PolaccoSeatStatus>(gone[0]));
    EXPECT_TRUE(std::get<PolaccoSeatStatus>(gone[0]).disconnected);
    EXPECT_TRUE(t.core->set_disconnected(away, true).empty());  // no change, no message
    const PolaccoSnapshot s = t.core->snapshot_for(view::PolaccoViewer::player(away), 10s);
    EXPECT_EQ(s.disconnected, std::vector<PolaccoPlayer>{away});
    EXPECT_EQ(s.clock.player, away);
    EXPECT_EQ(s.clock.base_left, 20s);      // his clock ran while he was away
    ASSERT_TRUE(s.view.legal.has_value());  // and his turn waits for him
    const PolaccoEffects wrong = t.core->set_disconnected(99, true);
    ASSERT_EQ(wrong.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<PolaccoRefused>(wrong[0]));
    EXPECT_EQ(std::get<PolaccoSeatStatus>(t.core->set_disconnected(away, false).at(0)).disconnected, false);
    EXPECT_TRUE(t.core->snapshot_for(view::PolaccoViewer::observer(), 10s).disconnected.empty());
}

}  // namespace
}  // namespace tavolo::server::table
