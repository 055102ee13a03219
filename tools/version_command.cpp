#include <iostream>

// TAVOLO_VERSION is the project's version, defined by tools/CMakeLists.txt from project(VERSION).

#include "tools/commands.hpp"

namespace tavolo::tools {

void add_version_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("version", "Print the version of the tavolo tools");
    cmd->callback([] { std::cout << "tavolo " << TAVOLO_VERSION << "\n"; });
}

}  // namespace tavolo::tools
