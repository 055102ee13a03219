#include <iostream>

#include "tools/commands.hpp"

namespace tavolo::tools {

void add_version_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("version", "Print the version of the tavolo tools");
    cmd->callback([] { std::cout << "tavolo 0.1.0\n"; });
}

}  // namespace tavolo::tools
