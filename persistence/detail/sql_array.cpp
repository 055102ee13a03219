#include "persistence/detail/sql_array.hpp"

namespace tavolo::persistence::detail {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_hex(std::string& out, std::string_view bytes) {
    std::size_t at = out.size();
    out.resize(at + 2 * bytes.size());
    for (unsigned char c : bytes) {
        out[at++] = kHex[c >> 4];
        out[at++] = kHex[c & 15];
    }
}

void append_quoted(std::string& out, std::string_view text) {
    out += '"';
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += '"';
}

}  // namespace

std::string int_array(std::span<const std::int64_t> values) {
    std::string out = "{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(values[i]);
    }
    return out + "}";
}

std::string optional_int_array(std::span<const std::optional<std::int64_t>> values) {
    std::string out = "{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += values[i] ? std::to_string(*values[i]) : "NULL";
    }
    return out + "}";
}

std::string text_array(std::span<const std::string> values) {
    std::size_t size = 2;
    for (const auto& v : values)
        size += v.size() + 3;
    std::string out;
    out.reserve(size);
    out += '{';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        append_quoted(out, values[i]);
    }
    return out + "}";
}

std::string bytea_array(std::span<const std::string> values) {
    std::size_t size = 2;
    for (const auto& v : values)
        size += 2 * v.size() + 6;
    std::string out;
    out.reserve(size);
    out += '{';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += "\"\\\\x";  // inside a quoted array element the backslash itself is escaped
        append_hex(out, values[i]);
        out += '"';
    }
    return out + "}";
}

std::string bytea_hex(std::string_view bytes) {
    std::string out = "\\x";
    append_hex(out, bytes);
    return out;
}

}  // namespace tavolo::persistence::detail
