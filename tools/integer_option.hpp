#pragma once
// Integer command-line options of `tavolo` and `tavolo-server`, read strictly. CLI11's own reading
// (strtoull and friends) takes " 5", "+5" and "0x10" (16), clamps 2^64 to 2^64-1 and prints its
// range as floating point; a typo must be refused instead, with the range as integers. Header-only,
// so tavolo-server uses the same function without linking the tools.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <concepts>
#include <expected>
#include <string>
#include <string_view>

#include "engine/phh/shown_text.hpp"

namespace tavolo::tools {

// "an integer from 0 to 65535"
template <std::integral T>
std::string integer_range_text(T min, T max) {
    return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
}

// The whole of `text` as a decimal integer in [min, max]: digits only, after one '-' only when
// negative values are allowed. Refused: empty text, '+', spaces, "0x10", "1e3", "5x", out of range.
template <std::integral T>
std::expected<T, std::string> parse_integer(std::string_view text, T min, T max) {
    auto refuse = [&](std::string_view why) {
        return std::unexpected(engine::phh::shown_text(text) + " is not " + integer_range_text(min, max) +
                               std::string(why));
    };
    const bool negative = text.starts_with('-');
    const std::string_view digits = negative ? text.substr(1) : text;
    if (digits.empty() || !std::ranges::all_of(digits, [](char c) { return c >= '0' && c <= '9'; }))
        return refuse(" (decimal digits only)");
    if (negative && min >= 0) return refuse("");
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
    if (error != std::errc{} || end != text.data() + text.size() || value < min || value > max)
        return refuse("");
    return value;
}

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
