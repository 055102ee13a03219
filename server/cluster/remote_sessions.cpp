#include "server/cluster/remote_sessions.hpp"

namespace tavolo::server::cluster {

session::SessionId RemoteSessions::stand_in(const std::string& node, session::SessionId session) {
    std::lock_guard lock(mutex_);
    auto [it, added] = by_origin_.try_emplace({node, session}, 0);
    if (added) {
        it->second = kStandInBit | ++last_;
        by_stand_in_.emplace(it->second, RemoteSession{node, session});
    }
    return it->second;
}

std::optional<RemoteSession> RemoteSessions::find(session::SessionId id) const {
    std::lock_guard lock(mutex_);
    auto it = by_stand_in_.find(id);
    if (it == by_stand_in_.end()) return std::nullopt;
    return it->second;
}

std::optional<session::SessionId> RemoteSessions::forget(const std::string& node,
                                                         session::SessionId session) {
    std::lock_guard lock(mutex_);
    auto it = by_origin_.find({node, session});
    if (it == by_origin_.end()) return std::nullopt;
    const auto id = it->second;
    by_stand_in_.erase(id);
    by_origin_.erase(it);
    return id;
}

std::size_t RemoteSessions::size() const {
    std::lock_guard lock(mutex_);
    return by_stand_in_.size();
}

}  // namespace tavolo::server::cluster
