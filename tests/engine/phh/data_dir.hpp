#pragma once
// The PHH test data (tests/data/phh) and a helper to read a file of it.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace phh_test {

inline std::filesystem::path data_dir() {
    return std::filesystem::path(TAVOLO_SOURCE_DIR) / "tests/data/phh";
}

inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every .phh and .phhs file under the data directory, sorted.
inline std::vector<std::filesystem::path> data_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(data_dir())) {
        const auto ext = e.path().extension();
        if (e.is_regular_file() && (ext == ".phh" || ext == ".phhs")) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace phh_test
