#include "server/api/router.hpp"

#include <charconv>

#include "server/api/api_responses.hpp"

namespace tavolo::server::api {

namespace {

std::vector<std::string_view> segments_of(std::string_view path) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = path.find('/', start);
        const std::size_t stop = end == std::string_view::npos ? path.size() : end;
        out.push_back(path.substr(start, stop - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return out;
}

// The {name} -> segment map when `path` matches `pattern`.
std::optional<std::map<std::string, std::string>> match(std::string_view pattern, std::string_view path) {
    const auto want = segments_of(pattern);
    const auto have = segments_of(path);
    if (want.size() != have.size()) return std::nullopt;
    std::map<std::string, std::string> params;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const auto w = want[i];
        if (w.size() > 2 && w.front() == '{' && w.back() == '}') {
            if (have[i].empty()) return std::nullopt;
            params.emplace(std::string(w.substr(1, w.size() - 2)), std::string(have[i]));
        } else if (w != have[i]) {
            return std::nullopt;
        }
    }
    return params;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string decoded(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 &&
                   hex_value(text[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace

std::optional<std::int64_t> ApiCall::number(const std::string& name) const {
    const auto it = params.find(name);
    if (it == params.end()) return std::nullopt;
    std::int64_t value = 0;
    const auto& text = it->second;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

std::optional<std::int64_t> ApiCall::id(const std::string& name) const {
    const auto value = number(name);
    if (!value || *value == 0) return std::nullopt;
    return value;
}

std::string ApiCall::query_or(const std::string& key, std::string fallback) const {
    const auto it = query.find(key);
    return it == query.end() ? std::move(fallback) : it->second;
}

std::map<std::string, std::string> parse_query(std::string_view target) {
    std::map<std::string, std::string> out;
    const auto mark = target.find('?');
    if (mark == std::string_view::npos) return out;
    std::string_view rest = target.substr(mark + 1);
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        if (!pair.empty()) {
            const auto eq = pair.find('=');
            out[decoded(pair.substr(0, eq))] =
                eq == std::string_view::npos ? "" : decoded(pair.substr(eq + 1));
        }
        if (amp == std::string_view::npos) break;
        rest = rest.substr(amp + 1);
    }
    return out;
}

void Router::add(std::string method, std::string pattern, RouteHandler handler) {
    routes_.push_back(Route{std::move(method), std::move(pattern), std::move(handler)});
}

std::vector<std::pair<std::string, std::string>> Router::routes() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& r : routes_)
        out.emplace_back(r.method, r.pattern);
    return out;
}

void Router::dispatch(ApiCall call) const {
    const std::string_view target = call.request.target;
    const std::string path(target.substr(0, target.find('?')));
    const std::string method = call.request.method == "HEAD" ? "GET" : call.request.method;
    std::string allowed;
    for (const auto& route : routes_) {
        auto params = match(route.pattern, path);
        if (!params) continue;
        if (route.method != method) {
            const std::string verbs = route.method == "GET" ? "GET, HEAD" : route.method;
            if (allowed.find(route.method) == std::string::npos)
                allowed += (allowed.empty() ? "" : ", ") + verbs;
            continue;
        }
        call.params = std::move(*params);
        call.query = parse_query(target);
        return route.handler(std::move(call));
    }
    if (!allowed.empty()) return call.respond(method_not_allowed(allowed));
    call.respond(not_found("no such operator endpoint: " + path + " (see proto/operator.openapi.yaml)"));
}

}  // namespace tavolo::server::api
