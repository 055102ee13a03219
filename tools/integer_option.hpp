#pragma once
// Integer command-line options of `tavolo` and `tavolo-server`, read by parse_integer. CLI11's own
// reading takes "0x10" as 16, clamps 2^64 to 2^64-1 and prints its range as floating point.
// Header-only, so tavolo-server uses the same function without linking the tools.
#include <CLI/CLI.hpp>
#include <concepts>
#include <string>

#include "tools/parse_integer.hpp"

namespace tavolo::tools {

// `--name N` read with parse_integer into `target`; a refused value is a command-line error
// ("--players: '0x10' is not an integer from 2 to 10000000 (decimal digits only)", exit code 2).
template <std::integral T>
CLI::Option* add_integer_option(CLI::App& app, const std::string& names, T& target,
                                const std::string& description, T min, T max) {
    CLI::Option* option = app.add_option_function<std::string>(
        names, [&target, min, max](const std::string& text) { target = *parse_integer(text, min, max); },
        description + " (" + std::to_string(min) + " to " + std::to_string(max) + ")");
    // A validator, not the callback, refuses: CLI11 then names the option in the error.
    option->check(CLI::Validator(
        [min, max](std::string& text) {
            auto value = parse_integer(text, min, max);
            return value ? std::string() : value.error();
        },
        ""));
    option->type_name("INT");
    return option;
}

}  // namespace tavolo::tools
