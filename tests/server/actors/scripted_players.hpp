#pragma once
// Players as a test scripts them: each answers every decision addressed to him (a DecisionPending
// carrying his legal actions) at once through TableRegistry::submit, as a client would. Poker:
// now and then all in, otherwise check or call (stand pat at the draw). Polacco: the clockwise
// direction, and the lowest declaration or a doubt. A test may hold a decision back (`hold`) and
// answer it itself.
#include <atomic>
#include <functional>
#include <mutex>
#include <random>

#include "tests/server/actors/actors_support.hpp"

namespace tavolo::server::actors::testing {

inline SessionId session_of(session::AccountIdValue account) {
    return static_cast<SessionId>(1000 + account);
}

inline session::TableRequest request(session::AccountIdValue account, const v1::TableRef& table,
                                     session::TableRequestBody body, std::uint64_t request_id = 1) {
    session::TableRequest r;
    r.from = session::Requester{session_of(account), account, "player-" + std::to_string(account)};
    r.request_id = request_id;
    r.table = protocol::table_of(table);
    r.body = std::move(body);
    return r;
}

inline v1::Action poker_action(const v1::TableEvent& decision_event, std::int64_t decision) {
    v1::Action a;
    *a.mutable_table() = decision_event.table();
    a.set_hand(decision_event.hand());
    a.set_decision(decision);
    return a;
}

class ScriptedPlayers {
  public:
    ScriptedPlayers(Harness& harness, std::uint64_t seed, int all_in_percent = 25)
        : harness_(harness), rng_(seed), all_in_percent_(all_in_percent) {
        harness_.outbox.react = [this](const Received& r) { on(r); };
    }
    ~ScriptedPlayers() {
        harness_.shutdown();  // no strand calls `react` any more
        harness_.outbox.react = nullptr;
    }

    // From now on, all in with this chance (percent) when a bet or raise is allowed.
    void set_all_in_percent(int percent) { all_in_percent_ = percent; }

    // Returns true to leave this decision to the test.
    std::function<bool(session::AccountIdValue, const v1::TableEvent&)> hold;

  private:
    void on(const Received& r) {
        if (r.account == 0 || !r.message.has_table_event()) return;
        const v1::TableEvent& e = r.message.table_event();
        if (e.has_poker_decision() && e.poker_decision().has_legal()) {
            if (hold && hold(r.account, e)) return;
            answer_poker(r.account, e);
        } else if (e.has_polacco_decision() && e.polacco_decision().has_legal()) {
            if (hold && hold(r.account, e)) return;
            answer_polacco(r.account, e);
        }
    }

    bool chance(int percent) {
        std::lock_guard lock(mutex_);
        return static_cast<int>(rng_() % 100) < percent;
    }

    void answer_poker(session::AccountIdValue account, const v1::TableEvent& e) {
        const v1::PokerLegalActions& legal = e.poker_decision().legal();
        v1::Action a = poker_action(e, legal.decision());
        v1::PokerCommand* c = a.mutable_poker();
        if (legal.drawing())
            c->mutable_discard();  // stand pat
        else if (legal.may_bet_or_raise() && chance(all_in_percent_))
            c->set_bet_or_raise_to(legal.max_to());
        else if (legal.may_check())
            c->mutable_check();
        else if (legal.may_call())
            c->mutable_call();
        else
            c->mutable_fold();
        harness_.registry.submit(request(account, e.table(), a));
    }

    void answer_polacco(session::AccountIdValue account, const v1::TableEvent& e) {
        const v1::PolaccoLegalActions& legal = e.polacco_decision().legal();
        v1::Action a;
        *a.mutable_table() = e.table();
        a.set_hand(e.hand());
        a.set_decision(legal.decision());
        v1::PolaccoCommand* c = a.mutable_polacco();
        if (legal.choose_direction())
            c->set_choose_direction(v1::DIRECTION_CLOCKWISE);
        else if (legal.doubt() && (!legal.declare() || !legal.has_lowest_declaration() || chance(40)))
            c->mutable_doubt();
        else if (legal.declare() && legal.has_lowest_declaration())
            *c->mutable_declare() = legal.lowest_declaration();
        else
            c->mutable_pass();
        harness_.registry.submit(request(account, e.table(), a));
    }

    Harness& harness_;
    std::mutex mutex_;
    std::mt19937_64 rng_;
    std::atomic<int> all_in_percent_;
};

}  // namespace tavolo::server::actors::testing
