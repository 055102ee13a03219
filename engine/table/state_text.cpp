#include "engine/table/state_text.hpp"

#include <charconv>

namespace tavolo::engine {

const char* to_string(StateTextErrc code) {
    switch (code) {
        case StateTextErrc::TooLong:
            return "the text is longer than any saved table state";
        case StateTextErrc::BadCharacter:
            return "a character that no saved table state contains";
        case StateTextErrc::NotThisKind:
            return "the first line does not name this kind of state";
        case StateTextErrc::BadVersion:
            return "the version is missing or not one this program reads";
        case StateTextErrc::BadLine:
            return "a line is not a record name followed by field=value pairs";
        case StateTextErrc::BadNumber:
            return "a value is not a 64-bit integer";
        case StateTextErrc::UnknownRecord:
            return "a record this kind of state does not have";
        case StateTextErrc::WrongField:
            return "a field other than the one expected at that place";
        case StateTextErrc::MissingField:
            return "a record lacks fields";
        case StateTextErrc::ExtraField:
            return "a record has more fields than it should";
        case StateTextErrc::MissingRecord:
            return "a required record is missing";
        case StateTextErrc::RepeatedRecord:
            return "a record that appears once appears twice";
        case StateTextErrc::TooManyRecords:
            return "more records than the state can hold";
        case StateTextErrc::ValueOutOfRange:
            return "a value is out of its field's range";
    }
    return "unknown state text error";
}

std::string describe(const StateTextError& error) {
    std::string out = error.line > 0 ? "line " + std::to_string(error.line) + ": " : std::string();
    out += to_string(error.code);
    out += " (the saved state is damaged or from another program: restore the table from an intact snapshot)";
    return out;
}

StateTextWriter::StateTextWriter(std::string_view kind, int version) {
    out_.append(kind);
    out_ += " version=" + std::to_string(version);
}

StateTextWriter& StateTextWriter::record(std::string_view name) {
    out_ += '\n';
    out_.append(name);
    return *this;
}

StateTextWriter& StateTextWriter::field(std::string_view name, std::int64_t value) {
    out_ += ' ';
    out_.append(name);
    out_ += '=' + std::to_string(value);
    return *this;
}

std::string StateTextWriter::finish() {
    out_ += '\n';
    return std::move(out_);
}

namespace {

bool allowed(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '=' || c == '-' ||
           c == ' ' || c == '\n';
}

bool is_name(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.')) return false;
    return true;
}

// `name field=value field=value`; the fields' values parsed.
std::expected<StateRecord, StateTextError> parse_line(std::string_view line, int number) {
    const auto bad = [number](StateTextErrc c) { return std::unexpected(StateTextError{c, number}); };
    StateRecord record;
    record.line = number;
    std::size_t pos = line.find(' ');
    record.name = line.substr(0, pos);
    if (!is_name(record.name)) return bad(StateTextErrc::BadLine);
    while (pos != std::string_view::npos) {
        const std::size_t start = pos + 1;
        pos = line.find(' ', start);
        const std::string_view pair = line.substr(start, pos == std::string_view::npos ? pos : pos - start);
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos || !is_name(pair.substr(0, eq))) return bad(StateTextErrc::BadLine);
        const std::string_view digits = pair.substr(eq + 1);
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size())
            return bad(StateTextErrc::BadNumber);
        record.fields.push_back({pair.substr(0, eq), value});
    }
    return record;
}

}  // namespace

std::expected<std::vector<StateRecord>, StateTextError> parse_state_text(std::string_view text,
                                                                         std::string_view kind, int version,
                                                                         std::size_t max_bytes) {
    if (text.size() > max_bytes) return std::unexpected(StateTextError{StateTextErrc::TooLong, 0});
    int number = 1;
    for (char c : text) {
        if (!allowed(c)) return std::unexpected(StateTextError{StateTextErrc::BadCharacter, number});
        if (c == '\n') ++number;
    }
    // Every line ends with a newline, the last one included.
    if (text.empty() || text.back() != '\n')
        return std::unexpected(StateTextError{StateTextErrc::BadLine, number});
    std::vector<StateRecord> records;
    number = 0;
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = text.find('\n', start);
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        auto record = parse_line(line, ++number);
        if (!record) return std::unexpected(record.error());
        if (number == 1) {
            if (record->name != kind) return std::unexpected(StateTextError{StateTextErrc::NotThisKind, 1});
            if (record->fields.size() != 1 || record->fields[0].name != "version" ||
                record->fields[0].value != version)
                return std::unexpected(StateTextError{StateTextErrc::BadVersion, 1});
            continue;
        }
        records.push_back(std::move(*record));
    }
    return records;
}

std::expected<std::vector<std::int64_t>, StateTextError> field_values(
    const StateRecord& record, std::initializer_list<std::string_view> names) {
    std::vector<std::int64_t> values;
    std::size_t i = 0;
    for (std::string_view name : names) {
        if (i >= record.fields.size())
            return std::unexpected(StateTextError{StateTextErrc::MissingField, record.line});
        if (record.fields[i].name != name)
            return std::unexpected(StateTextError{StateTextErrc::WrongField, record.line});
        values.push_back(record.fields[i++].value);
    }
    if (i != record.fields.size())
        return std::unexpected(StateTextError{StateTextErrc::ExtraField, record.line});
    return values;
}

std::expected<std::int64_t, StateTextError> in_range(std::int64_t value, std::int64_t lo, std::int64_t hi,
                                                     int line) {
    if (value < lo || value > hi)
        return std::unexpected(StateTextError{StateTextErrc::ValueOutOfRange, line});
    return value;
}

std::expected<std::vector<std::int64_t>, StateTextError> checked_values(
    const StateRecord& record, std::initializer_list<std::string_view> names,
    std::initializer_list<ValueRange> ranges) {
    auto values = field_values(record, names);
    if (!values) return values;
    std::size_t i = 0;
    for (const ValueRange& range : ranges) {
        if (auto ok = in_range((*values)[i++], range.lo, range.hi, record.line); !ok)
            return std::unexpected(ok.error());
    }
    return values;
}

}  // namespace tavolo::engine
