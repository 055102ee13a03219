// tavolo: the command-line tool (hand-history replay, tournament simulation, bots).
#include "tools/commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"tavolo: Tavolo's command-line tool. Run `tavolo COMMAND --help` for a command's options."};
    app.require_subcommand(1);
    tavolo::tools::add_version_command(app);
    tavolo::tools::add_replay_command(app);
    tavolo::tools::add_simulate_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    return 0;
}
