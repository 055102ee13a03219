#include "server/api/query_params.hpp"

#include <charconv>
#include <string>

namespace tavolo::server::api {

std::expected<std::optional<std::int64_t>, FieldError> query_int(const ApiCall& call, std::string_view key,
                                                                 std::int64_t min, std::int64_t max) {
    const auto it = call.query.find(std::string(key));
    if (it == call.query.end()) return std::nullopt;
    const std::string& text = it->second;
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value < min || value > max)
        return std::unexpected(FieldError{
            std::string(key),
            std::string(key) + ": an integer from " + std::to_string(min) + " to " + std::to_string(max)});
    return value;
}

}  // namespace tavolo::server::api
