#pragma once
// The HTTP routes: health probes now; the operator API (/api/v1/...) and /metrics join here.
#include <string>

#include "server/http_types.hpp"

namespace tavolo::server {

struct ServerInfo {
    std::string version;
    bool database_ready = false;
};

HttpResponse route(const ServerInfo& info, const HttpRequest& request);

}  // namespace tavolo::server
