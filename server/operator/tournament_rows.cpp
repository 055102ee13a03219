#include "server/operator/tournament_rows.hpp"

#include "persistence/detail/transact.hpp"

namespace tavolo::server::operators {

namespace json = boost::json;
using persistence::StoreResult;

namespace {

// The columns every listing shows, from `tournaments t` and its live registrations.
constexpr const char* kSummary =
    "SELECT t.id, t.name, t.game, t.kind, t.betting, t.state, t.buy_in_prize_cents, t.buy_in_fee_cents, "
    "t.guarantee_cents, to_char(t.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    "(SELECT count(*) FROM registrations r WHERE r.tournament_id = t.id "
    "   AND r.state NOT IN ('unregistered', 'refunded')), "
    "(SELECT coalesce(sum(r.prize_part_cents), 0) FROM registrations r WHERE r.tournament_id = t.id "
    "   AND r.state NOT IN ('unregistered', 'refunded')), "
    "t.config ? 'operator_declaration' "
    "FROM tournaments t ";

json::object summary(const pqxx::row& r) {
    json::object o;
    o["id"] = r[0].as<std::int64_t>();
    o["name"] = r[1].as<std::string>();
    o["game"] = r[2].as<std::string>();
    o["kind"] = r[3].as<std::string>();
    o["betting"] = r[4].as<std::string>();
    o["state"] = r[5].as<std::string>();
    o["buy_in_cents"] =
        json::object{{"prize_part", r[6].as<std::int64_t>()}, {"fee", r[7].as<std::int64_t>()}};
    o["guarantee_cents"] = r[8].as<std::int64_t>();
    if (!r[9].is_null()) o["starts_at"] = r[9].as<std::string>();
    o["players"] = r[10].as<std::int64_t>();
    // The pool as promised: the prize parts in, or the guarantee when it is more.
    o["prize_pool_cents"] = std::max(r[11].as<std::int64_t>(), r[8].as<std::int64_t>());
    o["created_by_operator"] = r[12].as<bool>();
    return o;
}

}  // namespace

StoreResult<json::array> list_tournaments(persistence::Database& db, const std::optional<std::string>& state,
                                          int limit) {
    return persistence::detail::transact(db, [&](pqxx::work& tx) -> StoreResult<json::array> {
        json::array out;
        const std::string sql =
            std::string(kSummary) + "WHERE ($1::text IS NULL OR t.state = $1) ORDER BY t.id DESC LIMIT $2";
        for (const auto& r : tx.exec_params(sql, state, limit))
            out.push_back(summary(r));
        return out;
    });
}

StoreResult<json::object> tournament_record(persistence::Database& db, std::int64_t id) {
    return persistence::detail::transact(db, [&](pqxx::work& tx) -> StoreResult<json::object> {
        const auto rows = tx.exec_params(std::string(kSummary) + "WHERE t.id = $1", id);
        if (rows.empty())
            return persistence::store_error(persistence::StoreErrc::not_found,
                                            "no tournament " + std::to_string(id));
        json::object out = summary(rows[0]);
        json::array players;
        for (const auto& r : tx.exec_params(
                 "SELECT r.id, r.account_id, a.name, r.entry_number, r.state, r.paid_cents, "
                 "r.prize_part_cents, "
                 "r.fee_cents, r.rebuys, r.addons, r.finishing_place, r.prize_cents, r.refund_cents, "
                 "(SELECT coalesce(sum(p.prize_part_cents), 0) FROM entry_payments p "
                 "   WHERE p.registration_id = r.id AND p.kind = 'refund'), "
                 "(SELECT coalesce(sum(p.amount_cents - p.prize_part_cents), 0) FROM entry_payments p "
                 "   WHERE p.registration_id = r.id AND p.kind = 'refund') "
                 "FROM registrations r JOIN accounts a ON a.id = r.account_id WHERE r.tournament_id = $1 "
                 "ORDER BY r.id",
                 id)) {
            json::object p{{"registration", r[0].as<std::int64_t>()},
                           {"account", r[1].as<std::int64_t>()},
                           {"name", r[2].as<std::string>()},
                           {"entry", r[3].as<int>()},
                           {"state", r[4].as<std::string>()},
                           {"paid_cents", r[5].as<std::int64_t>()},
                           {"prize_part_cents", r[6].as<std::int64_t>()},
                           {"fee_cents", r[7].as<std::int64_t>()},
                           {"rebuys", r[8].as<int>()},
                           {"addons", r[9].as<int>()},
                           {"prize_cents", r[11].as<std::int64_t>()},
                           {"refund_cents", r[12].as<std::int64_t>()},
                           {"refund_from_pool_cents", r[13].as<std::int64_t>()},
                           {"refund_from_house_cents", r[14].as<std::int64_t>()}};
            if (!r[10].is_null()) p["place"] = r[10].as<int>();
            players.push_back(std::move(p));
        }
        out["registrations"] = std::move(players);
        return out;
    });
}

StoreResult<std::vector<std::string>> operator_declarations(persistence::Database& db) {
    return persistence::detail::transact(db, [&](pqxx::work& tx) -> StoreResult<std::vector<std::string>> {
        std::vector<std::string> out;
        for (const auto& r : tx.exec("SELECT (config -> 'operator_declaration')::text FROM tournaments "
                                     "WHERE state NOT IN ('finished', 'cancelled') AND config ? "
                                     "'operator_declaration' ORDER BY id"))
            out.push_back(r[0].as<std::string>());
        return out;
    });
}

}  // namespace tavolo::server::operators
