#pragma once
// What a live poker table's core (table_core.hpp) says back for each input: plain values the table
// actor turns into timers, messages to sessions, a write to persistence and a report to the
// director. Nothing here includes Asio or Beast; every type can be posted between strands.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/poker/events.hpp"
#include "engine/table/table_state.hpp"
#include "engine/tournament/director_messages.hpp"
#include "engine/tournament/structure.hpp"
#include "engine/tournament/tournament_table.hpp"
#include "engine/view/poker_projection.hpp"
#include "engine/view/poker_view.hpp"

namespace tavolo::server::table {

// Injected time in milliseconds (game time: the actor scales the steady clock by `[clock] speed`).
using Millis = std::chrono::milliseconds;
// The table's sequence number: one more for every message published to the table's viewers.
using Sequence = std::int64_t;

// Who receives one copy of a published message: seated players by seat, and every observer.
struct Recipients {
    std::vector<engine::SeatIndex> seats;
    bool observers = false;
    friend bool operator==(const Recipients&, const Recipients&) = default;
};

// The clock of the decision being waited for (RULES.md §5), as a viewer is told it.
struct ClockView {
    engine::SeatIndex seat = engine::kNoSeat;  // whose clock runs; kNoSeat: none (no decision, or auto-act)
    std::int64_t player = -1;                  // Polacco: the player id (seat: his place clockwise)
    engine::HandId hand = 0;
    engine::DecisionNumber decision = 0;
    Millis base_left{0};     // of the base time
    Millis bank_left{0};     // of the player's time bank, which runs after the base time
    Millis warning_left{0};  // of the final warning, which runs after the bank
    Millis expires_at{0};    // when the expiry action (fold, or check when free) is applied
    friend bool operator==(const ClockView&, const ClockView&) = default;
};

// One distinct projection of a message and who receives it: the actor serialises it once.
struct Copy {
    Recipients to;
    engine::view::PokerSeen seen;
};

// A hand event, or the pending decision, as each viewer class receives it. Every viewer class
// receives one copy of every published message, so each sees the sequence numbers without gaps.
struct Publish {
    Sequence seq = 0;
    std::vector<Copy> copies;
    std::optional<ClockView> clock;  // with a pending decision: the clock that runs for it
};

// A seat's status changed (public, sequenced): sitting out, connected.
enum class StatusReason : std::uint8_t {
    Requested,         // the player asked to sit out / sit back in
    RepeatedTimeouts,  // the clock ran out kTimeoutsToSitOut decisions in a row
    Disconnected,
    Reconnected,
};
struct SeatStatus {
    Sequence seq = 0;
    engine::SeatIndex seat = engine::kNoSeat;
    engine::EntrantId entrant = engine::kNoEntrant;
    bool sitting_out = false;
    bool disconnected = false;
    StatusReason reason = StatusReason::Requested;
};

// The table changed between hands (a player arrived, left, the table opened): each viewer class
// receives a fresh view (engine/view README: table changes are not hand events).
struct TableViews {
    Sequence seq = 0;
    std::vector<std::pair<Recipients, engine::view::PokerView>> views;
};

// The actor arms one timer: when it fires it posts ClockExpiry{hand, decision} at `at` or later.
// A new ArmTimer replaces the previous one (one decision is pending at a time).
struct ArmTimer {
    engine::HandId hand = 0;
    engine::DecisionNumber decision = 0;
    Millis at{0};
};

// Why a player's input was refused. A refusal changes nothing and is sent to that player only.
enum class Refusal : std::uint8_t {
    NoHandInPlay,  // no hand is being played: wait for the next one
    StaleHand,     // the action names another hand than the one in play
    WrongSeat,     // the entrant does not sit in the seat the action names
    ClockOnly,     // Timeout is the clock's command, never a player's
    Rule,          // the hand refused it: see `rule` (stale decision, not your turn, amount...)
    TableRefused,  // the table refused a seat status change: see `table`
    ClientSeed,    // a client seed over fairness::kMaxClientSeedBytes (the session refuses it first)
    Purchase,      // a re-buy or add-on that is not his to buy now (the message says why)
};
struct Refused {
    engine::SeatIndex seat = engine::kNoSeat;
    engine::EntrantId entrant = engine::kNoEntrant;
    Refusal refusal = Refusal::Rule;
    engine::RuleError rule = engine::RuleError::HandOver;           // for Refusal::Rule
    engine::TableError table = engine::TableError::SeatOutOfRange;  // for Refusal::TableRefused
    std::string message;                                            // what went wrong and what to do
};

// The director's message could not apply (engine::ApplyError); the table is unchanged.
struct DirectorMessageRefused {
    engine::ApplyError error;
    std::string message;
};

// ---- The provably fair shuffle (fairness/README.md "How the server uses it") ----

// A client seed that went into a hand's seed. `seat` is the number the mix orders it by: the table
// seat at poker (as `_tavolo_client_seeds` writes it, 1-based, in the PHH), the player's place
// clockwise in the hand's HandSetup::players at Polacco. `player`: the entrant (poker) or player id.
struct RevealedClientSeed {
    engine::SeatIndex seat = engine::kNoSeat;
    std::int64_t player = -1;
    std::string hex;  // the bytes the client sent, lowercase hex (empty for an empty seed)
    friend bool operator==(const RevealedClientSeed&, const RevealedClientSeed&) = default;
};
// Everything a hand's seed was made of, as lowercase hex: what the reveal publishes and the record keeps.
struct ShuffleReveal {
    std::int64_t hand = 0;
    std::string seed;           // 64 hex digits: fairness::SeedRandom(seed) dealt the hand
    std::string commitment;     // fairness::commitment(seed), published at the hand's start
    std::string server_secret;  // 64 hex digits, a fresh one each hand
    std::vector<RevealedClientSeed> client_seeds;  // ascending seat, those the players sent
    friend bool operator==(const ShuffleReveal&, const ShuffleReveal&) = default;
};
// At a hand's start, before any card: the commitment to its seed (public, sequenced). `seeded`
// names the players whose client seed went in (seat and player as in RevealedClientSeed), so a
// client sees at once that his seed was taken.
struct ShuffleCommitted {
    Sequence seq = 0;
    std::int64_t hand = 0;
    std::string commitment;
    std::vector<RevealedClientSeed> seeded;  // hex left empty: the seeds stay secret until the reveal
};
// At the hand's end, after its last event: how its seed was made (public, sequenced).
struct ShuffleRevealed {
    Sequence seq = 0;
    ShuffleReveal reveal;
};

// What the actor persists through the write service when a hand ends (the hand's result and the
// table's state in one transaction, DESIGN.md "Persistence"), then reports to the director.
struct HandRecord {
    engine::TableId table = 0;
    engine::HandId hand = 0;
    int level = 1;
    engine::Stakes stakes;
    std::vector<engine::HandEvent> events;  // every event, every card face (for review and replay)
    engine::TableState state;               // the table after the hand (Table::snapshot)
    ShuffleReveal shuffle;                  // how the hand's seed was made (also published)
    // The hand as a PHH file with its proof (engine::phh::history_of_hand with the ShuffleProof):
    // players are named "entrant N"; `tavolo verify-hand` checks every card of it against the seed.
    std::string phh;
};
struct HandFinished {
    HandRecord record;
    engine::TableReport report;  // for the director, after the record is durable
};

// A report for the director outside a hand's end (the table opened).
struct ReportToDirector {
    engine::TableReport report;
};

// ---- Re-buys and the add-on (RULES.md §6, table_purchases.cpp) ----

// What a purchase costs and buys, from the tournament's structure.
struct PurchaseTerms {
    bool rebuys = false;
    bool addon = false;
    engine::Chips starting_stack = 0;  // a re-buy buys this, for a player at or below it
    engine::BuyIn rebuy_price;
    int max_rebuys = 0;  // per entry, 0: no limit (the store refuses past it)
    engine::BuyIn addon_price;
    engine::Chips addon_chips = 0;
    Millis answer_within{15'000};  // game time a busted player has to re-buy or decline
};
// To one player: a purchase is his to make (`until` 0: until his table's next hand ends).
struct PurchaseOffer {
    engine::SeatIndex seat = engine::kNoSeat;
    engine::EntrantId entrant = engine::kNoEntrant;
    engine::Purchase kind = engine::Purchase::Rebuy;
    engine::Chips chips = 0;
    engine::BuyIn price;
    Millis answer_within{0};
    bool busted = false;
};
// The actor pays for it through the write service (on the table's lane), then calls on_paid().
// `after_hand`: the hand whose end it follows (its idempotency key names it).
struct PayForChips {
    engine::SeatIndex seat = engine::kNoSeat;
    engine::EntrantId entrant = engine::kNoEntrant;
    engine::Purchase kind = engine::Purchase::Rebuy;
    engine::Chips chips = 0;
    engine::BuyIn price;
    engine::HandId after_hand = 0;
};
// A purchase paid that the table could not add (he left the seat, the hand was settled without it):
// the actor pays it back (TournamentStore::pay_back_purchase).
struct PayBack {
    PayForChips purchase;
};
// A player bought chips: the table is told (its views follow).
struct ChipsAdded {
    engine::SeatIndex seat = engine::kNoSeat;
    engine::EntrantId entrant = engine::kNoEntrant;
    engine::Purchase kind = engine::Purchase::Rebuy;
    engine::Chips chips = 0;
};
// The actor arms the purchase timer: at `at` it calls on_purchase_deadline().
struct ArmPurchaseTimer {
    Millis at{0};
};

using Effect = std::variant<Publish, SeatStatus, TableViews, ArmTimer, Refused, DirectorMessageRefused,
                            HandFinished, ReportToDirector, ShuffleCommitted, ShuffleRevealed, PurchaseOffer,
                            PayForChips, PayBack, ChipsAdded, ArmPurchaseTimer>;
using Effects = std::vector<Effect>;

// A full view for one viewer who joins, observes or reconnects: then the stream continues at seq + 1.
struct TableSnapshot {
    Sequence seq = 0;  // the last sequence number this view includes
    engine::view::PokerView view;
    ClockView clock;                      // the decision's clock, if one runs
    std::optional<Millis> own_time_bank;  // a seated viewer's own bank
    bool sitting_out = false;             // a seated viewer's own status
    // Every seat's status (the view has none): who sits out, who is away. Indexed by seat.
    std::array<bool, engine::kMaxTableSize> seat_sitting_out{};
    std::array<bool, engine::kMaxTableSize> seat_disconnected{};
    std::string shuffle_commitment;  // the hand in play's commitment ("" between hands)
};

}  // namespace tavolo::server::table
