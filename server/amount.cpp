#include "server/amount.hpp"

#include "engine/phh/shown_text.hpp"
#include "tools/parse_integer.hpp"

namespace tavolo::server {

namespace {

constexpr engine::Cents kMaxEuros = engine::kMaxTotalCents / 100;

std::unexpected<std::string> refuse(std::string_view text) {
    return std::unexpected(engine::phh::shown_text(text) +
                           " is not an amount such as \"20.00\" (digits, then at most two decimals after "
                           "a '.', from 0.00 to " +
                           format_amount(engine::kMaxTotalCents) + ")");
}

}  // namespace

std::expected<engine::Cents, std::string> parse_amount(std::string_view text) {
    const auto dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    const std::string_view decimals =
        dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
    if (dot != std::string_view::npos && (decimals.empty() || decimals.size() > 2)) return refuse(text);
    if (whole.starts_with('-')) return refuse(text);  // parse_integer would read it when min < 0 only
    auto euros = tools::parse_integer<engine::Cents>(whole, 0, kMaxEuros);
    if (!euros) return refuse(text);
    engine::Cents cents = 0;
    if (!decimals.empty()) {
        auto part = tools::parse_integer<engine::Cents>(decimals, 0, 99);
        if (!part) return refuse(text);
        cents = decimals.size() == 1 ? *part * 10 : *part;  // "0.5" is fifty cents
    }
    const engine::Cents total = *euros * 100 + cents;
    if (total > engine::kMaxTotalCents) return refuse(text);
    return total;
}

std::string format_amount(engine::Cents cents) {
    const engine::Cents part = cents % 100;
    return std::to_string(cents / 100) + (part < 10 ? ".0" : ".") + std::to_string(part);
}

}  // namespace tavolo::server
