#pragma once
// Opening a PostgreSQL connection with an error that says what to do.
#include <chrono>
#include <stdexcept>
#include <string>

namespace tavolo::persistence {

class DatabaseError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How long probe_database and apply_migrations wait for a connection, unless the URL says otherwise.
inline constexpr std::chrono::seconds kDefaultConnectTimeout{10};

// The URL with connect_timeout set to `timeout` (at least 2 s, libpq's minimum), unless it already
// sets one. Works for both URIs and key=value strings.
std::string with_connect_timeout(const std::string& url, std::chrono::seconds timeout);

// Connects, runs a trivial query and returns the server's version string
// ("PostgreSQL 15.x ..."). Throws DatabaseError naming the URL (without password) on failure.
std::string probe_database(const std::string& url);

// The error for a database that cannot be reached `purpose` (e.g. " to apply migrations"): the URL
// without its password, libpq's `reason` with the password redacted, and what to check.
DatabaseError unreachable_database(const std::string& url, const std::string& reason,
                                   const std::string& purpose = "");

// The URL with any password replaced by "***", safe for logs and errors.
std::string redact_url(const std::string& url);

// `text` (an error message from libpq, which may quote parts of the URL) with every appearance of the
// URL's password, as written or decoded, replaced by "***".
std::string redact_secrets(std::string text, const std::string& url);

}  // namespace tavolo::persistence
