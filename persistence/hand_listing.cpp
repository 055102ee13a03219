#include "persistence/hand_listing.hpp"

#include <algorithm>

#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace {

// Everything a ListedHand holds, in its order; `h` the hand, `tt` its table, `t` its tournament. The
// level is in the hand's result (the table actor writes it there).
const char* const kColumns =
    "SELECT h.id, t.id, t.name, t.game, t.betting, t.buy_in_prize_cents, t.buy_in_fee_cents, "
    "tt.table_number - 1, "
    "h.hand_number, to_char(h.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), "
    "to_char(h.ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), h.phh, "
    "CASE WHEN jsonb_typeof(h.result->'level') = 'number' THEN (h.result->>'level')::int ELSE 0 END "
    "FROM hands h JOIN tournament_tables tt ON tt.id = h.table_id JOIN tournaments t ON t.id = "
    "tt.tournament_id ";

ListedHand listed(const pqxx::row& r) {
    ListedHand h;
    h.id = r[0].as<std::int64_t>();
    h.tournament = TournamentId{r[1].as<std::int64_t>()};
    h.tournament_name = r[2].as<std::string>();
    h.game = r[3].as<std::string>();
    h.betting = r[4].as<std::string>();
    h.buy_in_prize_cents = r[5].as<std::int64_t>();
    h.buy_in_fee_cents = r[6].as<std::int64_t>();
    h.table_number = r[7].as<int>();
    h.hand_number = r[8].as<std::int64_t>();
    h.started_at = r[9].as<std::string>();
    h.ended_at = r[10].as<std::string>();
    h.phh = r[11].as<std::string>();
    h.level = r[12].as<int>();
    return h;
}

bool exists(pqxx::work& tx, const char* sql, std::int64_t id) {
    return !tx.exec_params(sql, id).empty();
}

}  // namespace

HandListing::HandListing(Database& db) : db_(db) {}

StoreResult<std::vector<ListedHand>> HandListing::hands(const HandFilter& filter) {
    if (!filter.tournament && !filter.player)
        return store_error(StoreErrc::invalid_argument, "a listing of hands names a tournament or a player");
    const int limit = std::clamp(filter.limit, 1, 1000);
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<ListedHand>> {
        std::optional<std::int64_t> tournament, player, table, before = filter.before;
        if (filter.tournament) {
            tournament = raw(*filter.tournament);
            if (!exists(tx, "SELECT 1 FROM tournaments WHERE id = $1", *tournament))
                return store_error(StoreErrc::not_found, "no tournament " + std::to_string(*tournament));
        }
        if (filter.player) {
            player = raw(*filter.player);
            if (!exists(tx, "SELECT 1 FROM accounts WHERE id = $1", *player))
                return store_error(StoreErrc::not_found, "no player " + std::to_string(*player));
        }
        if (filter.table_number) table = *filter.table_number;
        // The player's hands: only tournaments the account entered are searched, then the PHH text.
        auto rows = tx.exec_params(
            std::string(kColumns) +
                "WHERE ($1::bigint IS NULL OR t.id = $1) AND ($2::int IS NULL OR tt.table_number = $2 + 1) "
                "AND ($3::bigint IS NULL OR (t.id IN (SELECT tournament_id FROM registrations WHERE "
                "account_id = "
                "$3) AND strpos(h.phh, $4) > 0)) AND ($5::bigint IS NULL OR h.id < $5) "
                "ORDER BY h.id DESC LIMIT $6",
            tournament, table, player, filter.player_needle, before, limit);
        std::vector<ListedHand> out;
        out.reserve(rows.size());
        for (const auto& row : rows)
            out.push_back(listed(row));
        return out;
    });
}

StoreResult<ListedHand> HandListing::hand(TournamentId tournament, int table_number,
                                          std::int64_t hand_number) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<ListedHand> {
        auto rows = tx.exec_params(
            std::string(kColumns) + "WHERE t.id = $1 AND tt.table_number = $2 + 1 AND h.hand_number = $3",
            raw(tournament), table_number, hand_number);
        if (!rows.empty()) return listed(rows[0]);
        const std::string t = std::to_string(raw(tournament));
        if (!exists(tx, "SELECT 1 FROM tournaments WHERE id = $1", raw(tournament)))
            return store_error(StoreErrc::not_found, "no tournament " + t);
        if (tx.exec_params(
                  "SELECT 1 FROM tournament_tables WHERE tournament_id = $1 AND table_number = $2 + 1",
                  raw(tournament), table_number)
                .empty())
            return store_error(StoreErrc::not_found,
                               "tournament " + t + " has no table " + std::to_string(table_number));
        return store_error(StoreErrc::not_found, "table " + std::to_string(table_number) + " of tournament " +
                                                     t + " has no hand " + std::to_string(hand_number) +
                                                     " (a hand is listed once it has committed)");
    });
}

}  // namespace tavolo::persistence
