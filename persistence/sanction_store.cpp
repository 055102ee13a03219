#include "persistence/sanction_store.hpp"

#include <array>

#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace {

constexpr std::array<std::pair<SanctionKind, std::string_view>, 5> kWords{{
    {SanctionKind::warning, "warning"},
    {SanctionKind::exclusion, "exclusion"},
    {SanctionKind::disqualification, "disqualification"},
    {SanctionKind::mute, "mute"},
    {SanctionKind::close_account, "close_account"},
}};

using Clock = std::chrono::system_clock;

std::int64_t epoch_ms(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}
Clock::time_point from_ms(std::int64_t ms) {
    return Clock::time_point(std::chrono::milliseconds(ms));
}

constexpr const char* kSelect =
    "SELECT id, account_id, kind, tournament_id, orbits, hands, reason, operator_id, "
    "(extract(epoch FROM created_at) * 1000)::bigint, (extract(epoch FROM expires_at) * 1000)::bigint "
    "FROM sanctions ";

StoreResult<StoredSanction> row_of(const pqxx::row& r) {
    auto kind = sanction_kind_of(r[2].as<std::string>());
    if (!kind)
        return store_error(StoreErrc::bad_stored_value, "unknown sanction kind " + r[2].as<std::string>());
    StoredSanction s;
    s.id = r[0].as<std::int64_t>();
    s.sanction.account = AccountId{r[1].as<std::int64_t>()};
    s.sanction.kind = *kind;
    s.sanction.tournament_id = r[3].as<std::optional<std::int64_t>>();
    s.sanction.orbits = r[4].as<std::optional<int>>();
    s.sanction.hands = r[5].as<std::optional<int>>();
    s.sanction.reason = r[6].as<std::string>();
    s.sanction.operator_id = AccountId{r[7].as<std::int64_t>()};
    s.created_at = from_ms(r[8].as<std::int64_t>());
    if (auto e = r[9].as<std::optional<std::int64_t>>()) s.sanction.expires_at = from_ms(*e);
    return s;
}

}  // namespace

std::string to_string(SanctionKind kind) {
    for (const auto& [k, word] : kWords)
        if (k == kind) return std::string(word);
    return "warning";
}

std::optional<SanctionKind> sanction_kind_of(std::string_view word) {
    for (const auto& [k, w] : kWords)
        if (w == word) return k;
    return std::nullopt;
}

SanctionStore::SanctionStore(Database& db) : db_(db) {}

StoreResult<StoredSanction> SanctionStore::record(const NewSanction& s) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<StoredSanction> {
        // Locked: a close and another sanction of the same account are ordered.
        auto account = tx.exec_params("SELECT closed_at IS NOT NULL FROM accounts WHERE id = $1 FOR UPDATE",
                                      raw(s.account));
        if (account.empty())
            return store_error(StoreErrc::not_found, "no account " + std::to_string(raw(s.account)));
        if (s.kind == SanctionKind::close_account && account[0][0].as<bool>())
            return store_error(StoreErrc::forbidden,
                               "account " + std::to_string(raw(s.account)) + " is closed already");
        if (s.tournament_id &&
            tx.exec_params("SELECT 1 FROM tournaments WHERE id = $1", *s.tournament_id).empty())
            return store_error(StoreErrc::not_found, "no tournament " + std::to_string(*s.tournament_id));
        std::optional<std::int64_t> expires;
        if (s.expires_at) expires = epoch_ms(*s.expires_at);
        auto row = tx.exec_params1(
            std::string("INSERT INTO sanctions (account_id, kind, tournament_id, orbits, hands, reason, "
                        "operator_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, "
                        "CASE WHEN $8::bigint IS NULL THEN NULL ELSE to_timestamp($8::bigint / 1000.0) END) "
                        "RETURNING id"),
            raw(s.account), to_string(s.kind), s.tournament_id, s.orbits, s.hands, s.reason,
            raw(s.operator_id), expires);
        const std::int64_t id = row[0].as<std::int64_t>();
        if (s.kind == SanctionKind::close_account)
            tx.exec_params("UPDATE accounts SET closed_at = now() WHERE id = $1", raw(s.account));
        auto stored = tx.exec_params(std::string(kSelect) + "WHERE id = $1", id);
        return row_of(stored[0]);
    });
}

StoreResult<std::vector<StoredSanction>> SanctionStore::of_account(AccountId account) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<StoredSanction>> {
        std::vector<StoredSanction> out;
        for (const auto& r :
             tx.exec_params(std::string(kSelect) + "WHERE account_id = $1 ORDER BY id", raw(account))) {
            auto s = row_of(r);
            if (!s) return std::unexpected(s.error());
            out.push_back(std::move(*s));
        }
        return out;
    });
}

StoreResult<std::vector<ActiveMute>> SanctionStore::active_mutes() {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<ActiveMute>> {
        std::vector<ActiveMute> out;
        // The newest mute of each account decides (a later, shorter mute replaces a longer one).
        for (const auto& r : tx.exec("SELECT DISTINCT ON (account_id) account_id, "
                                     "(extract(epoch FROM expires_at) * 1000)::bigint, reason FROM sanctions "
                                     "WHERE kind = 'mute' ORDER BY account_id, id DESC")) {
            ActiveMute m;
            m.account = AccountId{r[0].as<std::int64_t>()};
            if (auto e = r[1].as<std::optional<std::int64_t>>()) {
                m.until = from_ms(*e);
                if (*m.until <= Clock::now()) continue;
            }
            m.reason = r[2].as<std::string>();
            out.push_back(std::move(m));
        }
        return out;
    });
}

StoreResult<bool> SanctionStore::account_open(AccountId account) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<bool> {
        auto r = tx.exec_params("SELECT closed_at IS NULL FROM accounts WHERE id = $1", raw(account));
        if (r.empty()) return store_error(StoreErrc::not_found, "no account " + std::to_string(raw(account)));
        return r[0][0].as<bool>();
    });
}

StoreResult<bool> SanctionStore::tournament_exists(std::int64_t tournament) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<bool> {
        return !tx.exec_params("SELECT 1 FROM tournaments WHERE id = $1", tournament).empty();
    });
}

}  // namespace tavolo::persistence
