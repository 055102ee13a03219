#include "server/session/send_queue.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace tavolo::server::session {

namespace {

// Protobuf's wire format: a field's key is (number << 3) | wire type, then a length-delimited value is
// its length as a varint and its bytes.
constexpr std::uint32_t kLengthDelimited = 2;
constexpr std::uint32_t kServerMessageBatch = 342;  // ServerMessage.batch (proto/tavolo.proto)
constexpr std::uint32_t kBatchMessages = 1;         // Batch.messages

void put_varint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<char>((v & 0x7F) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

std::size_t varint_size(std::uint64_t v) {
    std::size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        ++n;
    }
    return n;
}

// A repeated element's bytes in the batch: its key, its length, the frame.
std::size_t element_size(std::size_t frame) {
    return 1 + varint_size(frame) + frame;
}

}  // namespace

bool SendQueue::push(Frame frame) {
    if (!frame) return false;
    if (frames_.size() >= limits_.max_frames) return false;
    // Written so that it cannot overflow: bytes_ never exceeds max_bytes.
    if (frame->size() > limits_.max_bytes - bytes_) return false;
    bytes_ += frame->size();
    frames_.push_back(std::move(frame));
    return true;
}

void SendQueue::pop() {
    bytes_ -= frames_.front()->size();
    frames_.pop_front();
}

void SendQueue::pop(std::size_t count) {
    for (count = std::min(count, frames_.size()); count > 0; --count)
        pop();
}

std::size_t SendQueue::batchable(std::size_t max_bytes, std::size_t max_frames) const {
    std::size_t count = 0;
    std::size_t bytes = 0;
    for (const Frame& f : frames_) {
        if (count == max_frames) break;
        bytes += element_size(f->size());
        if (count > 0 && bytes > max_bytes) break;
        ++count;
    }
    return std::max<std::size_t>(count, 1);
}

Frame SendQueue::batch_of(std::size_t count) const {
    count = std::min(count, frames_.size());
    std::size_t body = 0;
    for (std::size_t i = 0; i < count; ++i)
        body += element_size(frames_[i]->size());
    std::string out;
    out.reserve(2 + varint_size(body) + body);
    put_varint(out, (kServerMessageBatch << 3) | kLengthDelimited);
    put_varint(out, body);
    for (std::size_t i = 0; i < count; ++i) {
        out.push_back(static_cast<char>((kBatchMessages << 3) | kLengthDelimited));
        put_varint(out, frames_[i]->size());
        out += *frames_[i];
    }
    return std::make_shared<const std::string>(std::move(out));
}

void SendQueue::clear() {
    frames_.clear();
    bytes_ = 0;
}

}  // namespace tavolo::server::session
