#pragma once
// The body of POST /api/v1/login: {"name": "...", "password": "..."}, read with Boost.JSON.
#include <expected>
#include <string>
#include <string_view>

namespace tavolo::server::api {

struct LoginRequest {
    std::string name;
    std::string password;
};

// What is wrong with a body, naming the field ("body" when it is not a JSON object at all).
struct FieldError {
    std::string field;
    std::string message;  // starts with the field: "name: required, a string of 1 to 32 characters"
};

std::expected<LoginRequest, FieldError> parse_login(std::string_view body);

}  // namespace tavolo::server::api
