// Late registration and re-entry (RULES.md §6): TournamentDirector::add_entrant.
#include <algorithm>

#include "engine/tournament/director.hpp"
#include "engine/tournament/tournament_director.hpp"

namespace tavolo::engine {

bool TournamentDirector::late_registration_open() const {
    return !finished() && !staged() && may_register_late(config_.structure, level_);
}

std::expected<std::vector<DirectorMessage>, DirectorError> TournamentDirector::add_entrant(EntrantId entrant,
                                                                                           RandomSource& rng,
                                                                                           bool reentry) {
    if (finished()) return std::unexpected(DirectorError::TournamentOver);
    if (!late_registration_open() || (reentry && !config_.structure.reentry))
        return std::unexpected(DirectorError::LateRegistrationClosed);
    if (entrant < 0 || entrant > kMaxEntrantId) return std::unexpected(DirectorError::InvalidEntrant);
    const auto index = static_cast<std::size_t>(entrant);
    // An id the director has seen: paid for (even a freeroll entry is listed with its prize part
    // of zero, so the flag is the books' own: purchases_ and payments_ grow together).
    if (index < entered_.size() && entered_[index] != 0)
        return std::unexpected(DirectorError::InvalidEntrant);
    const TournamentStructure& s = config_.structure;
    if (s.starting_stack > kMaxTotalChips - chips_in_play_ ||
        s.buy_in.prize_part > kMaxTotalCents - prize_parts_)
        return std::unexpected(DirectorError::PurchaseRefused);

    // The books: what he paid, the pool, the chips, one more to rank.
    if (index >= payments_.size()) {
        payments_.resize(index + 1, EntrantPayments{});
        purchases_.resize(index + 1, Purchases{});
    }
    if (index >= entered_.size()) entered_.resize(index + 1, 0);
    entered_[index] = 1;
    payments_[index] = EntrantPayments{s.buy_in.total(), s.buy_in.prize_part};
    prize_parts_ += s.buy_in.prize_part;
    chips_in_play_ += s.starting_stack;
    ++entrants_;
    if (reentry) ++reentries_;
    ranking_.add_entrant(entrant);
    // Payouts count players, not entries (§6); the table is announced when registration closes.
    if (!config_.payout_table) paid_ = default_payout_table(std::max(2, entrants_ - reentries_));

    std::vector<DirectorMessage> out;
    TablePlayer player;
    player.entrant = entrant;
    player.stack = s.starting_stack;
    if (const auto seated = floor_.seat_new_player(player, rng)) {
        if (!reserved(*seated)) {
            out.emplace_back(SeatPlayer{seated->to_table, seated->to_seat, player, 0, false});
            ++seat_changes_sent_[static_cast<std::size_t>(seated->to_table)];
        }
        // Reserved: seated by seat_arrivals() with the table's report (no move number).
    } else {
        // Every table is full: a new one, where balancing brings him company after the next hands.
        const int id = floor_.add_table();
        playing_.push_back(0);
        const auto seat = static_cast<SeatIndex>(rng.uniform_below(static_cast<std::uint64_t>(s.table_size)));
        OpenTable open{id, s.table_size, s.variant, s.betting, {ReportedSeat{seat, player}}};
        floor_.seat(id, open.players);
        out.emplace_back(std::move(open));
        seat_changes_sent_.push_back(1);
        out.emplace_back(SetLevel{id, level_, stakes_of(level_)});
        if (config_.pace == Pace::Free) idle_.push_back(id);
        most_tables_ = std::max(most_tables_, floor_.open_tables());
    }
    // A table that waited for a second player may play now.
    if (config_.pace == Pace::Free && !on_break_ && !round_hand_for_hand_) start_round(out);
    return out;
}

}  // namespace tavolo::engine
