#pragma once
// What a client knows of one table: the last TableSnapshot with every later TableEvent folded in, and
// the checks a client makes on what it receives (proto/README.md "Sequence numbers" and "Cards"):
//   - table messages before the table's first snapshot are dropped (after a Resume or Observe the
//     stream may already be running when the snapshot arrives); from the snapshot's table_seq S on,
//     every message must carry S+1, S+2...: a gap is a problem;
//   - a face the viewer may not see (RULES.md §8: another player's face-down card before it is shown
//     or revealed, a burn card) is a problem, in a snapshot and in an event.
// No network code: the bots, the e2e tests and the unit tests feed it ServerMessages directly.
#include <cstdint>
#include <expected>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tavolo.pb.h"
#include "tools/client/table_fold.hpp"

namespace tavolo::client {

namespace v1 = ::tavolo::v1;

// Why a message was not accepted.
enum class ProblemKind {
    SequenceGap,  // a table message whose table_seq is not one more than the last
    HiddenCard,   // a face this viewer may not see
    Malformed,    // bytes that do not parse, a text frame, a table message without its table or seq
};

std::string to_string(ProblemKind kind);

struct Problem {
    ProblemKind kind = ProblemKind::Malformed;
    std::string text;  // what was wrong, naming the table and sequence number
};

// What became of a table message.
enum class Folded {
    Dropped,  // before the table's snapshot: ignored, by the rule above
    Applied,  // checked and folded into the table's state
};

// A table on the wire (v1::TableRef) as a map key.
struct TableKey {
    std::int64_t tournament_id = 0;
    std::int32_t table = 0;
    friend auto operator<=>(const TableKey&, const TableKey&) = default;
};

TableKey key_of(const v1::TableRef& ref);
std::string to_string(const TableKey& key);  // "table 12/0"

class TableTracker {
  public:
    // A message of this table (a TableSnapshot, TableEvent, ChatLine or an Error naming it, with its
    // table_seq). A problem leaves the state as it was.
    std::expected<Folded, Problem> on_message(const v1::ServerMessage& message);

    bool has_snapshot() const { return has_snapshot_; }
    std::uint64_t last_seq() const { return last_seq_; }
    // The table as last seen: the snapshot with the events since folded in.
    const v1::TableSnapshot& state() const { return state_; }

    // The current hand's number (0 before the first).
    std::int64_t hand() const;
    // The viewer's options when a decision is pending for him: the legal actions of the current
    // decision (poker or Polacco), else nothing.
    const v1::PokerLegalActions* poker_legal() const;
    const v1::PolaccoLegalActions* polacco_legal() const;
    // The viewer's own cards (faces he holds), in hand order; empty for an observer.
    std::vector<std::uint32_t> own_cards() const;

    // Forget the table (a new connection): messages are dropped again until the next snapshot.
    void reset() { *this = TableTracker{}; }
    // The player was moved here: the table's snapshot must come before any other message of it (a
    // message before it is a hand, or part of one, the player missed: a SequenceGap).
    void expect_snapshot() {
        reset();
        expect_snapshot_ = true;
    }

  private:
    std::expected<void, Problem> check_and_fold(const v1::ServerMessage& message);

    bool has_snapshot_ = false;
    bool expect_snapshot_ = false;
    std::uint64_t last_seq_ = 0;
    v1::TableSnapshot state_;
    DrawReplacement draw_;
};

// Every table of one connection, and the routing of ServerMessages to them.
class TableBook {
  public:
    // A ServerMessage as received: a table message goes to its table's tracker; anything else is
    // accepted as is (Folded::Applied); a MovedTable forgets both tables it names, so the new table's
    // snapshot starts its stream (the player may have sat there before). Malformed: table_seq on a message
    // that is not a table's, a table message without table_seq or without its table.
    std::expected<Folded, Problem> on_message(const v1::ServerMessage& message);

    const TableTracker* find(const TableKey& key) const;
    const std::map<TableKey, TableTracker>& tables() const { return tables_; }
    // A new connection: every table waits for its snapshot again.
    void reset_all();

  private:
    std::map<TableKey, TableTracker> tables_;
};

// What a message is, for messages: "TableSnapshot", "TableEvent.card_dealt".
std::string message_kind(const v1::ServerMessage& message);

// The table a table message names (a snapshot, event, chat line or error), if it is one.
const v1::TableRef* table_of(const v1::ServerMessage& message);

}  // namespace tavolo::client
