#pragma once
// Integers from the command line, read strictly: decimal digits only, the whole argument, in range.
// C's and CLI11's readers (strtoull and friends) take " 5", "+5" and "0x10" (16) and clamp 2^64 to
// 2^64-1; a typo must be refused instead, with the range as integers. Standard library only, so
// every program (tavolo, tavolo-server, the benchmarks) reads its integer arguments with it;
// tools/integer_option.hpp makes it a CLI11 option.
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

}  // namespace tavolo::tools
