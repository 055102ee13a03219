#include "server/api/json_body.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <charconv>

#include "server/api/api_responses.hpp"

namespace tavolo::server::api {

namespace {

std::unexpected<FieldError> fail(std::string_view field, std::string_view what) {
    return std::unexpected(FieldError{std::string(field), std::string(field) + ": " + std::string(what)});
}

std::optional<std::int64_t> integer_of(const boost::json::value& value) {
    if (value.is_int64()) return value.get_int64();
    if (value.is_uint64() && value.get_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
        return static_cast<std::int64_t>(value.get_uint64());
    if (value.is_double()) {
        const double d = value.get_double();
        if (d >= -9.0e15 && d <= 9.0e15 && static_cast<double>(static_cast<std::int64_t>(d)) == d)
            return static_cast<std::int64_t>(d);
        return std::nullopt;
    }
    if (value.is_string()) {
        const auto& s = value.get_string();
        std::int64_t out = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        if (ec == std::errc{} && end == s.data() + s.size() && !s.empty()) return out;
    }
    return std::nullopt;
}

}  // namespace

HttpResponse bad_request(const FieldError& error) {
    return bad_request(error.field, error.message);
}

std::expected<boost::json::object, FieldError> parse_object(std::string_view body, std::string_view example) {
    boost::system::error_code ec;
    boost::json::value parsed = boost::json::parse(body, ec);
    if (ec)
        return fail("body", "not valid JSON (" + ec.message() + "): send " + std::string(example));
    if (!parsed.is_object()) return fail("body", "must be a JSON object: " + std::string(example));
    return std::move(parsed.get_object());
}

std::optional<FieldError> unknown_field(const boost::json::object& object,
                                        std::initializer_list<std::string_view> known) {
    for (const auto& entry : object) {
        bool found = false;
        for (const auto k : known)
            found = found || entry.key() == k;
        if (!found) {
            std::string list;
            for (const auto k : known)
                list += (list.empty() ? "" : ", ") + std::string(k);
            return FieldError{std::string(entry.key()),
                              std::string(entry.key()) + ": unknown field (known: " + list + ")"};
        }
    }
    return std::nullopt;
}

std::expected<std::optional<std::string>, FieldError> optional_string(const boost::json::object& object,
                                                                      std::string_view field,
                                                                      std::size_t max_chars) {
    const auto* value = object.if_contains(field);
    if (!value || value->is_null()) return std::optional<std::string>{};
    if (!value->is_string()) return fail(field, "must be a string");
    std::string text(value->get_string());
    if (max_chars && text.size() > max_chars)
        return fail(field, "at most " + std::to_string(max_chars) + " characters");
    return std::optional<std::string>(std::move(text));
}

std::expected<std::string, FieldError> required_string(const boost::json::object& object, std::string_view field,
                                                       std::size_t max_chars) {
    auto value = optional_string(object, field, max_chars);
    if (!value) return std::unexpected(value.error());
    if (!*value || (*value)->empty()) return fail(field, "required, a non-empty string");
    return std::move(**value);
}

std::expected<std::optional<std::int64_t>, FieldError> optional_int(const boost::json::object& object,
                                                                    std::string_view field, std::int64_t min,
                                                                    std::int64_t max) {
    const auto* value = object.if_contains(field);
    if (!value || value->is_null()) return std::optional<std::int64_t>{};
    const auto number = integer_of(*value);
    if (!number) return fail(field, "must be an integer");
    if (*number < min || *number > max)
        return fail(field, "must be from " + std::to_string(min) + " to " + std::to_string(max));
    return std::optional<std::int64_t>(*number);
}

std::expected<std::int64_t, FieldError> required_int(const boost::json::object& object, std::string_view field,
                                                     std::int64_t min, std::int64_t max) {
    auto value = optional_int(object, field, min, max);
    if (!value) return std::unexpected(value.error());
    if (!*value)
        return fail(field, "required, an integer from " + std::to_string(min) + " to " + std::to_string(max));
    return **value;
}

std::expected<std::optional<bool>, FieldError> optional_bool(const boost::json::object& object,
                                                             std::string_view field) {
    const auto* value = object.if_contains(field);
    if (!value || value->is_null()) return std::optional<bool>{};
    if (!value->is_bool()) return fail(field, "must be true or false");
    return std::optional<bool>(value->get_bool());
}

}  // namespace tavolo::server::api
