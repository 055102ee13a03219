#pragma once
// A benchmark's integer options (`--hands 60000`), each with its own default and range, read like
// every integer option of tavolo (tools/parse_integer.hpp). Header-only: the benchmarks link no tools.
#include <cstring>
#include <expected>
#include <span>
#include <string>

#include "tools/parse_integer.hpp"

namespace tavolo::bench {

struct IntegerOption {
    const char* name;  // "--hands"
    int fallback;      // when the option is not given; need not be in [min, max] (0: "off")
    int min;
    int max;
};

// The value after the last `option.name` in `args` (argv without the program), or its fallback;
// "--eliminate-every: '-1' is not an integer from 0 to 10000000" when the value is refused or missing.
inline std::expected<int, std::string> read_integer_option(std::span<char* const> args,
                                                           const IntegerOption& option) {
    int value = option.fallback;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (std::strcmp(args[i], option.name) != 0) continue;
        if (i + 1 == args.size()) {
            return std::unexpected(std::string(option.name) + ": needs a value, " +
                                   tools::integer_range_text(option.min, option.max));
        }
        auto read = tools::parse_integer(std::string_view(args[++i]), option.min, option.max);
        if (!read) return std::unexpected(std::string(option.name) + ": " + read.error());
        value = *read;
    }
    return value;
}

}  // namespace tavolo::bench
