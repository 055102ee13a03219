#pragma once
// An environment variable the test cannot run without, with what to do when it is missing.
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace tavolo::testing {

inline std::string require_env(const char* name) {
    const char* value = std::getenv(name);
    if (!value || !*value)
        throw std::runtime_error(std::string(name) +
                                 " is not set: run the suite through deploy/test.sh, "
                                 "which starts a test PostgreSQL and sets it");
    return value;
}

}  // namespace tavolo::testing
