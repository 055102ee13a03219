#pragma once
// The (method, path) pairs of proto/operator.openapi.yaml, read from the file's layout (paths at two
// spaces of indent, their operations at four); tests/support/openapi_check.py checks the file as YAML
// and OpenAPI, so this reader only needs the shape that check guarantees.
#include <fstream>
#include <regex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tavolo::testing {

inline std::vector<std::pair<std::string, std::string>> openapi_operations(const std::string& file) {
    std::ifstream in(file);
    if (!in) throw std::runtime_error("cannot read " + file);
    static const std::regex path_line(R"(^  (/[^:\s]*):\s*$)");
    static const std::regex method_line(R"(^    (get|post|put|delete|patch):\s*$)");
    std::vector<std::pair<std::string, std::string>> out;
    std::string line, path;
    bool in_paths = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line[0] != ' ' && line[0] != '#') in_paths = line.rfind("paths:", 0) == 0;
        if (!in_paths) continue;
        std::smatch m;
        if (std::regex_match(line, m, path_line)) {
            path = m[1];
        } else if (!path.empty() && std::regex_match(line, m, method_line)) {
            std::string method = m[1];
            for (char& c : method)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            out.emplace_back(method, path);
        }
    }
    return out;
}

}  // namespace tavolo::testing
