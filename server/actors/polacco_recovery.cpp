#include "server/actors/polacco_recovery.hpp"

#include <spdlog/spdlog.h>

#include <map>

#include "engine/polacco/tournament_restore.hpp"
#include "persistence/account_store.hpp"
#include "persistence/engine_state.hpp"
#include "persistence/hand_store.hpp"
#include "persistence/tournament_pause.hpp"
#include "persistence/tournament_store.hpp"

namespace tavolo::server::actors {

namespace polacco = engine::polacco;
using persistence::raw;

namespace {

bool in_play_or_placed(const persistence::Registration& r) {
    return r.state != persistence::RegistrationState::unregistered &&
           r.state != persistence::RegistrationState::refunded;
}

std::string table_name(const persistence::RecoveredTable& t) {
    return "table " + std::to_string(t.table_number) + " (row " + std::to_string(raw(t.id)) + ")";
}

}  // namespace

std::expected<std::shared_ptr<ResumedPolacco>, std::string> prepare_polacco(
    persistence::Database& db, const persistence::RecoveredTournament& rt,
    const TournamentDeclaration& declaration, engine::RandomSource& rng) {
    const auto* rules = std::get_if<PolaccoTournament>(&declaration.rules);
    if (rules == nullptr)
        return std::unexpected("it is not configured as a Poker Polacco tournament any more");

    // The entries in play or placed. Each seated player's entrant number is in his table's state, his
    // registration in its seat; the others (out of the tournament) take the numbers left, in
    // registration order (only the seated need theirs: the others sit nowhere).
    std::vector<const persistence::Registration*> entries;
    for (const auto& r : rt.registrations)
        if (in_play_or_placed(r)) entries.push_back(&r);
    const int n = static_cast<int>(entries.size());
    const std::vector<int> plan = polacco::draw_plan(n, rules->config.rules.table_max());

    // The tables: rows with seats are the draw's; rows never seated belong to a redraw cut short.
    std::vector<const persistence::RecoveredTable*> seated;
    std::vector<const persistence::RecoveredTable*> unseated;
    for (const auto& t : rt.tables) {
        if (!t.snapshot.seats.empty() || !t.snapshot.engine_state.empty())
            seated.push_back(&t);
        else if (t.snapshot.hand_number == 0)
            unseated.push_back(&t);
        else
            return std::unexpected(table_name(t) + " recorded a hand but not who sits there");
    }
    if (seated.empty()) return std::unexpected("no table holds a player: its first draw never committed");
    const int first = seated.front()->table_number - 1;  // ordered by number
    const int draw = polacco::draw_starting_at(plan, first);
    if (draw < 0)
        return std::unexpected("its open tables start at number " + std::to_string(first + 1) +
                               ", which no draw of " + std::to_string(n) + " entrants opens");

    std::vector<polacco::TableState> states;
    std::map<std::int64_t, polacco::PlayerId> entrant_of;  // by registration
    std::vector<const persistence::Registration*> by_number(static_cast<std::size_t>(n), nullptr);
    std::map<std::int64_t, const persistence::Registration*> by_id;
    for (const persistence::Registration* r : entries)
        by_id[raw(r->id)] = r;
    for (const persistence::RecoveredTable* row : seated) {
        auto state = persistence::polacco_table_state(*row);
        if (!state) return std::unexpected(table_name(*row) + ": " + state.error().message);
        if (state->id != row->table_number - 1 - first)
            return std::unexpected(table_name(*row) + " holds the state of another table of its draw");
        for (std::size_t i = 0; i < state->seats.size(); ++i) {
            const std::int64_t registration = raw(row->snapshot.seats[i].registration);
            const polacco::PlayerId player = state->seats[i].player;
            const auto entry = by_id.find(registration);
            if (entry == by_id.end() || player < 0 || player >= n || entrant_of.contains(registration) ||
                by_number[static_cast<std::size_t>(player)] != nullptr)
                return std::unexpected(table_name(*row) + ": seat " + std::to_string(i) +
                                       " is not one entry in play with an entrant number of its own");
            entrant_of[registration] = player;
            by_number[static_cast<std::size_t>(player)] = entry->second;
        }
        states.push_back(std::move(*state));
    }
    std::size_t free_number = 0;
    for (const persistence::Registration* r : entries) {
        if (entrant_of.contains(raw(r->id))) continue;
        while (by_number[free_number] != nullptr)
            ++free_number;
        entrant_of[raw(r->id)] = static_cast<polacco::PlayerId>(free_number);
        by_number[free_number] = r;
    }
    entries = std::move(by_number);  // by entrant number from here

    polacco::TournamentRecord record;
    record.config = rules->config;
    record.draw = draw;
    for (int i = 0; i < n; ++i)
        record.entrants.push_back(i);
    record.tables = std::move(states);
    for (int i = 0; i < n; ++i)
        if (const auto& place = entries[static_cast<std::size_t>(i)]->finishing_place)
            record.placed.push_back({i, *place, entries[static_cast<std::size_t>(i)]->prize});

    auto restored = polacco::Tournament::restore(record, rng);
    if (!restored) return std::unexpected(std::string(polacco::describe(restored.error())));

    auto out = std::make_shared<ResumedPolacco>(ResumedPolacco{{}, {}, std::move(*restored), {}, {}, {}});
    out->start.tournament = rt.tournament.id;
    auto paused = persistence::saved_pause(db, rt.tournament.id);
    if (!paused) return std::unexpected("its pause: " + paused.error().message);
    out->paused = std::move(*paused);
    out->start.declaration = declaration;
    persistence::AccountStore accounts(db, persistence::PasswordCost::minimum());  // reads only
    for (const persistence::Registration* r : entries) {
        out->start.entrants.push_back({r->account, r->id, r->entry_number});
        out->finish_recorded.push_back(r->finishing_place.has_value());
        auto account = accounts.find(r->account);
        if (!account)
            return std::unexpected("account " + std::to_string(raw(r->account)) + ": " +
                                   account.error().message);
        out->names.push_back(account->name);
    }

    std::vector<persistence::TableId> broken;
    const polacco::Tournament& t = out->tournament;
    if (t.draws() == draw + 1) {
        for (const persistence::RecoveredTable* row : seated)
            out->rows[row->table_number - 1 - first] = row->id;
        for (const persistence::RecoveredTable* row : unseated)
            broken.push_back(row->id);
        if (!broken.empty())
            if (auto ok = persistence::HandStore(db).save_snapshots({}, broken); !ok)
                return std::unexpected("breaking the tables never seated: " + ok.error().message);
        return out;
    }
    // The redraw decided before the restart, drawn now: its tables written before anything deals.
    const int new_first = polacco::first_table_of_draw(plan, t.draws() - 1);
    std::map<int, persistence::TableId> reusable;  // unseated rows, by number
    for (const persistence::RecoveredTable* row : unseated)
        reusable[row->table_number] = row->id;
    const persistence::OwnerOf owner_of =
        [&entries](std::int64_t entrant) -> std::optional<persistence::SeatOwner> {
        if (entrant < 0 || static_cast<std::size_t>(entrant) >= entries.size()) return std::nullopt;
        const persistence::Registration& r = *entries[static_cast<std::size_t>(entrant)];
        return persistence::SeatOwner{r.id, r.account};
    };
    persistence::TournamentStore store(db);
    std::vector<persistence::TableSnapshot> seats;
    for (const polacco::Table& table : t.tables()) {
        const int number = new_first + table.id() + 1;
        persistence::TableId row{};
        if (const auto it = reusable.find(number); it != reusable.end()) {
            row = it->second;
            reusable.erase(it);
        } else {
            auto opened = store.open_table(rt.tournament.id, number, rules->seats);
            if (!opened)
                return std::unexpected("opening table " + std::to_string(number) + ": " +
                                       opened.error().message);
            row = *opened;
        }
        auto state = table.snapshot();
        if (!state) return std::unexpected("a table drawn at the restart plays a hand");
        auto snapshot = persistence::table_snapshot(row, 0, 0, *state, owner_of);
        if (!snapshot) return std::unexpected("a table drawn at the restart: " + snapshot.error().message);
        seats.push_back(std::move(*snapshot));
        out->rows[table.id()] = row;
    }
    for (const persistence::RecoveredTable* row : seated)
        broken.push_back(row->id);
    for (const auto& [number, row] : reusable)
        broken.push_back(row);
    if (auto ok = persistence::HandStore(db).save_snapshots(seats, broken); !ok)
        return std::unexpected("recording the tables drawn at the restart: " + ok.error().message);
    spdlog::info("event=polacco_redrawn_at_recovery tournament={} draw={} tables={} reused_rows={}",
                 raw(rt.tournament.id), t.draws() - 1, t.tables().size(), unseated.size() - reusable.size());
    return out;
}

}  // namespace tavolo::server::actors
