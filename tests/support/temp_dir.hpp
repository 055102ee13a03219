#pragma once
// A directory of its own under the system's temporary directory for one test, removed afterwards.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace tavolo::testing {

class TempDir {
  public:
    // `prefix` names the test ("tavolo-replay-test"); the process id keeps parallel runs apart.
    explicit TempDir(const std::string& prefix)
        : path_(std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(path_);
    }
    ~TempDir() { std::filesystem::remove_all(path_); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    // Writes `text` to `name` (its folders made) under the directory; its path.
    std::string write(const std::string& name, const std::string& text) const {
        const auto p = path_ / name;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p) << text;
        return p.string();
    }
    std::string str() const { return path_.string(); }

  private:
    std::filesystem::path path_;
};

}  // namespace tavolo::testing
