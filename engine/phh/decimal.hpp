#pragma once
// An exact decimal amount as PHH writes it ("1584.83", "10000", "inf"): hand histories from real
// rooms carry cents and half chips, and a replay must tell those apart from whole chips, so amounts
// are never read through a binary floating point.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.hpp"

namespace tavolo::engine::phh {

// Ends the message for a number out_of_range() refuses ("'1e400' is ...").
inline constexpr const char* kNumberOutOfRange =
    " is beyond what Tavolo can hold (at most 18 significant digits and 18 decimals)";

class Decimal {
  public:
    constexpr Decimal() = default;
    static constexpr Decimal whole(std::int64_t value) { return Decimal(value, 0); }
    static constexpr Decimal infinity() {
        Decimal d;
        d.infinite_ = true;
        return d;
    }
    // "12", "-3", "1584.83", "1e3", "2.5E-1", "1_000", "inf", "+inf". Nothing else, no surrounding
    // spaces; nullopt when the text is not a number or does not fit 18 significant digits.
    static std::optional<Decimal> parse(std::string_view text);
    // A well-formed number that parse() refuses only for its size: more than 18 significant digits
    // or decimals ("10000000000000000000", "1e400"). Error messages then say so instead of
    // "not a number".
    static bool out_of_range(std::string_view text);

    bool is_infinite() const { return infinite_; }
    bool is_whole() const;
    bool is_negative() const { return !infinite_ && units_ < 0; }
    // The value in whole chips when it is finite and integral.
    std::optional<Chips> chips() const;
    // Shortest exact spelling: "10000", "10112.5", "inf".
    std::string to_string() const;

    // By value: 2.50 == 2.5.
    friend bool operator==(const Decimal& a, const Decimal& b) { return a.compare(b) == 0; }
    friend std::strong_ordering operator<=>(const Decimal& a, const Decimal& b) { return a.compare(b); }

  private:
    constexpr Decimal(std::int64_t units, int scale) : units_(units), scale_(scale) {}
    std::strong_ordering compare(const Decimal& other) const;
    Decimal normalised() const;

    std::int64_t units_ = 0;  // value = units_ / 10^scale_
    int scale_ = 0;
    bool infinite_ = false;
};

}  // namespace tavolo::engine::phh
