#pragma once
// Reading a route's query parameters typed and bounded, with errors that name the parameter (400), as
// json_body.hpp does for bodies.
#include <cstdint>
#include <expected>
#include <optional>
#include <string_view>

#include "server/api/json_body.hpp"
#include "server/api/router.hpp"

namespace tavolo::server::api {

// The parameter as an integer within [min, max]; nothing when absent.
std::expected<std::optional<std::int64_t>, FieldError> query_int(const ApiCall& call, std::string_view key,
                                                                 std::int64_t min, std::int64_t max);

}  // namespace tavolo::server::api
