#pragma once
// The schema version the migrations recorded, read again and again on one connection of the reader's
// own (for /readyz: server/database_health.hpp). A read costs no new connection, so the probe still
// works when the process has no descriptor to spare (a server at its descriptor limit once said
// database_down for 7 minutes while its writes went on, because each probe opened a connection). A
// connection that broke (the database restarted) is replaced within the same read, so a read fails only
// when a fresh connection fails too: a database that is really down is still reported.
#include <memory>
#include <string>

namespace tavolo::persistence {

class SchemaVersionReader {
  public:
    // Connects on the first read(), to `url` (with kDefaultConnectTimeout unless the URL sets one).
    explicit SchemaVersionReader(std::string url);
    ~SchemaVersionReader();
    SchemaVersionReader(const SchemaVersionReader&) = delete;
    SchemaVersionReader& operator=(const SchemaVersionReader&) = delete;

    // The highest migration version recorded (0 when none is). Throws DatabaseError (naming the URL
    // without its password) when neither the kept connection nor a fresh one can read it. One thread
    // at a time.
    int read();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tavolo::persistence
