#pragma once
// Input text as an error message shows it. A hand history can hold any bytes (a binary file, another
// encoding, a hostile one), and its errors go to terminals, logs and JSON: so a message shows a byte
// that is not printable ASCII as \xNN, and only the start of a long value, followed by its length.
#include <cstddef>
#include <string>
#include <string_view>

namespace tavolo::engine::phh {

// The most bytes of one input value an error message shows; the rest becomes "..." and a length.
inline constexpr std::size_t kShownTextLimit = 64;

// `text` in single quotes, every byte outside 0x20..0x7e as \xNN, cut after kShownTextLimit bytes:
// 'p4 raise 250', 'caf\xc3\xa9', 'aaaa...' (100000 bytes: the first 64 shown).
std::string shown_text(std::string_view text);

// One character: 'x', or "byte 0xNN" when it is not printable ASCII.
std::string shown_char(char c);

}  // namespace tavolo::engine::phh
