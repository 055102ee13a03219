#pragma once
// Money amounts in the configuration ("20.00", "1000", "0.5"), read strictly into integer cents:
// a TOML float cannot hold 0.10 exactly, so amounts are strings, and a typo is refused rather than
// rounded. One function reads every amount key (buy-ins, fees, guarantees, the starting balance).
#include <expected>
#include <string>
#include <string_view>

#include "engine/types.hpp"

namespace tavolo::server {

// Decimal digits, then optionally '.' and one or two digits: "20", "20.5", "20.00". Refused: an
// empty text, a sign, spaces, a third decimal, "1.", ".5", "1e3", "1,00", more than kMaxTotalCents.
// The error says what was expected and quotes the text.
std::expected<engine::Cents, std::string> parse_amount(std::string_view text);

// Cents as the configuration writes them: 2000 -> "20.00". Non-negative amounts only.
std::string format_amount(engine::Cents cents);

}  // namespace tavolo::server
