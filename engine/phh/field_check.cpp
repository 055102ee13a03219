#include "engine/phh/field_check.hpp"

#include <set>
#include <vector>

#include "engine/phh/concat.hpp"

namespace tavolo::engine::phh {
namespace {

const Field* find_field(const HandHistory& hand, std::string_view key) {
    for (const auto& f : hand.other) {
        if (f.key == key) return &f;
    }
    return nullptr;
}

FieldProblem problem(const Field& f, std::string reason) {
    return FieldProblem{f.value.line > 0 ? f.value.line : f.line, concat({f.key, ": ", reason})};
}

// A whole number of at least `minimum`, or nullopt.
std::optional<Chips> whole_at_least(const Value& v, Chips minimum) {
    if (v.kind != Value::Kind::Number) return std::nullopt;
    auto n = v.number.chips();
    if (!n || *n < minimum) return std::nullopt;
    return n;
}

std::optional<FieldProblem> check_seats(const HandHistory& hand, const Field& f, std::vector<Chips>& seats) {
    const auto n = static_cast<std::size_t>(hand.player_count());
    if (f.value.kind != Value::Kind::Array) return problem(f, "expected an array of seat numbers");
    if (f.value.items.size() != n) {
        return problem(f, concat({"expected ", std::to_string(n), " entries (one per player), found ",
                                  std::to_string(f.value.items.size())}));
    }
    std::set<Chips> seen;
    for (const auto& item : f.value.items) {
        const auto seat = whole_at_least(item, 1);
        if (!seat) return problem(f, "a seat number is a whole number from 1");
        if (!seen.insert(*seat).second)
            return problem(f, concat({"seat ", std::to_string(*seat), " is given to two players"}));
        seats.push_back(*seat);
    }
    return std::nullopt;
}

std::optional<FieldProblem> check_seat_count(const HandHistory& hand, const Field& f,
                                             const std::vector<Chips>& seats) {
    const auto count = whole_at_least(f.value, 1);
    if (!count) return problem(f, "expected a whole number of seats");
    if (*count < hand.player_count()) {
        return problem(f, concat({std::to_string(*count), " seats cannot hold ",
                                  std::to_string(hand.player_count()), " players"}));
    }
    for (Chips s : seats) {
        if (s > *count)
            return problem(
                f, concat({"seat ", std::to_string(s), " is beyond the ", std::to_string(*count), " seats"}));
    }
    return std::nullopt;
}

std::optional<FieldProblem> check_time_banks(const HandHistory& hand, const Field& f) {
    const auto n = static_cast<std::size_t>(hand.player_count());
    if (f.value.kind != Value::Kind::Array || f.value.items.size() != n) {
        return problem(f, concat({"expected an array of ", std::to_string(n), " times (one per player)"}));
    }
    for (const auto& item : f.value.items) {
        if (item.kind != Value::Kind::Number || item.number.is_negative())
            return problem(f, "a time bank is a number of seconds, not negative");
    }
    return std::nullopt;
}

}  // namespace

std::optional<FieldProblem> check_optional_fields(const HandHistory& hand) {
    std::vector<Chips> seats;
    if (const Field* f = find_field(hand, "seats")) {
        if (auto p = check_seats(hand, *f, seats)) return p;
    }
    if (const Field* f = find_field(hand, "seat_count")) {
        if (auto p = check_seat_count(hand, *f, seats)) return p;
    }
    if (const Field* f = find_field(hand, "time_banks")) {
        if (auto p = check_time_banks(hand, *f)) return p;
    }
    return std::nullopt;
}

}  // namespace tavolo::engine::phh
