#include "server/cluster/sequenced_link.hpp"

namespace tavolo::server::cluster {

void OutgoingLink::keep(std::uint64_t seq, std::string bytes, Clock::time_point now) {
    kept_.push_back({seq, std::move(bytes), now});
}

void OutgoingLink::acknowledged(std::uint64_t seq) {
    while (!kept_.empty() && kept_.front().seq <= seq)
        kept_.pop_front();
}

std::vector<std::string> OutgoingLink::due(Clock::time_point now, std::chrono::milliseconds after) {
    std::vector<std::string> out;
    if (kept_.empty() || now - kept_.front().sent < after) return out;
    // Everything from the oldest: the receiver drops whatever follows a gap.
    for (Kept& k : kept_) {
        out.push_back(k.bytes);
        k.sent = now;
    }
    return out;
}

IncomingLink::Verdict IncomingLink::take(std::uint64_t seq) {
    if (seq <= last_) return Verdict::duplicate;
    if (seq > last_ + 1) return Verdict::gap;
    last_ = seq;
    return Verdict::next;
}

}  // namespace tavolo::server::cluster
