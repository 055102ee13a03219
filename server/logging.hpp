#pragma once
#include <string>

namespace tavolo::server {

// Sets up spdlog once: key=value messages on stderr, at the given level (quiet by default: warn).
void setup_logging(const std::string& level);

}  // namespace tavolo::server
