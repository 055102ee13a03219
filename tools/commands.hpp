#pragma once
// Each `tavolo` subcommand registers itself on the application; main.cpp lists them.
#include <CLI/CLI.hpp>

namespace tavolo::tools {

void add_version_command(CLI::App& app);

}  // namespace tavolo::tools
