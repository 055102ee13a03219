#include "persistence/director_store.hpp"

#include <algorithm>

#include "persistence/detail/director_rows.hpp"
#include "persistence/detail/sql_array.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace detail {

SavedDirector saved_director_from(const pqxx::row& row) {
    SavedDirector out;
    out.tournament = TournamentId{row[0].as<std::int64_t>()};
    out.seq = row[1].as<std::int64_t>();
    out.state = row[2].as<std::string>();
    const std::string list = row[3].as<std::string>();
    for (std::size_t at = 0; at < list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        out.entrants.push_back(RegistrationId{std::stoll(list.substr(at, comma - at))});
        at = comma + 1;
    }
    return out;
}

}  // namespace detail

DirectorStore::DirectorStore(Database& db) : db_(db) {}

StoreResult<void> DirectorStore::save(const SavedDirector& saved) {
    if (saved.seq < 1)
        return store_error(StoreErrc::invalid_argument, "a director's save is numbered from 1");
    if (saved.state.empty())
        return store_error(StoreErrc::invalid_argument, "a director's save needs its state");
    std::vector<std::int64_t> entrants;
    entrants.reserve(saved.entrants.size());
    for (auto r : saved.entrants)
        entrants.push_back(raw(r));
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        tx.exec_params0(
            "INSERT INTO tournament_directors (tournament_id, seq, state, entrants) "
            "VALUES ($1, $2, $3, $4::bigint[]) ON CONFLICT (tournament_id) DO UPDATE "
            "SET seq = EXCLUDED.seq, state = EXCLUDED.state, entrants = EXCLUDED.entrants, saved_at = now() "
            "WHERE tournament_directors.seq < EXCLUDED.seq",
            raw(saved.tournament), saved.seq, saved.state, detail::int_array(entrants));
        return {};
    });
}

StoreResult<std::optional<SavedDirector>> DirectorStore::load(TournamentId tournament) {
    using Result = std::optional<SavedDirector>;
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Result> {
        auto rows = tx.exec_params(
            std::string("SELECT ") + detail::kDirectorColumns + "WHERE tournament_id = $1", raw(tournament));
        if (rows.empty()) return Result{};
        return Result{detail::saved_director_from(rows[0])};
    });
}

}  // namespace tavolo::persistence
