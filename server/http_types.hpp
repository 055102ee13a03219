#pragma once
// HTTP requests and responses as plain data, so routing logic never includes Beast.
#include <functional>
#include <string>

namespace tavolo::server {

struct HttpRequest {
    std::string method;  // "GET", "POST", ...
    std::string target;  // "/healthz?x=1"
    std::string body;
};

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

}  // namespace tavolo::server
