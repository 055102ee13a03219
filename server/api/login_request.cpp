#include "server/api/login_request.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

namespace tavolo::server::api {

namespace {

// The string field `field` of `object`, or what is wrong with it.
std::expected<std::string, FieldError> string_field(const boost::json::object& object, const char* field,
                                                    const char* expected) {
    const auto* value = object.if_contains(field);
    if (!value || !value->is_string())
        return std::unexpected(FieldError{field, std::string(field) + ": required, " + expected});
    return std::string(value->get_string());
}

}  // namespace

std::expected<LoginRequest, FieldError> parse_login(std::string_view body) {
    boost::system::error_code ec;
    const boost::json::value parsed = boost::json::parse(body, ec);
    if (ec)
        return std::unexpected(FieldError{"body", "body: not valid JSON (" + ec.message() +
                                                      "): send {\"name\": \"...\", \"password\": \"...\"}"});
    if (!parsed.is_object())
        return std::unexpected(
            FieldError{"body", "body: must be a JSON object {\"name\": \"...\", \"password\": \"...\"}"});
    const auto& object = parsed.get_object();
    auto name = string_field(object, "name", "the account name as a string");
    if (!name) return std::unexpected(name.error());
    if (name->empty()) return std::unexpected(FieldError{"name", "name: must not be empty"});
    auto password = string_field(object, "password", "the password as a string");
    if (!password) return std::unexpected(password.error());
    return LoginRequest{std::move(*name), std::move(*password)};
}

}  // namespace tavolo::server::api
