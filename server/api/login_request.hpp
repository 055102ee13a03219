#pragma once
// The body of POST /api/v1/login: {"name": "...", "password": "..."}, read with Boost.JSON.
#include <expected>
#include <string>
#include <string_view>

#include "server/api/json_body.hpp"

namespace tavolo::server::api {

struct LoginRequest {
    std::string name;
    std::string password;
};

std::expected<LoginRequest, FieldError> parse_login(std::string_view body);

}  // namespace tavolo::server::api
