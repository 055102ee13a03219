#pragma once
// The HTTP routes: health probes, /metrics and the web client's files (server/web_files.hpp); the
// operator API (/api/v1/...) is routed before these (server/app.cpp).
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/http_types.hpp"
#include "server/readiness.hpp"

namespace tavolo::server {

class WebFiles;

struct ServerInfo {
    std::string version;
    // Called for every /readyz on a network thread: must answer at once, never wait on the database.
    std::function<Readiness()> readiness;
    // Called for every /metrics on a network thread: the Prometheus text (server/metrics/README.md);
    // reads atomics and registries' sizes only, never waits on the database.
    std::function<std::string()> metrics;
    // The built web client ([web] root) at `/`, `/operator` and its files; null = none.
    std::shared_ptr<const WebFiles> web{};
};

HttpResponse route(const ServerInfo& info, const HttpRequest& request);

// The body of every error the server sends: {"code":"NOT_FOUND","message":"..."}, valid JSON whatever
// the message holds.
std::string error_body(std::string_view code, std::string_view message);

}  // namespace tavolo::server
