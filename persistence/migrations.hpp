#pragma once
// Schema migrations: the numbered .sql files of persistence/migrations, compiled into the binary,
// applied in order at start and recorded in schema_migrations.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/connection.hpp"

namespace tavolo::persistence {

struct MigrationFile {
    std::string_view name;  // "0001_accounts_and_ledger.sql"
    std::string_view sql;
};

// Every file of persistence/migrations, in name order (generated at build time).
std::span<const MigrationFile> embedded_migration_files();

struct Migration {
    int version = 0;   // the file name's leading number
    std::string name;  // the file name
    std::string_view sql;
    std::string checksum;  // SHA-256 of the SQL, hex
};

// The embedded files as migrations; throws MigrationError if a name has no leading number or two
// files share a number.
std::vector<Migration> embedded_migrations();

class MigrationError : public DatabaseError {
  public:
    using DatabaseError::DatabaseError;
};

struct MigrationReport {
    std::vector<int> applied;  // versions applied by this call, in order (empty: already up to date)
    int schema_version = 0;    // the highest version now recorded
};

// Applies every migration not yet recorded, each in its own transaction, under an advisory lock so
// concurrent starters apply each migration once. Throws MigrationError (naming the migration and the
// database error) or DatabaseError (unreachable), and refuses a database whose recorded migration
// differs from the embedded one (edited after being applied) or that is newer than this binary.
MigrationReport apply_migrations(const std::string& url);

// The highest migration version recorded in the database at `url` (0 when none is), in one read-only
// query on a connection opened for it (SchemaVersionReader keeps one for repeated reads: /readyz
// compares it with embedded_migrations(), issue 12 item 4). Throws DatabaseError when the database
// cannot be reached.
int recorded_schema_version(const std::string& url);
MigrationReport apply_migrations(const std::string& url, std::span<const Migration> migrations);

}  // namespace tavolo::persistence
