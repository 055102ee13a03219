// Requests to a live poker table through the registry (server/table/README.md): reattach mid-hand,
// stale and misaddressed actions, and the graceful stop (issue 10 items 6 and 11). A heads-up
// hold'em Sit&Go at a slow game clock, one player's decision held back by the test.
#include <gtest/gtest.h>

#include "tests/server/actors/actors_support.hpp"
#include "tests/server/actors/scripted_players.hpp"

namespace tavolo::server::actors::testing {
namespace {

constexpr double kSlow = 5.0;  // the action clock (30 s + 60 s bank) lasts 18 s: the test never meets it

// The first decision of `account` with a number of at least `from`, held back for the test.
struct HeldDecision {
    v1::TableEvent event;
    std::uint64_t seq = 0;
    session::AccountIdValue account = 0;
};

class HeldTable {
  public:
    HeldTable(Harness& h, session::AccountIdValue account, std::int64_t from)
        : h_(h), players_(h, 21, 0), account_(account), from_(from) {
        players_.hold = [this](session::AccountIdValue who, const v1::TableEvent& e) {
            {
                std::lock_guard lock(mutex_);
                if (held_ || who != account_ || e.poker_decision().decision() < from_) return false;
                held_ = HeldDecision{e, 0, who};
            }
            h_.outbox.poke();
            return true;
        };
    }
    // Waits for the held decision; its sequence number from the log.
    std::optional<HeldDecision> wait() {
        bool ok = h_.outbox.wait([&](const std::vector<Received>&) {
            std::lock_guard lock(mutex_);
            return held_.has_value();
        });
        if (!ok) return std::nullopt;
        std::lock_guard lock(mutex_);
        for (const Received& r : h_.outbox.log())
            if (r.account == account_ && r.message.has_table_event() &&
                r.message.table_event().SerializeAsString() == held_->event.SerializeAsString())
                held_->seq = r.message.table_seq();
        return held_;
    }

  private:
    Harness& h_;
    ScriptedPlayers players_;
    session::AccountIdValue account_;
    std::int64_t from_;
    std::mutex mutex_;
    std::optional<HeldDecision> held_;
};

TournamentDeclaration heads_up() {
    return default_declaration("hu", TournamentGame::Holdem, engine::TournamentKind::HeadsUp,
                               engine::Betting::NoLimit);
}

// The first frame to `session` with this request id (an answer).
std::optional<v1::ServerMessage> answer(Harness& h, SessionId session, std::uint64_t request_id) {
    std::optional<v1::ServerMessage> out;
    EXPECT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        for (const Received& r : log)
            if (r.session == session && r.message.request_id() == request_id) {
                out = r.message;
                return true;
            }
        return false;
    }));
    return out;
}

// The table messages `account` received after sequence number `after`, in order.
std::vector<v1::ServerMessage> stream_after(const std::vector<Received>& log, session::AccountIdValue account,
                                            std::uint64_t after) {
    std::vector<v1::ServerMessage> out;
    for (const Received& r : log)
        if (r.account == account && r.message.table_seq() > after && !r.message.has_chat_line())
            out.push_back(r.message);
    return out;
}

TEST(TableActorRequests, rules_5_reattach_mid_hand_gets_own_cards_and_the_stream_continues_at_seq_plus_one) {
    Harness h(kSlow);
    const auto start = h.tournament(heads_up(), 2);
    const auto me = persistence::raw(start.entrants[0].account);
    HeldTable table(h, me, 2);
    h.tournaments.start(start);
    const auto held = table.wait();
    ASSERT_TRUE(held.has_value());
    ASSERT_GT(held->seq, 0u);
    const v1::TableRef ref = held->event.table();

    // The connection goes: the others see him away (one message, seq + 1).
    ASSERT_EQ(h.registry.submit(request(me, ref, session::AwayNotice{}, 0)), session::Routed::delivered);
    // A new connection reattaches.
    auto r = request(me, ref, session::ReattachRequest{}, 9);
    r.from.session = 5555;
    ASSERT_EQ(h.registry.submit(r), session::Routed::delivered);
    const auto snapshot = answer(h, 5555, 0);
    ASSERT_TRUE(snapshot.has_value());
    ASSERT_TRUE(snapshot->has_table_snapshot());
    EXPECT_EQ(snapshot->table_seq(), held->seq + 1) << "the snapshot includes the away notice";
    const v1::TableSnapshot& s = snapshot->table_snapshot();
    ASSERT_TRUE(s.has_poker());
    EXPECT_TRUE(s.poker().in_hand());
    EXPECT_EQ(s.poker().hand(), held->event.hand());
    EXPECT_EQ(s.poker().decision(), held->event.poker_decision().decision());
    ASSERT_TRUE(s.has_clock()) << "time left on his clock";
    EXPECT_EQ(s.clock().decision(), held->event.poker_decision().decision());
    EXPECT_GT(s.clock().time_left_ms() + s.clock().time_bank_ms(), 0);
    ASSERT_GE(s.your_seat(), 0);
    int own = 0, others_faces = 0;
    for (const v1::PokerSeat& seat : s.poker().seats())
        for (const v1::SeenCard& c : seat.cards()) {
            if (seat.seat() == s.your_seat())
                own += c.has_face() ? 1 : 0;
            else
                others_faces += c.has_face() ? 1 : 0;
        }
    EXPECT_EQ(own, 2) << "his two hole cards, face up for him";
    EXPECT_EQ(others_faces, 0) << "nobody else's";

    // He acts on the decision he was waiting on: the stream goes on from the snapshot's number.
    v1::Action act = poker_action(held->event, held->event.poker_decision().decision());
    if (held->event.poker_decision().legal().may_check())
        act.mutable_poker()->mutable_check();
    else
        act.mutable_poker()->mutable_call();
    ASSERT_EQ(h.registry.submit(request(me, ref, act, 10)), session::Routed::delivered);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        return stream_after(log, me, snapshot->table_seq() + 1).size() >= 1;
    }));
    const auto after = stream_after(h.outbox.log(), me, snapshot->table_seq());
    ASSERT_GE(after.size(), 2u);
    EXPECT_EQ(after[0].table_seq(), snapshot->table_seq() + 1);
    EXPECT_TRUE(after[0].table_event().has_connection()) << "he is back: " << after[0].ShortDebugString();
    EXPECT_TRUE(after[0].table_event().connection().connected());
    EXPECT_EQ(after[1].table_seq(), snapshot->table_seq() + 2);
    ASSERT_TRUE(after[1].table_event().has_acted()) << after[1].ShortDebugString();
    EXPECT_EQ(after[1].table_event().acted().seat(), s.your_seat());
}

TEST(TableActorRequests,
     rules_5_an_older_connections_late_away_notice_does_not_show_a_reattached_player_away) {
    Harness h(kSlow);
    const auto start = h.tournament(heads_up(), 2);
    const auto me = persistence::raw(start.entrants[0].account);
    HeldTable table(h, me, 2);
    h.tournaments.start(start);
    const auto held = table.wait();
    ASSERT_TRUE(held.has_value());
    const v1::TableRef ref = held->event.table();

    // A newer connection re-attaches; then the older one's close is reported (the registry had not yet
    // moved the account to the newer connection when the older one went).
    auto reattach = request(me, ref, session::ReattachRequest{}, 9);
    reattach.from.session = 5555;
    ASSERT_EQ(h.registry.submit(reattach), session::Routed::delivered);
    const auto snapshot = answer(h, 5555, 0);
    ASSERT_TRUE(snapshot.has_value());
    ASSERT_EQ(h.registry.submit(request(me, ref, session::AwayNotice{}, 0)), session::Routed::delivered);

    v1::Action act = poker_action(held->event, held->event.poker_decision().decision());
    if (held->event.poker_decision().legal().may_check())
        act.mutable_poker()->mutable_check();
    else
        act.mutable_poker()->mutable_call();
    ASSERT_EQ(h.registry.submit(request(me, ref, act, 10)), session::Routed::delivered);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>& log) {
        for (const auto& m : stream_after(log, me, snapshot->table_seq()))
            if (m.table_event().has_acted()) return true;
        return false;
    }));
    for (const auto& m : stream_after(h.outbox.log(), me, snapshot->table_seq())) {
        if (m.table_event().has_acted()) break;
        EXPECT_FALSE(m.table_event().has_connection() && !m.table_event().connection().connected())
            << "shown away after re-attaching: " << m.ShortDebugString();
    }
}

TEST(TableActorRequests,
     protocol_a_stale_action_and_an_action_for_another_seat_are_refused_and_change_nothing) {
    Harness h(kSlow);
    const auto start = h.tournament(heads_up(), 2);
    const auto me = persistence::raw(start.entrants[0].account);
    const auto other = persistence::raw(start.entrants[1].account);
    HeldTable table(h, me, 2);
    h.tournaments.start(start);
    const auto held = table.wait();
    ASSERT_TRUE(held.has_value());
    const v1::TableRef ref = held->event.table();
    const std::int64_t decision = held->event.poker_decision().decision();

    // An old decision number (a double click, a resend after a reconnect).
    v1::Action stale = poker_action(held->event, decision - 1);
    stale.mutable_poker()->mutable_call();
    ASSERT_EQ(h.registry.submit(request(me, ref, stale, 31)), session::Routed::delivered);
    const auto refused_stale = answer(h, session_of(me), 31);
    ASSERT_TRUE(refused_stale && refused_stale->has_error());
    EXPECT_EQ(refused_stale->error().code(), v1::ERROR_CODE_STALE_DECISION)
        << refused_stale->ShortDebugString();
    EXPECT_EQ(refused_stale->table_seq(), held->seq) << "the table's sequence number, unchanged";
    EXPECT_FALSE(refused_stale->error().message().empty());

    // The other player acts on this decision: it is not his seat's turn.
    v1::Action theirs = poker_action(held->event, decision);
    theirs.mutable_poker()->mutable_fold();
    ASSERT_EQ(h.registry.submit(request(other, ref, theirs, 32)), session::Routed::delivered);
    const auto refused_other = answer(h, session_of(other), 32);
    ASSERT_TRUE(refused_other && refused_other->has_error());
    EXPECT_EQ(refused_other->error().code(), v1::ERROR_CODE_NOT_YOUR_TURN)
        << refused_other->ShortDebugString();
    EXPECT_EQ(refused_other->table_seq(), held->seq);

    // A stranger (no seat there).
    ASSERT_EQ(h.registry.submit(request(424242, ref, theirs, 33)), session::Routed::delivered);
    const auto refused_stranger = answer(h, session_of(424242), 33);
    ASSERT_TRUE(refused_stranger && refused_stranger->has_error());
    EXPECT_EQ(refused_stranger->error().code(), v1::ERROR_CODE_NOT_SEATED);

    // An unknown table is not routed at all.
    v1::TableRef nowhere = ref;
    nowhere.set_table(7);
    EXPECT_EQ(h.registry.submit(request(me, nowhere, theirs, 34)), session::Routed::unknown_table);

    // Nothing changed: no table message since the decision, and that decision is still the one to answer.
    EXPECT_TRUE(stream_after(h.outbox.log(), me, held->seq).empty());
    EXPECT_TRUE(stream_after(h.outbox.log(), other, held->seq).empty());
    v1::Action mine = poker_action(held->event, decision);
    if (held->event.poker_decision().legal().may_check())
        mine.mutable_poker()->mutable_check();
    else
        mine.mutable_poker()->mutable_call();
    ASSERT_EQ(h.registry.submit(request(me, ref, mine, 35)), session::Routed::delivered);
    ASSERT_TRUE(h.outbox.wait(
        [&](const std::vector<Received>& log) { return !stream_after(log, me, held->seq).empty(); }));
    const auto next = stream_after(h.outbox.log(), me, held->seq).front();
    EXPECT_EQ(next.table_seq(), held->seq + 1);
    ASSERT_TRUE(next.table_event().has_acted()) << next.ShortDebugString();
    EXPECT_EQ(next.table_event().acted().seat(), held->event.poker_decision().to_act());
}

TEST(TableActorRequests, shutdown_stop_dealing_calls_quiet_once_after_the_hand_in_flight_commits) {
    Harness h(kSlow, TournamentsOptions{std::chrono::milliseconds{3'000}, std::chrono::milliseconds{10'000}});
    const auto start = h.tournament(heads_up(), 2);
    const auto me = persistence::raw(start.entrants[0].account);
    HeldTable table(h, me, 1);
    h.tournaments.start(start);
    const auto held = table.wait();
    ASSERT_TRUE(held.has_value());

    std::atomic<int> quiet{0};
    h.tournaments.stop_dealing([&] {
        ++quiet;
        h.outbox.poke();
    });
    // The hand waits on the held decision: it cannot have committed, so nothing is quiet yet.
    EXPECT_EQ(quiet.load(), 0);
    v1::Action fold = poker_action(held->event, held->event.poker_decision().decision());
    fold.mutable_poker()->mutable_fold();
    ASSERT_EQ(h.registry.submit(request(me, held->event.table(), fold, 41)), session::Routed::delivered);
    ASSERT_TRUE(h.outbox.wait([&](const std::vector<Received>&) { return quiet.load() > 0; }));
    EXPECT_EQ(quiet.load(), 1);

    // The hand in flight is committed, and no hand was dealt after it.
    ASSERT_TRUE(h.idle());
    int started = 0;
    for (const Received& r : h.outbox.log())
        if (r.account == me && r.message.has_table_event() && r.message.table_event().has_hand_started())
            ++started;
    EXPECT_EQ(started, 1);
    EXPECT_EQ(h.db().count("SELECT count(*) FROM hands"), 1);
    EXPECT_EQ(quiet.load(), 1) << "quiet is called once";
}

}  // namespace
}  // namespace tavolo::server::actors::testing
