#pragma once
// Typed reads of one TOML table whose errors name the key with a prefix ("tournament[2].seats:
// must be an integer from 0 to 1000, got 5000"). The first error sticks: later reads do nothing, so
// a parser reads every key in a row and asks for the outcome once, without a check after each read.
// A read leaves its target unchanged when the key is absent, which keeps the target's default.
#include <toml++/toml.h>
#include <concepts>
#include <cstdint>
#include <expected>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "engine/types.hpp"

namespace tavolo::server {

class TableReader {
  public:
    TableReader(const toml::table& table, std::string prefix) : table_(table), prefix_(std::move(prefix)) {}

    const toml::table& table() const { return table_; }
    const toml::node* node(const char* key) const { return table_.get(key); }
    bool has(const char* key) const { return table_.contains(key); }

    // Records `prefix + key + ": " + why` unless an error is already recorded.
    void fail(const std::string& key, const std::string& why);
    bool failed() const { return error_.has_value(); }
    std::expected<void, std::string> result() const;

    void read(const char* key, std::optional<std::string>& out);
    void read(const char* key, bool& out);
    // An amount of money as a string ("20.00", server/amount.hpp).
    void read_amount(const char* key, engine::Cents& out);
    void read_integer(const char* key, std::int64_t min, std::int64_t max, std::int64_t& out);

    template <std::integral T>
    requires(!std::same_as<T, std::int64_t> &&
             !std::same_as<T, bool>) void read_integer(const char* key, std::int64_t min, std::int64_t max,
                                                       T& out) {
        std::int64_t value = out;
        read_integer(key, min, max, value);
        out = static_cast<T>(value);  // within [min, max], which the caller chose to fit T
    }

    // One of `names`, spelled exactly; the error lists them. `Out` is E or std::optional<E>.
    template <typename E, typename Out>
    void read_choice(const char* key, std::initializer_list<std::pair<const char*, E>> names, Out& out) {
        std::optional<std::string> text;
        read(key, text);
        if (!text) return;
        std::string list;
        for (const auto& [name, value] : names) {
            if (*text == name) {
                out = value;
                return;
            }
            list += std::string(list.empty() ? "" : ", ") + name;
        }
        fail(key, "must be one of " + list + "; got \"" + *text + "\"");
    }

  private:
    // The key's node when present and no error is recorded yet.
    const toml::node* live(const char* key) const { return error_ ? nullptr : node(key); }

    const toml::table& table_;
    std::string prefix_;
    std::optional<std::string> error_;
};

}  // namespace tavolo::server
