// The live table core, driven directly (no sockets, no sleeps: time is an input): refused actions
// change nothing, the action clock and time bank of RULES.md §5, sitting out, reconnects.
#include <gtest/gtest.h>

#include <functional>

#include "tests/server/table_core_support.hpp"

namespace tavolo::server::table {
namespace {

using namespace std::chrono_literals;
using engine::Acted;
using engine::Action;
using engine::RuleError;
using engine::SeatIndex;
using testing::all_of;
using testing::entrant_at;
using testing::OpenedTable;

// The hand events published in `effects`, as observers received them.
std::vector<engine::view::PokerSeen> observed(const Effects& effects) {
    std::vector<engine::view::PokerSeen> out;
    for (const auto& p : all_of<Publish>(effects))
        for (const Copy& c : p.copies)
            if (c.to.observers) out.push_back(c.seen);
    return out;
}
std::vector<Acted> acted(const Effects& effects) {
    std::vector<Acted> out;
    for (const auto& seen : observed(effects))
        if (const auto* a = std::get_if<Acted>(&seen)) out.push_back(*a);
    return out;
}
// The decisions the clock ran for, by seat.
std::vector<SeatIndex> clocked(const Effects& effects) {
    std::vector<SeatIndex> out;
    for (const auto& p : all_of<Publish>(effects))
        if (p.clock) out.push_back(p.clock->seat);
    return out;
}

// Plays the hand in play to its end: each player checks or calls (stands pat in the draw), except
// those `lets_clock_run(seat)` names, whose clock runs out.
Effects play_out(OpenedTable& t, const std::function<bool(SeatIndex)>& lets_clock_run) {
    Effects all;
    for (int guard = 0; t.core.in_hand() && guard < 200; ++guard) {
        const ClockView clock = t.core.clock_at(t.now);
        EXPECT_NE(clock.seat, engine::kNoSeat) << "a hand in play waits for a clocked decision";
        if (clock.seat == engine::kNoSeat) break;
        Effects e;
        if (lets_clock_run(clock.seat)) {
            t.now = clock.expires_at;
            e = t.core.on_clock_expiry(clock.hand, clock.decision, t.now);
        } else {
            const auto legal = t.core.hand().legal_actions();
            const engine::Command c = legal.drawing     ? engine::Command{engine::Discard{}}
                                      : legal.may_check ? engine::Command{engine::Check{}}
                                                        : engine::Command{engine::Call{}};
            t.now += 1s;
            e = t.act(c);
        }
        all.insert(all.end(), e.begin(), e.end());
    }
    return all;
}

// ---- refused actions: each gets its error, and nothing changes ----

// An input that must be refused: its effects, and whether every view, the clock and the chips stayed as they
// were.
struct Attempt {
    Effects effects;
    bool unchanged = false;
};
Attempt try_refused(OpenedTable& t, const PlayerAction& a) {
    const auto before = t.snapshots();
    const engine::Chips chips = t.core.hand().total_chips();
    Attempt r{t.core.on_action(a, t.now), false};
    r.unchanged = testing::same_snapshots(before, t.snapshots()) && chips == t.core.hand().total_chips();
    return r;
}

TEST(TableCore, rules_5_an_action_naming_a_stale_hand_is_refused_and_changes_nothing) {
    OpenedTable t(3);
    t.start(1);
    PlayerAction a = t.action(engine::Call{});
    a.hand = 0;
    const auto r = try_refused(t, a);
    ASSERT_EQ(r.effects.size(), 1u);
    const auto refused = all_of<Refused>(r.effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::StaleHand);
    EXPECT_NE(refused[0].message.find("hand 1"), std::string::npos) << refused[0].message;
    EXPECT_TRUE(r.unchanged);
}

TEST(TableCore, rules_5_an_action_naming_a_stale_decision_is_refused_and_changes_nothing) {
    OpenedTable t(3);
    t.start(1);
    t.act(engine::Call{});
    PlayerAction a = t.action(engine::Call{});
    a.decision -= 1;
    const auto r = try_refused(t, a);
    const auto refused = all_of<Refused>(r.effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::Rule);
    EXPECT_EQ(refused[0].rule, RuleError::StaleDecision);
    EXPECT_EQ(refused[0].message, engine::stale_decision_message(1, 2));
    EXPECT_TRUE(r.unchanged);
}

TEST(TableCore, rules_5_a_duplicated_action_is_applied_once) {
    OpenedTable t(3);
    t.start(1);
    const PlayerAction a = t.action(engine::Call{});
    const Effects first = t.core.on_action(a, t.now);
    ASSERT_TRUE(all_of<Refused>(first).empty());
    ASSERT_EQ(acted(first).size(), 1u);
    const auto again = try_refused(t, a);  // a double click, or a resend after a reconnect
    const auto refused = all_of<Refused>(again.effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].rule, RuleError::StaleDecision);
    EXPECT_TRUE(again.unchanged);
    EXPECT_EQ(t.core.hand().decision(), 2);
}

TEST(TableCore, rules_8_an_action_for_another_players_seat_is_refused_and_changes_nothing) {
    OpenedTable t(3);
    t.start(1);
    PlayerAction a = t.action(engine::Fold{});
    a.entrant = entrant_at((a.seat + 1) % 3);  // someone else's session names the seat to act
    const auto r = try_refused(t, a);
    const auto refused = all_of<Refused>(r.effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::WrongSeat);
    EXPECT_TRUE(r.unchanged);
}

TEST(TableCore, rules_2_an_action_out_of_turn_is_refused_and_changes_nothing) {
    OpenedTable t(3);
    t.start(1);
    PlayerAction a = t.action(engine::Fold{});
    a.seat = (a.seat + 1) % 3;  // his own seat, the current decision, but not his turn
    a.entrant = entrant_at(a.seat);
    const auto r = try_refused(t, a);
    const auto refused = all_of<Refused>(r.effects);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].rule, RuleError::NotYourTurn);
    EXPECT_EQ(refused[0].message, engine::describe(RuleError::NotYourTurn));
    EXPECT_TRUE(r.unchanged);
}

TEST(TableCore, rules_2_amounts_out_of_range_are_refused_and_change_nothing) {
    OpenedTable t(3, engine::Variant::Holdem, engine::Betting::PotLimit);
    t.start(1);
    const auto legal = t.core.hand().legal_actions();
    ASSERT_TRUE(legal.may_bet_or_raise);
    const auto above = try_refused(t, t.action(engine::BetOrRaiseTo{legal.max_to + 1}));
    ASSERT_EQ(all_of<Refused>(above.effects).size(), 1u);
    EXPECT_EQ(all_of<Refused>(above.effects)[0].rule, RuleError::AboveMaximum);
    EXPECT_TRUE(above.unchanged);
    const auto below = try_refused(t, t.action(engine::BetOrRaiseTo{legal.min_to - 1}));
    ASSERT_EQ(all_of<Refused>(below.effects).size(), 1u);
    EXPECT_EQ(all_of<Refused>(below.effects)[0].rule, RuleError::BelowMinimum);
    EXPECT_TRUE(below.unchanged);
    // The amounts in range are taken.
    EXPECT_TRUE(all_of<Refused>(t.act(engine::BetOrRaiseTo{legal.max_to})).empty());
}

TEST(TableCore, rules_5_a_timeout_is_the_clocks_command_never_a_players) {
    OpenedTable t(3);
    t.start(1);
    const auto r = try_refused(t, t.action(engine::Timeout{}));
    ASSERT_EQ(all_of<Refused>(r.effects).size(), 1u);
    EXPECT_EQ(all_of<Refused>(r.effects)[0].refusal, Refusal::ClockOnly);
    EXPECT_TRUE(r.unchanged);
}

TEST(TableCore, an_action_between_hands_is_refused) {
    OpenedTable t(3);
    const auto refused =
        all_of<Refused>(t.core.on_action(PlayerAction{entrant_at(0), 0, 1, 1, engine::Check{}}, t.now));
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::NoHandInPlay);
}

// ---- the action clock (RULES.md §5) ----

TEST(TableCore, rules_5_the_clock_runs_out_a_player_facing_a_bet_is_folded) {
    OpenedTable t(3);
    const Effects started = t.start(1);
    const auto timers = all_of<ArmTimer>(started);
    ASSERT_EQ(timers.size(), 1u);
    const SeatIndex first = t.core.hand().to_act();
    // base 30 s + time bank 60 s + final warning 10 s, from the moment he is asked (now = 0).
    EXPECT_EQ(timers[0].at, 100s);
    EXPECT_EQ(timers[0].decision, 1);
    // A timer that fires early is re-armed, and nothing happens.
    const Effects early = t.core.on_clock_expiry(1, 1, 99s);
    ASSERT_EQ(early.size(), 1u);
    EXPECT_EQ(std::get<ArmTimer>(early[0]).at, 100s);
    t.now = 100s;
    const auto folded = acted(t.core.on_clock_expiry(1, 1, t.now));
    ASSERT_EQ(folded.size(), 1u);
    EXPECT_EQ(folded[0].seat, first);
    EXPECT_EQ(folded[0].action, Action::Fold);
    EXPECT_TRUE(folded[0].automatic);
    EXPECT_TRUE(t.core.hand().folded(first));
}

TEST(TableCore, rules_5_the_clock_runs_out_when_checking_is_free_the_player_checks) {
    OpenedTable t(3);
    t.start(1);
    t.act(engine::Call{});
    t.act(engine::Call{});  // the small blind completes: the big blind may check
    const ClockView clock = t.core.clock_at(t.now);
    ASSERT_TRUE(t.core.hand().legal_actions().may_check);
    t.now = clock.expires_at;
    const auto checked = acted(t.core.on_clock_expiry(clock.hand, clock.decision, t.now));
    ASSERT_GE(checked.size(), 1u);
    EXPECT_EQ(checked[0].seat, clock.seat);
    EXPECT_EQ(checked[0].action, Action::Check);
    EXPECT_FALSE(t.core.hand().folded(clock.seat));
}

TEST(TableCore, rules_5_an_expiry_after_the_player_acted_is_stale_and_ignored) {
    OpenedTable t(3);
    const auto timer = all_of<ArmTimer>(t.start(1)).at(0);
    t.now = 5s;
    t.act(engine::Call{});
    const auto before = t.snapshots();
    EXPECT_TRUE(t.core.on_clock_expiry(timer.hand, timer.decision, timer.at).empty());
    EXPECT_TRUE(testing::same_snapshots(before, t.snapshots()));
    EXPECT_TRUE(t.core.on_clock_expiry(timer.hand + 1, t.core.hand().decision(), 1000s).empty());
}

TEST(TableCore, rules_5_the_time_bank_runs_after_the_base_time_and_is_topped_up_at_each_level) {
    OpenedTable t(3);
    t.start(1);
    const SeatIndex seat = t.core.hand().to_act();
    t.now = 40s;  // 10 s into his bank
    const TableSnapshot mid = t.core.snapshot_for(testing::viewer_of(seat), t.now);
    EXPECT_EQ(mid.clock.base_left, 0s);
    EXPECT_EQ(mid.clock.bank_left, 50s);
    EXPECT_EQ(mid.clock.warning_left, 10s);
    ASSERT_TRUE(mid.own_time_bank.has_value());
    EXPECT_EQ(*mid.own_time_bank, 50s);
    EXPECT_EQ(*t.core.snapshot_for(testing::viewer_of((seat + 1) % 3), t.now).own_time_bank, 60s);
    t.now = 45s;
    t.act(engine::Call{});
    EXPECT_EQ(t.core.time_bank(entrant_at(seat)).left(), 45s);
    // A new level adds 10 s to every bank, up to 120 s; the same level again adds nothing.
    t.core.on_director(OpenedTable::level(2, 20, 40), t.now);
    EXPECT_EQ(t.core.time_bank(entrant_at(seat)).left(), 55s);
    EXPECT_EQ(t.core.time_bank(entrant_at((seat + 1) % 3)).left(), 70s);
    t.core.on_director(OpenedTable::level(2, 20, 40), t.now);
    EXPECT_EQ(t.core.time_bank(entrant_at(seat)).left(), 55s);
    for (int level = 3; level < 12; ++level)
        t.core.on_director(OpenedTable::level(level, 20, 40), t.now);
    EXPECT_EQ(t.core.time_bank(entrant_at(seat)).left(), 120s);
    // His next decision's clock counts his whole bank.
    play_out(t, [](SeatIndex) { return false; });
    const Effects next = t.start(2);
    const ClockView clock = t.core.clock_at(t.now);
    ASSERT_EQ(all_of<ArmTimer>(next).size(), 1u);
    EXPECT_EQ(all_of<ArmTimer>(next)[0].at,
              t.now + 30s + t.core.time_bank(t.core.table().table().at(clock.seat).entrant).left() + 10s);
}

TEST(TableCore, rules_5_a_timeout_spends_the_whole_time_bank) {
    OpenedTable t(3);
    t.start(1);
    const SeatIndex seat = t.core.hand().to_act();
    t.now = 100s;
    t.core.on_clock_expiry(1, 1, t.now);
    EXPECT_EQ(t.core.time_bank(entrant_at(seat)).left(), 0s);
}

TEST(
    TableCore,
    rules_4_5_repeated_timeouts_sit_the_player_out_his_blinds_are_posted_and_hands_folded_until_he_sits_back_in) {
    OpenedTable t(3);
    constexpr SeatIndex kSlow = 1;
    Effects all;
    engine::HandId hand = 0;
    // He lets the clock run out until he is sat out (one timeout is forgiven).
    int timeouts = 0;
    while (!t.core.table().table().at(kSlow).sitting_out && hand < 10) {
        t.start(++hand);
        const Effects e = play_out(t, [&](SeatIndex s) {
            if (s != kSlow) return false;
            ++timeouts;  // his clock ran out
            return true;
        });
        all.insert(all.end(), e.begin(), e.end());
    }
    ASSERT_TRUE(t.core.table().table().at(kSlow).sitting_out);
    EXPECT_TRUE(t.core.snapshot_for(engine::view::PokerViewer::observer(), t.now).seat_sitting_out[kSlow]);
    EXPECT_EQ(timeouts, TableCore::kTimeoutsToSitOut);
    const auto status = all_of<SeatStatus>(all);
    ASSERT_EQ(status.size(), 1u);
    EXPECT_EQ(status[0].seat, kSlow);
    EXPECT_EQ(status[0].reason, StatusReason::RepeatedTimeouts);
    // Sitting out: dealt in, posts his blinds, acts at once with no clock, never on the clock.
    Effects out_hands;
    for (int i = 0; i < 3; ++i) {
        const Effects s = t.start(++hand);
        out_hands.insert(out_hands.end(), s.begin(), s.end());
        const Effects e = play_out(t, [](SeatIndex) { return false; });
        out_hands.insert(out_hands.end(), e.begin(), e.end());
    }
    int blinds = 0;
    for (const auto& seen : observed(out_hands))
        if (const auto* b = std::get_if<engine::BlindPosted>(&seen); b && b->seat == kSlow) ++blinds;
    EXPECT_GE(blinds, 2);  // three hands at three players: two blinds
    int his_actions = 0;
    for (const auto& a : acted(out_hands)) {
        if (a.seat != kSlow) continue;
        ++his_actions;
        EXPECT_TRUE(a.automatic);
    }
    EXPECT_GE(his_actions, 1);
    for (SeatIndex s : clocked(out_hands))
        EXPECT_NE(s, kSlow);
    // He sits back in: from the next hand he is on the clock again.
    const auto back = all_of<SeatStatus>(t.core.set_sitting_out(entrant_at(kSlow), kSlow, false, t.now));
    ASSERT_EQ(back.size(), 1u);
    EXPECT_FALSE(back[0].sitting_out);
    Effects in_hands;
    for (int i = 0; i < 3; ++i) {
        const Effects s = t.start(++hand);
        in_hands.insert(in_hands.end(), s.begin(), s.end());
        const Effects e = play_out(t, [](SeatIndex) { return false; });
        in_hands.insert(in_hands.end(), e.begin(), e.end());
    }
    const auto on_clock = clocked(in_hands);
    EXPECT_NE(std::find(on_clock.begin(), on_clock.end(), kSlow), on_clock.end());
}

TEST(TableCore, rules_4_sitting_out_on_ones_own_turn_folds_at_once) {
    OpenedTable t(3);
    t.start(1);
    const SeatIndex seat = t.core.hand().to_act();
    const Effects e = t.core.set_sitting_out(entrant_at(seat), seat, true, t.now);
    const auto a = acted(e);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].seat, seat);
    EXPECT_EQ(a[0].action, Action::Fold);
    EXPECT_NE(t.core.hand().to_act(), seat);
    // Someone else cannot sit him out.
    const auto refused =
        all_of<Refused>(t.core.set_sitting_out(entrant_at(seat), (seat + 1) % 3, true, t.now));
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::WrongSeat);
}

// ---- reconnect (RULES.md §5, §8) ----

TEST(TableCore, rules_5_a_reconnect_mid_hand_gets_the_view_folded_from_every_event_and_his_clock_ran_on) {
    OpenedTable t(4, engine::Variant::FiveCardStud, engine::Betting::Limit, 11);
    constexpr SeatIndex kAway = 2;
    testing::Client stayed;  // the same player had he never left
    stayed.who = kAway;
    stayed.join(t.core.snapshot_for(testing::viewer_of(kAway), t.now));
    auto feed = [&](const Effects& effects) {
        for (const Effect& e : effects)
            stayed.take(e);
    };
    feed(t.start(1));
    feed(t.act(engine::Call{}));
    const auto gone = all_of<SeatStatus>(t.core.set_disconnected(entrant_at(kAway), kAway, true));
    ASSERT_EQ(gone.size(), 1u);
    EXPECT_TRUE(gone[0].disconnected);
    feed({SeatStatus{gone[0]}});
    EXPECT_TRUE(t.core.snapshot_for(testing::viewer_of(0), t.now).seat_disconnected[kAway]);
    // While he is away the hand goes on; on his turn his clock runs (it is not skipped).
    bool his_clock_ran = false;
    for (int i = 0; i < 12 && t.core.in_hand(); ++i) {
        const ClockView clock = t.core.clock_at(t.now);
        if (clock.seat == kAway) {
            his_clock_ran = true;
            t.now += 20s;
            break;
        }
        t.now += 1s;
        const auto legal = t.core.hand().legal_actions();
        feed(t.act(legal.may_check ? engine::Command{engine::Check{}} : engine::Command{engine::Call{}}));
    }
    ASSERT_TRUE(his_clock_ran);
    ASSERT_TRUE(t.core.in_hand());
    const Effects back = t.core.set_disconnected(entrant_at(kAway), kAway, false);
    feed(back);
    const TableSnapshot snapshot = t.core.snapshot_for(testing::viewer_of(kAway), t.now);
    ASSERT_TRUE(stayed.view.has_value());
    EXPECT_TRUE(snapshot.view == *stayed.view);
    EXPECT_EQ(snapshot.seq, stayed.last_seq);
    EXPECT_FALSE(snapshot.seat_disconnected[kAway]);
    EXPECT_EQ(stayed.gaps, 0);
    // He is to act, with 10 s of base time left, his legal actions, and his cards.
    EXPECT_EQ(snapshot.clock.seat, kAway);
    EXPECT_EQ(snapshot.clock.base_left, 10s);
    ASSERT_TRUE(snapshot.view.legal.has_value());
    EXPECT_GT(snapshot.view.seats[kAway].card_count, 0);
    for (int i = 0; i < snapshot.view.seats[kAway].card_count; ++i)
        EXPECT_TRUE(snapshot.view.seats[kAway].cards[static_cast<std::size_t>(i)].has_value());
    // And he acts on it.
    const PlayerAction a{entrant_at(kAway), kAway, snapshot.view.hand_id, snapshot.view.decision,
                         engine::Call{}};
    EXPECT_TRUE(all_of<Refused>(t.core.on_action(a, t.now)).empty());
}

TEST(TableCore, rules_8_an_observer_joining_mid_hand_sees_no_hole_card) {
    OpenedTable t(3);
    t.start(1);
    t.act(engine::Call{});
    const TableSnapshot s = t.core.snapshot_for(engine::view::PokerViewer::observer(), t.now);
    EXPECT_FALSE(s.own_time_bank.has_value());
    EXPECT_FALSE(s.view.legal.has_value());
    for (const auto& seat : s.view.seats)
        for (int i = 0; i < seat.card_count; ++i)
            EXPECT_FALSE(seat.cards[static_cast<std::size_t>(i)].has_value());
}

// ---- the director's messages ----

TEST(TableCore, rules_6_a_director_message_that_cannot_apply_is_refused_and_changes_nothing) {
    OpenedTable t(3);
    t.start(1);
    const auto before = t.snapshots();
    // A move during a hand: the table refuses it (the director moves players between hands only).
    const auto refused = all_of<DirectorMessageRefused>(
        t.core.on_director(engine::StandUp{0, 1, entrant_at(1), 1, false}, t.now));
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].error.problem, engine::ApplyProblem::TableRefused);
    EXPECT_EQ(refused[0].error.table, engine::TableError::HandInProgress);
    EXPECT_FALSE(refused[0].message.empty());
    EXPECT_TRUE(testing::same_snapshots(before, t.snapshots()));
    // A message for another table.
    EXPECT_EQ(
        all_of<DirectorMessageRefused>(t.core.on_director(engine::StartHand{3, 2, false}, t.now)).size(), 1u);
}

TEST(TableCore, rules_6_a_start_hand_before_any_level_is_refused) {
    engine::SeededRandom rng(3);
    TableCore core(0, rng);
    engine::OpenTable open{0, 6, engine::Variant::Holdem, engine::Betting::NoLimit,
                           testing::players(3, 1000)};
    ASSERT_TRUE(all_of<DirectorMessageRefused>(core.on_director(open, Millis{0})).empty());
    const auto refused =
        all_of<DirectorMessageRefused>(core.on_director(engine::StartHand{0, 1, false}, Millis{0}));
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_NE(refused[0].message.find("SetLevel"), std::string::npos);
    EXPECT_FALSE(core.in_hand());
    EXPECT_FALSE(core.table().hand_to_start().has_value());  // nothing taken from it
}

TEST(TableCore, rules_6_a_move_between_hands_gives_everyone_a_fresh_view_and_the_arrival_a_time_bank) {
    OpenedTable t(3);
    const Effects opened = t.core.on_director(OpenedTable::level(2, 10, 20), t.now);  // +10 s for the seated
    EXPECT_TRUE(opened.empty());
    const Effects left = t.core.on_director(engine::StandUp{0, 2, entrant_at(2), 1, false}, t.now);
    ASSERT_EQ(all_of<TableViews>(left).size(), 1u);
    EXPECT_EQ(all_of<TableViews>(left)[0].views.size(), 3u);  // the two left and the observers
    engine::TablePlayer arrival;
    arrival.entrant = 500;
    arrival.stack = 2000;
    const Effects arrived = t.core.on_director(engine::SeatPlayer{0, 4, arrival, 2, false}, t.now);
    const auto views = all_of<TableViews>(arrived);
    ASSERT_EQ(views.size(), 1u);
    ASSERT_EQ(views[0].views.size(), 4u);
    const auto& [to, seen_by_arrival] = views[0].views[2];
    ASSERT_EQ(to.seats, std::vector<engine::SeatIndex>{4});
    EXPECT_EQ(seen_by_arrival.seats[4].entrant, 500);
    EXPECT_EQ(seen_by_arrival.seats[4].stack, 2000);
    EXPECT_EQ(t.core.time_bank(500).left(), std::chrono::seconds(60));
    EXPECT_EQ(t.core.time_bank(entrant_at(0)).left(), std::chrono::seconds(70));
}

TEST(TableCore, rules_5_only_the_seated_player_reports_his_own_connection) {
    OpenedTable t(3);
    const auto refused = all_of<Refused>(t.core.set_disconnected(entrant_at(0), 1, true));
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0].refusal, Refusal::WrongSeat);
    EXPECT_FALSE(t.core.disconnected(1));
    EXPECT_EQ(all_of<SeatStatus>(t.core.set_disconnected(entrant_at(1), 1, true)).size(), 1u);
    EXPECT_TRUE(t.core.set_disconnected(entrant_at(1), 1, true).empty());  // no change, no message
    EXPECT_TRUE(t.core.disconnected(1));
}

}  // namespace
}  // namespace tavolo::server::table
