#include "persistence/fence.hpp"

#include <charconv>
#include <utility>

namespace tavolo::persistence {

Fence::Fence(std::string node) : node_(std::move(node)) {}

void Fence::hold(std::int64_t tournament, std::int64_t token, Deadline until) {
    std::lock_guard lock(mutex_);
    tokens_[tournament] = token;
    until_[tournament] = until;
    dropped_.erase(tournament);
    ++generation_;
}

void Fence::extend(std::int64_t tournament, Deadline until) {
    std::lock_guard lock(mutex_);
    if (tokens_.contains(tournament)) until_[tournament] = until;
}

void Fence::drop(std::int64_t tournament) {
    std::lock_guard lock(mutex_);
    until_.erase(tournament);
    if (tokens_.erase(tournament) == 0) return;
    dropped_.insert(tournament);
    ++generation_;
}

std::optional<std::int64_t> Fence::token(std::int64_t tournament) const {
    std::lock_guard lock(mutex_);
    const auto it = tokens_.find(tournament);
    if (it == tokens_.end()) return std::nullopt;
    return it->second;
}

void Fence::hold_table(std::int64_t row, std::int64_t token, Deadline until) {
    std::lock_guard lock(mutex_);
    table_tokens_[row] = token;
    table_until_[row] = until;
    dropped_tables_.erase(row);
    ++generation_;
}

void Fence::extend_table(std::int64_t row, Deadline until) {
    std::lock_guard lock(mutex_);
    if (table_tokens_.contains(row)) table_until_[row] = until;
}

void Fence::drop_table(std::int64_t row) {
    std::lock_guard lock(mutex_);
    table_until_.erase(row);
    if (table_tokens_.erase(row) == 0) return;
    dropped_tables_.insert(row);
    ++generation_;
}

bool Fence::acting(std::int64_t tournament, std::int64_t row) const {
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(mutex_);
    if (const auto t = table_until_.find(row); t != table_until_.end()) return now < t->second;
    // Held by the tournament (also a table this node hosted for a director that died, then took over).
    if (const auto t = until_.find(tournament); t != until_.end()) return now < t->second;
    return !dropped_tables_.contains(row) && !dropped_.contains(tournament);
}

std::map<std::int64_t, std::int64_t> Fence::tables() const {
    std::lock_guard lock(mutex_);
    return table_tokens_;
}

Fence::Setting Fence::setting() const {
    std::lock_guard lock(mutex_);
    std::string fences(1, ' ');
    for (const auto& [tournament, token] : tokens_) {
        fences.append(std::to_string(tournament));
        fences.push_back(':');
        fences.append(std::to_string(token));
        fences.push_back(' ');
    }
    for (const auto& [row, token] : table_tokens_) {
        fences.push_back('t');
        fences.append(std::to_string(row));
        fences.push_back(':');
        fences.append(std::to_string(token));
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
