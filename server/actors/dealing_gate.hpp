#pragma once
// Whether a table may deal its next hand (issue 11: "no hand starts that cannot be committed"). A
// table deals only while the write service finds the database up and at most
// kMaxUncommittedHands of its finished hands wait to commit; otherwise it holds its StartHand and
// asks again every kDatabaseRecheck (real time); a finished hand still waiting to commit after
// kCommitWait pauses it too (the write service may not know yet that the database is away). Play resumes by
// itself once the database is back and the queued hands have committed, in order. Each change is logged once
// (event=table_paused / event=table_resumed) and told to the table's players as a TablePaused
// tournament event. No Asio: the table actor owns the timer.
#include <chrono>
#include <functional>
#include <optional>

#include "server/protocol/wire_vocabulary.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::actors {

// A hand in play when the database goes down is played to its end and queued; the next one waits.
inline constexpr int kMaxUncommittedHands = 0;
inline constexpr std::chrono::milliseconds kDatabaseRecheck{250};
// A finished hand not committed after this long (real time) pauses its table until it is.
inline constexpr std::chrono::milliseconds kCommitWait{1'000};

class DealingGate {
  public:
    // `tell(paused)` reaches the table's players.
    using Tell = std::function<void(bool paused)>;

    // True: deal now. `database_up` is WriteService::status().database_up; `uncommitted` the table's
    // finished hands not yet committed. Logs and tells on each change.
    bool may_deal(bool database_up, int uncommitted, const protocol::TableAddress& table, const Tell& tell);
    bool paused() const { return paused_since_.has_value(); }

  private:
    std::optional<std::chrono::steady_clock::time_point> paused_since_;
};

// The TablePaused event for the players of `table`.
protocol::v1::ServerMessage table_paused_message(const protocol::TableAddress& table, bool paused);

}  // namespace tavolo::server::actors
