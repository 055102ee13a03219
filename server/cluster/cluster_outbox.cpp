#include "server/cluster/cluster_outbox.hpp"

#include <spdlog/spdlog.h>

#include "cluster.pb.h"
#include "server/cluster/subjects.hpp"

namespace tavolo::server::cluster {

ClusterOutbox::ClusterOutbox(ClusterLinks& links,
                             std::function<bool(session::AccountIdValue)> has_local_account,
                             std::function<void(session::SessionId, session::AccountIdValue)> granted)
    : links_(links), has_local_account_(std::move(has_local_account)), granted_(std::move(granted)) {}

void ClusterOutbox::to_session(session::SessionId session, session::Frame frame) {
    if (!RemoteSessions::is_stand_in(session)) return links_.local.to_session(session, std::move(frame));
    const auto remote = links_.remote.find(session);
    if (!remote) return;  // that session closed: dropped, as for a local one
    ::tavolo::cluster::v1::SessionFrame out;
    out.set_session(remote->session);
    out.set_frame(*frame);
    links_.bus.publish(subjects::sessions_of(remote->node), out.SerializeAsString());
}

void ClusterOutbox::to_account(session::AccountIdValue account, session::Frame frame) {
    if (has_local_account_(account)) return links_.local.to_account(account, std::move(frame));
    ::tavolo::cluster::v1::AccountFrame out;
    out.set_account(account);
    out.set_frame(*frame);
    links_.bus.publish(subjects::account(account), out.SerializeAsString());
}

void ClusterOutbox::account_result(session::SessionId session, session::AccountResult result) {
    if (const auto* granted = std::get_if<session::AccountGranted>(&result.outcome))
        granted_(session, granted->account);
    links_.local.account_result(session, std::move(result));
}

void ClusterOutbox::to_operators(const protocol::TableAddress& table, session::Frame frame) {
    links_.local.to_operators(table, std::move(frame));
}

void ClusterOutbox::hand_revealed(const actors::RevealedHand& hand) {
    links_.local.hand_revealed(hand);
}

}  // namespace tavolo::server::cluster
