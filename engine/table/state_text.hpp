#pragma once
// A small, strict text format for the states tables save between hands (table_state_text.hpp,
// polacco/table_state.hpp). Line 1 is `<kind> version=<n>`; every further line is a record: a name,
// then `field=<integer>` pairs in a fixed order, separated by single spaces:
//
//     tavolo.table_state version=1
//     table size=9 started=1 hands_played=12 rebuy_window=0
//     seat seat=0 entrant=7 stack=5000 ...
//
// Text rather than binary so an operator can read a saved table in the database; integers only, so
// there is nothing to escape. Decoding never trusts its input: anything else is a typed error with
// its line number, never undefined behaviour. A change of fields is a new version.
#include <cstdint>
#include <expected>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tavolo::engine {

enum class StateTextErrc {
    TooLong,          // more than kMaxStateTextBytes
    BadCharacter,     // a character other than a-z, 0-9, '_', '.', '=', '-', space, newline
    NotThisKind,      // the first line names another kind of state (or none)
    BadVersion,       // no version, or one this program does not read
    BadLine,          // a line that is not `name field=value ...`
    BadNumber,        // a value that is not a 64-bit integer
    UnknownRecord,    // a record name this kind of state does not have
    WrongField,       // a field other than the next one expected (misspelt, reordered)
    MissingField,     // a record ends before its last field
    ExtraField,       // a record has more fields than it should
    MissingRecord,    // a required record is absent
    RepeatedRecord,   // a record that may appear once appears twice
    TooManyRecords,   // more repeated records than the state can hold
    ValueOutOfRange,  // a value outside what its field can hold (a flag other than 0 or 1, a seat past 2^31)
};

inline constexpr std::size_t kMaxStateTextBytes = 64 * 1024;

struct StateTextError {
    StateTextErrc code = StateTextErrc::BadLine;
    int line = 0;  // 1-based; 0: the text as a whole
    bool operator==(const StateTextError&) const = default;
};

const char* to_string(StateTextErrc code);
// "line 3: a value is not a 64-bit integer: ..." plus what to do.
std::string describe(const StateTextError& error);

struct StateField {
    std::string_view name;
    std::int64_t value = 0;
};
struct StateRecord {
    std::string_view name;
    std::vector<StateField> fields;
    int line = 0;
};

// Builds a state's text.
class StateTextWriter {
  public:
    StateTextWriter(std::string_view kind, int version);
    StateTextWriter& record(std::string_view name);
    StateTextWriter& field(std::string_view name, std::int64_t value);
    std::string finish();

  private:
    std::string out_;
};

// The records of `text` (views into it) after checking the header names `kind` and `version`. A
// state larger than a table's (a tournament director's) passes its own `max_bytes`.
std::expected<std::vector<StateRecord>, StateTextError> parse_state_text(
    std::string_view text, std::string_view kind, int version, std::size_t max_bytes = kMaxStateTextBytes);

// The values of `record`'s fields, which must be exactly `names` in that order.
std::expected<std::vector<std::int64_t>, StateTextError> field_values(
    const StateRecord& record, std::initializer_list<std::string_view> names);

// A value checked to lie in [lo, hi] (ValueOutOfRange at the record's line otherwise).
std::expected<std::int64_t, StateTextError> in_range(std::int64_t value, std::int64_t lo, std::int64_t hi,
                                                     int line);

// field_values(), each value then checked against its [lo, hi] (one range per name).
struct ValueRange {
    std::int64_t lo;
    std::int64_t hi;
};
std::expected<std::vector<std::int64_t>, StateTextError> checked_values(
    const StateRecord& record, std::initializer_list<std::string_view> names,
    std::initializer_list<ValueRange> ranges);

// The ranges the saved texts' fields share (`using namespace state_ranges;` in a codec's .cpp).
namespace state_ranges {
inline constexpr std::int64_t kI32Min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int64_t kI32Max = std::numeric_limits<std::int32_t>::max();
inline constexpr std::int64_t kI64Min = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();
inline constexpr ValueRange kFlag{0, 1};
inline constexpr ValueRange kInt{kI32Min, kI32Max};
inline constexpr ValueRange kLong{kI64Min, kI64Max};
inline constexpr ValueRange kCount{0, kI32Max};
inline constexpr ValueRange kAmount{0, kI64Max};
}  // namespace state_ranges

}  // namespace tavolo::engine
