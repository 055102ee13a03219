#pragma once
// What `tavolo replay --stacks FILE` printed for the first hand of FILE: NAME -> CHIPS, from its line
// "FILE: stacks ann=4950 bob=4700".
#include <cstdint>
#include <map>
#include <sstream>
#include <string>

namespace tavolo::testing {

inline std::map<std::string, std::int64_t> printed_stacks(const std::string& out) {
    std::map<std::string, std::int64_t> stacks;
    const auto at = out.find(": stacks ");
    if (at == std::string::npos) return stacks;
    std::istringstream line(out.substr(at + 9, out.find('\n', at) - at - 9));
    std::string pair;
    while (line >> pair) {
        const auto eq = pair.rfind('=');
        stacks[pair.substr(0, eq)] = std::stoll(pair.substr(eq + 1));
    }
    return stacks;
}

}  // namespace tavolo::testing
