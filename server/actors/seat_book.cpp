#include "server/actors/seat_book.hpp"

#include <algorithm>

namespace tavolo::server::actors {

bool SeatBook::change(session::AccountIdValue account, const protocol::TableAddress& table, bool seated) {
    if (seated) {
        auto& tables = seats_[account];
        if (std::find(tables.begin(), tables.end(), table) != tables.end()) return false;
        tables.push_back(table);
        return true;
    }
    auto it = seats_.find(account);
    if (it == seats_.end()) return false;
    const auto erased = std::erase(it->second, table);
    if (it->second.empty()) seats_.erase(it);
    return erased > 0;
}

void SeatBook::seat(session::AccountIdValue account, const protocol::TableAddress& table) {
    std::lock_guard lock(mutex_);
    change(account, table, true);
    // Told even when the seat was known: it may have been known from another node (apply_elsewhere),
    // and this node now seats him there (a tournament taken over).
    if (listener_) listener_(account, table, true);
}

void SeatBook::unseat(session::AccountIdValue account, const protocol::TableAddress& table) {
    std::lock_guard lock(mutex_);
    if (change(account, table, false) && listener_) listener_(account, table, false);
}

void SeatBook::set_listener(Listener listener) {
    std::lock_guard lock(mutex_);
    listener_ = std::move(listener);
}

void SeatBook::apply_elsewhere(session::AccountIdValue account, const protocol::TableAddress& table,
                               bool seated) {
    std::lock_guard lock(mutex_);
    change(account, table, seated);
}

std::vector<protocol::TableAddress> SeatBook::tables_of(session::AccountIdValue account) const {
    std::lock_guard lock(mutex_);
    auto it = seats_.find(account);
    return it == seats_.end() ? std::vector<protocol::TableAddress>{} : it->second;
}

std::size_t SeatBook::seated_accounts() const {
    std::lock_guard lock(mutex_);
    return seats_.size();  // unseat() erases an account left with no table
}

}  // namespace tavolo::server::actors
