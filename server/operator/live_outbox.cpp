#include "server/operator/live_outbox.hpp"

#include <algorithm>

namespace tavolo::server::operators {

namespace {
constexpr std::size_t kSeenFrames = 64;
}

void LiveOutbox::to_session(session::SessionId session, Frame frame) {
    if (session == kFeedSession) return feed_.lobby_or_tournament_frame(frame);
    inner_.to_session(session, std::move(frame));
}

void LiveOutbox::to_account(session::AccountIdValue account, Frame frame) {
    if (feed_.has_listeners() && frame) {
        bool fresh = false;
        {
            std::lock_guard lock(seen_mutex_);
            if (std::find(seen_.begin(), seen_.end(), frame) == seen_.end()) {
                fresh = true;
                seen_.push_back(frame);
                if (seen_.size() > kSeenFrames) seen_.pop_front();
            }
        }
        // Only tournament events pass the feed's filter (a table's frames come through to_operators).
        if (fresh) feed_.lobby_or_tournament_frame(frame);
    }
    inner_.to_account(account, std::move(frame));
}

}  // namespace tavolo::server::operators
