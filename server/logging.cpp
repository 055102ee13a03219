#include "server/logging.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <algorithm>

namespace tavolo::server {

void setup_logging(const std::string& level) {
    auto logger = spdlog::stderr_color_mt("tavolo");
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ level=%l %v", spdlog::pattern_time_type::utc);
    const auto configured = spdlog::level::from_str(level);
    logger->set_level(configured);
    spdlog::set_default_logger(logger);
    // Operator actions (issue 12: "each operator action logs one line") are rare and always worth a line:
    // their logger writes them at info even at the quiet default (warn); `off` silences them too.
    auto operators =
        std::make_shared<spdlog::logger>(kOperatorLogger, logger->sinks().begin(), logger->sinks().end());
    operators->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ level=%l %v", spdlog::pattern_time_type::utc);
    operators->set_level(configured == spdlog::level::off ? spdlog::level::off
                                                          : std::min(configured, spdlog::level::info));
    spdlog::register_logger(operators);
}

}  // namespace tavolo::server
