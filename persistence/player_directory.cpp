#include "persistence/player_directory.hpp"

#include "persistence/detail/sql_enums.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace {

// Times are read as epoch milliseconds (no time zone to parse).
constexpr const char* kMs = "(extract(epoch FROM {}) * 1000)::bigint";

std::string ms(const std::string& column) {
    std::string out = kMs;
    return out.replace(out.find("{}"), 2, column);
}

Clock::time_point time_of(const pqxx::field& f) {
    return Clock::time_point(std::chrono::milliseconds(f.as<std::int64_t>()));
}

std::optional<Clock::time_point> maybe_time(const pqxx::field& f) {
    if (f.is_null()) return std::nullopt;
    return time_of(f);
}

// `prefix` as a LIKE pattern matching itself literally, then anything.
std::string like_prefix(const std::string& prefix) {
    std::string out;
    for (char c : prefix) {
        if (c == '\\' || c == '%' || c == '_') out += '\\';
        out += c;
    }
    return out + '%';
}

const std::string kSelectSummary =
    "SELECT a.id, a.name, a.role, " + ms("a.created_at") + ", " + ms("a.closed_at") + " FROM accounts a ";

PlayerSummary summary_of(const pqxx::row& r) {
    return {AccountId{r[0].as<std::int64_t>()}, r[1].as<std::string>(),
            detail::read_sql<Role>(r[2].as<std::string>(), "accounts.role"), time_of(r[3]), maybe_time(r[4])};
}

// Who was on the other side of each entry: the transaction's other wallets, named.
const std::string kSelectEntries =
    "SELECT e.id, e.transaction_id, t.kind, t.memo, e.amount, " + ms("t.created_at") +
    ", coalesce((SELECT string_agg(CASE w.kind WHEN 'player' THEN 'account:' || w.account_id "
    "  WHEN 'prize_pool' THEN coalesce((SELECT 'tournament:' || tt.id FROM tournaments tt "
    "                                   WHERE tt.prize_pool_wallet_id = w.id), 'prize_pool') "
    "  ELSE w.kind END, ',' ORDER BY o.id) "
    "  FROM ledger_entries o JOIN wallets w ON w.id = o.wallet_id "
    "  WHERE o.transaction_id = e.transaction_id AND o.wallet_id <> e.wallet_id), '') "
    "FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id "
    "WHERE e.wallet_id = $1 AND ($2::bigint IS NULL OR e.id < $2) ORDER BY e.id DESC LIMIT $3";

const std::string kSelectTournaments =
    "SELECT t.id, t.name, t.state, r.state, r.entry_number, r.finishing_place, r.paid_cents, r.prize_cents, "
    "r.refund_cents, r.rebuys, r.addons FROM registrations r JOIN tournaments t ON t.id = r.tournament_id "
    "WHERE r.account_id = $1 ORDER BY r.id DESC LIMIT 200";

const std::string kSelectSanctions =
    "SELECT s.id, s.kind, s.tournament_id, s.orbits, s.hands, s.reason, s.operator_id, o.name, " +
    ms("s.created_at") + ", " + ms("s.expires_at") +
    " FROM sanctions s JOIN accounts o ON o.id = s.operator_id WHERE s.account_id = $1 ORDER BY s.id DESC "
    "LIMIT 200";

template <class T>
std::optional<T> maybe(const pqxx::field& f) {
    if (f.is_null()) return std::nullopt;
    return f.as<T>();
}

}  // namespace

PlayerDirectory::PlayerDirectory(Database& db) : db_(db) {}

StoreResult<std::vector<PlayerSummary>> PlayerDirectory::search(const std::string& prefix, int limit) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<PlayerSummary>> {
        std::vector<PlayerSummary> out;
        for (const auto& r : tx.exec_params(kSelectSummary + "WHERE lower(a.name) LIKE lower($1) "
                                                             "ORDER BY lower(a.name), a.id LIMIT $2",
                                            like_prefix(prefix), limit))
            out.push_back(summary_of(r));
        return out;
    });
}

StoreResult<PlayerFile> PlayerDirectory::inspect(AccountId id, int entries,
                                                 std::optional<std::int64_t> before) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<PlayerFile> {
        auto account = tx.exec_params(kSelectSummary + "WHERE a.id = $1", raw(id));
        if (account.empty())
            return store_error(StoreErrc::not_found, "no account " + std::to_string(raw(id)));
        PlayerFile file;
        file.account = summary_of(account[0]);
        auto wallet = tx.exec_params1("SELECT id, balance FROM wallets WHERE account_id = $1", raw(id));
        file.wallet = WalletId{wallet[0].as<std::int64_t>()};
        file.balance = wallet[1].as<engine::Cents>();
        // One more than asked: whether an older page exists.
        for (const auto& r : tx.exec_params(kSelectEntries, raw(file.wallet), before, entries + 1))
            file.entries.push_back({r[0].as<std::int64_t>(), LedgerTransactionId{r[1].as<std::int64_t>()},
                                    r[2].as<std::string>(), r[3].as<std::string>(), r[4].as<engine::Cents>(),
                                    time_of(r[5]), r[6].as<std::string>()});
        if (static_cast<int>(file.entries.size()) > entries) {
            file.entries.pop_back();
            file.more_entries = true;
        }
        for (const auto& r : tx.exec_params(kSelectTournaments, raw(id)))
            file.tournaments.push_back({TournamentId{r[0].as<std::int64_t>()}, r[1].as<std::string>(),
                                        r[2].as<std::string>(), r[3].as<std::string>(), r[4].as<int>(),
                                        maybe<int>(r[5]), r[6].as<engine::Cents>(), r[7].as<engine::Cents>(),
                                        r[8].as<engine::Cents>(), r[9].as<int>(), r[10].as<int>()});
        for (const auto& r : tx.exec_params(kSelectSanctions, raw(id)))
            file.sanctions.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(),
                                      maybe<std::int64_t>(r[2]), maybe<int>(r[3]), maybe<int>(r[4]),
                                      r[5].as<std::string>(), AccountId{r[6].as<std::int64_t>()},
                                      r[7].as<std::string>(), time_of(r[8]), maybe_time(r[9])});
        return file;
    });
}

}  // namespace tavolo::persistence
