// Tournament::restore (tournament_restore.hpp): the checks, then the tournament as it stood.
#include "engine/polacco/tournament_restore.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "engine/polacco/draw.hpp"

namespace tavolo::engine::polacco {

std::vector<int> draw_plan(int entrants, int table_max) {
    std::vector<int> plan;
    int players = entrants;
    while (players >= 2) {
        const std::vector<int> sizes = table_sizes(players, table_max);
        plan.push_back(static_cast<int>(sizes.size()));
        if (sizes.size() <= 1) break;
        int next = 0;
        for (int s : sizes)
            next += std::min(s, 3);  // every table waits at three (or as drawn, if fewer)
        if (next >= players) break;  // cannot happen with two tables or more; never loop
        players = next;
    }
    return plan;
}

int first_table_of_draw(const std::vector<int>& plan, int draw) {
    if (draw < 0 || static_cast<std::size_t>(draw) >= plan.size()) return -1;
    int first = 0;
    for (int d = 0; d < draw; ++d)
        first += plan[static_cast<std::size_t>(d)];
    return first;
}

int draw_starting_at(const std::vector<int>& plan, int first) {
    for (int d = 0; static_cast<std::size_t>(d) < plan.size(); ++d)
        if (first_table_of_draw(plan, d) == first) return d;
    return -1;
}

namespace {

// The players each table of `draw` was drawn with, the start's entrants drawn down the plan.
std::vector<int> drawn_sizes(int entrants, int table_max, int draw) {
    int players = entrants;
    for (int d = 0; d < draw; ++d) {
        int next = 0;
        for (int s : table_sizes(players, table_max))
            next += std::min(s, 3);
        players = next;
    }
    return table_sizes(players, table_max);
}

}  // namespace

std::expected<Tournament, PolaccoError> Tournament::restore(const TournamentRecord& record,
                                                            RandomSource& rng) {
    using enum PolaccoError;
    // The start's checks: the same configuration must still start the same tournament.
    const TournamentConfig& config = record.config;
    if (config.rules.clockwise_only && config.rules.mode != Mode::Casino)
        return std::unexpected(InvalidRules);
    const int n = static_cast<int>(record.entrants.size());
    if (n < 2) return std::unexpected(NotEnoughPlayers);
    if (n > kMaxEntrants) return std::unexpected(TooManyEntrants);
    if (config.prize_part < 0 || config.guarantee < 0 || config.guarantee > kMaxTotalCents ||
        config.prize_part > kMaxTotalCents / n)
        return std::unexpected(MoneyOutOfRange);
    if (config.payout_table && !verify_payout_table(*config.payout_table))
        return std::unexpected(InvalidPayoutTable);
    const std::set<PlayerId> entrants(record.entrants.begin(), record.entrants.end());
    if (static_cast<int>(entrants.size()) != n) return std::unexpected(DuplicateEntrant);

    const int table_max = config.rules.table_max();
    const std::vector<int> plan = draw_plan(n, table_max);
    if (record.draw < 0 || static_cast<std::size_t>(record.draw) >= plan.size())
        return std::unexpected(InconsistentTournament);
    const bool final_draw = static_cast<std::size_t>(record.draw) + 1 == plan.size();
    const std::vector<int> sizes = drawn_sizes(n, table_max, record.draw);
    if (record.tables.size() != sizes.size()) return std::unexpected(InconsistentTournament);

    Tournament t{n, config};
    t.draws_ = record.draw + 1;
    t.final_table_ = final_draw;
    std::vector<const TableState*> by_id(sizes.size(), nullptr);
    for (const TableState& s : record.tables) {
        if (s.id < 0 || static_cast<std::size_t>(s.id) >= by_id.size() ||
            by_id[static_cast<std::size_t>(s.id)])
            return std::unexpected(InconsistentTournament);
        by_id[static_cast<std::size_t>(s.id)] = &s;
    }
    std::set<PlayerId> seated;
    for (std::size_t i = 0; i < by_id.size(); ++i) {
        const TableState& s = *by_id[i];
        if (auto ok = validate(s); !ok) return std::unexpected(ok.error());
        const Rules& r = s.rules;
        if (r.mode != config.rules.mode || r.clockwise_only != config.rules.clockwise_only ||
            r.passamano != config.rules.passamano || r.bonus != config.rules.bonus ||
            r.turn_seconds != config.rules.turn_seconds)
            return std::unexpected(InvalidRules);
        // As drawn or fewer; a table that is not the final one keeps three (it waits there).
        const int players = static_cast<int>(s.seats.size());
        if (players > sizes[i] || players < (final_draw ? 1 : std::min(sizes[i], 3)))
            return std::unexpected(InconsistentTournament);
        for (const HandPlayer& p : s.seats)
            if (!entrants.contains(p.player) || !seated.insert(p.player).second)
                return std::unexpected(InconsistentTournament);
        auto table = Table::restored(s);
        if (!table) return std::unexpected(table.error());
        t.tables_.push_back(std::move(*table));
    }

    // The places: the committed ones, then the lost ones among the places left.
    const int remaining = static_cast<int>(seated.size());
    const bool won = final_draw && remaining == 1;
    std::map<int, Standing> places;  // by place
    std::set<PlayerId> placed;
    for (const Standing& s : record.placed) {
        const bool winner = won && s.place == 1 && seated.contains(s.player);
        if (!entrants.contains(s.player) || (seated.contains(s.player) && !winner) ||
            !placed.insert(s.player).second)
            return std::unexpected(InconsistentTournament);
        if (!winner && (s.place <= remaining || s.place > n)) return std::unexpected(InconsistentTournament);
        if (s.prize != t.prize_for(s.place) || places.contains(s.place))
            return std::unexpected(InconsistentTournament);
        places[s.place] = s;
    }
    int free_place = n;
    for (PlayerId p : record.entrants) {
        if (seated.contains(p) || placed.contains(p)) continue;
        while (places.contains(free_place))
            --free_place;
        if (free_place <= remaining) return std::unexpected(InconsistentTournament);
        places[free_place] = {p, free_place, t.prize_for(free_place)};
        t.log_.push_back(PlayerPlaced{p, free_place, -1, t.prize_for(free_place)});
    }
    for (auto it = places.rbegin(); it != places.rend(); ++it)
        if (it->first != 1) t.standings_.push_back(it->second);
    t.remaining_ = remaining;
    if (static_cast<int>(t.standings_.size()) + remaining != n)
        return std::unexpected(InconsistentTournament);

    t.paused_.assign(t.tables_.size(), false);
    std::vector<TournamentEvent> out;
    if (won) {
        t.winner_ = t.tables_.front().seats().front().player;
        t.standings_.push_back({*t.winner_, 1, t.prize_for(1)});
        if (!placed.contains(*t.winner_)) t.emit(TournamentWon{*t.winner_, t.prize_for(1)}, out);
        return t;
    }
    // The tables at three wait; when all do, the redraw decided before the restart is drawn now.
    for (std::size_t i = 0; i < t.tables_.size() && !final_draw; ++i) {
        if (t.draws_ != record.draw + 1) break;  // redrawn
        t.pause_if_small(static_cast<TableId>(i), rng, out);
    }
    return t;
}

}  // namespace tavolo::engine::polacco
