#pragma once
// The live server (server/actors/README.md): owns the io_context and its threads, the signals, the
// write service and every actor, wires them together, serves until SIGINT or SIGTERM, then shuts down
// gracefully (issue 10 item 11). Boost stays in app.cpp.
#include <string>

#include "server/config.hpp"

namespace tavolo::server {

class DatabaseHealth;

// Runs the server on `config` (whose database is reachable and migrated) until a signal ends it.
// Prints "tavolo-server VERSION listening on http(s)://HOST:PORT" on standard output once it
// accepts connections. Returns the process's exit code: 0 after a graceful shutdown, 4 when the
// port cannot be opened.
int run_server(const Config& config, const std::string& version, DatabaseHealth* health);

}  // namespace tavolo::server
