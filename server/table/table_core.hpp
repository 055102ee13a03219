#pragma once
// The logic of one live poker table of a tournament, without sockets, strands or clocks: the
// table actor (server/table/README.md) posts every input here on its strand and carries out the
// effects it returns (table_effects.hpp). It owns one engine TournamentTable and the Hand in play,
// runs the action clock of RULES.md §5 on injected time, and sends each viewer only what
// engine/view's project() lets him see (RULES.md §8).
//
// Inputs: a director message; a player's action naming hand and decision; a clock expiry; sit out /
// sit back in; disconnect / reconnect; and snapshot_for() for a viewer who joins, observes or
// reconnects. Each input returns its effects in the order the actor must carry them out.
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/poker/hand.hpp"
#include "engine/random.hpp"
#include "engine/table/action_clock.hpp"
#include "engine/tournament/tournament_table.hpp"
#include "server/table/decision_clock.hpp"
#include "server/table/shuffle_seeds.hpp"
#include "server/table/table_effects.hpp"

namespace tavolo::server::table {

// A player's action as the session hands it over: who sends it (the session's entrant), for which
// seat, and the hand and decision it answers (DESIGN.md "Protocol").
struct PlayerAction {
    engine::EntrantId entrant = engine::kNoEntrant;
    engine::SeatIndex seat = engine::kNoSeat;
    engine::HandId hand = 0;
    engine::DecisionNumber decision = 0;
    engine::Command command;
};

class TableCore {
  public:
    // Decided (RULES.md §5 is silent): two expiries in a row sit the player out. One timeout is a
    // slow moment; the second shows he is gone, and each one drains his time bank to nothing.
    static constexpr int kTimeoutsToSitOut = 2;

    // `rng` draws the button (and anything else the table draws); the actor owns it (SecureRandom in
    // production). The hands are not dealt from it: each is dealt from fairness::SeedRandom(seed),
    // seed = mix_seed(a server secret from `secrets`, the players' client seeds) (shuffle_seeds.hpp).
    TableCore(engine::TableId id, engine::RandomSource& rng, engine::ClockSettings clock = {},
              SecretSource secrets = fairness::make_server_secret);

    // After a restart (engine/tournament/resume.hpp): the table as it resumes, before any input. Its
    // messages are numbered afresh from 1 (every client reconnects and starts from a snapshot; 0 is no
    // number on the wire).
    void resume(engine::TournamentTable table) {
        table_ = std::move(table);
        seq_ = 1;
    }
    Effects on_director(const engine::DirectorMessage& message, Millis now);
    Effects on_action(const PlayerAction& action, Millis now);
    // The timer armed by ArmTimer fired. An expiry for another hand or decision is stale: ignored.
    Effects on_clock_expiry(engine::HandId hand, engine::DecisionNumber decision, Millis now);
    Effects set_sitting_out(engine::EntrantId entrant, engine::SeatIndex seat, bool sitting_out, Millis now);
    // The clock runs on while a player is away (RULES.md §5): only his status changes.
    Effects set_disconnected(engine::EntrantId entrant, engine::SeatIndex seat, bool disconnected);
    // A seated player's client seed for the next hand dealt (between hands, or during one for the
    // next); a second one before that deal replaces it. Refused (to him only): a seat he does not
    // hold, an observer's (kNoSeat) included (WrongSeat); over fairness::kMaxClientSeedBytes
    // (ClientSeed). Accepted silently: the next ShuffleCommitted names his seat.
    Effects set_client_seed(engine::EntrantId entrant, engine::SeatIndex seat,
                            std::vector<std::uint8_t> bytes);

    // ---- re-buys and the add-on (RULES.md §6, table_purchases.cpp) ----
    // Every purchase is paid and added between a hand's end and the table's report of it (the
    // settlement), so it travels with that report: a busted player in the re-buy window is offered a
    // re-buy and the report waits for his answer (answer_within), or for the payments under way. A
    // purchase asked during a hand, or between hands, is made at the end of the hand in play, or of
    // the next one. The add-on, once offered (OfferAddOn), may be asked until the end of the hand
    // after the offer.
    void set_purchase_terms(PurchaseTerms terms) { terms_ = terms; }
    Effects on_purchase(engine::EntrantId entrant, engine::SeatIndex seat, engine::Purchase kind,
                        bool decline, Millis now);
    // The payment asked by PayForChips committed (`paid`), or did not (nothing was paid): refused for
    // good (no funds, past the limit: a busted player's answer is no), or failed for now
    // (`may_retry`: the database was away; a busted player is offered it again until his deadline).
    Effects on_paid(const PayForChips& purchase, bool paid, Millis now, bool may_retry = false);
    // ArmPurchaseTimer fired: busted players who did not answer are eliminated.
    Effects on_purchase_deadline(Millis now);
    // Stopping (a shutdown, a cancellation): the settlement ends now, without the answers awaited.
    Effects settle_now();
    // What is on offer to `entrant` now (a re-buy he has not answered, the add-on), for a player who
    // reconnects: the offers again, with the time left.
    Effects offers_for(engine::EntrantId entrant, Millis now) const;
    // The hand is over and its report waits for purchases.
    bool settling() const { return held_.has_value(); }

    // An operator's sanction of `entrant` (RULES.md §6, table_sanctions.cpp). A warning changes
    // nothing; an exclusion counts orbits x players now and folds the hands dealt from the next one;
    // a disqualification only between hands, not while a settlement is open (HandInProgress: the
    // actor holds it until then): the player leaves with his chips (the next report tells the
    // director) and everyone gets fresh views. SeatEmpty: he does not sit here.
    std::expected<engine::SanctionOutcome, engine::TableError> sanction(engine::EntrantId entrant,
                                                                        engine::SanctionKind kind, int orbits,
                                                                        Effects& out);

    // The full table as `viewer` may see it now, with the clock, for a join, observe or reconnect.
    TableSnapshot snapshot_for(const engine::view::PokerViewer& viewer, Millis now) const;

    // ---- the state, for the actor and the tests ----
    const engine::TournamentTable& table() const { return table_; }
    const engine::Hand& hand() const { return hand_; }
    // The setup of the hand in play or the last one (its PHH history needs it).
    const engine::HandSetup& setup() const { return setup_; }
    bool in_hand() const { return table_.table().in_hand(); }
    Sequence seq() const { return seq_; }
    engine::TimeBank time_bank(engine::EntrantId entrant) const;
    ClockView clock_at(Millis now) const { return clock_.view_at(now); }
    bool disconnected(engine::SeatIndex seat) const;
    // The hand in play's (or the last hand's) seed and how it was made; none before the first hand.
    // Secret while the hand is in play (its cards follow from it): publish only ShuffleRevealed.
    const std::optional<HandShuffle>& shuffle() const { return shuffle_; }

  private:
    void start_hand(Millis now, Effects& out);
    void after_command(std::span<const engine::HandEvent> events, Millis now, Effects& out);
    void forget(engine::EntrantId entrant);  // he left the table: bank, timeouts, status
    void advance(Millis now, Effects& out);
    void timeout(engine::SeatIndex seat, Millis now, Effects& out);
    void finish_hand(Millis now, Effects& out);
    // table_purchases.cpp
    void begin_settlement(HandFinished done, Millis now, Effects& out);
    void settle_if_done(Effects& out);
    void pay(engine::EntrantId entrant, engine::SeatIndex seat, engine::Purchase kind, Effects& out);
    std::optional<std::string> purchase_refusal(engine::SeatIndex seat, engine::Purchase kind) const;
    // Refused (to him, with why): true, and nothing is to be paid.
    bool refused_purchase(engine::EntrantId entrant, engine::SeatIndex seat, engine::Purchase kind,
                          Effects& out) const;
    void offer_addon(Effects& out);
    std::string hand_history_text() const;  // the hand in play as PHH with its shuffle proof
    void ensure_time_banks();
    engine::TimeBank& bank_of(engine::EntrantId entrant);
    std::optional<Refused> check_seat(engine::EntrantId entrant, engine::SeatIndex seat) const;

    // table_publish.cpp: one copy per distinct projection; the table as `viewer` sees it.
    engine::view::PokerView view_for(const engine::view::PokerViewer& viewer) const;
    Recipients everyone() const;
    void publish(std::span<const engine::HandEvent> events, Effects& out);
    void publish_pending(Millis now, Effects& out);
    void publish_views(Effects& out);
    void publish_status(engine::SeatIndex seat, StatusReason reason, Effects& out);

    engine::TableId id_;
    engine::RandomSource& rng_;
    engine::ClockSettings settings_;
    engine::TournamentTable table_;
    engine::HandSetup setup_;
    engine::Hand hand_;
    bool played_ = false;  // hand_ holds a hand (in play or the last one)
    Sequence seq_ = 0;
    DecisionClock clock_;
    std::map<engine::EntrantId, engine::TimeBank> banks_;
    std::map<engine::EntrantId, int> timeouts_in_a_row_;
    std::set<engine::EntrantId> disconnected_;  // the table's view only: play is the same (§5)
    ShuffleSeeds seeds_;
    std::optional<HandShuffle> shuffle_;
    // Purchases (table_purchases.cpp).
    PurchaseTerms terms_;
    std::optional<HandFinished> held_;       // the hand settling: its record, its report still to write
    bool settling_rebuys_ = false;           // the settling hand was dealt in the re-buy window
    std::optional<Millis> answer_by_;        // busted players' deadline
    std::set<engine::EntrantId> undecided_;  // offered a re-buy, busted
    std::vector<std::pair<engine::EntrantId, engine::Purchase>> queued_;  // for the next settlement
    std::vector<PayForChips> paying_;
    int addon_settlements_left_ = 0;  // the add-on may be asked until this many settlements end
    std::set<engine::EntrantId> addon_bought_;
};

}  // namespace tavolo::server::table
