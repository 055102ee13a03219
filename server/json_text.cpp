#include "server/json_text.hpp"

#include <array>

namespace tavolo::server {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// The character starting at text[at] and its length in bytes, or length 0 when the bytes there are
// not valid UTF-8 (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, cut short).
struct Decoded {
    char32_t code = 0;
    std::size_t length = 0;
};

Decoded decode_utf8(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return {lead, 1};
    std::size_t length = 0;
    char32_t code = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range allowed for the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        code = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        code = lead & 0x0F;
        if (lead == 0xE0) low = 0xA0;   // overlong below U+0800
        if (lead == 0xED) high = 0x9F;  // UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        code = lead & 0x07;
        if (lead == 0xF0) low = 0x90;   // overlong below U+10000
        if (lead == 0xF4) high = 0x8F;  // beyond U+10FFFF
    } else {
        return {};
    }
    if (at + length > text.size()) return {};
    for (std::size_t i = 1; i < length; ++i) {
        const unsigned char b = byte(at + i);
        if (b < (i == 1 ? low : 0x80) || b > (i == 1 ? high : 0xBF)) return {};
        code = (code << 6) | (b & 0x3F);
    }
    return {code, length};
}

void append_u_escape(std::string& out, char32_t unit) {
    static constexpr std::array<char, 16> kHex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                                  '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += kHex[(unit >> shift) & 0xF];
}

void append_escaped(std::string& out, char32_t code) {
    switch (code) {
        case '"':
            out += "\\\"";
            return;
        case '\\':
            out += "\\\\";
            return;
        case '\n':
            out += "\\n";
            return;
        case '\r':
            out += "\\r";
            return;
        case '\t':
            out += "\\t";
            return;
        default:
            break;
    }
    if (code >= 0x20 && code < 0x7F) {
        out += static_cast<char>(code);
    } else if (code < 0x10000) {
        append_u_escape(out, code);  // control characters, DEL and everything beyond ASCII
    } else {
        const char32_t v = code - 0x10000;
        append_u_escape(out, 0xD800 + (v >> 10));
        append_u_escape(out, 0xDC00 + (v & 0x3FF));
    }
}

}  // namespace

std::string json_string(std::string_view text, std::size_t max_chars) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    std::size_t chars = 0;
    for (std::size_t at = 0; at < text.size(); ++chars) {
        if (chars == max_chars) {
            out += "...";
            break;
        }
        const Decoded d = decode_utf8(text, at);
        append_escaped(out, d.length == 0 ? kReplacement : d.code);
        at += d.length == 0 ? 1 : d.length;
    }
    out += '"';
    return out;
}

}  // namespace tavolo::server
