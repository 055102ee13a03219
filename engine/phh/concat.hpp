#pragma once
// Joins pieces of text into one string. Error messages are built with it rather than with
// `"literal" + std::string(...)`, which g++ 12 at -O2 flags with a false -Wrestrict warning.
#include <initializer_list>
#include <string>
#include <string_view>

namespace tavolo::engine::phh {

inline std::string concat(std::initializer_list<std::string_view> pieces) {
    std::size_t size = 0;
    for (auto p : pieces)
        size += p.size();
    std::string out;
    out.reserve(size);
    for (auto p : pieces)
        out.append(p);
    return out;
}

}  // namespace tavolo::engine::phh
