#include "server/operator/chat_guard.hpp"

#include <ctime>

namespace tavolo::server::operators {

std::string utc_text(WallClock::time_point t) {
    const std::time_t secs = WallClock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

ChatVerdict ChatGuard::admit(std::int64_t account, WallClock::time_point now) {
    std::lock_guard lock(mutex_);
    if (auto it = mutes_.find(account); it != mutes_.end()) {
        const Mute& m = it->second;
        if (!m.until || *m.until > now) {
            const std::string until = m.until ? utc_text(*m.until) : std::string("further notice");
            return {ChatVerdict::Refusal::muted, "muted by an operator until " + until + ": " + m.reason};
        }
        mutes_.erase(it);  // expired
    }
    auto& lines = recent_[account];
    while (!lines.empty() && lines.front() <= now - limits_.window)
        lines.pop_front();
    if (static_cast<int>(lines.size()) >= limits_.lines)
        return {ChatVerdict::Refusal::rate_limited,
                "too many chat lines: at most " + std::to_string(limits_.lines) + " in " +
                    std::to_string(limits_.window.count() / 1000) + " s; wait a few seconds"};
    lines.push_back(now);
    return {};
}

void ChatGuard::mute(std::int64_t account, Mute mute) {
    std::lock_guard lock(mutex_);
    mutes_[account] = std::move(mute);
}

std::optional<Mute> ChatGuard::mute_of(std::int64_t account, WallClock::time_point now) const {
    std::lock_guard lock(mutex_);
    auto it = mutes_.find(account);
    if (it == mutes_.end() || (it->second.until && *it->second.until <= now)) return std::nullopt;
    return it->second;
}

}  // namespace tavolo::server::operators
