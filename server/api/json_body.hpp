#pragma once
// Reading a JSON request body (Boost.JSON) with errors that name the field, for every route with a
// body: parse the object, then read each field typed and bounded; refuse fields the route does not
// know, so a misspelt option is an error and not silently ignored.
#include <boost/json/object.hpp>
#include <cstdint>
#include <expected>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_types.hpp"

namespace tavolo::server::api {

// What is wrong with a body, naming the field ("body" when it is not a JSON object at all).
struct FieldError {
    std::string field;
    std::string message;  // starts with the field: "name: required, a string of 1 to 32 characters"
};

// 400 naming the field (api_responses.hpp's bad_request).
HttpResponse bad_request(const FieldError& error);

// The body as a JSON object; `example` is shown in the error ("{\"name\": \"...\"}").
std::expected<boost::json::object, FieldError> parse_object(std::string_view body, std::string_view example);

// The first field of `object` not in `known`, as an error.
std::optional<FieldError> unknown_field(const boost::json::object& object,
                                        std::initializer_list<std::string_view> known);

// A string field: required, or nothing when absent; `max_chars` bounds it (0: any length).
std::expected<std::string, FieldError> required_string(const boost::json::object& object, std::string_view field,
                                                       std::size_t max_chars = 0);
std::expected<std::optional<std::string>, FieldError> optional_string(const boost::json::object& object,
                                                                      std::string_view field,
                                                                      std::size_t max_chars = 0);
// An integer field within [min, max] (a JSON number without fraction, or a string of digits as the
// protobuf JSON mapping writes int64).
std::expected<std::int64_t, FieldError> required_int(const boost::json::object& object, std::string_view field,
                                                     std::int64_t min, std::int64_t max);
std::expected<std::optional<std::int64_t>, FieldError> optional_int(const boost::json::object& object,
                                                                    std::string_view field, std::int64_t min,
                                                                    std::int64_t max);
std::expected<std::optional<bool>, FieldError> optional_bool(const boost::json::object& object,
                                                             std::string_view field);

}  // namespace tavolo::server::api
