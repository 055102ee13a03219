#pragma once
// PostgreSQL array literals, for passing a whole batch in one parameter (internal).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tavolo::persistence::detail {

std::string int_array(std::span<const std::int64_t> values);
std::string optional_int_array(std::span<const std::optional<std::int64_t>> values);
std::string text_array(std::span<const std::string> values);
// Elements in bytea hex format ("\x0a1b..."), for a bytea[] parameter.
std::string bytea_array(std::span<const std::string> values);

// One bytea value in hex format, for a single bytea parameter.
std::string bytea_hex(std::string_view bytes);

}  // namespace tavolo::persistence::detail
