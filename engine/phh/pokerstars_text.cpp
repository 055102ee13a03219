// pokerstars_text: the stored PHH hand replayed through the engine, its header completed from the
// options and the PHH fields, then written from the engine's events (pokerstars_render.cpp).
#include "engine/phh/pokerstars_text.hpp"

#include <cstdio>

#include "engine/phh/replay.hpp"

namespace tavolo::engine::phh {
namespace {

// A field's value as text: a string as it is, a number or a bare date/time as written.
std::string field_text(const HandHistory& hand, std::string_view key) {
    const Value* v = hand.find_other(key);
    if (v == nullptr) return {};
    switch (v->kind) {
        case Value::Kind::String:
        case Value::Kind::Raw:
            return v->text;
        case Value::Kind::Number:
            return v->number.to_string();
        default:
            return {};
    }
}

int field_int(const HandHistory& hand, std::string_view key, int fallback) {
    const Value* v = hand.find_other(key);
    if (v == nullptr || v->kind != Value::Kind::Number) return fallback;
    const auto chips = v->number.chips();
    return chips && *chips > 0 && *chips < 100000 ? static_cast<int>(*chips) : fallback;
}

// "2026/11/26 23:50:00 UTC" from the standard's `year`, `month`, `day`, `time` and
// `time_zone_abbreviation`; the epoch's date and midnight for what is missing.
std::string time_of(const HandHistory& hand) {
    char date[32];
    std::snprintf(date, sizeof date, "%04d/%02d/%02d", field_int(hand, "year", 1970),
                  field_int(hand, "month", 1), field_int(hand, "day", 1));
    std::string time = field_text(hand, "time");
    if (time.size() >= 8) time = time.substr(0, 8);
    if (time.size() != 8) time = "00:00:00";
    std::string zone = field_text(hand, "time_zone_abbreviation");
    if (zone.empty()) zone = "UTC";
    return std::string(date) + " " + time + " " + zone;
}

}  // namespace

std::expected<std::string, std::string> pokerstars_text(const HandHistory& hand,
                                                        const PokerStarsOptions& options) {
    const ReplayResult replayed = replay(hand, {.keep_events = true});
    if (replayed.outcome != Outcome::Passed || !replayed.mapping) {
        return std::unexpected("the hand does not replay through the engine (" +
                               std::string(replayed.outcome == Outcome::Skipped ? "skipped: " : "") +
                               replayed.reason + "); check it with `tavolo replay`");
    }
    const TableMapping& mapping = *replayed.mapping;

    // Seat numbers from `seats` (1-based, per player), else the player's position.
    std::vector<StarsSeat> seats;
    const Value* seat_numbers = hand.find_other("seats");
    for (std::size_t p = 0; p < mapping.seat_of_player.size(); ++p) {
        StarsSeat s;
        s.engine_seat = mapping.seat_of_player[p];
        s.number = static_cast<int>(p) + 1;
        if (seat_numbers != nullptr && seat_numbers->kind == Value::Kind::Array &&
            p < seat_numbers->items.size()) {
            if (auto n = seat_numbers->items[p].number.chips(); n && *n > 0) s.number = static_cast<int>(*n);
        }
        s.name = p < hand.players.size() && !hand.players[p].empty() ? hand.players[p]
                                                                     : "Player " + std::to_string(s.number);
        seats.push_back(std::move(s));
    }
    if (!options.hero.empty()) {
        bool found = false;
        std::string names;
        for (const StarsSeat& s : seats) {
            found = found || s.name == options.hero;
            names += (names.empty() ? "" : ", ") + s.name;
        }
        if (!found)
            return std::unexpected(
                "the hero '" + options.hero + "' is not one of the players (" + names +
                "): give a name from the hand's `players`, or no hero for every hand shown");
    }

    StarsHeader header;
    const std::string hand_id = field_text(hand, "hand");
    if (!hand_id.empty()) header.hand_id = hand_id;
    if (!options.hand_id.empty()) header.hand_id = options.hand_id;
    if (!options.tournament_id.empty()) header.tournament_id = options.tournament_id;
    if (!options.buy_in.empty()) header.buy_in = options.buy_in;
    header.level = options.level > 0 ? options.level : field_int(hand, "level", 1);
    header.table_size = field_int(hand, "seat_count", mapping.setup.table_size);
    if (!options.table_name.empty()) {
        header.table_name = options.table_name;
    } else {
        const std::string table = field_text(hand, "table");
        header.table_name = header.tournament_id + " " + (table.empty() ? std::string("1") : table);
    }
    header.time = options.time.empty() ? time_of(hand) : options.time;
    return render_pokerstars(replayed.events, seats, header, options.hero);
}

}  // namespace tavolo::engine::phh
