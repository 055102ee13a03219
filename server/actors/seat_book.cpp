#include "server/actors/seat_book.hpp"

#include <algorithm>

namespace tavolo::server::actors {

void SeatBook::seat(session::AccountIdValue account, const protocol::TableAddress& table) {
    std::lock_guard lock(mutex_);
    auto& tables = seats_[account];
    if (std::find(tables.begin(), tables.end(), table) == tables.end()) tables.push_back(table);
}

void SeatBook::unseat(session::AccountIdValue account, const protocol::TableAddress& table) {
    std::lock_guard lock(mutex_);
    auto it = seats_.find(account);
    if (it == seats_.end()) return;
    std::erase(it->second, table);
    if (it->second.empty()) seats_.erase(it);
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
