#pragma once
// The outbound queue of one connection (DESIGN.md "A slow client never slows a table"): frames wait here
// until the socket takes them. It is bounded by count and by bytes; a push that would pass either bound
// is refused and the session closes the connection (the client resyncs on reconnect), so a reader that
// stalls costs the server a fixed amount of memory, never more. A frame for many viewers is one
// shared_ptr<const std::string>: serialised once, queued by every session that sends it.
//
// Batches (proto ServerMessage.batch, for a client whose Hello accepted them): the frames waiting at
// the front go out as one frame, one write and one system call instead of one each. The batch is
// built from the serialised frames by concatenation (protobuf's encoding of a repeated message field),
// never parsed again.
#include <cstddef>
#include <deque>
#include <memory>
#include <string>

namespace tavolo::server::session {

using Frame = std::shared_ptr<const std::string>;

// What one batch holds at most: the web client's frames stay small, and a batch is built by copying.
inline constexpr std::size_t kMaxBatchBytes = 64 * 1024;
inline constexpr std::size_t kMaxBatchFrames = 256;

struct SendQueueLimits {
    std::size_t max_frames = 512;
    std::size_t max_bytes = std::size_t{4} * 1024 * 1024;
};

class SendQueue {
  public:
    explicit SendQueue(SendQueueLimits limits = {}) : limits_(limits) {}

    // False, and nothing queued, when the frame would pass a bound (or is null): close the connection.
    [[nodiscard]] bool push(Frame frame);
    // The frame to write next; the queue must not be empty. It stays queued until pop(), so the socket's
    // write keeps its buffer alive.
    [[nodiscard]] const Frame& front() const { return frames_.front(); }
    // The front frame is written.
    void pop();
    // The `count` front frames are written (at most all of them).
    void pop(std::size_t count);
    // How many front frames one batch of at most `max_bytes` holds: at least 1 (a large frame goes
    // alone), at most `max_frames`. The queue must not be empty.
    [[nodiscard]] std::size_t batchable(std::size_t max_bytes, std::size_t max_frames) const;
    // The `count` front frames as one ServerMessage whose body is a Batch of them (count >= 2).
    [[nodiscard]] Frame batch_of(std::size_t count) const;
    // Drops everything (a closing connection's queue).
    void clear();

    [[nodiscard]] bool empty() const { return frames_.empty(); }
    [[nodiscard]] std::size_t frames() const { return frames_.size(); }
    [[nodiscard]] std::size_t bytes() const { return bytes_; }
    [[nodiscard]] const SendQueueLimits& limits() const { return limits_; }

  private:
    SendQueueLimits limits_;
    std::deque<Frame> frames_;
    std::size_t bytes_ = 0;
};

}  // namespace tavolo::server::session
