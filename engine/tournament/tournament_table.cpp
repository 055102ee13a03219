#include "engine/tournament/tournament_table.hpp"

#include <utility>

namespace tavolo::engine {

std::string describe(const ApplyError& e) {
    switch (e.problem) {
        case ApplyProblem::WrongTable:
            return "the message is for another table: route it by addressee()";
        case ApplyProblem::NotOpen:
            return "the table is not open: only OpenTable applies to it";
        case ApplyProblem::AlreadyOpen:
            return "the table is already open: a table opens once";
        case ApplyProblem::WrongEntrant:
            return "that entrant does not sit in that seat: the director's view is stale, report again";
        case ApplyProblem::NoHandToStart:
            return "the director has not started a hand here: wait for StartHand";
        case ApplyProblem::Stale:
            return "the message is older than one the table already applied (a duplicate, or overtaken): "
                   "drop it";
        case ApplyProblem::TableRefused:
            return std::string("the table refused: ") + to_string(e.table);
    }
    return "unknown error";
}

namespace {
std::unexpected<ApplyError> refused(ApplyProblem p) {
    return std::unexpected(ApplyError{p, TableError::HandInProgress});
}
std::unexpected<ApplyError> refused(TableError e) {
    return std::unexpected(ApplyError{ApplyProblem::TableRefused, e});
}
}  // namespace

std::expected<void, ApplyError> TournamentTable::apply(const DirectorMessage& message, RandomSource& rng) {
    if (addressee(message) != id_) return refused(ApplyProblem::WrongTable);
    if (const auto* m = std::get_if<OpenTable>(&message)) return open_table(*m, rng);
    if (!open_) return refused(ApplyProblem::NotOpen);
    return std::visit(
        [&](const auto& m) -> std::expected<void, ApplyError> {
            using M = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<M, OpenTable>) {
                return refused(ApplyProblem::AlreadyOpen);
            } else if constexpr (std::is_same_v<M, StandUp>) {
                return stand_up(m);
            } else if constexpr (std::is_same_v<M, SeatPlayer>) {
                return seat_player(m, rng);
            } else if constexpr (std::is_same_v<M, CloseTable>) {
                return close(m);
            } else if constexpr (std::is_same_v<M, SetLevel>) {
                if (m.level < level_) return refused(ApplyProblem::Stale);  // levels only rise at a table
                level_ = m.level;  // takes effect at the next hand: the one in play keeps its blinds
                stakes_ = m.stakes;
                return {};
            } else if constexpr (std::is_same_v<M, StartHand>) {
                if (table_.in_hand()) return refused(TableError::HandInProgress);
                // Hand numbers only rise: a number seen before would deal a hand twice.
                if (m.hand <= last_hand_) return refused(ApplyProblem::Stale);
                last_hand_ = m.hand;
                next_hand_ = m.hand;
                rebuys_open_ = m.rebuys_open;
                paused_ = false;
                return {};
            } else if constexpr (std::is_same_v<M, Wait>) {
                next_hand_.reset();
                return {};
            } else if constexpr (std::is_same_v<M, PauseForBreak>) {
                next_hand_.reset();
                paused_ = true;
                return {};
            } else {
                static_assert(std::is_same_v<M, OfferAddOn>);
                // During a hand the offer waits for its end: the players buy between hands.
                if (!table_.in_hand()) table_.set_rebuy_window(false);
                rebuys_open_ = false;
                addon_offer_ = m.chips;
                return {};
            }
        },
        message);
}

TournamentTable TournamentTable::resumed(TableId id, Table table, Variant variant, Betting betting, int level,
                                         Stakes stakes, HandId last_hand, std::int64_t seat_changes,
                                         HandId void_hand) {
    TournamentTable t(id);
    t.open_ = true;
    t.table_ = std::move(table);
    t.variant_ = variant;
    t.betting_ = betting;
    t.level_ = level;
    t.stakes_ = stakes;
    t.last_hand_ = last_hand;
    t.seat_changes_ = seat_changes;
    t.finished_hand_ = void_hand;
    return t;
}

std::expected<void, ApplyError> TournamentTable::open_table(const OpenTable& m, RandomSource& rng) {
    if (open_) return refused(ApplyProblem::AlreadyOpen);
    Table fresh(m.size);
    for (const auto& p : m.players)
        if (auto ok = fresh.sit(p.seat, p.player); !ok) return refused(ok.error());
    // One card each for the button (§6); a table of one waits for arrivals and draws nothing.
    if (fresh.player_count() >= 2)
        if (auto ok = fresh.draw_button(rng); !ok) return refused(ok.error());
    table_ = std::move(fresh);
    ++seat_changes_;
    variant_ = m.variant;
    betting_ = m.betting;
    open_ = true;
    return {};
}

std::expected<void, ApplyError> TournamentTable::stand_up(const StandUp& m) {
    if (table_.in_hand()) return refused(TableError::HandInProgress);
    if (m.seat < 0 || m.seat >= table_.size()) return refused(TableError::SeatOutOfRange);
    if (table_.at(m.seat).entrant != m.entrant) return refused(ApplyProblem::WrongEntrant);
    if (auto out = table_.stand(m.seat); !out) return refused(out.error());
    ++seat_changes_;
    return {};
}

std::expected<void, ApplyError> TournamentTable::seat_player(const SeatPlayer& m, RandomSource& rng) {
    if (auto ok = table_.sit(m.seat, m.player); !ok) return refused(ok.error());
    ++seat_changes_;
    // A table opened for one late entrant (RULES.md §6) draws its button when a second player
    // arrives, as a table opened with two or more draws it at once.
    if (table_.button() == kNoSeat && table_.hands_played() == 0 && table_.player_count() >= 2)
        (void)table_.draw_button(rng);  // cannot fail: two players, between hands
    return {};
}

std::expected<void, ApplyError> TournamentTable::close(const CloseTable&) {
    if (table_.in_hand()) return refused(TableError::HandInProgress);
    // A broken table is empty by now; a shoot-out stage's table still seats its winner, who is
    // seated again by the next stage's draw.
    open_ = false;
    next_hand_.reset();
    ++seat_changes_;
    return {};
}

std::expected<void, ApplyError> TournamentTable::start_hand(HandSetup& out) {
    if (!open_) return refused(ApplyProblem::NotOpen);
    if (!next_hand_) return refused(ApplyProblem::NoHandToStart);
    table_.set_rebuy_window(rebuys_open_);
    if (auto ok = table_.start_hand(*next_hand_, variant_, betting_, stakes_, out); !ok)
        return refused(ok.error());
    playing_ = *next_hand_;
    next_hand_.reset();
    addon_offer_.reset();  // the add-on is bought between the offer and the next hand
    return {};
}

std::expected<void, TableError> TournamentTable::finish_hand(std::span<const Chips> final_stacks) {
    auto out = table_.finish_hand(final_stacks);
    if (!out) return std::unexpected(out.error());
    eliminated_.insert(eliminated_.end(), out->begin(), out->end());
    finished_hand_ = playing_;
    return {};
}

std::expected<void, TableError> TournamentTable::buy(SeatIndex seat, Purchase kind, Chips chips) {
    if (seat < 0 || seat >= table_.size()) return std::unexpected(TableError::SeatOutOfRange);
    if (auto ok = table_.add_chips(seat, chips); !ok) return std::unexpected(ok.error());
    bought_.push_back(ChipsBought{table_.at(seat).entrant, seat, kind, chips});
    return {};
}

std::expected<void, TableError> TournamentTable::set_sitting_out(SeatIndex seat, bool sitting_out) {
    return table_.set_sitting_out(seat, sitting_out);
}

std::expected<SanctionOutcome, TableError> TournamentTable::sanction(const Sanction& sanction) {
    auto out = table_.apply(sanction);
    if (out && out->kind == SanctionKind::Disqualification)
        disqualified_.push_back(Disqualified{out->entrant, sanction.seat, out->chips_removed});
    return out;
}

namespace {
// The seat after which the table looks for its next big blind and its arrivals' seat.
SeatIndex big_blind_after(const Table& table) {
    if (table.started()) return table.last_big_blind();
    const SeatIndex button = table.button();
    if (button == kNoSeat) return kNoSeat;
    // Before the first hand the table counts from the first player after the drawn button.
    for (int i = 1; i <= table.size(); ++i) {
        const SeatIndex c = (button + i) % table.size();
        if (table.occupied(c)) return c;
    }
    return kNoSeat;
}
}  // namespace

void describe_table(TableId id, const Table& table, TableReport& out) {
    out.table = id;
    out.size = table.size();
    out.in_hand = table.in_hand();
    out.hands_played = table.hands_played();
    out.button = table.button();
    out.big_blind_after = big_blind_after(table);
    out.next_big_blind = table.in_hand() ? kNoSeat : table.next_big_blind_seat();
    out.big_blind_soonest = table.in_hand() ? kNoSeat : table.seat_posting_big_blind_soonest();
    out.players.clear();
    out.empty_seats.clear();
    for (SeatIndex s = 0; s < table.size(); ++s) {
        if (table.occupied(s))
            out.players.push_back(ReportedSeat{s, table.at(s)});
        else
            out.empty_seats.push_back(s);
    }
    out.finished_hand = 0;
    out.eliminated.clear();
    out.bought.clear();
    out.disqualified.clear();
}

void TournamentTable::report(TableReport& out) {
    if (!table_.in_hand()) {
        auto settled = table_.settle_busted();
        eliminated_.insert(eliminated_.end(), settled.begin(), settled.end());
    }
    describe_table(id_, table_, out);
    out.seat_changes_applied = seat_changes_;
    out.finished_hand = finished_hand_;
    out.eliminated.swap(eliminated_);
    out.bought.swap(bought_);
    out.disqualified.swap(disqualified_);
    eliminated_.clear();
    bought_.clear();
    disqualified_.clear();
    finished_hand_ = 0;
}

void TournamentTable::unreport(TableReport& refused) {
    // The refused news happened first: they go before anything newer.
    eliminated_.insert(eliminated_.begin(), refused.eliminated.begin(), refused.eliminated.end());
    bought_.insert(bought_.begin(), refused.bought.begin(), refused.bought.end());
    disqualified_.insert(disqualified_.begin(), refused.disqualified.begin(), refused.disqualified.end());
    if (finished_hand_ == 0) finished_hand_ = refused.finished_hand;
    refused.eliminated.clear();
    refused.bought.clear();
    refused.disqualified.clear();
}

TableReport TournamentTable::report() {
    TableReport out;
    report(out);
    return out;
}

}  // namespace tavolo::engine
