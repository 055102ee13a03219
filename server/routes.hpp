#pragma once
// The HTTP routes: health probes and /metrics now; the operator API (/api/v1/...) joins here.
#include <functional>
#include <string>
#include <string_view>

#include "server/http_types.hpp"
#include "server/readiness.hpp"

namespace tavolo::server {

struct ServerInfo {
    std::string version;
    // Called for every /readyz on a network thread: must answer at once, never wait on the database.
    std::function<Readiness()> readiness;
    // Called for every /metrics on a network thread: the Prometheus text (server/metrics/README.md);
    // reads atomics and registries' sizes only, never waits on the database.
    std::function<std::string()> metrics;
};

HttpResponse route(const ServerInfo& info, const HttpRequest& request);

// The body of every error the server sends: {"code":"NOT_FOUND","message":"..."}, valid JSON whatever
// the message holds.
std::string error_body(std::string_view code, std::string_view message);

}  // namespace tavolo::server
