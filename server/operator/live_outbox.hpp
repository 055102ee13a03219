#pragma once
// The actors' Outbox with the operators' live feed beside it (issue 12 item 3): every call goes on to
// the session registry unchanged; what a table shows its observers, a finished hand's cards, the
// lobby's frames for the feed's own subscription (kFeedSession) and the directors' tournament events
// also go to the LiveFeed. The actors keep knowing neither sockets nor operators.
#include <deque>
#include <mutex>

#include "server/actors/outbox.hpp"
#include "server/operator/live_feed.hpp"

namespace tavolo::server::operators {

// The session id the feed subscribes to the lobby with: no connection ever has it (the registry
// numbers its sessions from 1 upwards).
inline constexpr session::SessionId kFeedSession = ~session::SessionId{0};

class LiveOutbox final : public actors::Outbox {
  public:
    LiveOutbox(actors::Outbox& inner, LiveFeed& feed) : inner_(inner), feed_(feed) {}

    void to_session(session::SessionId session, Frame frame) override;
    void to_account(session::AccountIdValue account, Frame frame) override;
    void account_result(session::SessionId session, session::AccountResult result) override {
        inner_.account_result(session, std::move(result));
    }
    void to_operators(const protocol::TableAddress& table, Frame frame) override {
        feed_.table_frame(table, frame);
    }
    void hand_revealed(const actors::RevealedHand& hand) override { feed_.hand_revealed(hand); }

  private:
    actors::Outbox& inner_;
    LiveFeed& feed_;
    // A director serialises a tournament event once and sends that frame to every entrant: the feed
    // takes it once. The last frames seen are kept alive here, so a pointer is never reused by another.
    std::mutex seen_mutex_;
    std::deque<Frame> seen_;
};

}  // namespace tavolo::server::operators
