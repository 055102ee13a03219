#include "engine/tournament/director_state_text.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "engine/tournament/payouts.hpp"

namespace tavolo::engine {

using namespace state_ranges;

namespace {

std::int64_t ms(Duration d) {
    return d.count();
}

void write_player(StateTextWriter& w, const TablePlayer& p) {
    w.field("stack", p.stack)
        .field("sitting_out", p.sitting_out)
        .field("disconnected", p.disconnected)
        .field("excluded_hands", p.excluded_hands)
        .field("waiting", p.waiting)
        .field("busted", p.busted);
}

using Fail = std::unexpected<DirectorStateError>;
Fail text_error(const StateTextError& e) {
    return Fail(DirectorStateError{e, nullptr});
}
Fail invalid(const char* why) {
    return Fail(DirectorStateError{{}, why});
}

// The records in order: take() the next one when it has the expected name.
class Cursor {
  public:
    explicit Cursor(const std::vector<StateRecord>& records) : records_(records) {}
    bool next_is(std::string_view name) const { return i_ < records_.size() && records_[i_].name == name; }
    const StateRecord* take(std::string_view name) { return next_is(name) ? &records_[i_++] : nullptr; }
    bool done() const { return i_ == records_.size(); }
    int line() const { return i_ < records_.size() ? records_[i_].line : 0; }

  private:
    const std::vector<StateRecord>& records_;
    std::size_t i_ = 0;
};

}  // namespace

// The one place that reads and writes the director's (and its floor's and ranking's) private state.
struct DirectorStateAccess {
    static std::string encode(const TournamentDirector& d);
    static std::expected<TournamentDirector, DirectorStateError> decode(std::string_view text,
                                                                        DirectorConfig config);
};

std::string DirectorStateAccess::encode(const TournamentDirector& d) {
    const Floor& f = d.floor_;
    StateTextWriter w(kDirectorStateKind, kDirectorStateVersion);
    w.record("director")
        .field("entrants", d.entrants_)
        .field("unranked", d.ranking_.unranked_)
        .field("payments", static_cast<std::int64_t>(d.payments_.size()))
        .field("tables", f.table_count())
        .field("table_size", f.table_size_)
        .field("paid_places", d.paid_.paid_places())
        .field("pace", d.config_.pace == Pace::Rounds ? 1 : 0);
    w.record("money").field("prize_parts", d.prize_parts_).field("chips_in_play", d.chips_in_play_);
    w.record("clock")
        .field("now_ms", ms(d.now_))
        .field("stage_start_ms", ms(d.stage_start_))
        .field("level", d.level_)
        .field("on_break", d.on_break_)
        .field("break_ends_ms", ms(d.break_ends_))
        .field("addon_offered", d.addon_offered_);
    w.record("hands")
        .field("next_hand", d.next_hand_)
        .field("tables_in_hand", d.tables_in_hand_)
        .field("round_hand_for_hand", d.round_hand_for_hand_);
    w.record("results")
        .field("winner", d.winner_ ? *d.winner_ : kNoEntrant)
        .field("stage", d.stage_)
        .field("moves", d.moves_)
        .field("move_number", d.move_number_)
        .field("broken", d.broken_)
        .field("most_tables", d.most_tables_)
        .field("rebuys", d.rebuys_)
        .field("addons", d.addons_)
        .field("reentries", d.reentries_);
    for (std::size_t e = 0; e < d.payments_.size(); ++e) {
        const EntrantPayments& p = d.payments_[e];
        const auto& bought = d.purchases_[e];
        const bool entered = e < d.entered_.size() && d.entered_[e] != 0;
        if (p.paid == 0 && p.prize_parts == 0 && bought.rebuys == 0 && !bought.addon && !entered) continue;
        w.record("payment")
            .field("entrant", static_cast<std::int64_t>(e))
            .field("paid", p.paid)
            .field("prize_parts", p.prize_parts)
            .field("rebuys", bought.rebuys)
            .field("addon", bought.addon)
            .field("entered", entered);
    }
    for (const Placing& p : d.ranking_.placings_)
        w.record("placing").field("entrant", p.entrant).field("place", p.place).field("shared", p.shared);
    for (int id = 0; id < f.table_count(); ++id) {
        const auto i = static_cast<std::size_t>(id);
        const TableView& t = f.tables_[i];
        w.record("table")
            .field("table", id)
            .field("open", f.open(id))
            .field("bucket_pos", f.open(id) ? f.bucket_pos_[i] : -1)
            .field("playing", d.playing_[i])
            .field("seat_changes", d.seat_changes_sent_[i])
            .field("in_hand", t.in_hand_)
            .field("button", t.button_)
            .field("anchor", t.anchor_);
        for (SeatIndex s = 0; s < t.size_; ++s) {
            if (!t.occupied(s)) continue;
            w.record("seat").field("seat", s).field("entrant", t.at(s).entrant);
            write_player(w, t.at(s));
        }
        for (const SeatMove& m : t.arrivals_) {
            w.record("arrival")
                .field("entrant", m.entrant)
                .field("from_table", m.from_table)
                .field("from_seat", m.from_seat)
                .field("to_table", m.to_table)
                .field("to_seat", m.to_seat)
                .field("breaking", m.breaking);
            write_player(w, m.player);
        }
    }
    for (const RoundElimination& e : d.round_eliminated_)
        w.record("round_elimination")
            .field("entrant", e.entrant)
            .field("start_chips", e.start_chips)
            .field("table", e.table)
            .field("seat_from_button", e.seat_from_button);
    for (TableId id : d.idle_)
        w.record("idle").field("table", id);
    for (const auto& [entrant, move] : d.in_transit_)
        w.record("in_transit").field("entrant", entrant).field("move", move);
    return w.finish();
}

namespace {

// A player's fields after the ones naming him (`first` values already read).
TablePlayer player_of(const std::vector<std::int64_t>& v, std::size_t first, EntrantId entrant) {
    TablePlayer p;
    p.entrant = entrant;
    p.stack = v[first];
    p.sitting_out = v[first + 1] == 1;
    p.disconnected = v[first + 2] == 1;
    p.excluded_hands = static_cast<int>(v[first + 3]);
    p.waiting = v[first + 4] == 1;
    p.busted = v[first + 5] == 1;
    return p;
}

}  // namespace

std::expected<TournamentDirector, DirectorStateError> DirectorStateAccess::decode(std::string_view text,
                                                                                  DirectorConfig config) {
    auto records = parse_state_text(text, kDirectorStateKind, kDirectorStateVersion, kMaxDirectorStateBytes);
    if (!records) return text_error(records.error());
    Cursor c(*records);
    const auto next = [&](std::string_view name, std::initializer_list<std::string_view> names,
                          std::initializer_list<ValueRange> ranges)
        -> std::expected<std::vector<std::int64_t>, StateTextError> {
        const StateRecord* r = c.take(name);
        if (r == nullptr)
            return std::unexpected(StateTextError{
                c.done() ? StateTextErrc::MissingRecord : StateTextErrc::UnknownRecord, c.line()});
        return checked_values(*r, names, ranges);
    };
    if (validate(config.structure)) return invalid("the tournament's structure is invalid");

    auto head =
        next("director", {"entrants", "unranked", "payments", "tables", "table_size", "paid_places", "pace"},
             {{2, kMaxEntrantId + 1}, kCount, {1, kMaxEntrantId + 1}, kCount, kCount, kCount, kFlag});
    if (!head) return text_error(head.error());
    const int entrants = static_cast<int>((*head)[0]);
    const auto payments = static_cast<std::size_t>((*head)[2]);
    const int tables = static_cast<int>((*head)[3]);
    if ((*head)[6] != (config.pace == Pace::Rounds ? 1 : 0))
        return invalid("the saved director ran at another pace than the one given");
    if (static_cast<std::size_t>(entrants) > payments) return invalid("more entrants than payment slots");
    TournamentDirector d(std::move(config), entrants);
    Floor& f = d.floor_;
    if ((*head)[4] != f.table_size_)
        return invalid("the saved tables have another size than the structure's");
    const std::int64_t paid_places = (*head)[5];  // checked once the re-entries are read
    d.ranking_.unranked_ = static_cast<int>((*head)[1]);

    auto money = next("money", {"prize_parts", "chips_in_play"}, {kAmount, kAmount});
    if (!money) return text_error(money.error());
    d.prize_parts_ = (*money)[0];
    d.chips_in_play_ = (*money)[1];

    auto clock =
        next("clock", {"now_ms", "stage_start_ms", "level", "on_break", "break_ends_ms", "addon_offered"},
             {kAmount, kAmount, {1, kI32Max}, kFlag, kAmount, kFlag});
    if (!clock) return text_error(clock.error());
    d.now_ = Duration{(*clock)[0]};
    d.stage_start_ = Duration{(*clock)[1]};
    d.level_ = static_cast<int>((*clock)[2]);
    d.on_break_ = (*clock)[3] == 1;
    d.break_ends_ = Duration{(*clock)[4]};
    d.addon_offered_ = (*clock)[5] == 1;
    if (d.stage_start_ > d.now_) return invalid("the stage starts after the director's time");

    auto hands =
        next("hands", {"next_hand", "tables_in_hand", "round_hand_for_hand"}, {kAmount, kCount, kFlag});
    if (!hands) return text_error(hands.error());
    d.next_hand_ = (*hands)[0];
    d.tables_in_hand_ = static_cast<int>((*hands)[1]);
    d.round_hand_for_hand_ = (*hands)[2] == 1;

    auto results = next(
        "results",
        {"winner", "stage", "moves", "move_number", "broken", "most_tables", "rebuys", "addons", "reentries"},
        {{-1, kMaxEntrantId}, kCount, kAmount, kAmount, kCount, kCount, kCount, kCount, kCount});
    if (!results) return text_error(results.error());
    if ((*results)[0] >= 0) d.winner_ = static_cast<EntrantId>((*results)[0]);
    d.stage_ = static_cast<int>((*results)[1]);
    d.moves_ = (*results)[2];
    d.move_number_ = (*results)[3];
    d.broken_ = static_cast<int>((*results)[4]);
    d.most_tables_ = static_cast<int>((*results)[5]);
    d.rebuys_ = static_cast<int>((*results)[6]);
    d.addons_ = static_cast<int>((*results)[7]);
    d.reentries_ = static_cast<int>((*results)[8]);
    if (d.reentries_ > d.entrants_) return invalid("more re-entries than entries");
    // The payouts count players, not entries (late_entry.cpp): a field grown by re-entries pays as many.
    if (!d.config_.payout_table && d.reentries_ > 0)
        d.paid_ = default_payout_table(std::max(2, d.entrants_ - d.reentries_));
    if (paid_places != d.paid_.paid_places())
        return invalid("the saved payout pays another number of places");
    if (d.winner_ && static_cast<std::size_t>(*d.winner_) >= payments)
        return invalid("the winner is no entrant");

    d.payments_.assign(payments, EntrantPayments{});
    d.purchases_.assign(payments, TournamentDirector::Purchases{});
    d.entered_.assign(payments, 0);
    std::int64_t last = -1;
    while (c.next_is("payment")) {
        auto v = next("payment", {"entrant", "paid", "prize_parts", "rebuys", "addon", "entered"},
                      {{0, kMaxEntrantId}, kAmount, kAmount, kCount, kFlag, kFlag});
        if (!v) return text_error(v.error());
        const std::int64_t e = (*v)[0];
        if (e <= last || static_cast<std::size_t>(e) >= payments)
            return invalid("payments out of order, repeated, or of an entrant past the payment slots");
        last = e;
        d.payments_[static_cast<std::size_t>(e)] = EntrantPayments{(*v)[1], (*v)[2]};
        d.purchases_[static_cast<std::size_t>(e)] = {static_cast<int>((*v)[3]), (*v)[4] == 1};
        d.entered_[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>((*v)[5]);
    }

    while (c.next_is("placing")) {
        auto v = next("placing", {"entrant", "place", "shared"},
                      {{0, kMaxEntrantId}, {1, entrants}, {1, entrants}});
        if (!v) return text_error(v.error());
        const auto e = static_cast<EntrantId>((*v)[0]);
        if (static_cast<std::size_t>(e) >= payments || !d.ranking_.ranked_.insert(e).second)
            return invalid("a placing of an unknown entrant, or an entrant ranked twice");
        d.ranking_.placings_.push_back(Placing{e, static_cast<int>((*v)[1]), static_cast<int>((*v)[2])});
    }
    if (d.ranking_.placings_.size() + static_cast<std::size_t>(d.ranking_.unranked_) !=
        static_cast<std::size_t>(entrants))
        return invalid("the ranked and the unranked do not add up to the entrants");

    // The floor: every table's view, then the count buckets in their saved order (random picks use it).
    std::vector<int> positions(static_cast<std::size_t>(tables), -1);
    std::vector<bool> seen(payments, false);
    Chips chips = 0;
    const auto one_seat = [&](EntrantId e) {
        if (e < 0 || static_cast<std::size_t>(e) >= payments || seen[static_cast<std::size_t>(e)])
            return false;
        seen[static_cast<std::size_t>(e)] = true;
        return true;
    };
    f.reserve(tables);
    for (int id = 0; id < tables; ++id) {
        auto v =
            next("table",
                 {"table", "open", "bucket_pos", "playing", "seat_changes", "in_hand", "button", "anchor"},
                 {kCount,
                  kFlag,
                  {-1, kI32Max},
                  kAmount,
                  kAmount,
                  kFlag,
                  {-1, kMaxTableSize - 1},
                  {-1, kMaxTableSize - 1}});
        if (!v) return text_error(v.error());
        if ((*v)[0] != id) return invalid("the tables are not numbered 0, 1, 2... in order");
        const bool open = (*v)[1] == 1;
        f.tables_.emplace_back(f.table_size_);
        f.count_of_.push_back(-1);
        f.bucket_pos_.push_back(-1);
        TableView& t = f.tables_.back();
        if ((*v)[6] >= t.size_ || (*v)[7] >= t.size_) return invalid("a button or anchor outside its table");
        positions[static_cast<std::size_t>(id)] = open ? static_cast<int>((*v)[2]) : -1;
        if (open && (*v)[2] < 0) return invalid("an open table without its place in the floor's index");
        d.playing_.push_back((*v)[3]);
        d.seat_changes_sent_.push_back((*v)[4]);
        if ((*v)[3] > d.next_hand_) return invalid("a table plays a hand the director never started");
        t.in_hand_ = (*v)[5] == 1;
        t.button_ = static_cast<SeatIndex>((*v)[6]);
        t.anchor_ = static_cast<SeatIndex>((*v)[7]);
        SeatIndex previous = -1;
        while (c.next_is("seat")) {
            auto s =
                next("seat",
                     {"seat", "entrant", "stack", "sitting_out", "disconnected", "excluded_hands", "waiting",
                      "busted"},
                     {{0, t.size_ - 1}, {0, kMaxEntrantId}, kAmount, kFlag, kFlag, kCount, kFlag, kFlag});
            if (!s) return text_error(s.error());
            const auto seat = static_cast<SeatIndex>((*s)[0]);
            const auto e = static_cast<EntrantId>((*s)[1]);
            if (seat <= previous) return invalid("seats of a table out of order or repeated");
            previous = seat;
            if (open && !one_seat(e)) return invalid("an entrant seated twice, or an unknown entrant");
            t.sit(seat, player_of(*s, 2, e));
            if (open) chips += (*s)[2];
        }
        while (c.next_is("arrival")) {
            auto a = next("arrival",
                          {"entrant", "from_table", "from_seat", "to_table", "to_seat", "breaking", "stack",
                           "sitting_out", "disconnected", "excluded_hands", "waiting", "busted"},
                          {{0, kMaxEntrantId},
                           {-1, tables - 1},  // -1: a late entrant, from no table (late_entry.cpp)
                           {-1, kMaxTableSize - 1},
                           {id, id},
                           {-1, -1},
                           kFlag,
                           kAmount,
                           kFlag,
                           kFlag,
                           kCount,
                           kFlag,
                           kFlag});
            if (!a) return text_error(a.error());
            const auto e = static_cast<EntrantId>((*a)[0]);
            if (!open || !one_seat(e))
                return invalid("an arrival at a closed table, or an entrant placed twice");
            SeatMove m;
            m.entrant = e;
            m.from_table = static_cast<int>((*a)[1]);
            m.from_seat = static_cast<SeatIndex>((*a)[2]);
            m.to_table = id;
            m.to_seat = kNoSeat;
            m.breaking = (*a)[5] == 1;
            m.player = player_of(*a, 6, e);
            t.arrivals_.push_back(m);
            chips += (*a)[6];
        }
    }
    // The index: each open table in the bucket of its player count, at its saved position.
    for (int id = 0; id < tables; ++id) {
        const int pos = positions[static_cast<std::size_t>(id)];
        if (pos < 0) continue;
        const int count = f.tables_[static_cast<std::size_t>(id)].player_count();
        if (count > kMaxTableSize) return invalid("a table with more players than seats");
        auto& bucket = f.bucket_[static_cast<std::size_t>(count)];
        if (static_cast<std::size_t>(pos) >= bucket.size())
            bucket.resize(static_cast<std::size_t>(pos) + 1, -1);
        if (bucket[static_cast<std::size_t>(pos)] != -1)
            return invalid("two tables at one place of the floor's index");
        bucket[static_cast<std::size_t>(pos)] = id;
        f.count_of_[static_cast<std::size_t>(id)] = count;
        f.bucket_pos_[static_cast<std::size_t>(id)] = pos;
        f.by_count_[static_cast<std::size_t>(count)].insert(id);
        f.listed_.push_back(id);
        ++f.open_tables_;
        f.players_ += count;
    }
    for (const auto& bucket : f.bucket_)
        if (std::find(bucket.begin(), bucket.end(), -1) != bucket.end())
            return invalid("a gap in the floor's index");
    int in_hand = 0;
    for (int id = 0; id < tables; ++id)
        in_hand += d.playing_[static_cast<std::size_t>(id)] != 0;
    if (in_hand != d.tables_in_hand_) return invalid("the tables in a hand do not match their count");
    if (!d.winner_ && chips != d.chips_in_play_)
        return invalid("the chips at the tables are not the tournament's chips in play");

    while (c.next_is("round_elimination")) {
        auto v = next("round_elimination", {"entrant", "start_chips", "table", "seat_from_button"},
                      {{0, kMaxEntrantId}, kAmount, {0, tables - 1}, kCount});
        if (!v) return text_error(v.error());
        d.round_eliminated_.push_back(RoundElimination{static_cast<EntrantId>((*v)[0]), (*v)[1],
                                                       static_cast<int>((*v)[2]), static_cast<int>((*v)[3])});
    }
    while (c.next_is("idle")) {
        auto v = next("idle", {"table"}, {{0, tables - 1}});
        if (!v) return text_error(v.error());
        d.idle_.push_back(static_cast<TableId>((*v)[0]));
    }
    while (c.next_is("in_transit")) {
        auto v = next("in_transit", {"entrant", "move"}, {{0, kMaxEntrantId}, {1, d.move_number_}});
        if (!v) return text_error(v.error());
        d.in_transit_.emplace_back(static_cast<EntrantId>((*v)[0]), (*v)[1]);
    }
    if (!c.done()) return text_error(StateTextError{StateTextErrc::UnknownRecord, c.line()});
    return d;
}

std::string describe(const DirectorStateError& e) {
    const std::string what = e.invalid != nullptr
                                 ? std::string("the saved tournament director is inconsistent: ") + e.invalid
                                 : "the saved tournament director does not read: " + describe(e.text);
    return what + "; the tournament cannot resume from it: cancel it (RULES.md 7) or repair the saved state";
}

std::string encode_director_state(const TournamentDirector& director) {
    return DirectorStateAccess::encode(director);
}

std::expected<TournamentDirector, DirectorStateError> decode_director_state(std::string_view text,
                                                                            DirectorConfig config) {
    return DirectorStateAccess::decode(text, std::move(config));
}

}  // namespace tavolo::engine
