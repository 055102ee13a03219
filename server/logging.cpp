#include "server/logging.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace tavolo::server {

void setup_logging(const std::string& level) {
    auto logger = spdlog::stderr_color_mt("tavolo");
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ level=%l %v", spdlog::pattern_time_type::utc);
    logger->set_level(spdlog::level::from_str(level));
    spdlog::set_default_logger(logger);
}

}  // namespace tavolo::server
