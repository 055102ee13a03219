#include "engine/phh/variant_codes.hpp"

#include <array>

namespace tavolo::engine::phh {
namespace {

struct Entry {
    std::string_view code;
    GameCode game;
};

constexpr std::array kOurs = {
    Entry{"NT", {Variant::Holdem, Betting::NoLimit}},
    Entry{"PT", {Variant::Holdem, Betting::PotLimit}},
    Entry{"FT", {Variant::Holdem, Betting::Limit}},
    Entry{"N5S", {Variant::FiveCardStud, Betting::NoLimit}},
    Entry{"P5S", {Variant::FiveCardStud, Betting::PotLimit}},
    Entry{"F5S", {Variant::FiveCardStud, Betting::Limit}},
    Entry{"N5D", {Variant::FiveCardDraw, Betting::NoLimit}},
    Entry{"P5D", {Variant::FiveCardDraw, Betting::PotLimit}},
    Entry{"F5D", {Variant::FiveCardDraw, Betting::Limit}},
};

constexpr std::array<std::string_view, 9> kStandardOnly = {"NS", "PO",    "FO/8",  "F7S", "F7S/8",
                                                           "FR", "N2L1D", "F2L3D", "FB"};

}  // namespace

std::optional<GameCode> game_of_code(std::string_view code) {
    for (const auto& e : kOurs) {
        if (e.code == code) return e.game;
    }
    return std::nullopt;
}

std::string code_of_game(GameCode game) {
    for (const auto& e : kOurs) {
        if (e.game == game) return std::string(e.code);
    }
    return {};
}

bool is_known_code(std::string_view code) {
    if (game_of_code(code)) return true;
    for (auto c : kStandardOnly) {
        if (c == code) return true;
    }
    return false;
}

bool is_fixed_limit_code(std::string_view code) {
    return !code.empty() && code.front() == 'F';
}

bool uses_bring_in(std::string_view code) {
    return code == "F7S" || code == "F7S/8" || code == "FR";
}

}  // namespace tavolo::engine::phh
