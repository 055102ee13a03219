#include "engine/phh/document.hpp"

#include "engine/phh/concat.hpp"
#include "engine/phh/shown_text.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>

namespace tavolo::engine::phh {
namespace {

bool is_bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// A bare value that is not a number: a TOML local date, time or date-time ("00:00:02",
// "2009-07-01", "2009-07-01T10:00:00Z"). PHH keeps these as written.
bool looks_like_date_or_time(std::string_view token) {
    if (token.size() < 5 || !is_digit(token[0]) || !is_digit(token[1])) return false;
    for (char c : token) {
        if (!is_digit(c) && c != '-' && c != ':' && c != '.' && c != 'T' && c != 'Z' && c != '+' &&
            c != 't' && c != 'z') {
            return false;
        }
    }
    return token[2] == ':' || (token.size() >= 10 && token[4] == '-' && token[7] == '-');
}

class Reader {
  public:
    explicit Reader(std::string_view text) : text_(text) {
        if (text_.starts_with("\xEF\xBB\xBF")) text_.remove_prefix(3);  // a UTF-8 byte order mark
    }

    std::expected<std::vector<Section>, SyntaxError> read() {
        std::vector<Section> sections(1);
        sections.back().line = 1;
        // Where each header and each key of the current section was first written: a look-up per
        // line, not a scan of every earlier one (200,000 headers once took over 20 s).
        std::map<std::string, int, std::less<>> header_lines;
        std::map<std::string, int, std::less<>> key_lines;
        while (true) {
            skip_blank_lines();
            if (at_end()) break;
            if (peek() == '[') {
                auto header = read_header();
                if (!header) return std::unexpected(header.error());
                const auto [first, added] = header_lines.try_emplace(header->name, header->line);
                if (!added) {
                    return fail_at(header->line,
                                   concat({"duplicate header ", shown_text(header->name), " (first on line ",
                                           std::to_string(first->second), ")"}));
                }
                sections.push_back(std::move(*header));
                key_lines.clear();
                continue;
            }
            auto field = read_field();
            if (!field) return std::unexpected(field.error());
            const auto [first, added] = key_lines.try_emplace(field->key, field->line);
            if (!added) {
                return fail_at(field->line, concat({"duplicate key ", shown_text(field->key),
                                                    " (first on line ", std::to_string(first->second), ")"}));
            }
            sections.back().fields.push_back(std::move(*field));
        }
        if (sections.front().fields.empty()) sections.erase(sections.begin());
        return sections;
    }

  private:
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }
    void advance() {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
    }

    std::unexpected<SyntaxError> fail(std::string message) const {
        return fail_at(line_, std::move(message));
    }
    static std::unexpected<SyntaxError> fail_at(int line, std::string message) {
        return std::unexpected(SyntaxError{line, std::move(message)});
    }

    void skip_spaces() {
        while (!at_end() && (peek() == ' ' || peek() == '\t'))
            advance();
    }
    void skip_comment() {
        if (peek() != '#') return;
        while (!at_end() && peek() != '\n')
            advance();
    }
    // Spaces, comments and line breaks (between fields, and inside arrays).
    void skip_blank_lines() {
        while (!at_end()) {
            skip_spaces();
            skip_comment();
            if (peek() == '\r' || peek() == '\n') {
                advance();
            } else {
                return;
            }
        }
    }
    std::expected<void, SyntaxError> expect_line_end(std::string_view after) {
        skip_spaces();
        skip_comment();
        if (peek() == '\r') advance();
        if (at_end()) return {};
        if (peek() != '\n') {
            return fail(concat(
                {"unexpected ", shown_char(peek()), " after ", after, " (one `key = value` per line)"}));
        }
        advance();
        return {};
    }

    std::expected<Section, SyntaxError> read_header() {
        Section section;
        section.line = line_;
        advance();  // '['
        if (peek() == '[') return fail("arrays of tables ([[...]]) are not part of PHH");
        skip_spaces();
        if (peek() == '"' || peek() == '\'') {
            auto name = read_string();
            if (!name) return std::unexpected(name.error());
            section.name = name->text;
        } else {
            while (!at_end() && is_bare_key_char(peek()))
                section.name += text_[pos_++];
        }
        skip_spaces();
        if (peek() != ']') return fail("a header is `[name]`; expected ']'");
        advance();
        if (section.name.empty()) return fail("empty header name");
        if (auto end = expect_line_end("the header"); !end) return std::unexpected(end.error());
        return section;
    }

    std::expected<Field, SyntaxError> read_field() {
        Field field;
        field.line = line_;
        if (peek() == '"' || peek() == '\'') {
            auto key = read_string();
            if (!key) return std::unexpected(key.error());
            field.key = key->text;
        } else {
            while (!at_end() && is_bare_key_char(peek()))
                field.key += text_[pos_++];
        }
        if (field.key.empty())
            return fail(concat({"expected a key (letters, digits, '_' or '-'), found ", shown_char(peek())}));
        skip_spaces();
        if (peek() == '.') return fail("dotted keys are not part of PHH");
        if (peek() != '=') return fail(concat({"expected '=' after key ", shown_text(field.key)}));
        advance();
        skip_spaces();
        auto value = read_value(0);
        if (!value) return std::unexpected(value.error());
        field.value = std::move(*value);
        if (auto end = expect_line_end(concat({"the value of ", shown_text(field.key)})); !end)
            return std::unexpected(end.error());
        return field;
    }

    // `depth`: how many arrays enclose the value.
    std::expected<Value, SyntaxError> read_value(int depth) {
        if (at_end() || peek() == '\n' || peek() == '\r' || peek() == '#') return fail("missing value");
        const char c = peek();
        if (c == '"' || c == '\'') return read_string();
        if (c == '[') {
            // read_value and read_array call each other: without a bound, a file of 30,000 '['
            // overflows the stack.
            if (depth >= kMaxArrayNesting) {
                return fail(concat({"arrays nested more than ", std::to_string(kMaxArrayNesting),
                                    " deep (a hand history needs 1): not a PHH file"}));
            }
            return read_array(depth);
        }
        if (c == '{') return fail("inline tables are not part of PHH");
        return read_bare();
    }

    std::expected<Value, SyntaxError> read_string() {
        Value value;
        value.kind = Value::Kind::String;
        value.line = line_;
        const char quote = peek();
        if (text_.substr(pos_, 3) == std::string(3, quote)) {
            return fail("multi-line strings are not supported in PHH files");
        }
        advance();
        while (true) {
            if (at_end() || peek() == '\n') return fail_at(value.line, "unterminated string");
            char c = text_[pos_];
            advance();
            if (c == quote) break;
            if (quote == '"' && c == '\\') {
                if (auto ok = read_escape(value.text); !ok) return std::unexpected(ok.error());
            } else {
                value.text += c;
            }
        }
        return value;
    }

    // A basic string's escape, the backslash already read: appends the character it stands for.
    std::expected<void, SyntaxError> read_escape(std::string& out) {
        if (at_end()) return fail("unterminated string");
        char e = text_[pos_];
        advance();
        switch (e) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case 'r':
                out += '\r';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case 'u':
            case 'U': {
                const std::size_t digits = e == 'u' ? 4 : 8;
                if (pos_ + digits > text_.size())
                    return fail(concat({"truncated \\", std::string(1, e), " escape"}));
                std::uint32_t code = 0;
                for (std::size_t i = 0; i < digits; ++i) {
                    const char h = text_[pos_ + i];
                    int v = is_digit(h)              ? h - '0'
                            : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                            : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                     : -1;
                    if (v < 0)
                        return fail(concat({"bad hexadecimal digit in \\", std::string(1, e), " escape"}));
                    code = code * 16 + static_cast<std::uint32_t>(v);
                }
                pos_ += digits;
                if (code > 0x10FFFF) return fail("escape beyond Unicode");
                append_utf8(out, code);
                break;
            }
            default:
                return fail(concat({"unknown escape ", shown_text(std::string{'\\', e})}));
        }
        return {};
    }

    std::expected<Value, SyntaxError> read_array(int depth) {
        Value value;
        value.kind = Value::Kind::Array;
        value.line = line_;
        advance();  // '['
        while (true) {
            skip_blank_lines();
            if (at_end()) return fail_at(value.line, "unterminated array (missing ']')");
            if (peek() == ']') {
                advance();
                return value;
            }
            auto item = read_value(depth + 1);
            if (!item) return std::unexpected(item.error());
            value.items.push_back(std::move(*item));
            skip_blank_lines();
            if (peek() == ',') {
                advance();
            } else if (peek() != ']') {
                if (at_end()) return fail_at(value.line, "unterminated array (missing ']')");
                return fail(concat({"expected ',' or ']' in array, found ", shown_char(peek())}));
            }
        }
    }

    std::expected<Value, SyntaxError> read_bare() {
        Value value;
        value.line = line_;
        const std::size_t start = pos_;
        while (!at_end()) {
            const char c = peek();
            if (c == ' ' || c == '\t' || c == ',' || c == ']' || c == '#' || c == '\n' || c == '\r') break;
            advance();
        }
        std::string_view token = text_.substr(start, pos_ - start);
        // A date-time may separate date and time with one space ("2009-07-01 10:00:00").
        if (token.size() == 10 && looks_like_date_or_time(token) && pos_ + 3 < text_.size() &&
            peek() == ' ' && is_digit(text_[pos_ + 1]) && is_digit(text_[pos_ + 2]) &&
            text_[pos_ + 3] == ':') {
            advance();
            while (!at_end()) {
                const char c = peek();
                if (c == ' ' || c == '\t' || c == ',' || c == ']' || c == '#' || c == '\n' || c == '\r')
                    break;
                advance();
            }
            token = text_.substr(start, pos_ - start);
        }
        if (token == "true" || token == "false") {
            value.kind = Value::Kind::Boolean;
            value.boolean = token == "true";
            return value;
        }
        if (auto number = Decimal::parse(token)) {
            value.kind = Value::Kind::Number;
            value.number = *number;
            return value;
        }
        if (looks_like_date_or_time(token)) {
            value.kind = Value::Kind::Raw;
            value.text = std::string(token);
            return value;
        }
        if (token == "nan" || token == "+nan" || token == "-nan") return fail("'nan' is not a valid amount");
        if (Decimal::out_of_range(token)) return fail(concat({shown_text(token), kNumberOutOfRange}));
        return fail(concat({"unrecognised value ", shown_text(token),
                            " (strings need quotes; numbers are digits with an optional '.')"}));
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

bool needs_basic_string(std::string_view text) {
    for (char c : text) {
        if (c == '\'' || c == '\n' || c == '\r' || (static_cast<unsigned char>(c) < 0x20 && c != '\t'))
            return true;
    }
    return false;
}

std::string quote(std::string_view text) {
    if (!needs_basic_string(text)) return concat({"'", text, "'"});
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static constexpr char kHex[] = "0123456789ABCDEF";
                    out += "\\u00";
                    out += kHex[(c >> 4) & 0xF];
                    out += kHex[c & 0xF];
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

}  // namespace

std::expected<std::vector<Section>, SyntaxError> read_document(std::string_view text) {
    return Reader(text).read();
}

std::string format_value(const Value& value) {
    switch (value.kind) {
        case Value::Kind::String:
            return quote(value.text);
        case Value::Kind::Number:
            return value.number.to_string();
        case Value::Kind::Boolean:
            return value.boolean ? "true" : "false";
        case Value::Kind::Raw:
            return value.text;
        case Value::Kind::Array: {
            std::string out = "[";
            for (std::size_t i = 0; i < value.items.size(); ++i) {
                if (i > 0) out += ", ";
                out += format_value(value.items[i]);
            }
            return out + "]";
        }
    }
    return {};
}

std::string format_key(std::string_view key) {
    bool bare = !key.empty();
    for (char c : key)
        bare = bare && is_bare_key_char(c);
    return bare ? std::string(key) : quote(key);
}

const char* kind_name(Value::Kind kind) {
    switch (kind) {
        case Value::Kind::String:
            return "a string";
        case Value::Kind::Number:
            return "a number";
        case Value::Kind::Boolean:
            return "a boolean";
        case Value::Kind::Array:
            return "an array";
        case Value::Kind::Raw:
            return "a date or time";
    }
    return "a value";
}

}  // namespace tavolo::engine::phh
