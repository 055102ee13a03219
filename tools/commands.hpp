#pragma once
// Each `tavolo` subcommand registers itself on the application; main.cpp lists them.
#include <CLI/CLI.hpp>

namespace tavolo::tools {

void add_version_command(CLI::App& app);
void add_replay_command(CLI::App& app);       // tools/replay_command.cpp
void add_simulate_command(CLI::App& app);     // tools/simulate_command.cpp
void add_verify_hand_command(CLI::App& app);  // tools/verify_hand_command.cpp
void add_pokerstars_command(CLI::App& app);   // tools/pokerstars_command.cpp
void add_bots_command(CLI::App& app);         // tools/bots/bots_command.cpp
void add_load_command(CLI::App& app);         // tools/load/load_command.cpp

}  // namespace tavolo::tools
