#include "engine/tournament/tournament_director.hpp"

#include <algorithm>
#include <array>

#include "engine/tournament/director.hpp"
#include "engine/tournament/seating.hpp"

namespace tavolo::engine {

const char* to_string(DirectorError e) {
    switch (e) {
        case DirectorError::NotEnoughEntrants:
            return "a tournament needs at least two entrants";
        case DirectorError::InvalidEntrant:
            return "entrant ids must be unique, from 0 to 10,000,000";
        case DirectorError::BadStructure:
            return "the tournament structure is invalid: check it with validate()";
        case DirectorError::UnknownTable:
            return "the report comes from a table that is not open: only tables the director opened (and has "
                   "not "
                   "closed) report";
        case DirectorError::BadSeat:
            return "the report names a seat outside the table (a player, the button or the last big blind), "
                   "a "
                   "seat twice or an invalid entrant: report the table as it is";
        case DirectorError::UnknownPlayer:
            return "the report seats a player where the director did not, or eliminates, disqualifies or "
                   "sells "
                   "chips to someone who was not at that table: report the table as it is";
        case DirectorError::NegativeStack:
            return "the report has a stack below zero: report the table as it is";
        case DirectorError::ChipsNotConserved:
            return "chips not conserved: the report's stacks do not add up to what the table had, plus "
                   "purchases, minus disqualifications, or a stack changed between hands by more than its "
                   "purchases: report the table as it is";
        case DirectorError::PurchaseRefused:
            return "a re-buy outside the re-buy period or past the player's limit, an add-on not offered or "
                   "bought twice, chips other than the structure's, or a purchase that would take the "
                   "tournament's "
                   "chips or prize pool past the engine's limit (2^53 - 1)";
        case DirectorError::StaleReport:
            return "the report predates seat changes the director sent to that table: apply them, put the "
                   "report's news back (unreport) and report again";
        case DirectorError::UnknownHand:
            return "the report closes a hand the director did not start at that table, or one it already "
                   "took: deal only the hand a StartHand names, and report its end once";
        case DirectorError::TournamentOver:
            return "the tournament is over: nothing more to decide";
        case DirectorError::LateRegistrationClosed:
            return "late registration is closed (or this tournament has none, or no re-entry): the entry "
                   "cannot be seated; refund it";
    }
    return "unknown director error";
}

TournamentDirector::TournamentDirector(DirectorConfig config, int entrants)
    : config_(std::move(config)),
      entrants_(entrants),
      paid_(config_.payout_table ? *config_.payout_table : default_payout_table(entrants)),
      floor_(0, config_.structure.table_size),
      ranking_(entrants) {}

std::expected<DirectorStart, DirectorError> TournamentDirector::start(const std::vector<EntrantId>& entrants,
                                                                      DirectorConfig config,
                                                                      RandomSource& rng) {
    if (entrants.size() < 2) return std::unexpected(DirectorError::NotEnoughEntrants);
    if (validate(config.structure)) return std::unexpected(DirectorError::BadStructure);
    EntrantId largest = 0;
    for (EntrantId e : entrants) {
        if (e < 0 || e > kMaxEntrantId) return std::unexpected(DirectorError::InvalidEntrant);
        largest = std::max(largest, e);
    }
    std::vector<bool> seen(static_cast<std::size_t>(largest) + 1, false);
    for (EntrantId e : entrants) {
        if (seen[static_cast<std::size_t>(e)]) return std::unexpected(DirectorError::InvalidEntrant);
        seen[static_cast<std::size_t>(e)] = true;
    }
    // The ranking needs no roster: every entrant it hears of was checked at a table first.
    TournamentDirector d(std::move(config), static_cast<int>(entrants.size()));
    const BuyIn& buy_in = d.config_.structure.buy_in;
    d.payments_.assign(static_cast<std::size_t>(largest) + 1, EntrantPayments{});
    for (EntrantId e : entrants)
        d.payments_[static_cast<std::size_t>(e)] = EntrantPayments{buy_in.total(), buy_in.prize_part};
    d.prize_parts_ = static_cast<Cents>(entrants.size()) * buy_in.prize_part;
    d.purchases_.assign(d.payments_.size(), Purchases{});
    d.entered_.assign(d.payments_.size(), 0);
    for (EntrantId e : entrants)
        d.entered_[static_cast<std::size_t>(e)] = 1;
    std::vector<DirectorMessage> out;
    d.seat_stage(entrants, rng, out);
    return DirectorStart{std::move(d), std::move(out)};
}

bool TournamentDirector::staged() const {
    const auto kind = config_.structure.kind;
    return kind == TournamentKind::ShootOut || kind == TournamentKind::HeadsUp;
}

Stakes TournamentDirector::stakes_of(int level) const {
    const BlindLevel l = config_.structure.blinds.level(level);
    return Stakes{l.small_blind, l.big_blind, l.ante, config_.structure.blinds.ante_mode};
}

HandId TournamentDirector::hand_playing(TableId id) const {
    return id >= 0 && static_cast<std::size_t>(id) < playing_.size() ? playing_[static_cast<std::size_t>(id)]
                                                                     : 0;
}

std::int64_t TournamentDirector::seat_changes_sent(TableId id) const {
    return id >= 0 && static_cast<std::size_t>(id) < seat_changes_sent_.size()
               ? seat_changes_sent_[static_cast<std::size_t>(id)]
               : 0;
}

bool TournamentDirector::rebuy_period() const {
    const auto& r = config_.structure.rebuys;
    return r.enabled && level_ <= r.period_levels;
}

bool TournamentDirector::purchases_open() const {
    const auto& r = config_.structure.rebuys;
    return r.enabled && !finished() && level_ <= r.period_levels + 1;
}

int TournamentDirector::rebuys_of(EntrantId entrant) const {
    return entrant >= 0 && static_cast<std::size_t>(entrant) < purchases_.size()
               ? purchases_[static_cast<std::size_t>(entrant)].rebuys
               : 0;
}

bool TournamentDirector::addon_of(EntrantId entrant) const {
    return entrant >= 0 && static_cast<std::size_t>(entrant) < purchases_.size() &&
           purchases_[static_cast<std::size_t>(entrant)].addon;
}

TournamentDirector::RebuyWindow& TournamentDirector::rebuy_window(TableId id) {
    const auto at = static_cast<std::size_t>(id);
    if (at >= rebuy_windows_.size()) rebuy_windows_.resize(at + 1, {rebuy_period(), std::nullopt});
    return rebuy_windows_[at];
}

// A purchase rides with the report of the hand after which it was made: the hand this report
// finishes opened its window, or the hand the table finished before (bought between the two).
bool TournamentDirector::rebuy_window_open(const TableReport& r) const {
    const auto at = static_cast<std::size_t>(r.table);
    if (at >= rebuy_windows_.size()) return rebuy_period();
    const RebuyWindow& w = rebuy_windows_[at];
    return (r.finished_hand != 0 && w.started_open) || w.open.value_or(rebuy_period());
}

Cents TournamentDirector::prize_pool() const {
    return engine::prize_pool(prize_parts_, config_.structure.guarantee);
}

std::vector<Cents> TournamentDirector::prizes() const {
    return prizes_for_pool(prize_pool(), paid_);
}

std::vector<Cents> TournamentDirector::prizes_won() const {
    return prizes_for_placings(ranking_.placings(), prizes());
}

// A stage (the whole tournament, or a shoot-out stage): the random draw, fresh stacks, level 1.
void TournamentDirector::seat_stage(const std::vector<EntrantId>& players, RandomSource& rng,
                                    std::vector<DirectorMessage>& out) {
    const auto& s = config_.structure;
    auto drawn = draw_seating(players, s.table_size, rng);  // cannot fail: ids checked at the start
    if (!drawn) return;
    ++stage_;
    stage_start_ = now_;
    level_ = 1;
    on_break_ = false;
    chips_in_play_ = static_cast<Chips>(players.size()) * s.starting_stack;
    int opened = 0;
    floor_.reserve(static_cast<int>(drawn->size()));
    playing_.reserve(playing_.size() + drawn->size());
    out.reserve(out.size() + 2 * drawn->size());
    for (const auto& table : *drawn) {
        const int id = floor_.add_table();
        playing_.push_back(0);
        OpenTable open{id, s.table_size, s.variant, s.betting, {}};
        for (const auto& a : table) {
            TablePlayer p;
            p.entrant = a.entrant;
            p.stack = s.starting_stack;
            open.players.push_back(ReportedSeat{a.seat, p});
        }
        floor_.seat(id, open.players);
        out.emplace_back(std::move(open));
        seat_changes_sent_.push_back(1);
        out.emplace_back(SetLevel{id, 1, stakes_of(1)});
        if (config_.pace == Pace::Free) idle_.push_back(id);
        ++opened;
    }
    most_tables_ = std::max(most_tables_, opened);
}

std::expected<void, DirectorError> TournamentDirector::check(const TableReport& r) const {
    const TableView& view = floor_.table(r.table);
    if (r.size != view.size()) return std::unexpected(DirectorError::BadSeat);
    // Both index the director's view of the table (balancing looks clockwise from the anchor); a dead
    // button or a last big blind who has left may name an empty seat, never one outside the table.
    const auto on_table = [&](SeatIndex s) { return s == kNoSeat || (s >= 0 && s < view.size()); };
    if (!on_table(r.button) || !on_table(r.big_blind_after)) return std::unexpected(DirectorError::BadSeat);
    std::array<bool, kMaxTableSize> taken{};
    Chips now = 0;
    for (const auto& p : r.players) {
        if (p.seat < 0 || p.seat >= view.size() || taken[static_cast<std::size_t>(p.seat)] ||
            p.player.entrant < 0)
            return std::unexpected(DirectorError::BadSeat);
        taken[static_cast<std::size_t>(p.seat)] = true;
        // Seats change only by the director's moves: everyone sits where the books have him.
        if (view.at(p.seat).entrant != p.player.entrant) return std::unexpected(DirectorError::UnknownPlayer);
        if (p.player.stack < 0) return std::unexpected(DirectorError::NegativeStack);
        now += p.player.stack;
    }
    auto was_here = [&](EntrantId e) {
        for (SeatIndex s = 0; s < view.size(); ++s)
            if (view.at(s).entrant == e) return true;
        return false;
    };
    auto still_here = [&](EntrantId e) {
        return std::any_of(r.players.begin(), r.players.end(),
                           [&](const ReportedSeat& p) { return p.player.entrant == e; });
    };
    for (const auto& e : r.eliminated)
        if (!was_here(e.entrant) || still_here(e.entrant))
            return std::unexpected(DirectorError::UnknownPlayer);
    // Nobody leaves twice: each eliminated or disqualified entrant once.
    std::vector<EntrantId> gone;
    for (const auto& e : r.eliminated)
        gone.push_back(e.entrant);
    for (const auto& d : r.disqualified)
        gone.push_back(d.entrant);
    std::sort(gone.begin(), gone.end());
    if (std::adjacent_find(gone.begin(), gone.end()) != gone.end())
        return std::unexpected(DirectorError::UnknownPlayer);
    // Nobody vanishes either: everyone the books seat here is still seated, or left by the report.
    for (SeatIndex s = 0; s < view.size(); ++s)
        if (view.occupied(s) && !taken[static_cast<std::size_t>(s)] &&
            !std::binary_search(gone.begin(), gone.end(), view.at(s).entrant))
            return std::unexpected(DirectorError::UnknownPlayer);
    Chips removed = 0;
    for (const auto& d : r.disqualified) {
        if (!was_here(d.entrant) || still_here(d.entrant))
            return std::unexpected(DirectorError::UnknownPlayer);
        if (d.chips_removed < 0) return std::unexpected(DirectorError::NegativeStack);
        removed += d.chips_removed;
    }
    Chips bought = 0;
    Cents cost = 0;
    const auto& rules = config_.structure.rebuys;
    for (auto b = r.bought.begin(); b != r.bought.end(); ++b) {
        if (!still_here(b->entrant)) return std::unexpected(DirectorError::UnknownPlayer);
        // Counted with his purchases earlier in this report.
        const auto earlier = [&](Purchase kind) {
            return std::count_if(r.bought.begin(), b, [&](const ChipsBought& o) {
                return o.kind == kind && o.entrant == b->entrant;
            });
        };
        const Purchases& before = purchases_[static_cast<std::size_t>(b->entrant)];
        const bool rebuy_ok =
            b->kind == Purchase::Rebuy && rebuy_window_open(r) &&
            b->chips == config_.structure.starting_stack &&
            (rules.max_rebuys == 0 || before.rebuys + earlier(Purchase::Rebuy) < rules.max_rebuys);
        const bool addon_ok = b->kind == Purchase::AddOn && addon_offered_ && b->chips == rules.addon_chips &&
                              !before.addon && earlier(Purchase::AddOn) == 0;
        if (!rebuy_ok && !addon_ok) return std::unexpected(DirectorError::PurchaseRefused);
        bought += b->chips;
        cost += (b->kind == Purchase::Rebuy ? rules.price : rules.addon_price).prize_part;
    }
    // Each purchase is bounded by the structure, but unlimited re-buys are not: the tournament's
    // chips and its prize pool stay within the engine's limit (types.hpp), or the purchase is refused.
    if (bought > kMaxTotalChips - chips_in_play_ || cost > kMaxTotalCents - prize_parts_)
        return std::unexpected(DirectorError::PurchaseRefused);
    // Within a table a hand moves chips, never makes or loses them; purchases add, removals take.
    if (now != view.total_chips() + bought - removed)
        return std::unexpected(DirectorError::ChipsNotConserved);
    // Only a hand moves chips between players: between hands a stack changes by its purchases alone.
    if (r.finished_hand == 0) {
        for (const auto& p : r.players) {
            Chips his = 0;
            for (const auto& b : r.bought)
                if (b.entrant == p.player.entrant) his += b.chips;
            if (p.player.stack != view.at(p.seat).stack + his)
                return std::unexpected(DirectorError::ChipsNotConserved);
        }
    }
    return {};
}

void TournamentDirector::take(const TableReport& r) {
    const auto& rules = config_.structure.rebuys;
    for (const auto& b : r.bought) {
        const BuyIn& price = b.kind == Purchase::Rebuy ? rules.price : rules.addon_price;
        auto& paid = payments_[static_cast<std::size_t>(b.entrant)];
        paid.paid += price.total();
        paid.prize_parts += price.prize_part;
        prize_parts_ += price.prize_part;
        chips_in_play_ += b.chips;
        ++(b.kind == Purchase::Rebuy ? rebuys_ : addons_);
        Purchases& his = purchases_[static_cast<std::size_t>(b.entrant)];
        if (b.kind == Purchase::Rebuy) ++his.rebuys;
        if (b.kind == Purchase::AddOn) his.addon = true;
    }
    if (!r.eliminated.empty()) {
        if (round_hand_for_hand_) {
            for (const auto& e : r.eliminated)
                round_eliminated_.push_back(
                    RoundElimination{e.entrant, e.start_chips, r.table, e.seat_from_button});
        } else {
            (void)ranking_.eliminate_in_hand(r.eliminated);  // checked: each was at the table, once
        }
    }
    // A disqualified player ranks as eliminated when it happens (§6), the chips leave the tournament.
    for (const auto& d : r.disqualified) {
        chips_in_play_ -= d.chips_removed;
        const Elimination e{d.entrant, d.seat, d.chips_removed, 0};
        (void)ranking_.eliminate_in_hand(std::span<const Elimination>(&e, 1));
    }
    floor_.update(r.table, r);
    // A report sent before the table heard its StartHand leaves it started.
    if (r.finished_hand != 0) {
        RebuyWindow& window = rebuy_window(r.table);
        window.open = window.started_open;
        playing_[static_cast<std::size_t>(r.table)] = 0;
        --tables_in_hand_;
    }
    floor_.set_in_hand(r.table, playing(r.table));
}

std::expected<std::vector<DirectorMessage>, DirectorError> TournamentDirector::on_report(const TableReport& r,
                                                                                         Duration now,
                                                                                         RandomSource& rng) {
    if (finished()) return std::unexpected(DirectorError::TournamentOver);
    if (!floor_.open(r.table)) return std::unexpected(DirectorError::UnknownTable);
    std::vector<DirectorMessage> out;
    if (r.in_hand) return out;  // nothing settled yet
    // A report written before the table applied the seat changes sent to it since would undo them.
    if (r.seat_changes_applied != seat_changes_sent_[static_cast<std::size_t>(r.table)])
        return std::unexpected(DirectorError::StaleReport);
    // Only the hand the director started there ends there, once (a message delivered twice).
    if (r.finished_hand != 0 && r.finished_hand != playing_[static_cast<std::size_t>(r.table)])
        return std::unexpected(DirectorError::UnknownHand);
    if (auto ok = check(r); !ok) return std::unexpected(ok.error());
    now_ = std::max(now_, now);
    take(r);
    seat_arrivals(r.table, rng, out);
    if (r.finished_hand == 0) return out;  // purchases, disqualifications: decisions come after hands
    if (config_.pace == Pace::Rounds || round_hand_for_hand_) {
        if (tables_in_hand_ == 0)
            end_round(rng, out);
        else if (config_.pace == Pace::Free)
            out.emplace_back(Wait{r.table, WaitReason::HandForHand});  // the others are still playing
    } else {
        after_table(r.table, rng, out);
        idle_.push_back(r.table);
        // Shoot-out: with no hand in play anywhere, the stage may be over.
        if (staged() && tables_in_hand_ == 0) end_round(rng, out);
        // Synchronous: a table learns of the break when its hand is over; one that hand broke is closed
        // and hears nothing more.
        if (!on_break_)
            start_round(out);
        else if (floor_.open(r.table))
            out.emplace_back(PauseForBreak{
                r.table, std::chrono::duration_cast<std::chrono::milliseconds>(break_ends_).count()});
        crown_if_last(out);
        if (!finished() && floor_.open(r.table) && !playing(r.table) && !on_break_)
            out.emplace_back(Wait{r.table, floor_.table(r.table).player_count() < 2
                                               ? WaitReason::TooFewPlayers
                                               : WaitReason::HandForHand});
        return out;
    }
    crown_if_last(out);
    return out;
}

std::vector<DirectorMessage> TournamentDirector::tick(Duration now, RandomSource&) {
    std::vector<DirectorMessage> out;
    if (finished()) return out;
    now_ = std::max(now_, now);
    const TournamentClock clock = clock_at(config_.structure, now_ - stage_start_);
    if (clock.level != level_) {
        level_ = clock.level;  // every table at its next hand (APT Art.7.3)
        floor_.for_each_open([&](int id) { out.emplace_back(SetLevel{id, level_, stakes_of(level_)}); });
    }
    const auto& rules = config_.structure.rebuys;
    if (rules.enabled && rules.addon && !addon_offered_ && level_ > rules.period_levels) {
        addon_offered_ = true;  // the re-buy period is over: the add-on, once, at every table
        floor_.for_each_open([&](int id) { out.emplace_back(OfferAddOn{id, rules.addon_chips}); });
    }
    const bool was_on_break = on_break_;
    on_break_ = clock.on_break;
    break_ends_ = now_ + clock.break_left;
    if (on_break_) {
        if (!was_on_break)  // synchronous (§6): a table in a hand hears it with its report's answer
            floor_.for_each_open([&](int id) {
                if (!playing(id))
                    out.emplace_back(PauseForBreak{
                        id, std::chrono::duration_cast<std::chrono::milliseconds>(break_ends_).count()});
            });
        return out;
    }
    start_round(out);
    return out;
}

// Starts every table that may play: all together (a round) under Pace::Rounds and hand-for-hand,
// else each idle table on its own.
void TournamentDirector::start_round(std::vector<DirectorMessage>& out) {
    if (finished()) return;
    // A hand-for-hand round ends together (end_round ranks its eliminations), even when the ones
    // reported so far already burst the bubble: nothing starts before its last table reports.
    if (round_hand_for_hand_ && tables_in_hand_ > 0) return;
    const bool bubble =
        !staged() && hand_for_hand(floor_.players(), paid_.paid_places(), floor_.open_tables());
    if (config_.pace == Pace::Rounds || bubble) {
        if (tables_in_hand_ > 0) return;  // the round is still being played
        round_hand_for_hand_ = bubble;
        round_eliminated_.clear();
        out.reserve(out.size() + static_cast<std::size_t>(floor_.open_tables()));
        floor_.tidy();
        floor_.for_each_open([&](int id) { start_table(id, out); });
        idle_.clear();
        return;
    }
    round_hand_for_hand_ = false;
    std::vector<TableId> waiting;
    for (TableId id : idle_) {
        if (!floor_.open(id) || playing(id)) continue;
        if (floor_.table(id).player_count() < 2) {
            waiting.push_back(id);  // arrivals will come with the next moves
            continue;
        }
        start_table(id, out);
    }
    idle_ = std::move(waiting);
}

void TournamentDirector::start_table(TableId id, std::vector<DirectorMessage>& out) {
    if (!floor_.open(id) || floor_.table(id).player_count() < 2 || playing(id)) return;
    out.emplace_back(StartHand{id, ++next_hand_, rebuy_period()});
    rebuy_window(id).started_open = rebuy_period();
    playing_[static_cast<std::size_t>(id)] = next_hand_;
    floor_.set_in_hand(id, true);
    ++tables_in_hand_;
}

// Every table has reported its hand of the round.
void TournamentDirector::end_round(RandomSource& rng, std::vector<DirectorMessage>& out) {
    if (round_hand_for_hand_ && !round_eliminated_.empty()) {
        (void)ranking_.eliminate_in_round(std::move(round_eliminated_));  // checked report by report
        round_eliminated_.clear();
    }
    if (staged()) {
        std::vector<int> counts;
        floor_.for_each_open([&](int id) { counts.push_back(floor_.table(id).player_count()); });
        if (shoot_out_stage_over(counts)) end_stage(rng, out);
        return;
    }
    floor_.for_each_open([&](int id) { after_table(id, rng, out); });
    if (config_.pace == Pace::Free) {
        floor_.for_each_open([&](int id) { idle_.push_back(id); });
        round_hand_for_hand_ = false;
        if (!on_break_) start_round(out);
    }
}

// Breaking and balancing after a hand at `id` (§6).
void TournamentDirector::after_table(TableId id, RandomSource& rng, std::vector<DirectorMessage>& out) {
    if (staged() || !floor_.open(id)) return;
    moves_buffer_.clear();
    const int open_before = floor_.open_tables();
    // Only a table in a hand refuses (the one reporting is not): the decision waits for its report.
    (void)floor_.after_hand(id, rng, moves_buffer_);
    broken_ += open_before - floor_.open_tables();
    send_moves(moves_buffer_, out);
}

void TournamentDirector::send_moves(const std::vector<SeatMove>& moves, std::vector<DirectorMessage>& out) {
    for (const auto& m : moves) {
        ++move_number_;
        out.emplace_back(StandUp{m.from_table, m.from_seat, m.entrant, move_number_, m.breaking});
        ++seat_changes_sent_[static_cast<std::size_t>(m.from_table)];
        if (reserved(m)) {
            in_transit_.emplace_back(m.entrant, move_number_);  // seated when that table reports
            continue;
        }
        out.emplace_back(SeatPlayer{m.to_table, m.to_seat, m.player, move_number_, m.breaking});
        ++seat_changes_sent_[static_cast<std::size_t>(m.to_table)];
    }
    moves_ += static_cast<std::int64_t>(moves.size());
    // A broken table is empty once its players stood up: close it.
    TableId last = -1;
    for (const auto& m : moves) {
        if (!m.breaking || m.from_table == last) continue;
        last = m.from_table;
        if (floor_.open(m.from_table)) continue;
        out.emplace_back(CloseTable{m.from_table});
        ++seat_changes_sent_[static_cast<std::size_t>(m.from_table)];
    }
}

// The players who left for `id` while it played a hand sit down now, before its next hand.
void TournamentDirector::seat_arrivals(TableId id, RandomSource& rng, std::vector<DirectorMessage>& out) {
    if (floor_.table(id).arrivals().empty()) return;
    moves_buffer_.clear();
    floor_.seat_arrivals(id, rng, moves_buffer_);
    for (const auto& m : moves_buffer_) {
        std::int64_t number = 0;
        for (auto it = in_transit_.begin(); it != in_transit_.end(); ++it) {
            if (it->first != m.entrant) continue;
            number = it->second;
            in_transit_.erase(it);
            break;
        }
        out.emplace_back(SeatPlayer{m.to_table, m.to_seat, m.player, number, m.breaking});
        ++seat_changes_sent_[static_cast<std::size_t>(m.to_table)];
    }
}

// Shoot-out and heads-up (§6): each table played to one winner; the winners are drawn again on
// as few tables as possible, evenly, with a fresh stack and the first level.
void TournamentDirector::end_stage(RandomSource& rng, std::vector<DirectorMessage>& out) {
    std::vector<EntrantId> winners;
    for (int id = 0; id < floor_.table_count(); ++id) {
        if (!floor_.open(id)) continue;
        const TableView& t = floor_.table(id);
        for (SeatIndex s = 0; s < t.size(); ++s)
            if (t.occupied(s)) winners.push_back(t.at(s).entrant);
        floor_.close(id);
        out.emplace_back(CloseTable{id});
        ++seat_changes_sent_[static_cast<std::size_t>(id)];
    }
    if (winners.size() == 1) {
        if (ranking_.unranked() == 1 && ranking_.crown(winners.front())) winner_ = winners.front();
        return;
    }
    seat_stage(winners, rng, out);
}

void TournamentDirector::crown_if_last(std::vector<DirectorMessage>& out) {
    if (finished() || staged() || tables_in_hand_ > 0 || floor_.players() != 1) return;
    for (int id = 0; id < floor_.table_count(); ++id) {
        if (!floor_.open(id)) continue;
        const TableView& t = floor_.table(id);
        for (SeatIndex s = 0; s < t.size(); ++s) {
            if (!t.occupied(s)) continue;
            if (ranking_.crown(t.at(s).entrant)) winner_ = t.at(s).entrant;
            out.emplace_back(Wait{id, WaitReason::TournamentOver});
        }
    }
}

}  // namespace tavolo::engine
