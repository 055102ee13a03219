#include "engine/tournament/table_report_text.hpp"

#include <limits>

namespace tavolo::engine {

using namespace state_ranges;

std::string encode_table_report(const TableReport& r) {
    StateTextWriter w(kTableReportKind, kTableReportVersion);
    w.record("report")
        .field("table", r.table)
        .field("size", r.size)
        .field("in_hand", r.in_hand)
        .field("finished_hand", r.finished_hand)
        .field("hands_played", r.hands_played)
        .field("button", r.button)
        .field("big_blind_after", r.big_blind_after)
        .field("next_big_blind", r.next_big_blind)
        .field("big_blind_soonest", r.big_blind_soonest)
        .field("seat_changes_applied", r.seat_changes_applied);
    for (const ReportedSeat& s : r.players) {
        const TablePlayer& p = s.player;
        w.record("player")
            .field("seat", s.seat)
            .field("entrant", p.entrant)
            .field("stack", p.stack)
            .field("sitting_out", p.sitting_out)
            .field("disconnected", p.disconnected)
            .field("excluded_hands", p.excluded_hands)
            .field("waiting", p.waiting)
            .field("busted", p.busted);
    }
    for (SeatIndex s : r.empty_seats)
        w.record("empty").field("seat", s);
    for (const Elimination& e : r.eliminated)
        w.record("eliminated")
            .field("entrant", e.entrant)
            .field("seat", e.seat)
            .field("start_chips", e.start_chips)
            .field("seat_from_button", e.seat_from_button);
    for (const ChipsBought& b : r.bought)
        w.record("bought")
            .field("entrant", b.entrant)
            .field("seat", b.seat)
            .field("kind", b.kind == Purchase::AddOn ? 1 : 0)
            .field("chips", b.chips);
    for (const Disqualified& d : r.disqualified)
        w.record("disqualified")
            .field("entrant", d.entrant)
            .field("seat", d.seat)
            .field("chips_removed", d.chips_removed);
    return w.finish();
}

std::expected<TableReport, StateTextError> decode_table_report(std::string_view text) {
    auto records = parse_state_text(text, kTableReportKind, kTableReportVersion);
    if (!records) return std::unexpected(records.error());
    TableReport r;
    // The report line first and once; then each kind of line in the encoder's order.
    static constexpr std::string_view kOrder[] = {"report",     "player", "empty",
                                                  "eliminated", "bought", "disqualified"};
    std::size_t stage = 0;
    for (const StateRecord& rec : *records) {
        std::size_t kind = 0;
        while (kind < std::size(kOrder) && kOrder[kind] != rec.name)
            ++kind;
        if (kind == std::size(kOrder))
            return std::unexpected(StateTextError{StateTextErrc::UnknownRecord, rec.line});
        if (kind == 0 && stage > 0)
            return std::unexpected(StateTextError{StateTextErrc::RepeatedRecord, rec.line});
        if (kind != 0 && stage == 0)
            return std::unexpected(StateTextError{StateTextErrc::MissingRecord, rec.line});
        if (kind < stage) return std::unexpected(StateTextError{StateTextErrc::UnknownRecord, rec.line});
        stage = kind == 0 ? 1 : kind;
        if (kind == 0) {
            auto v = checked_values(
                rec,
                {"table", "size", "in_hand", "finished_hand", "hands_played", "button", "big_blind_after",
                 "next_big_blind", "big_blind_soonest", "seat_changes_applied"},
                {kInt, kInt, kFlag, kLong, kLong, kInt, kInt, kInt, kInt, kLong});
            if (!v) return std::unexpected(v.error());
            r.table = static_cast<TableId>((*v)[0]);
            r.size = static_cast<int>((*v)[1]);
            r.in_hand = (*v)[2] == 1;
            r.finished_hand = (*v)[3];
            r.hands_played = (*v)[4];
            r.button = static_cast<SeatIndex>((*v)[5]);
            r.big_blind_after = static_cast<SeatIndex>((*v)[6]);
            r.next_big_blind = static_cast<SeatIndex>((*v)[7]);
            r.big_blind_soonest = static_cast<SeatIndex>((*v)[8]);
            r.seat_changes_applied = (*v)[9];
        } else if (kind == 1) {
            if (r.players.size() >= static_cast<std::size_t>(kMaxTableSize))
                return std::unexpected(StateTextError{StateTextErrc::TooManyRecords, rec.line});
            auto v = checked_values(rec,
                                    {"seat", "entrant", "stack", "sitting_out", "disconnected",
                                     "excluded_hands", "waiting", "busted"},
                                    {kInt, kInt, kLong, kFlag, kFlag, kInt, kFlag, kFlag});
            if (!v) return std::unexpected(v.error());
            ReportedSeat& s = r.players.emplace_back();
            s.seat = static_cast<SeatIndex>((*v)[0]);
            s.player.entrant = static_cast<EntrantId>((*v)[1]);
            s.player.stack = (*v)[2];
            s.player.sitting_out = (*v)[3] == 1;
            s.player.disconnected = (*v)[4] == 1;
            s.player.excluded_hands = static_cast<int>((*v)[5]);
            s.player.waiting = (*v)[6] == 1;
            s.player.busted = (*v)[7] == 1;
        } else if (kind == 2) {
            if (r.empty_seats.size() >= static_cast<std::size_t>(kMaxTableSize))
                return std::unexpected(StateTextError{StateTextErrc::TooManyRecords, rec.line});
            auto v = checked_values(rec, {"seat"}, {kInt});
            if (!v) return std::unexpected(v.error());
            r.empty_seats.push_back(static_cast<SeatIndex>((*v)[0]));
        } else if (kind == 3) {
            auto v = checked_values(rec, {"entrant", "seat", "start_chips", "seat_from_button"},
                                    {kInt, kInt, kLong, kInt});
            if (!v) return std::unexpected(v.error());
            r.eliminated.push_back(Elimination{static_cast<EntrantId>((*v)[0]),
                                               static_cast<SeatIndex>((*v)[1]), (*v)[2],
                                               static_cast<int>((*v)[3])});
        } else if (kind == 4) {
            auto v = checked_values(rec, {"entrant", "seat", "kind", "chips"}, {kInt, kInt, kFlag, kLong});
            if (!v) return std::unexpected(v.error());
            r.bought.push_back(ChipsBought{static_cast<EntrantId>((*v)[0]), static_cast<SeatIndex>((*v)[1]),
                                           (*v)[2] == 1 ? Purchase::AddOn : Purchase::Rebuy, (*v)[3]});
        } else {
            auto v = checked_values(rec, {"entrant", "seat", "chips_removed"}, {kInt, kInt, kLong});
            if (!v) return std::unexpected(v.error());
            r.disqualified.push_back(
                Disqualified{static_cast<EntrantId>((*v)[0]), static_cast<SeatIndex>((*v)[1]), (*v)[2]});
        }
    }
    if (stage == 0) return std::unexpected(StateTextError{StateTextErrc::MissingRecord, 0});
    return r;
}

}  // namespace tavolo::engine
