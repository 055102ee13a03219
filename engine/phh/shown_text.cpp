#include "engine/phh/shown_text.hpp"

namespace tavolo::engine::phh {
namespace {

constexpr char kHex[] = "0123456789abcdef";

bool is_printable(unsigned char byte) {
    return byte >= 0x20 && byte < 0x7f;
}

}  // namespace

std::string shown_text(std::string_view text) {
    const std::string_view head = text.substr(0, kShownTextLimit);
    std::string out = "'";
    for (char c : head) {
        const auto byte = static_cast<unsigned char>(c);
        if (is_printable(byte)) {
            out += c;
        } else {
            out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 0xf]};
        }
    }
    if (head.size() < text.size()) {
        out += "...' (";
        out += std::to_string(text.size());
        out += " bytes)";
    } else {
        out += '\'';
    }
    return out;
}

std::string shown_char(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (is_printable(byte)) return {'\'', c, '\''};
    return {'b', 'y', 't', 'e', ' ', '0', 'x', kHex[byte >> 4], kHex[byte & 0xf]};
}

}  // namespace tavolo::engine::phh
