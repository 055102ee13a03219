#include "engine/phh/decimal.hpp"

namespace tavolo::engine::phh {
namespace {

constexpr int kMaxDigits = 18;  // every 18-digit integer fits an int64

std::int64_t pow10(int n) {
    std::int64_t p = 1;
    for (int i = 0; i < n; ++i)
        p *= 10;
    return p;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

}  // namespace

std::optional<Decimal> Decimal::parse(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text == "inf") {
        if (negative) return std::nullopt;  // a stack or amount is never minus infinity
        return infinity();
    }
    std::int64_t units = 0;
    int scale = 0;
    int digits = 0;
    bool seen_point = false;
    bool any_digit = false;
    std::size_t i = 0;
    char previous = '\0';
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (is_digit(c)) {
            if (digits > 0 || c != '0') ++digits;
            if (digits > kMaxDigits) return std::nullopt;
            units = units * 10 + (c - '0');
            if (seen_point) ++scale;
            any_digit = true;
        } else if (c == '_') {
            // TOML allows underscores only between digits.
            if (!is_digit(previous) || i + 1 >= text.size() || !is_digit(text[i + 1])) return std::nullopt;
        } else if (c == '.' && !seen_point) {
            if (!is_digit(previous)) return std::nullopt;
            seen_point = true;
        } else {
            break;
        }
        previous = c;
    }
    if (!any_digit || previous == '.' || previous == '_') return std::nullopt;
    if (i < text.size()) {
        if (text[i] != 'e' && text[i] != 'E') return std::nullopt;
        ++i;
        bool exponent_negative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
            exponent_negative = text[i] == '-';
            ++i;
        }
        if (i >= text.size()) return std::nullopt;
        int exponent = 0;
        for (; i < text.size(); ++i) {
            if (!is_digit(text[i]) || exponent > 100) return std::nullopt;
            exponent = exponent * 10 + (text[i] - '0');
        }
        if (exponent_negative) {
            scale += exponent;
        } else {
            while (exponent > 0 && scale > 0) {
                --scale;
                --exponent;
            }
            for (; exponent > 0; --exponent) {
                if (++digits > kMaxDigits) return std::nullopt;
                units *= 10;
            }
        }
        if (scale > kMaxDigits) return std::nullopt;
    }
    return Decimal(negative ? -units : units, scale).normalised();
}

bool Decimal::out_of_range(std::string_view text) {
    if (parse(text)) return false;
    // The same text with each run of digits cut to its first digit parses when the original was
    // well-formed: only its length was refused.
    std::string shortened;
    char previous = '\0';
    for (const char c : text) {
        if (!(is_digit(c) && is_digit(previous))) shortened += c;
        previous = c;
    }
    return parse(shortened).has_value();
}

Decimal Decimal::normalised() const {
    Decimal d = *this;
    if (d.infinite_) return d;
    while (d.scale_ > 0 && d.units_ % 10 == 0) {
        d.units_ /= 10;
        --d.scale_;
    }
    if (d.units_ == 0) d.scale_ = 0;
    return d;
}

bool Decimal::is_whole() const {
    return !infinite_ && normalised().scale_ == 0;
}

std::optional<Chips> Decimal::chips() const {
    if (!is_whole()) return std::nullopt;
    return normalised().units_;
}

std::string Decimal::to_string() const {
    if (infinite_) return "inf";
    const Decimal d = normalised();
    const std::string digits = std::to_string(d.units_ < 0 ? -d.units_ : d.units_);
    const auto scale = static_cast<std::size_t>(d.scale_);
    std::string out;
    if (d.units_ < 0) out += '-';
    if (scale == 0) return out.append(digits);
    // Pad to at least one whole digit: 5 at scale 2 is "0.05".
    const std::size_t padded = digits.size() > scale ? digits.size() : scale + 1;
    out.append(padded - digits.size(), '0');
    out.append(digits);
    out.insert(out.size() - scale, 1, '.');
    return out;
}

std::strong_ordering Decimal::compare(const Decimal& other) const {
    if (infinite_ || other.infinite_) return infinite_ <=> other.infinite_;
    // Whole parts first, then the fractions at a common scale: both fit an int64 (at most 18 digits),
    // and truncation keeps each fraction's sign equal to its number's, so the order is exact.
    const std::int64_t whole_a = units_ / pow10(scale_);
    const std::int64_t whole_b = other.units_ / pow10(other.scale_);
    if (whole_a != whole_b) return whole_a <=> whole_b;
    const int scale = scale_ > other.scale_ ? scale_ : other.scale_;
    const std::int64_t fraction_a = (units_ % pow10(scale_)) * pow10(scale - scale_);
    const std::int64_t fraction_b = (other.units_ % pow10(other.scale_)) * pow10(scale - other.scale_);
    return fraction_a <=> fraction_b;
}

}  // namespace tavolo::engine::phh
