// Placeholder until the tournament simulation lands (issue 4): registers the command.
#include <iostream>

#include "tools/commands.hpp"

namespace tavolo::tools {

void add_simulate_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("simulate", "Play a whole tournament in-process with bots");
    cmd->callback([] {
        std::cerr << "tavolo simulate: not built yet\n";
        throw CLI::RuntimeError(1);
    });
}

}  // namespace tavolo::tools
