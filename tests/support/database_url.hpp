#pragma once
// Another database on the same PostgreSQL server, for tests and benchmarks that work in one of their own.
#include <string>

namespace tavolo::testing {

// `url` (a postgresql:// URI or keyword/value string) with its database name replaced by `name`;
// the server, credentials and query parameters stay.
inline std::string with_database(const std::string& url, const std::string& name) {
    auto scheme = url.find("://");
    if (scheme == std::string::npos) return url + " dbname=" + name;
    auto path = url.find('/', scheme + 3);
    auto query = url.find('?', scheme + 3);
    if (path == std::string::npos || (query != std::string::npos && path > query))
        path = query == std::string::npos ? url.size() : query;
    auto end = query == std::string::npos ? url.size() : query;
    return url.substr(0, path) + "/" + name + url.substr(end);
}

}  // namespace tavolo::testing
