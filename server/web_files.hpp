#pragma once
// The built web client ([web] root, web/dist): every file read into memory once at start, served at
// `/` (index.html), `/operator` (operator.html) and by its own path (/assets/player.js). No Beast, no
// Asio: the routes call serve() with the request as plain data. A new build needs a restart.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_types.hpp"

namespace tavolo::server {

struct WebFile {
    std::string content_type;
    std::string body;
    std::string etag;  // a strong ETag, quoted: "\"<hash of the bytes>\""
};

// At most this much is loaded: a root pointed at the wrong directory ("/") must not read the disk.
inline constexpr std::size_t kMaxWebFiles = 2'000;
inline constexpr std::size_t kMaxWebBytes = 64 * 1024 * 1024;

class WebFiles {
  public:
    enum class Status {
        off,        // [web] root = "": no web client; its paths are unknown like any other
        not_built,  // root set but missing, unreadable, too big or without index.html: `/` answers 503
        ready,
    };

    // Reads every regular file under `root` (a symbolic link only when it stays inside root). Never
    // throws: a root that cannot be served is not_built, and problem() says why and what to do.
    static WebFiles load(const std::string& root);

    Status status() const { return status_; }
    // Why the client is not served (not_built): one line for the log.
    const std::string& problem() const { return problem_; }
    std::size_t file_count() const { return files_.size(); }
    std::size_t total_bytes() const { return bytes_; }
    // The file at a URL path ("/assets/player.js"), or null.
    const WebFile* find(std::string_view url_path) const;

    // The answer to a request for a path of the web client, or nothing when the path is not one (the
    // caller goes on routing and answers its 404). GET and HEAD only (405 otherwise); a matching
    // If-None-Match gets 304. A path that leaves root ("..", "%2e%2e", a NUL) is never one.
    std::optional<HttpResponse> serve(const HttpRequest& request) const;

  private:
    Status status_ = Status::off;
    std::string problem_;
    std::map<std::string, WebFile, std::less<>> files_;  // by URL path: "/index.html"
    std::size_t bytes_ = 0;
};

// The Content-Type of a file by its name's extension (html, js, css, map, svg, png, json, txt, woff2,
// ico, webp); application/octet-stream for any other.
std::string_view web_content_type(std::string_view file_name);

// The URL path of a request target, percent-decoded and checked: nothing when it is malformed, holds a
// NUL or a backslash, or has a "." or ".." segment (however encoded).
std::optional<std::string> clean_url_path(std::string_view target);

// The one sentence logged and answered when root has no built client.
inline constexpr std::string_view kWebNotBuilt =
    "the web client is not built: run deploy/build.sh (or npm run build in web/)";

}  // namespace tavolo::server
