#include "server/routes.hpp"

#include "server/json_text.hpp"
#include "server/metrics/text_format.hpp"
#include "server/web_files.hpp"

namespace tavolo::server {

namespace {

// An error message may echo what a client sent: enough of it to recognise, not enough to fill a response.
constexpr std::size_t kMessageChars = 300;

std::string path_of(const std::string& target) {
    return target.substr(0, target.find('?'));
}

HttpResponse json(int status, std::string body) {
    return {status, "application/json", std::move(body), {}};
}

HttpResponse readyz(const ServerInfo& info) {
    const Readiness now =
        info.readiness ? info.readiness() : Readiness{false, "no readiness check is set up"};
    if (!now.ready) return json(503, R"({"status":"unavailable","message":)" + json_string(now.reason) + "}");
    return json(
        200,
        R"({"status":"ready","checks":{"recovery":"done","database":"reachable","migrations":"applied"}})");
}

}  // namespace

std::string error_body(std::string_view code, std::string_view message) {
    return "{\"code\":" + json_string(code) + ",\"message\":" + json_string(message, kMessageChars) + "}";
}

HttpResponse route(const ServerInfo& info, const HttpRequest& request) {
    const std::string path = path_of(request.target);
    // HEAD is answered as GET; the network layer sends the headers without the body.
    const bool is_get = request.method == "GET" || request.method == "HEAD";
    if (path == "/healthz" || path == "/readyz") {
        if (!is_get) return json(405, error_body("METHOD_NOT_ALLOWED", "use GET or HEAD"));
        if (path == "/healthz")
            return json(200, R"({"status":"ok","version":)" + json_string(info.version) + "}");
        return readyz(info);
    }
    if (path == "/metrics") {
        if (!is_get) return json(405, error_body("METHOD_NOT_ALLOWED", "use GET or HEAD"));
        if (!info.metrics) return json(503, error_body("UNAVAILABLE", "no metrics source is set up"));
        return {200, std::string(metrics::kTextContentType), info.metrics()};
    }
    // Reached only without a WebSocket upgrade: the Listener hands an upgrade on /ws to a session.
    if (path == "/ws")
        return json(426,
                    error_body("UPGRADE_REQUIRED",
                               "/ws speaks WebSocket only: connect with a WebSocket client (ws:// or wss://) "
                               "and send tavolo.v1.ClientMessage binary frames (proto/tavolo.proto)"));
    if (info.web)
        if (auto file = info.web->serve(request)) return std::move(*file);
    return json(404,
                error_body("NOT_FOUND", "no such endpoint (try /healthz, /readyz or /metrics): " + path));
}

}  // namespace tavolo::server
