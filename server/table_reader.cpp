#include "server/table_reader.hpp"

#include "server/amount.hpp"

namespace tavolo::server {

void TableReader::fail(const std::string& key, const std::string& why) {
    if (!error_) error_ = prefix_ + key + ": " + why;
}

std::expected<void, std::string> TableReader::result() const {
    if (error_) return std::unexpected(*error_);
    return {};
}

void TableReader::read(const char* key, std::optional<std::string>& out) {
    const toml::node* n = live(key);
    if (!n) return;
    auto value = n->value_exact<std::string>();
    if (!value) return fail(key, "must be a string");
    out = std::move(*value);
}

void TableReader::read(const char* key, bool& out) {
    const toml::node* n = live(key);
    if (!n) return;
    auto value = n->value_exact<bool>();
    if (!value) return fail(key, "must be true or false");
    out = *value;
}

void TableReader::read_amount(const char* key, engine::Cents& out) {
    const toml::node* n = live(key);
    if (!n) return;
    auto text = n->value_exact<std::string>();
    if (!text) return fail(key, "must be an amount as a string such as \"20.00\"");
    auto cents = parse_amount(*text);
    if (!cents) return fail(key, cents.error());
    out = *cents;
}

void TableReader::read_integer(const char* key, std::int64_t min, std::int64_t max, std::int64_t& out) {
    const toml::node* n = live(key);
    if (!n) return;
    auto value = n->value_exact<std::int64_t>();
    const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!value) return fail(key, "must be " + range);
    if (*value < min || *value > max)
        return fail(key, "must be " + range + ", got " + std::to_string(*value));
    out = *value;
}

}  // namespace tavolo::server
