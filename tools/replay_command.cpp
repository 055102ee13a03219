// Placeholder until the PHH replay lands (issue 3): registers the command so --help lists it.
#include <iostream>

#include "tools/commands.hpp"

namespace tavolo::tools {

void add_replay_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("replay", "Replay PHH hand histories through the engine");
    cmd->callback([] {
        std::cerr << "tavolo replay: not built yet\n";
        throw CLI::RuntimeError(1);
    });
}

}  // namespace tavolo::tools
