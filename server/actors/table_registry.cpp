#include "server/actors/table_registry.hpp"

namespace tavolo::server::actors {

void TableRegistry::add(const protocol::TableAddress& table, std::shared_ptr<TableEndpoint> endpoint) {
    std::lock_guard lock(mutex_);
    tables_[key_of(table)] = std::move(endpoint);
}

void TableRegistry::remove(const protocol::TableAddress& table) {
    std::lock_guard lock(mutex_);
    tables_.erase(key_of(table));
}

session::Routed TableRegistry::submit(session::TableRequest request) {
    std::shared_ptr<TableEndpoint> endpoint;
    {
        std::lock_guard lock(mutex_);
        const auto it = tables_.find(key_of(request.table));
        if (it == tables_.end()) return session::Routed::unknown_table;
        endpoint = it->second;
    }
    // Outside the lock: post() only queues, but the registry never holds its mutex into a table.
    endpoint->post(std::move(request));
    return session::Routed::delivered;
}

bool TableRegistry::inspect(const protocol::TableAddress& table, TableEndpoint::InspectDone done) {
    std::shared_ptr<TableEndpoint> endpoint;
    {
        std::lock_guard lock(mutex_);
        const auto it = tables_.find(key_of(table));
        if (it == tables_.end()) return false;
        endpoint = it->second;
    }
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
