#pragma once
// Reading .phh (one hand) and .phhs (several hands, each under a `[name]` header) text into
// HandHistory records. A syntax error stops the file; a hand whose fields break the standard
// (a missing required field, a wrong type, an array of the wrong length, a bad action) is reported
// on its own, so one bad hand in a .phhs does not hide the others. Fields the standard defines but
// Tavolo does not use, and fields it does not define at all, are kept in HandHistory::other.
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/phh/hand_history.hpp"

namespace tavolo::engine::phh {

struct ParseError {
    int line = 0;  // 1-based; 0 when the error concerns no particular line
    std::string message;
    std::string to_string() const;  // "line 7: antes: expected 6 entries (one per player), found 5"
};

struct ParsedHand {
    std::string section;  // "" for a .phh file
    int line = 0;
    std::expected<HandHistory, ParseError> hand;
};

// Any PHH text: a .phh (fields only) or a .phhs (sections). A file with neither fields nor
// sections yields no hands.
std::expected<std::vector<ParsedHand>, ParseError> parse_hands(std::string_view text);

// Exactly one hand (a .phh file).
std::expected<HandHistory, ParseError> parse_hand(std::string_view text);

// Builds the record from one section's fields, checking it against the standard.
std::expected<HandHistory, ParseError> hand_from_section(const Section& section);

}  // namespace tavolo::engine::phh
