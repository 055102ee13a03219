#include "server/api/hand_text.hpp"

#include <variant>

#include "engine/phh/parser.hpp"
#include "engine/phh/pokerstars_text.hpp"
#include "engine/phh/replay.hpp"
#include "engine/phh/writer.hpp"
#include "server/json_text.hpp"

namespace tavolo::server::api {

namespace {

namespace phh = engine::phh;

std::string chips_json(const phh::Decimal& d) {
    const auto chips = d.chips();
    return chips ? std::to_string(*chips) : json_string(d.to_string());
}

std::string cents_text(std::int64_t cents) {
    const auto fraction = cents % 100;
    std::string out = std::to_string(cents / 100);
    out += fraction < 10 ? ".0" : ".";
    out += std::to_string(fraction);
    return out;
}

// The seat numbers the PHH writes (`seats`, 1-based), by position; empty when absent.
std::vector<std::string> seat_numbers(const phh::HandHistory& h) {
    std::vector<std::string> out;
    if (const auto* v = h.find_other("seats"); v && v->kind == phh::Value::Kind::Array)
        for (const auto& item : v->items)
            out.push_back(item.kind == phh::Value::Kind::Number ? item.number.to_string() : "null");
    return out;
}

std::string players_json(const phh::HandHistory& h, const phh::ReplayResult& replayed) {
    const bool played = replayed.outcome == phh::Outcome::Passed;
    const auto seats = seat_numbers(h);
    std::string out = "[";
    for (int i = 0; i < h.player_count(); ++i) {
        const auto at = static_cast<std::size_t>(i);
        if (i) out += ',';
        out += std::string("{\"name\":") +
               json_string(at < h.players.size() ? h.players[at] : std::string("p") + std::to_string(i + 1));
        out += std::string(",\"seat\":") + (at < seats.size() ? seats[at] : std::string("null"));
        out += std::string(",\"starting_stack\":") + chips_json(h.starting_stacks[at]);
        if (h.finishing_stacks && at < h.finishing_stacks->size()) {
            out += std::string(",\"finishing_stack\":") + chips_json((*h.finishing_stacks)[at]);
            const auto start = h.starting_stacks[at].chips();
            const auto end = (*h.finishing_stacks)[at].chips();
            out += std::string(",\"net\":") +
                   (start && end ? std::to_string(*end - *start) : std::string("null"));
        } else {
            out += ",\"finishing_stack\":null,\"net\":null";
        }
        out += std::string(",\"won\":") + (played && at < replayed.engine_winnings.size()
                                               ? std::to_string(replayed.engine_winnings[at])
                                               : std::string("null"));
        out += '}';
    }
    return out + "]";
}

// The chips awarded from the pots (uncalled bets returned are not in a pot), by the engine.
std::string pot_json(const phh::ReplayResult& replayed) {
    if (replayed.outcome != phh::Outcome::Passed) return "null";
    engine::Chips pot = 0;
    for (const auto& e : replayed.events)
        if (const auto* award = std::get_if<engine::PotAwarded>(&e)) pot += award->amount;
    return std::to_string(pot);
}

}  // namespace

std::string hand_section(const persistence::ListedHand& hand) {
    return std::string("tournament-") + std::to_string(raw(hand.tournament)) + "-table-" +
           std::to_string(hand.table_number) + "-hand-" + std::to_string(hand.hand_number);
}

bool has_phh(const persistence::ListedHand& hand) {
    return hand.game != "polacco" && !hand.phh.empty();
}

std::string hand_summary_json(const persistence::ListedHand& hand) {
    std::string out =
        std::string("{\"id\":") + std::to_string(hand.id) +
        ",\"tournament\":" + std::to_string(raw(hand.tournament)) +
        ",\"tournament_name\":" + json_string(hand.tournament_name) +
        ",\"table\":" + std::to_string(hand.table_number) + ",\"hand\":" + std::to_string(hand.hand_number) +
        ",\"level\":" + (hand.level > 0 ? std::to_string(hand.level) : std::string("null")) +
        ",\"game\":" + json_string(hand.game) + ",\"betting\":" + json_string(hand.betting) +
        ",\"started_at\":" + json_string(hand.started_at) + ",\"ended_at\":" + json_string(hand.ended_at);
    auto parsed = has_phh(hand)
                      ? phh::parse_hand(hand.phh)
                      : std::expected<phh::HandHistory, phh::ParseError>(std::unexpected(phh::ParseError{}));
    if (!parsed) return out + ",\"variant\":null,\"players\":[],\"pot\":null}";
    const auto replayed = phh::replay(*parsed, {.keep_events = true});
    return out + ",\"variant\":" + json_string(parsed->variant) +
           ",\"players\":" + players_json(*parsed, replayed) + ",\"pot\":" + pot_json(replayed) + "}";
}

std::string phh_document(std::span<const persistence::ListedHand> hands, bool single) {
    if (single) return hands.empty() || !has_phh(hands.front()) ? std::string() : hands.front().phh;
    std::vector<phh::HandHistory> histories;
    for (const auto& hand : hands) {
        if (!has_phh(hand)) continue;
        auto parsed = phh::parse_hand(hand.phh);
        if (!parsed) continue;  // never expected: the server wrote it
        parsed->section = hand_section(hand);
        histories.push_back(std::move(*parsed));
    }
    return phh::write_hands(histories);
}

std::string pokerstars_buy_in(const persistence::ListedHand& hand) {
    if (hand.buy_in_prize_cents == 0 && hand.buy_in_fee_cents == 0) return "Freeroll";
    return std::string("$") + cents_text(hand.buy_in_prize_cents) + "+$" + cents_text(hand.buy_in_fee_cents) +
           " USD";
}

std::string pokerstars_table(const persistence::ListedHand& hand) {
    return std::to_string(raw(hand.tournament)) + " " + std::to_string(hand.table_number);
}

std::string pokerstars_time(const persistence::ListedHand& hand) {
    // "2026-11-27T01:02:03.456Z" -> "2026/11/27 01:02:03 UTC"
    std::string t = hand.started_at.substr(0, 19);
    for (auto& c : t) {
        if (c == '-') c = '/';
        if (c == 'T') c = ' ';
    }
    return t + " UTC";
}

std::expected<std::string, std::string> pokerstars_hand(const persistence::ListedHand& hand) {
    if (!has_phh(hand))
        return std::unexpected(
            std::string("a Polacco hand has no PokerStars form (it is stored as its events)"));
    auto parsed = phh::parse_hand(hand.phh);
    if (!parsed)
        return std::unexpected(std::string("the stored PHH does not read: ") + parsed.error().to_string());
    phh::PokerStarsOptions options;
    options.tournament_id = std::to_string(raw(hand.tournament));
    // The stored hand's id: unique in the room, where the PHH `hand` counts a table's hands only.
    options.hand_id = std::to_string(hand.id);
    options.buy_in = pokerstars_buy_in(hand);
    options.table_name = pokerstars_table(hand);
    options.level = hand.level;  // 0: the PHH's, else 1
    options.time = pokerstars_time(hand);
    return phh::pokerstars_text(*parsed, options);
}

std::string pokerstars_document(std::span<const persistence::ListedHand> hands, std::string* skipped) {
    std::string out;
    for (const auto& hand : hands) {
        auto text = pokerstars_hand(hand);
        if (!text) {
            if (skipped)
                *skipped +=
                    std::string(skipped->empty() ? "" : "; ") + hand_section(hand) + ": " + text.error();
            continue;
        }
        if (!out.empty()) out += "\n\n";
        out += *text;
    }
    return out;
}

}  // namespace tavolo::server::api
