#include "engine/polacco/tournament.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "engine/polacco/draw.hpp"

namespace tavolo::engine::polacco {

Tournament::Tournament(int entrants, TournamentConfig config)
    : entrants_(entrants), remaining_(entrants), config_(std::move(config)) {
    pool_ = std::max(config_.prize_part * entrants_, config_.guarantee);
    PayoutTable table = config_.payout_table ? *config_.payout_table : default_payout_table(entrants_);
    prizes_ = prizes_for_pool(pool_, table);
}

namespace {
// The pool (prize part x entrants, at least the guarantee) within kMaxTotalCents, and a payout table
// that splits it exactly: refused before the pool is computed, so it cannot overflow.
std::expected<void, PolaccoError> verify_money(std::size_t entrants, const TournamentConfig& config) {
    if (entrants > static_cast<std::size_t>(kMaxEntrants))
        return std::unexpected(PolaccoError::TooManyEntrants);
    const auto n = static_cast<Cents>(entrants);
    if (config.prize_part < 0 || config.guarantee < 0 || config.guarantee > kMaxTotalCents ||
        config.prize_part > kMaxTotalCents / n)
        return std::unexpected(PolaccoError::MoneyOutOfRange);
    if (config.payout_table && !verify_payout_table(*config.payout_table))
        return std::unexpected(PolaccoError::InvalidPayoutTable);
    return {};
}
}  // namespace

std::expected<Tournament, PolaccoError> Tournament::start(std::vector<PlayerId> entrants,
                                                          TournamentConfig config, RandomSource& rng) {
    if (config.rules.clockwise_only && config.rules.mode != Mode::Casino) {
        return std::unexpected(PolaccoError::InvalidRules);
    }
    if (entrants.size() < 2) return std::unexpected(PolaccoError::NotEnoughPlayers);
    if (auto ok = verify_money(entrants.size(), config); !ok) return std::unexpected(ok.error());
    std::vector<PlayerId> sorted = entrants;
    std::ranges::sort(sorted);
    if (std::ranges::adjacent_find(sorted) != sorted.end())
        return std::unexpected(PolaccoError::DuplicateEntrant);
    Tournament t{static_cast<int>(entrants.size()), std::move(config)};
    std::vector<HandPlayer> players;
    for (PlayerId p : entrants)
        players.push_back({p, 0, true});
    std::vector<TournamentEvent> out;
    t.draw(std::move(players), rng, out);
    return t;
}

Table* Tournament::mutable_table(TableId id) {
    if (id < 0 || static_cast<std::size_t>(id) >= tables_.size()) return nullptr;
    return &tables_[static_cast<std::size_t>(id)];
}

const Table* Tournament::table(TableId id) const {
    if (id < 0 || static_cast<std::size_t>(id) >= tables_.size()) return nullptr;
    return &tables_[static_cast<std::size_t>(id)];
}

Hand* Tournament::hand(TableId id) {
    Table* t = mutable_table(id);
    return t ? t->hand() : nullptr;
}

bool Tournament::paused(TableId id) const {
    return id >= 0 && static_cast<std::size_t>(id) < paused_.size() && paused_[static_cast<std::size_t>(id)];
}

std::vector<TableId> Tournament::tables_ready() const {
    std::vector<TableId> ready;
    if (finished()) return ready;
    for (const auto& t : tables_) {
        if (!paused(t.id()) && !t.hand_in_progress() && t.players() >= 2) ready.push_back(t.id());
    }
    return ready;
}

std::expected<Events, PolaccoError> Tournament::start_hand(TableId id, RandomSource& rng) {
    Table* t = mutable_table(id);
    if (!t) return std::unexpected(PolaccoError::UnknownTable);
    if (paused(id)) return std::unexpected(PolaccoError::TablePaused);
    if (finished()) return std::unexpected(PolaccoError::HandOver);
    return t->start_hand(rng);
}

std::expected<Events, PolaccoError> Tournament::start_hand_with_deck(TableId id, Deck deck) {
    Table* t = mutable_table(id);
    if (!t) return std::unexpected(PolaccoError::UnknownTable);
    if (paused(id)) return std::unexpected(PolaccoError::TablePaused);
    if (finished()) return std::unexpected(PolaccoError::HandOver);
    return t->start_hand_with_deck(std::move(deck));
}

std::expected<std::vector<TournamentEvent>, PolaccoError> Tournament::finish_hand(TableId id,
                                                                                  RandomSource& rng) {
    Table* t = mutable_table(id);
    if (!t) return std::unexpected(PolaccoError::UnknownTable);
    auto result = t->finish_hand();
    if (!result) return std::unexpected(result.error());
    std::vector<TournamentEvent> out;
    after_penalty(id, result->eliminated ? std::optional{result->penalised} : std::nullopt, rng, out);
    return out;
}

std::expected<std::vector<TournamentEvent>, PolaccoError> Tournament::give_penalty(TableId id,
                                                                                   PlayerId player,
                                                                                   RandomSource& rng) {
    Table* t = mutable_table(id);
    if (!t) return std::unexpected(PolaccoError::UnknownTable);
    if (finished()) return std::unexpected(PolaccoError::HandOver);
    auto outcome = t->give_penalty(player);
    if (!outcome) return std::unexpected(outcome.error());
    std::vector<TournamentEvent> out;
    after_penalty(id, outcome->eliminated ? std::optional{player} : std::nullopt, rng, out);
    return out;
}

void Tournament::after_penalty(TableId id, std::optional<PlayerId> eliminated, RandomSource& rng,
                               std::vector<TournamentEvent>& out) {
    const Table& t = tables_[static_cast<std::size_t>(id)];
    if (eliminated) {
        int place = remaining_--;
        standings_.push_back({*eliminated, place, prize_for(place)});
        emit(PlayerPlaced{*eliminated, place, id, prize_for(place)}, out);
    }
    if (final_table_ && t.players() == 1) {
        winner_ = t.seats().front().player;
        standings_.push_back({*winner_, 1, prize_for(1)});
        emit(TournamentWon{*winner_, prize_for(1)}, out);
        return;
    }
    if (!final_table_) pause_if_small(id, rng, out);
}

// POLACCO §4.1-4.2: a table with three left waits; when all wait, every table closes and is redrawn.
void Tournament::pause_if_small(TableId id, RandomSource& rng, std::vector<TournamentEvent>& out) {
    const Table& t = tables_[static_cast<std::size_t>(id)];
    auto i = static_cast<std::size_t>(id);
    if (paused_[i] || t.hand_in_progress() || t.players() > 3) return;
    paused_[i] = true;
    ++paused_count_;
    emit(TablePaused{id, t.players()}, out);
    if (paused_count_ < tables_.size()) return;
    std::vector<HandPlayer> players;
    for (const auto& table : tables_)
        players.insert(players.end(), table.seats().begin(), table.seats().end());
    draw(std::move(players), rng, out);
}

void Tournament::draw(std::vector<HandPlayer> players, RandomSource& rng, std::vector<TournamentEvent>& out) {
    std::unordered_map<PlayerId, HandPlayer> state;
    std::vector<PlayerId> ids;
    for (const auto& p : players) {
        state[p.player] = p;
        ids.push_back(p.player);
    }
    auto drawn = draw_tables(std::move(ids), config_.rules.table_max(), rng);
    closed_.clear();
    for (const Table& closing : tables_)
        if (auto closing_state = closing.snapshot()) closed_.push_back(std::move(*closing_state));
    tables_.clear();
    const int event_draw = draws_++;
    TablesDrawn event{event_draw, drawn.size() == 1, {}};
    for (std::size_t i = 0; i < drawn.size(); ++i) {
        std::vector<HandPlayer> seats;
        for (PlayerId p : drawn[i].seats)
            seats.push_back(state[p]);
        auto id = static_cast<TableId>(i);
        tables_.emplace_back(id, config_.rules, std::move(seats), drawn[i].seats.front());
        event.tables.push_back({id, drawn[i].seats});
    }
    paused_.assign(tables_.size(), false);
    paused_count_ = 0;
    final_table_ = event.final_table;
    emit(std::move(event), out);
    if (final_table_) return;
    // A table drawn with three or fewer (never the case with the fewest tables, but cheap to honour)
    // waits at once.
    for (std::size_t i = 0; i < drawn.size() && paused_count_ < tables_.size(); ++i) {
        if (draws_ != event_draw + 1) return;  // a nested redraw replaced these tables
        pause_if_small(static_cast<TableId>(i), rng, out);
    }
}

Cents Tournament::prize_for(int place) const {
    if (place < 1 || static_cast<std::size_t>(place) > prizes_.size()) return 0;
    return prizes_[static_cast<std::size_t>(place - 1)];
}

void Tournament::emit(TournamentEvent event, std::vector<TournamentEvent>& out) {
    log_.push_back(event);
    out.push_back(std::move(event));
}

}  // namespace tavolo::engine::polacco
