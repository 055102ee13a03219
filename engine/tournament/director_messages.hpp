#pragma once
// What a poker table and its tournament director say to each other (RULES.md §6). They share no
// object: a table reports what it is after a hand (or after a change between hands), the director
// answers with decisions addressed to tables. Every type here is a plain copyable value, so the
// messages can cross an Asio strand now and a node boundary later. The protocol, including a move
// to a table that is playing a hand, is written down in engine/tournament/README.md.
#include <cstdint>
#include <variant>
#include <vector>

#include "engine/poker/hand_setup.hpp"
#include "engine/table/table.hpp"
#include "engine/table/table_player.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

using TableId = std::int32_t;  // a table's number within its tournament (0-based)

// ---- From a table to its director ----------------------------------------------------------

struct ReportedSeat {
    SeatIndex seat = kNoSeat;
    TablePlayer player;  // entrant, stack, sitting out, sanctions... (moved with the player)
};

enum class Purchase { Rebuy, AddOn };
struct ChipsBought {
    EntrantId entrant = kNoEntrant;
    SeatIndex seat = kNoSeat;
    Purchase kind = Purchase::Rebuy;
    Chips chips = 0;
};

// An operator's disqualification (§6): the chips leave the tournament.
struct Disqualified {
    EntrantId entrant = kNoEntrant;
    SeatIndex seat = kNoSeat;
    Chips chips_removed = 0;
};

struct TableReport {
    TableId table = 0;
    int size = 0;                // seats at the table
    bool in_hand = false;        // a hand is being played (the report then says nothing new)
    HandId finished_hand = 0;    // the hand this report closes; 0: a change between hands
    HandId hands_played = 0;     // at this table
    SeatIndex button = kNoSeat;  // kNoSeat: not drawn yet
    // The seat after which, clockwise, the table looks for its next big blind (the first occupied
    // seat) and for the seat where an arrival posts it soonest (the first empty one): the last big
    // blind, or before the first hand the first player after the button. kNoSeat: no button yet.
    SeatIndex big_blind_after = kNoSeat;
    SeatIndex next_big_blind = kNoSeat;     // the player due to post the next big blind
    SeatIndex big_blind_soonest = kNoSeat;  // the empty seat that posts the big blind soonest
    std::vector<ReportedSeat> players;      // ascending seats
    std::vector<SeatIndex> empty_seats;     // ascending
    // How many seat changes from the director (OpenTable, StandUp, SeatPlayer, CloseTable) the table
    // had applied: a report that crossed newer ones on the way is stale, and refused.
    std::int64_t seat_changes_applied = 0;
    // Since the previous report: eliminations in ranking order (best first, Table::finish_hand
    // and settle_busted), chips bought, disqualifications.
    std::vector<Elimination> eliminated;
    std::vector<ChipsBought> bought;
    std::vector<Disqualified> disqualified;
};

// ---- From the director to a table ---------------------------------------------------------

// A new table: seat these players (with their stacks) and draw the button.
struct OpenTable {
    TableId table = 0;
    int size = 0;
    Variant variant = Variant::Holdem;
    Betting betting = Betting::NoLimit;
    std::vector<ReportedSeat> players;
};
// The first half of a move (§6 breaking or balancing): the player leaves this table.
struct StandUp {
    TableId table = 0;
    SeatIndex seat = kNoSeat;
    EntrantId entrant = kNoEntrant;
    std::int64_t move = 0;  // the move's number, shared with its SeatPlayer
    bool breaking = false;  // the table is being broken (else balancing)
};
// The second half: the player sits here with the state he had at the table he left.
struct SeatPlayer {
    TableId table = 0;
    SeatIndex seat = kNoSeat;
    TablePlayer player;
    std::int64_t move = 0;
    bool breaking = false;  // from a table being broken (else balancing)
};
// The table is broken (its players have all been stood up before this message): close it.
struct CloseTable {
    TableId table = 0;
};
// The blinds of `level` apply from the next hand at this table (APT Art.7.3).
struct SetLevel {
    TableId table = 0;
    int level = 1;
    Stakes stakes;
};
// Deal the next hand, numbered `hand`; re-buys are open for players who bust in it.
struct StartHand {
    TableId table = 0;
    HandId hand = 0;
    bool rebuys_open = false;
};
enum class WaitReason {
    HandForHand,     // the other tables are still playing this hand-for-hand round
    TooFewPlayers,   // fewer than two players: arrivals come with the next moves
    TournamentOver,  // the last player has won
};
// Stay between hands until told otherwise.
struct Wait {
    TableId table = 0;
    WaitReason reason = WaitReason::HandForHand;
};
// The synchronous break (§6): play resumes with a StartHand at `until` (time since the start).
struct PauseForBreak {
    TableId table = 0;
    std::int64_t until_ms = 0;
};
// The add-on (§6): the re-buy window closes; every player may buy the add-on once, now.
struct OfferAddOn {
    TableId table = 0;
    Chips chips = 0;
};

using DirectorMessage = std::variant<OpenTable, StandUp, SeatPlayer, CloseTable, SetLevel, StartHand, Wait,
                                     PauseForBreak, OfferAddOn>;

// The table a message is for.
TableId addressee(const DirectorMessage& message);

}  // namespace tavolo::engine
