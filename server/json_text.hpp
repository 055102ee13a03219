#pragma once
// Text put into a JSON response, wherever it came from (a client's path, an error message): every
// body the server sends is valid JSON in plain ASCII, whatever bytes arrive.
#include <cstddef>
#include <string>
#include <string_view>

namespace tavolo::server {

// `text` as a quoted JSON string. Quote, backslash and control characters are escaped; a valid UTF-8
// character beyond ASCII is written as \uXXXX (a surrogate pair above U+FFFF); a byte that is not part
// of a valid UTF-8 character becomes \ufffd, the replacement character. After `max_chars` characters
// the rest is cut and "..." marks the cut, so a long hostile value cannot fill a response.
std::string json_string(std::string_view text, std::size_t max_chars = std::string_view::npos);

}  // namespace tavolo::server
