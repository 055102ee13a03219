#pragma once
#include <string>

namespace tavolo::server {

// The logger of operator actions (server/operator/operator_action.hpp): at info whatever the level,
// unless logging is off.
inline constexpr const char* kOperatorLogger = "operators";

// Sets up spdlog once: key=value messages on stderr, at the given level (quiet by default: warn).
void setup_logging(const std::string& level);

}  // namespace tavolo::server
