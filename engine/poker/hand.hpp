#pragma once
// One hand of Texas Hold'em (2-10), Five-card Stud (2-10) or Five-card Draw (2-6), no-limit,
// pot-limit or limit, exact to RULES.md §1-3. A state machine: commands in, events out.
//
// Phases, each naming its successor (hand.cpp::run):
//   ForcedBets -> Deal(street 0) -> [Draw ->] Betting -> Collect
//   Collect -> Deal(next street) | Showdown | Award   (one contender left: Award, nothing shown)
//   Showdown -> Award -> Ended
//
// Check, ask, do: verify(seat, command) says why a command is refused, can(seat, command) is
// "verify succeeded", act(seat, command) verifies, applies, advances (dealing, auto-acting seats,
// collecting, showdown) until someone must decide or the hand ends, and returns the events it caused.
// legal_actions() is built from the same verifiers.
//
// DECISIONS: every decision point of the hand has a number, decision(): 1 for the first, one more
// after each decision taken (a command, a timeout, or a sitting-out player's automatic action: one
// per Acted or Discarded event). legal_actions() reports it; act(seat, command, decision) refuses
// a command that answers another decision (RuleError::StaleDecision, changing nothing), so a
// stale or duplicated action after a reconnect, or a clock that fires after the player acted, is
// never applied. The server always names the decision; tests and simulations may leave it out.
//
// The deck is shuffled with randomness drawn from the RandomSource when the hand starts (a lazy
// Fisher-Yates, see lazy_deck.hpp); the hand keeps no reference to the source, so a copy of a hand
// is independent of the original and deals exactly the cards the original would.
// DEAL ORDER (for stacked decks: Hand(setup, rng, stacked_top) puts these cards on top, in order):
//   "Clockwise from the button's left" = the dealt-in players in ascending seat order, starting with
//   the first dealt-in seat after the button seat (wrapping round the table).
//   Hold'em: two rounds of one card to each player clockwise from the button's left (all first
//     cards, then all second cards); burn, 3 flop cards; burn, turn; burn, river.
//   Stud: street 0: one face-down card to each player clockwise from the button's left, then one
//     face-up card to each; streets 1-3: one face-up card to each player still in, same order.
//     No burn cards.
//   Draw: five rounds of one card to each player clockwise from the button's left. At the draw: one
//     burn card, then each player still in, clockwise from the button's left, discards and is dealt
//     the replacements at once from the top of the stub (replacing the discarded cards in place).
//     If the stub runs out, the discards of the players already served are shuffled with the
//     RandomSource and dealing continues from them.
//   Cards are dealt only to players still in; all-in runouts deal the remaining streets the same way.
#include <array>
#include <expected>
#include <span>
#include <vector>

#include "engine/cards.hpp"
#include "engine/decision.hpp"
#include "engine/eval/hand_value.hpp"
#include "engine/poker/commands.hpp"
#include "engine/poker/events.hpp"
#include "engine/poker/game.hpp"
#include "engine/poker/hand_setup.hpp"
#include "engine/poker/lazy_deck.hpp"
#include "engine/poker/legal_actions.hpp"
#include "engine/poker/rule_error.hpp"
#include "engine/random.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

// What the hand is waiting for.
enum class HandPhase : std::uint8_t { Betting, Drawing, Over };

struct HandOptions {
    // false: events are not kept (simulations and benchmarks that only need the result).
    bool record_events = true;
};

using ActResult = std::expected<std::span<const HandEvent>, RuleError>;

class Hand {
  public:
    // An empty, ended hand; call reset() to play one.
    Hand();
    // Deals a hand. stacked_top (tests, replays) goes on top of the shuffled deck, in DEAL ORDER.
    // An invalid setup gives an ended hand with no events; setup_error() says why.
    Hand(const HandSetup& setup, RandomSource& rng, std::span<const Card> stacked_top = {},
         HandOptions options = {});

    // Starts a new hand in this object, reusing its memory (no allocation once warm).
    std::expected<void, SetupError> reset(const HandSetup& setup, RandomSource& rng,
                                          std::span<const Card> stacked_top = {});
    void set_options(HandOptions options) { options_ = options; }
    static std::expected<void, SetupError> validate(const HandSetup& setup);
    std::expected<void, SetupError> setup_error() const { return setup_error_; }

    // ---- the questions ----
    HandPhase phase() const;
    bool is_over() const { return phase() == HandPhase::Over; }
    // Random draws the hand's deck made (shuffling or reshuffling); zero when every card dealt was
    // stacked. A replay fails a history that left the engine to pick a card.
    int random_draws() const { return deck_.random_draws(); }
    SeatIndex to_act() const;  // kNoSeat when the hand is over
    LegalActions legal_actions() const;
    // The number of the decision the hand waits for (DECISIONS above); once the hand is over, the
    // number a ShowCards answers.
    DecisionNumber decision() const { return decision_; }

    // ---- check, ask, do ----
    std::expected<void, RuleError> verify(SeatIndex seat, const Command& command) const;
    bool can(SeatIndex seat, const Command& command) const { return verify(seat, command).has_value(); }
    // On success: the events this command caused (valid until the next command or reset).
    ActResult act(SeatIndex seat, const Command& command);
    // The same for a command that names the decision it answers (the server's path): a decision
    // other than decision() is refused with StaleDecision and changes nothing.
    std::expected<void, RuleError> verify(SeatIndex seat, const Command& command,
                                          DecisionNumber decision) const;
    ActResult act(SeatIndex seat, const Command& command, DecisionNumber decision);

    ActResult fold(SeatIndex seat) { return act(seat, Fold{}); }
    ActResult check(SeatIndex seat) { return act(seat, Check{}); }
    ActResult call(SeatIndex seat) { return act(seat, Call{}); }
    ActResult bet_or_raise_to(SeatIndex seat, Chips amount) { return act(seat, BetOrRaiseTo{amount}); }
    ActResult discard(SeatIndex seat, CardSet cards) { return act(seat, Discard{cards}); }
    ActResult timeout(SeatIndex seat) { return act(seat, Timeout{}); }

    // ---- the state ----
    const Game& game() const { return *game_; }
    Betting betting() const { return betting_; }
    HandId hand_id() const { return hand_id_; }
    SeatIndex button() const { return button_; }
    SeatIndex small_blind_seat() const { return small_blind_seat_; }
    SeatIndex big_blind_seat() const { return big_blind_seat_; }
    Chips small_blind() const { return small_blind_; }
    Chips big_blind() const { return big_blind_; }
    Chips ante() const { return ante_; }
    AnteMode ante_mode() const { return ante_mode_; }
    Variant variant() const { return variant_; }
    int table_size() const { return table_size_; }
    int street() const { return street_; }
    std::span<const HandEvent> events() const { return events_; }

    bool dealt_in(SeatIndex seat) const;
    Chips stack(SeatIndex seat) const;      // behind, not counting the bet in front; final stack once over
    Chips bet(SeatIndex seat) const;        // in front of the player this round, not yet collected
    Chips committed(SeatIndex seat) const;  // everything the player has put in this hand
    bool folded(SeatIndex seat) const;
    bool all_in(SeatIndex seat) const;
    bool shown(SeatIndex seat) const;   // the hand was turned face up for everyone
    bool mucked(SeatIndex seat) const;  // thrown away unseen at showdown
    std::span<const Card> hole_cards(SeatIndex seat) const;
    bool card_face_up(SeatIndex seat, int index) const;  // stud up-cards
    std::span<const Card> board() const { return {board_.data(), static_cast<std::size_t>(board_count_)}; }
    std::span<const Pot> pots() const { return {pots_.data(), static_cast<std::size_t>(pot_count_)}; }
    Chips pot_total() const { return pot_chips_; }        // collected pots + bets in front + dead money
    Chips total_chips() const;                            // stacks + pot_total(): constant through a hand
    std::array<Chips, kMaxSeats> stacks_by_seat() const;  // final stacks once over
    Chips current_bet() const { return current_bet_; }

  private:
    enum class Phase : std::uint8_t { ForcedBets, Deal, Draw, Betting, Collect, Showdown, Award, Ended };

    struct Player {
        SeatIndex seat = kNoSeat;
        Chips stack = 0;
        Chips bet = 0;
        Chips committed = 0;
        Chips faced_bet = 0;   // the bet level after this player's last action this round
        Chips faced_full = 0;  // limit: the full-bet level after this player's last action
        std::array<Card, kMaxHoleCards> cards{};
        std::uint8_t card_count = 0;
        std::uint8_t up_mask = 0;
        bool folded = false;
        bool all_in = false;
        bool acted = false;
        bool auto_act = false;
        bool always_show = false;
        bool shown = false;
        bool mucked = false;
        HandValue value;
    };

    template <class E>
    void emit(const E& e) {
        if (options_.record_events) events_.emplace_back(e);
    }
    // A large event built in place in the event buffer; nullptr when events are not recorded.
    template <class E>
    E* emplace_event() {
        if (!options_.record_events) return nullptr;
        // Copied from a blank constant: value-initialising in place compiled to `rep stos`, whose
        // start-up cost is most of the price of a 150-200 byte event.
        static constexpr E kBlank{};
        return std::get_if<E>(&events_.emplace_back(kBlank));
    }
    int player_index(SeatIndex seat) const {
        return (seat < 0 || seat >= kMaxSeats || count_ == 0) ? -1 : index_of_seat_[seat];
    }
    int next_player(int p) const { return p + 1 == count_ ? 0 : p + 1; }
    int first_left_of_seat(SeatIndex seat) const;  // first dealt-in player clockwise after seat
    int contenders() const { return live_count_; }
    int players_who_can_bet() const { return can_bet_count_; }
    void set_all_in(Player& pl);

    // phases (hand.cpp, dealing.cpp, betting_round.cpp, draw.cpp, side_pots.cpp, showdown.cpp)
    void run();
    Phase post_forced_bets();
    Phase deal_street();
    Phase begin_betting();
    Phase begin_draw();
    Phase collect_bets();
    Phase showdown();
    Phase award();
    Phase end_hand();

    void deal_to(int p, bool face_up);
    Card next_card() {
        if (deck_.remaining() > 0) [[likely]]
            return deck_.deal();
        return next_stub_card();
    }
    Card next_stub_card();  // draw only: the deck is spent, deal from reshuffled discards
    void expose_all();
    void form_pots();
    void post(int p, Chips amount);
    int next_to_act(int from_inclusive) const;
    int next_drawer(int from_inclusive) const;

    // verifiers and their appliers
    std::expected<void, RuleError> verify_turn(SeatIndex seat, bool betting) const;
    std::expected<void, RuleError> check_rule(int p) const;
    std::expected<void, RuleError> call_rule(int p) const;
    std::expected<void, RuleError> raise_rule(int p) const;
    std::expected<void, RuleError> verify_fold(SeatIndex seat) const;
    std::expected<void, RuleError> verify_check(SeatIndex seat) const;
    std::expected<void, RuleError> verify_call(SeatIndex seat) const;
    std::expected<void, RuleError> verify_raise_allowed(SeatIndex seat) const;
    std::expected<void, RuleError> verify_bet_or_raise(SeatIndex seat, Chips amount) const;
    std::expected<void, RuleError> verify_discard(SeatIndex seat, CardSet cards) const;
    std::expected<void, RuleError> verify_show(SeatIndex seat) const;
    struct RaiseBounds {
        Chips min_to = 0;  // clamped to the all-in amount
        Chips max_to = 0;
        Chips full_to = 0;  // smallest amount that is a full bet or raise (unclamped)
    };
    RaiseBounds raise_bounds(int p) const;
    void apply(int p, const Command& command, bool automatic);
    void apply_fold(int p, bool automatic);
    void apply_check(int p, bool automatic);
    void apply_call(int p, bool automatic);
    void apply_bet_or_raise(int p, Chips to, bool automatic);
    void apply_discard(int p, CardSet cards, bool automatic);
    void after_betting_action(int p);

    HandOptions options_;
    std::expected<void, SetupError> setup_error_;
    const Game* game_ = &kTexasHoldem;
    Variant variant_ = Variant::Holdem;
    Betting betting_ = Betting::NoLimit;
    AnteMode ante_mode_ = AnteMode::None;
    Chips small_blind_ = 0;
    Chips big_blind_ = 0;
    Chips ante_ = 0;
    HandId hand_id_ = 0;
    SeatIndex button_ = kNoSeat;
    SeatIndex small_blind_seat_ = kNoSeat;
    SeatIndex big_blind_seat_ = kNoSeat;
    int table_size_ = 0;

    std::array<Player, kMaxSeats> players_{};
    std::array<std::int8_t, kMaxSeats> index_of_seat_{};
    int count_ = 0;
    int first_left_of_button_ = 0;
    int live_count_ = 0;     // players not folded
    int can_bet_count_ = 0;  // players neither folded nor all-in

    Phase phase_ = Phase::Ended;
    DecisionNumber decision_ = 0;
    int street_ = 0;
    int to_act_ = -1;

    // betting round
    Chips current_bet_ = 0;
    Chips min_increment_ =
        0;                  // no-limit/pot-limit: largest full bet or raise increment, at least the big blind
    Chips full_level_ = 0;  // limit: the bet level reached by the last full bet or raise
    Chips bet_unit_ = 0;    // limit: small or big bet
    int raises_ = 0;        // limit: bets and raises this round (the big blind counts as the bet)
    bool uncapped_ = false;    // limit: the round started heads-up
    int last_aggressor_ = -1;  // last player to bet or raise this round
    int draw_first_ = -1;

    // chips outside the stacks
    Chips pot_chips_ = 0;
    Chips dead_money_ = 0;  // big-blind antes: belong to the main pot
    std::array<Pot, kMaxPots> pots_{};
    int pot_count_ = 0;
    bool exposed_ = false;
    bool showdown_ = false;
    bool folded_since_collect_ = false;
    SeatIndex uncontested_winner_ = kNoSeat;

    // cards
    LazyDeck deck_;
    std::array<Card, 5> board_{};
    int board_count_ = 0;
    std::array<Card, 52> reshuffle_pile_{};  // draw: discards of players already served
    int pile_count_ = 0;
    std::array<Card, 52> stub_{};  // draw: reshuffled discards being dealt
    int stub_count_ = 0;
    int stub_next_ = 0;

    std::vector<HandEvent> events_;
};

}  // namespace tavolo::engine
