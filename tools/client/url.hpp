#pragma once
// A WebSocket URL as `tavolo bots --url` takes it: ws://HOST:PORT/PATH or wss://HOST:PORT/PATH
// (the port defaults to 80 / 443, the path to /ws; IPv6 hosts in brackets).
#include <expected>
#include <string>
#include <string_view>

namespace tavolo::client {

struct Endpoint {
    bool tls = false;
    std::string host;
    std::string port;
    std::string target = "/ws";  // the request path
    std::string text() const;    // back to a URL, for messages
};

// The URL's parts, or what is wrong with it.
std::expected<Endpoint, std::string> parse_url(std::string_view url);

}  // namespace tavolo::client
