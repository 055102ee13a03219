// tavolo: the command-line tool (hand-history replay, tournament simulation, bots).
#include "tools/commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"tavolo: Tavolo's command-line tool. Run `tavolo COMMAND --help` for a command's options."};
    app.require_subcommand(1);
    tavolo::tools::add_version_command(app);
    tavolo::tools::add_replay_command(app);
    tavolo::tools::add_simulate_command(app);
    tavolo::tools::add_verify_hand_command(app);
    tavolo::tools::add_pokerstars_command(app);
    tavolo::tools::add_bots_command(app);
    tavolo::tools::add_load_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();  // a command's own result (1: a failure it reported)
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;  // --help: 0; any command-line error: 2
    }
    return 0;
}
