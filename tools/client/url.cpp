#include "tools/client/url.hpp"

#include <algorithm>

#include "tools/parse_integer.hpp"

namespace tavolo::client {

std::string Endpoint::text() const {
    const bool v6 = host.find(':') != std::string::npos;
    return std::string(tls ? "wss://" : "ws://") + (v6 ? "[" + host + "]" : host) + ":" + port + target;
}

std::expected<Endpoint, std::string> parse_url(std::string_view url) {
    const std::string shown(url);
    auto refuse = [&](const std::string& why) {
        return std::unexpected("'" + shown + "' is not a WebSocket URL: " + why +
                               " (e.g. ws://127.0.0.1:8080/ws)");
    };
    Endpoint e;
    if (url.starts_with("ws://")) {
        url.remove_prefix(5);
    } else if (url.starts_with("wss://")) {
        e.tls = true;
        url.remove_prefix(6);
    } else {
        return refuse("it must start with ws:// or wss://");
    }
    const std::size_t slash = url.find('/');
    std::string_view authority = url.substr(0, slash);
    if (slash != std::string_view::npos) e.target = std::string(url.substr(slash));
    std::string_view port;
    if (authority.starts_with('[')) {
        const std::size_t close = authority.find(']');
        if (close == std::string_view::npos) return refuse("an IPv6 host without its ']'");
        e.host = std::string(authority.substr(1, close - 1));
        std::string_view rest = authority.substr(close + 1);
        if (!rest.empty() && !rest.starts_with(':')) return refuse("text after the IPv6 host");
        if (!rest.empty()) port = rest.substr(1);
    } else {
        const std::size_t colon = authority.rfind(':');
        e.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
        if (colon != std::string_view::npos && port.empty()) return refuse("an empty port");
    }
    if (e.host.empty()) return refuse("no host");
    if (std::ranges::any_of(e.host, [](char c) { return c == '@' || c == ' ' || c == '/'; }))
        return refuse("a host with '@', '/' or a space");
    if (port.empty()) {
        e.port = e.tls ? "443" : "80";
    } else {
        auto number = tools::parse_integer(port, 1, 65535);
        if (!number) return refuse("port " + number.error());
        e.port = std::to_string(*number);
    }
    return e;
}

}  // namespace tavolo::client
