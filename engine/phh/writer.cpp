#include "engine/phh/writer.hpp"

#include "engine/phh/concat.hpp"

namespace tavolo::engine::phh {
namespace {

Value number_value(const Decimal& d) {
    Value v;
    v.kind = Value::Kind::Number;
    v.number = d;
    return v;
}

Value numbers_value(const std::vector<Decimal>& list) {
    Value v;
    v.kind = Value::Kind::Array;
    for (const auto& d : list)
        v.items.push_back(number_value(d));
    return v;
}

Value strings_value(const std::vector<std::string>& list) {
    Value v;
    v.kind = Value::Kind::Array;
    for (const auto& s : list) {
        Value item;
        item.kind = Value::Kind::String;
        item.text = s;
        v.items.push_back(std::move(item));
    }
    return v;
}

void line(std::string& out, std::string_view key, const Value& value) {
    out += format_key(key);
    out += " = ";
    out += format_value(value);
    out += '\n';
}

}  // namespace

std::string write_hand(const HandHistory& hand) {
    std::string out;
    Value variant;
    variant.kind = Value::Kind::String;
    variant.text = hand.variant;
    line(out, "variant", variant);
    if (hand.ante_trimming_status) {
        Value b;
        b.kind = Value::Kind::Boolean;
        b.boolean = *hand.ante_trimming_status;
        line(out, "ante_trimming_status", b);
    }
    line(out, "antes", numbers_value(hand.antes));
    if (!hand.blinds_or_straddles.empty())
        line(out, "blinds_or_straddles", numbers_value(hand.blinds_or_straddles));
    if (hand.bring_in) line(out, "bring_in", number_value(*hand.bring_in));
    if (hand.small_bet) line(out, "small_bet", number_value(*hand.small_bet));
    if (hand.big_bet) line(out, "big_bet", number_value(*hand.big_bet));
    if (hand.min_bet) line(out, "min_bet", number_value(*hand.min_bet));
    line(out, "starting_stacks", numbers_value(hand.starting_stacks));
    line(out, "actions", strings_value(hand.actions));
    for (const auto& f : hand.other)
        line(out, f.key, f.value);
    if (!hand.players.empty()) line(out, "players", strings_value(hand.players));
    if (hand.finishing_stacks) line(out, "finishing_stacks", numbers_value(*hand.finishing_stacks));
    if (hand.winnings) line(out, "winnings", numbers_value(*hand.winnings));
    return out;
}

std::string write_hands(std::span<const HandHistory> hands) {
    std::string out;
    for (std::size_t i = 0; i < hands.size(); ++i) {
        if (i > 0) out += '\n';
        const std::string& name = hands[i].section;
        out += concat({"[", name.empty() ? std::to_string(i + 1) : format_key(name), "]\n"});
        out += write_hand(hands[i]);
    }
    return out;
}

}  // namespace tavolo::engine::phh
