#pragma once
// The TOML subset PHH files are written in: `key = value` lines, `[name]` headers (one per hand in a
// .phhs file), `#` comments, and values that are strings, numbers, booleans, bare dates or times, and
// arrays of those (which may span lines). Every value remembers its line, so later checks can say
// where a bad value is.
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/phh/decimal.hpp"

namespace tavolo::engine::phh {

// The deepest arrays may nest (`[[[1]]]` is 3). PHH needs 1 (arrays of strings or numbers); the
// bound keeps a hostile file from overflowing the stack of the recursive reader.
inline constexpr int kMaxArrayNesting = 32;

struct Value {
    enum class Kind { String, Number, Boolean, Array, Raw };
    Kind kind = Kind::String;
    std::string text;  // String: the unescaped text; Raw: a bare date or time as written
    Decimal number;
    bool boolean = false;
    std::vector<Value> items;  // Array
    int line = 0;

    // Compares what the value says, not where it was written.
    friend bool operator==(const Value& a, const Value& b) {
        return a.kind == b.kind && a.text == b.text && a.number == b.number && a.boolean == b.boolean &&
               a.items == b.items;
    }
};

struct Field {
    std::string key;
    Value value;
    int line = 0;

    friend bool operator==(const Field& a, const Field& b) { return a.key == b.key && a.value == b.value; }
};

// A `[name]` table and its fields; the fields before the first header form a section named "".
struct Section {
    std::string name;
    int line = 0;  // the header's line; 1 for the unnamed leading section
    std::vector<Field> fields;
};

struct SyntaxError {
    int line = 0;
    std::string message;
};

// Sections in file order. The unnamed leading section is present only when it holds fields.
std::expected<std::vector<Section>, SyntaxError> read_document(std::string_view text);

// A value in TOML syntax that read_document reads back as the same value.
std::string format_value(const Value& value);
std::string format_key(std::string_view key);

const char* kind_name(Value::Kind kind);

}  // namespace tavolo::engine::phh
