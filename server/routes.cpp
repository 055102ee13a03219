#include "server/routes.hpp"

namespace tavolo::server {

namespace {
std::string path_of(const std::string& target) {
    return target.substr(0, target.find('?'));
}

HttpResponse json(int status, std::string body) {
    return {status, "application/json", std::move(body)};
}

// Paths come from clients: escape them before echoing them in JSON.
std::string json_escape(const std::string& text) {
    std::string out;
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            out += "?";
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}
}  // namespace

HttpResponse route(const ServerInfo& info, const HttpRequest& request) {
    const std::string path = path_of(request.target);
    const bool is_get = request.method == "GET" || request.method == "HEAD";
    if (path == "/healthz" || path == "/readyz") {
        if (!is_get) return json(405, R"({"code":"METHOD_NOT_ALLOWED","message":"use GET"})");
        if (path == "/healthz") return json(200, R"({"status":"ok","version":")" + info.version + "\"}");
        if (!info.database_ready)
            return json(503, R"({"status":"unavailable","message":"the database is not reachable"})");
        return json(200, R"({"status":"ready"})");
    }
    return json(404, R"({"code":"NOT_FOUND","message":"no such endpoint: )" + json_escape(path) +
                         " (try /healthz, /readyz)\"}");
}

}  // namespace tavolo::server
