#pragma once
// HTTP requests and responses as plain data, so routing logic never includes Beast.
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tavolo::server {

struct HttpRequest {
    std::string method;  // "GET", "POST", ...
    std::string target;  // "/healthz?x=1"
    std::string body;
    std::string authorization{};  // the Authorization header, empty when absent
    std::string if_none_match{};  // the If-None-Match header (the web client's files), empty when absent
};

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers{};  // more headers (WWW-Authenticate)
};

// Answers once through the responder, which may be called from any thread (the Listener posts the
// response back to the connection's strand): a handler that needs the database posts the work away
// and answers when it is done, so no network thread ever waits. A responder holds its connection: drop
// it before the io_context is destroyed.
using HttpResponder = std::function<void(HttpResponse)>;
using HttpHandler = std::function<void(HttpRequest, HttpResponder)>;

}  // namespace tavolo::server
