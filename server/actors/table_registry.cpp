#include "server/actors/table_registry.hpp"

namespace tavolo::server::actors {

void TableRegistry::add(const protocol::TableAddress& table, std::shared_ptr<TableEndpoint> endpoint) {
    std::lock_guard lock(mutex_);
    auto& slot = tables_[key_of(table)];
    const bool added = slot == nullptr;
    slot = std::move(endpoint);
    if (added && listener_) listener_(table, true);
}

void TableRegistry::remove(const protocol::TableAddress& table) {
    std::lock_guard lock(mutex_);
    if (tables_.erase(key_of(table)) > 0 && listener_) listener_(table, false);
}

void TableRegistry::set_listener(Listener listener) {
    std::lock_guard lock(mutex_);
    listener_ = std::move(listener);
}

session::Routed TableRegistry::submit(session::TableRequest request) {
    auto endpoint = endpoint_at(request.table);
    if (!endpoint) return session::Routed::unknown_table;
    // Outside the lock: post() only queues, but the registry never holds its mutex into a table.
    endpoint->post(std::move(request));
    return session::Routed::delivered;
}

std::shared_ptr<TableEndpoint> TableRegistry::endpoint_at(const protocol::TableAddress& table) const {
    std::lock_guard lock(mutex_);
    const auto it = tables_.find(key_of(table));
    return it == tables_.end() ? nullptr : it->second;
}

bool TableRegistry::moderate(const protocol::TableAddress& table, ModerationRequest request) {
    auto endpoint = endpoint_at(table);
    if (!endpoint) return false;
    endpoint->moderate(std::move(request));
    return true;
}

bool TableRegistry::inspect(const protocol::TableAddress& table, TableEndpoint::InspectDone done) {
    auto endpoint = endpoint_at(table);
    if (!endpoint) return false;
    endpoint->inspect(std::move(done));
    return true;
}

std::vector<protocol::TableAddress> TableRegistry::addresses() const {
    std::lock_guard lock(mutex_);
    std::vector<protocol::TableAddress> out;
    out.reserve(tables_.size());
    for (const auto& [key, endpoint] : tables_)
        out.push_back(protocol::TableAddress{key.first, key.second});
    return out;
}

bool TableRegistry::contains(const protocol::TableAddress& table) const {
    std::lock_guard lock(mutex_);
    return tables_.contains(key_of(table));
}

std::size_t TableRegistry::size() const {
    std::lock_guard lock(mutex_);
    return tables_.size();
}

}  // namespace tavolo::server::actors
