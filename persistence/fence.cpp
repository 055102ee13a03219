#include "persistence/fence.hpp"

#include <charconv>
#include <utility>

namespace tavolo::persistence {

Fence::Fence(std::string node) : node_(std::move(node)) {}

void Fence::Leases::hold(std::int64_t id, std::int64_t token, Deadline until) {
    held[id] = Held{token, until};
    dropped.erase(id);
}

void Fence::Leases::extend(std::int64_t id, Deadline until) {
    if (const auto it = held.find(id); it != held.end()) it->second.until = until;
}

bool Fence::Leases::drop(std::int64_t id) {
    if (held.erase(id) == 0) return false;
    dropped.insert(id);
    return true;
}

void Fence::hold(std::int64_t tournament, std::int64_t token, Deadline until) {
    std::lock_guard lock(mutex_);
    tournaments_.hold(tournament, token, until);
    ++generation_;
}

void Fence::extend(std::int64_t tournament, Deadline until) {
    std::lock_guard lock(mutex_);
    tournaments_.extend(tournament, until);
}

void Fence::drop(std::int64_t tournament) {
    std::lock_guard lock(mutex_);
    if (tournaments_.drop(tournament)) ++generation_;
}

std::optional<std::int64_t> Fence::token(std::int64_t tournament) const {
    std::lock_guard lock(mutex_);
    const auto it = tournaments_.held.find(tournament);
    if (it == tournaments_.held.end()) return std::nullopt;
    return it->second.token;
}

void Fence::hold_table(std::int64_t row, std::int64_t token, Deadline until) {
    std::lock_guard lock(mutex_);
    tables_.hold(row, token, until);
    ++generation_;
}

void Fence::extend_table(std::int64_t row, Deadline until) {
    std::lock_guard lock(mutex_);
    tables_.extend(row, until);
}

void Fence::drop_table(std::int64_t row) {
    std::lock_guard lock(mutex_);
    if (tables_.drop(row)) ++generation_;
}

bool Fence::acting(std::int64_t tournament, std::int64_t row) const {
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(mutex_);
    if (const auto t = tables_.held.find(row); t != tables_.held.end()) return now < t->second.until;
    // Held by the tournament (also a table this node hosted for a director that died, then took over).
    if (const auto t = tournaments_.held.find(tournament); t != tournaments_.held.end())
        return now < t->second.until;
    return !tables_.dropped.contains(row) && !tournaments_.dropped.contains(tournament);
}

std::map<std::int64_t, std::int64_t> Fence::tables() const {
    std::lock_guard lock(mutex_);
    std::map<std::int64_t, std::int64_t> out;
    for (const auto& [row, held] : tables_.held)
        out.emplace(row, held.token);
    return out;
}

Fence::Setting Fence::setting() const {
    std::lock_guard lock(mutex_);
    std::string fences(1, ' ');
    for (const auto& [tournament, held] : tournaments_.held) {
        fences.append(std::to_string(tournament));
        fences.push_back(':');
        fences.append(std::to_string(held.token));
        fences.push_back(' ');
    }
    for (const auto& [row, held] : tables_.held) {
        fences.push_back('t');
        fences.append(std::to_string(row));
        fences.push_back(':');
        fences.append(std::to_string(held.token));
        fences.push_back(' ');
    }
    return Setting{generation_.load(), std::move(fences)};
}

void Fence::set_listener(Listener listener) {
    std::lock_guard lock(mutex_);
    listener_ = std::move(listener);
}

void Fence::refused(const std::string& message) const {
    const auto tournament = fenced_tournament(message);
    if (!tournament) return;
    Listener listener;
    {
        std::lock_guard lock(mutex_);
        listener = listener_;
    }
    if (listener) listener(*tournament, message);
}

std::optional<std::int64_t> fenced_tournament(const std::string& message) {
    static constexpr std::string_view kPrefix = "fenced out: tournament ";
    const auto at = message.find(kPrefix);
    if (at == std::string::npos) return std::nullopt;
    const char* first = message.data() + at + kPrefix.size();
    const char* last = message.data() + message.size();
    std::int64_t id = 0;
    auto [end, ec] = std::from_chars(first, last, id);
    if (ec != std::errc{} || end == first) return std::nullopt;
    return id;
}

}  // namespace tavolo::persistence
