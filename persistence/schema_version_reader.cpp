#include "persistence/schema_version_reader.hpp"

#include <pqxx/pqxx>

#include "persistence/connection.hpp"

namespace tavolo::persistence {

struct SchemaVersionReader::Impl {
    std::string url;
    std::unique_ptr<pqxx::connection> connection;
};

SchemaVersionReader::SchemaVersionReader(std::string url) : impl_(std::make_unique<Impl>()) {
    impl_->url = std::move(url);
}

SchemaVersionReader::~SchemaVersionReader() = default;

int SchemaVersionReader::read() {
    for (;;) {
        const bool fresh = !impl_->connection;
        try {
            if (fresh)
                impl_->connection = std::make_unique<pqxx::connection>(
                    with_connect_timeout(impl_->url, kDefaultConnectTimeout));
            pqxx::nontransaction tx{*impl_->connection};
            // to_regclass: a database never migrated has no table yet, which is version 0, not an error.
            return tx
                .exec1(
                    "SELECT CASE WHEN to_regclass('schema_migrations') IS NULL THEN 0 "
                    "ELSE (SELECT coalesce(max(version), 0) FROM schema_migrations) END")[0]
                .as<int>();
        } catch (const std::exception& e) {
            impl_->connection.reset();  // broken or never made: the next attempt connects afresh
            if (fresh) throw unreachable_database(impl_->url, e.what(), " to read its schema version");
        }
    }
}

}  // namespace tavolo::persistence
