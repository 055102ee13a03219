#include "server/session/send_queue.hpp"

namespace tavolo::server::session {

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

void SendQueue::clear() {
    frames_.clear();
    bytes_ = 0;
}

}  // namespace tavolo::server::session
