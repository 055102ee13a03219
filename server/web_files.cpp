#include "server/web_files.hpp"

#include <openssl/evp.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

#include "server/routes.hpp"

namespace tavolo::server {

namespace fs = std::filesystem;

namespace {

// Only this origin: the bundles, their CSS and images (data: for inline SVG/PNG in CSS), and the
// WebSocket and API of the same host ('self' covers ws:/wss: of the same host and port, CSP Level 3).
constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

std::string etag_of(std::string_view bytes) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int size = 0;
    EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr);
    constexpr char kHex[] = "0123456789abcdef";
    std::string tag = "\"";
    for (unsigned int i = 0; i < 16 && i < size; ++i) {  // 128 bits name a version well enough
        tag += kHex[digest[i] >> 4];
        tag += kHex[digest[i] & 0xf];
    }
    return tag + "\"";
}

bool read_file(const fs::path& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

// `path` (canonical) lies inside `root` (canonical).
bool is_inside(const fs::path& path, const fs::path& root) {
    const fs::path relative = path.lexically_relative(root);
    return !relative.empty() && *relative.begin() != ".." && relative != ".";
}

// A file or folder whose name starts with a dot (.git, .DS_Store) is not part of the build.
bool is_hidden(const fs::path& relative) {
    for (const auto& part : relative)
        if (part.string().starts_with('.')) return true;
    return false;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// If-None-Match: "*" or a list of entity tags, weak ones (W/"...") compared by their opaque part
// (RFC 9110 13.1.2: weak comparison).
bool none_match(std::string_view header, std::string_view etag) {
    while (!header.empty()) {
        const auto comma = header.find(',');
        std::string_view tag = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
        while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t'))
            tag.remove_prefix(1);
        while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t'))
            tag.remove_suffix(1);
        if (tag.starts_with("W/")) tag.remove_prefix(2);
        if (tag == "*" || tag == etag) return true;
    }
    return false;
}

// The file a page's path names: "/" the player client, "/operator" the dashboard.
std::string_view file_path_of(std::string_view path) {
    if (path == "/") return "/index.html";
    if (path == "/operator" || path == "/operator/") return "/operator.html";
    return path;
}

bool is_page(std::string_view path) {
    return path == "/" || path == "/operator" || path == "/operator/";
}

HttpResponse json(int status, std::string body) {
    return {status, "application/json", std::move(body), {}};
}

}  // namespace

std::string_view web_content_type(std::string_view file_name) {
    const auto dot = file_name.rfind('.');
    const auto slash = file_name.rfind('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return "application/octet-stream";
    const std::string_view ext = file_name.substr(dot + 1);
    if (ext == "html") return "text/html; charset=utf-8";
    if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "map" || ext == "json") return "application/json; charset=utf-8";
    if (ext == "svg") return "image/svg+xml";
    if (ext == "png") return "image/png";
    if (ext == "webp") return "image/webp";
    if (ext == "ico") return "image/x-icon";
    if (ext == "txt") return "text/plain; charset=utf-8";
    if (ext == "woff2") return "font/woff2";
    return "application/octet-stream";
}

std::optional<std::string> clean_url_path(std::string_view target) {
    target = target.substr(0, target.find_first_of("?#"));
    if (!target.starts_with('/')) return std::nullopt;  // an absolute-form or asterisk target
    std::string path;
    path.reserve(target.size());
    for (std::size_t i = 0; i < target.size(); ++i) {
        char c = target[i];
        if (c == '%') {
            if (i + 2 >= target.size()) return std::nullopt;
            const int high = hex_value(target[i + 1]);
            const int low = hex_value(target[i + 2]);
            if (high < 0 || low < 0) return std::nullopt;
            c = static_cast<char>(high * 16 + low);
            i += 2;
        }
        if (c == '\0' || c == '\\') return std::nullopt;
        path += c;
    }
    // No segment may step out of (or stay on) its folder, however it was spelled before decoding.
    for (std::size_t start = 1; start <= path.size();) {
        const auto end = std::min(path.find('/', start), path.size());
        const std::string_view segment = std::string_view(path).substr(start, end - start);
        if (segment == "." || segment == "..") return std::nullopt;
        start = end + 1;
    }
    return path;
}

WebFiles WebFiles::load(const std::string& root) {
    WebFiles web;
    if (root.empty()) return web;
    web.status_ = Status::not_built;
    const auto refuse = [&](const std::string& why) {
        web.problem_ = std::string(kWebNotBuilt) + " (web.root '" + root + "' " + why + ")";
        web.files_.clear();
        web.bytes_ = 0;
        return std::move(web);
    };
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    if (ec) return refuse(std::string("cannot be opened: ") + ec.message());
    if (!fs::is_directory(base, ec)) return refuse("is not a directory");

    fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec);
    if (ec) return refuse(std::string("cannot be read: ") + ec.message());
    for (const fs::recursive_directory_iterator end; it != end; it.increment(ec)) {
        if (ec) return refuse(std::string("cannot be read: ") + ec.message());
        const fs::path relative = it->path().lexically_relative(base);
        if (is_hidden(relative)) {
            if (it->is_directory(ec) && !it->is_symlink(ec)) it.disable_recursion_pending();
            continue;
        }
        // A symbolic link is served only when what it names is a file inside root; the iterator never
        // follows one to a folder.
        fs::path source = it->path();
        if (it->is_symlink(ec)) {
            source = fs::canonical(it->path(), ec);
            if (ec || !is_inside(source, base)) continue;
        }
        if (!fs::is_regular_file(source, ec)) continue;
        if (web.files_.size() >= kMaxWebFiles)
            return refuse(std::string("holds more than ") + std::to_string(kMaxWebFiles) +
                          " files: is it the built client, web/dist?");
        WebFile file;
        if (!read_file(source, file.body))
            return refuse(std::string("has a file that cannot be read: ") + source.string());
        web.bytes_ += file.body.size();
        if (web.bytes_ > kMaxWebBytes)
            return refuse(std::string("holds more than ") + std::to_string(kMaxWebBytes / (1024 * 1024)) +
                          " MiB: is it the built client, web/dist?");
        const std::string url = std::string("/") + relative.generic_string();
        file.content_type = std::string(web_content_type(url));
        file.etag = etag_of(file.body);
        web.files_.emplace(url, std::move(file));
    }
    if (!web.files_.contains("/index.html")) return refuse("has no index.html");
    web.status_ = Status::ready;
    return web;
}

const WebFile* WebFiles::find(std::string_view url_path) const {
    const auto it = files_.find(url_path);
    return it == files_.end() ? nullptr : &it->second;
}

std::optional<HttpResponse> WebFiles::serve(const HttpRequest& request) const {
    if (status_ == Status::off) return std::nullopt;
    const auto path = clean_url_path(request.target);
    if (!path) return std::nullopt;
    if (status_ == Status::not_built) {
        if (!is_page(*path)) return std::nullopt;
        return json(503, error_body("WEB_CLIENT_NOT_BUILT", kWebNotBuilt));
    }
    const WebFile* file = find(file_path_of(*path));
    if (!file) return std::nullopt;
    if (request.method != "GET" && request.method != "HEAD") {
        HttpResponse refused = json(405, error_body("METHOD_NOT_ALLOWED", "use GET or HEAD"));
        refused.headers.emplace_back("Allow", "GET, HEAD");
        return refused;
    }
    HttpResponse response{200, file->content_type, {}, {}};
    // no-cache: the browser keeps the file but asks each time; the ETag makes the answer a 304.
    response.headers = {
        {"ETag", file->etag}, {"Cache-Control", "no-cache"}, {"X-Content-Type-Options", "nosniff"}};
    if (file->content_type.starts_with("text/html")) {
        response.headers.emplace_back("Content-Security-Policy", std::string(kContentSecurityPolicy));
        response.headers.emplace_back("Referrer-Policy", "no-referrer");
    }
    if (!request.if_none_match.empty() && none_match(request.if_none_match, file->etag)) {
        response.status = 304;
        return response;
    }
    response.body = file->body;
    return response;
}

}  // namespace tavolo::server
