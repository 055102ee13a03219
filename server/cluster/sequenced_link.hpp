#pragma once
// At-least-once, in-order delivery over NATS, which is at most once (a reconnect or a slow consumer
// loses messages): one direction of a table's conversation between a director's node and the table's
// host ([cluster] spread_tables: remote_table.hpp, table_host.hpp).
//   - The sender numbers each message (1, 2, ...) and keeps it until the receiver acknowledges it;
//     what stays unacknowledged for a while is sent again (resend_due, at the lease keeper's rounds).
//   - The receiver takes only the next number: a duplicate (a resend of what it had) or a message past
//     a gap (one before it was lost; its resend comes) is dropped. It acknowledges what it took in
//     order after each message, so the sender forgets it.
// Not thread-safe: each owner guards its link with its own mutex.
#include <chrono>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace tavolo::server::cluster {

class OutgoingLink {
  public:
    using Clock = std::chrono::steady_clock;
    // The number of the next message (its `seq`); keep() it once serialised.
    std::uint64_t next() { return ++last_; }
    // `bytes` (message `seq`) was sent at `now`: kept until acknowledged.
    void keep(std::uint64_t seq, std::string bytes, Clock::time_point now);
    // The receiver took every message up to `seq`.
    void acknowledged(std::uint64_t seq);
    // The messages unacknowledged for at least `after` since they were last sent, oldest first, to be
    // sent again (in order: the receiver takes only the next); they count as sent `now`.
    std::vector<std::string> due(Clock::time_point now, std::chrono::milliseconds after);
    std::size_t unacknowledged() const { return kept_.size(); }

  private:
    struct Kept {
        std::uint64_t seq;
        std::string bytes;
        Clock::time_point sent;
    };
    std::uint64_t last_ = 0;
    std::deque<Kept> kept_;
};

class IncomingLink {
  public:
    enum class Verdict { next, duplicate, gap };
    // Message `seq` arrived: `next` (take it; it is acknowledged from now), or drop it.
    Verdict take(std::uint64_t seq);
    // The last message taken in order: what to acknowledge.
    std::uint64_t acknowledge() const { return last_; }

  private:
    std::uint64_t last_ = 0;
};

}  // namespace tavolo::server::cluster
