#include "persistence/tournament_store.hpp"

#include "persistence/detail/finish_work.hpp"
#include "persistence/detail/ledger_work.hpp"
#include "persistence/detail/sql_enums.hpp"
#include "persistence/detail/tournament_rows.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

using std::chrono::milliseconds;

namespace detail {

const char* const kTournamentColumns =
    "SELECT id, name, kind, game, betting, config::text, schedule::text, "
    "extract(epoch FROM starts_at) * 1000, buy_in_prize_cents, buy_in_fee_cents, guarantee_cents, state, "
    "prize_pool_wallet_id, level, level_elapsed_ms, level_remaining_ms, on_break, "
    "extract(epoch FROM clock_saved_at) * 1000 FROM tournaments ";

const char* const kRegistrationColumns =
    "SELECT id, tournament_id, account_id, entry_number, state, paid_cents, prize_part_cents, fee_cents, "
    "rebuys, "
    "addons, finishing_place, prize_cents, refund_cents FROM registrations ";

static std::chrono::system_clock::time_point from_unix_ms(double ms) {
    return std::chrono::system_clock::time_point(milliseconds(static_cast<std::int64_t>(ms)));
}

Tournament tournament_from(const pqxx::row& r) {
    Tournament t;
    t.id = TournamentId{r[0].as<std::int64_t>()};
    t.spec.name = r[1].as<std::string>();
    t.spec.kind = read_sql<engine::TournamentKind>(r[2].as<std::string>(), "tournaments.kind");
    auto game = game_from_sql(r[3].as<std::string>(), r[4].as<std::string>());
    if (!game)
        throw StoredValueError("the database holds game '" + r[3].as<std::string>() + "' with betting '" +
                               r[4].as<std::string>() +
                               "', which this version cannot play: is the schema newer than the server?");
    t.spec.game = *game;
    t.spec.config_json = r[5].as<std::string>();
    t.spec.schedule_json = r[6].as<std::string>();
    if (!r[7].is_null()) t.spec.starts_at = from_unix_ms(r[7].as<double>());
    t.spec.prize_part = r[8].as<Cents>();
    t.spec.fee = r[9].as<Cents>();
    t.spec.guarantee = r[10].as<Cents>();
    t.spec.state = read_sql<TournamentState>(r[11].as<std::string>(), "tournaments.state");
    t.prize_pool = WalletId{r[12].as<std::int64_t>()};
    t.clock.level = r[13].as<int>();
    t.clock.level_elapsed = milliseconds(r[14].as<std::int64_t>());
    if (!r[15].is_null()) t.clock.level_remaining = milliseconds(r[15].as<std::int64_t>());
    t.clock.on_break = r[16].as<bool>();
    if (!r[17].is_null()) t.clock.saved_at = from_unix_ms(r[17].as<double>());
    return t;
}

Registration registration_from(const pqxx::row& r) {
    Registration g;
    g.id = RegistrationId{r[0].as<std::int64_t>()};
    g.tournament = TournamentId{r[1].as<std::int64_t>()};
    g.account = AccountId{r[2].as<std::int64_t>()};
    g.entry_number = r[3].as<int>();
    g.state = read_sql<RegistrationState>(r[4].as<std::string>(), "registrations.state");
    g.paid = r[5].as<Cents>();
    g.prize_part = r[6].as<Cents>();
    g.fee = r[7].as<Cents>();
    g.rebuys = r[8].as<int>();
    g.addons = r[9].as<int>();
    if (!r[10].is_null()) g.finishing_place = r[10].as<int>();
    g.prize = r[11].as<Cents>();
    g.refund = r[12].as<Cents>();
    return g;
}

}  // namespace detail

namespace {

using detail::kRegistrationColumns;
using detail::kTournamentColumns;
using detail::registration_from;
using detail::tournament_from;

StoreResult<Registration> load_registration(pqxx::work& tx, std::int64_t id, bool lock) {
    auto rows =
        tx.exec_params(std::string(kRegistrationColumns) + "WHERE id = $1" + (lock ? " FOR UPDATE" : ""), id);
    if (rows.empty()) return store_error(StoreErrc::not_found, "no such registration");
    return registration_from(rows[0]);
}

// The wallets a payment of an entry moves money between, and the tournament's state.
struct Context {
    std::int64_t pool;
    std::int64_t house;
    std::int64_t player_wallet;
    TournamentState state;
};

StoreResult<Context> context_of(pqxx::work& tx, std::int64_t tournament, std::int64_t account) {
    auto rows = tx.exec_params(
        "SELECT t.prize_pool_wallet_id, (SELECT id FROM wallets WHERE kind = 'house'), "
        "(SELECT id FROM wallets WHERE account_id = $2), t.state FROM tournaments t WHERE t.id = $1",
        tournament, account);
    if (rows.empty()) return store_error(StoreErrc::not_found, "no such tournament");
    if (rows[0][2].is_null()) return store_error(StoreErrc::not_found, "no such account");
    return Context{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::int64_t>(),
                   rows[0][2].as<std::int64_t>(),
                   detail::read_sql<TournamentState>(rows[0][3].as<std::string>(), "tournaments.state")};
}

// A payment already made under a key: a replay is the same kind of payment for the same entry with
// the same amounts, and returns the entry unchanged; anything else under that key is a conflict.
struct PaidBefore {
    std::int64_t registration = 0;
    std::int64_t tournament = 0;
    std::int64_t account = 0;
    std::string kind;
    Cents prize_part = 0;
    Cents fee = 0;
    Cents amount = 0;
};

StoreResult<std::optional<PaidBefore>> paid_before(pqxx::work& tx, const std::string& key) {
    auto rows = tx.exec_params(
        "SELECT p.registration_id, r.tournament_id, r.account_id, p.kind, p.prize_part_cents, p.fee_cents, "
        "p.amount_cents FROM ledger_transactions t LEFT JOIN entry_payments p ON p.ledger_transaction_id = "
        "t.id LEFT JOIN registrations r ON r.id = p.registration_id WHERE t.idempotency_key = $1",
        key);
    if (rows.empty()) return std::optional<PaidBefore>{};
    const auto& r = rows[0];
    if (r[0].is_null())
        return store_error(StoreErrc::idempotency_conflict, "key " + key + " was used for another movement");
    return std::optional<PaidBefore>{PaidBefore{r[0].as<std::int64_t>(), r[1].as<std::int64_t>(),
                                                r[2].as<std::int64_t>(), r[3].as<std::string>(),
                                                r[4].as<Cents>(), r[5].as<Cents>(), r[6].as<Cents>()}};
}

std::unexpected<StoreError> reused(const std::string& key, const PaidBefore& p) {
    return store_error(StoreErrc::idempotency_conflict,
                       "key " + key + " already paid a " + p.kind + " of " + std::to_string(p.amount) +
                           " cents for registration " + std::to_string(p.registration) +
                           ": use a new key for another payment");
}

// The registration a replay of this request paid for, or nullopt when the key is unused. A key that
// paid something `is_replay` does not accept is a conflict.
template <class IsReplay>
StoreResult<std::optional<std::int64_t>> replayed(pqxx::work& tx, const std::string& key,
                                                  IsReplay is_replay) {
    auto before = paid_before(tx, key);
    if (!before) return std::unexpected(before.error());
    if (!*before) return std::optional<std::int64_t>{};
    if (!is_replay(**before)) return reused(key, **before);
    return std::optional<std::int64_t>{(*before)->registration};
}

std::optional<Cents> checked_sum(Cents a, Cents b) {
    Cents sum;
    if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
    return sum;
}

// The legs of a movement between one wallet and several: each of `others` receives its amount from
// `one` (a negative amount: pays it to `one`). Zero amounts make no leg.
std::vector<Leg> legs_of(std::int64_t one, std::vector<std::pair<std::int64_t, Cents>> others) {
    std::vector<Leg> legs;
    Cents total = 0;
    for (auto [wallet, amount] : others) {
        if (amount == 0) continue;
        legs.push_back({WalletId{wallet}, amount});
        total += amount;  // callers check that the parts add up without overflow
    }
    if (total != 0) legs.push_back({WalletId{one}, -total});
    return legs;
}

// Posts the movement (if it moves anything) and records it as a payment of the registration.
StoreResult<void> pay(pqxx::work& tx, std::int64_t registration, const char* kind, const std::string& key,
                      std::vector<Leg> legs, Cents prize_part, Cents fee, Cents amount) {
    if (legs.empty()) return {};
    Movement m{key, kind, std::move(legs), "registration " + std::to_string(registration)};
    auto posted = detail::post_movements(tx, std::span(&m, 1)).front();
    if (!posted) return std::unexpected(posted.error());
    // Callers hold the entry's (or tournament's) lock and checked the key: a key posted meanwhile was
    // posted by something else, and must not be recorded as this entry's payment.
    if (!posted->applied)
        return store_error(StoreErrc::idempotency_conflict,
                           "key " + key + " was used concurrently for another movement");
    tx.exec_params0(
        "INSERT INTO entry_payments (registration_id, kind, prize_part_cents, fee_cents, amount_cents, "
        "ledger_transaction_id) VALUES ($1, $2, $3, $4, $5, $6)",
        registration, kind, prize_part, fee, amount, raw(posted->transaction));
    return {};
}

}  // namespace

TournamentStore::TournamentStore(Database& db) : db_(db) {}

StoreResult<Tournament> TournamentStore::create(const TournamentSpec& s) {
    if (s.prize_part < 0 || s.fee < 0 || s.guarantee < 0)
        return store_error(StoreErrc::invalid_argument, "buy-in parts and guarantee cannot be negative");
    if (!checked_sum(s.prize_part, s.fee))
        return store_error(StoreErrc::invalid_argument, "the buy-in overflows 64-bit cents");
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Tournament> {
        auto wallet =
            tx.exec_params1("INSERT INTO wallets (kind, label) VALUES ('prize_pool', $1) RETURNING id",
                            "prize pool of " + s.name)[0]
                .as<std::int64_t>();
        std::optional<double> starts;
        if (s.starts_at)
            starts = static_cast<double>(
                std::chrono::duration_cast<milliseconds>(s.starts_at->time_since_epoch()).count());
        auto id =
            tx.exec_params1(
                  "INSERT INTO tournaments (name, kind, game, betting, config, schedule, starts_at, "
                  "buy_in_prize_cents, buy_in_fee_cents, guarantee_cents, state, prize_pool_wallet_id) "
                  "VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, to_timestamp($7::double precision / 1000), "
                  "$8, $9, $10, $11, $12) RETURNING id",
                  s.name, detail::to_sql(s.kind), detail::game_to_sql(s.game), detail::betting_to_sql(s.game),
                  s.config_json, s.schedule_json, starts, s.prize_part, s.fee, s.guarantee,
                  detail::to_sql(s.state), wallet)[0]
                .as<std::int64_t>();
        return tournament_from(tx.exec_params1(std::string(kTournamentColumns) + "WHERE id = $1", id));
    });
}

StoreResult<Tournament> TournamentStore::find(TournamentId id) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Tournament> {
        auto rows = tx.exec_params(std::string(kTournamentColumns) + "WHERE id = $1", raw(id));
        if (rows.empty()) return store_error(StoreErrc::not_found, "no such tournament");
        return tournament_from(rows[0]);
    });
}

StoreResult<void> TournamentStore::set_state(TournamentId id, TournamentState state) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return detail::change_row(
            tx, "no such tournament",
            "UPDATE tournaments SET state = $2, "
            "started_at = CASE WHEN $2 = 'running' THEN coalesce(started_at, now()) ELSE started_at END, "
            "finished_at = CASE WHEN $2 IN ('finished', 'cancelled') THEN now() ELSE finished_at END "
            "WHERE id = $1",
            raw(id), detail::to_sql(state));
    });
}

StoreResult<void> TournamentStore::save_clock(TournamentId id, const TournamentClock& c) {
    std::optional<std::int64_t> remaining;
    if (c.level_remaining) remaining = c.level_remaining->count();
    return detail::transact(db_, [&](pqxx::work& tx) {
        return detail::change_row(
            tx, "no such tournament",
            "UPDATE tournaments SET level = $2, level_elapsed_ms = $3, "
            "level_remaining_ms = $4, on_break = $5, clock_saved_at = now() WHERE id = $1",
            raw(id), c.level, static_cast<std::int64_t>(c.level_elapsed.count()), remaining, c.on_break);
    });
}

StoreResult<Registration> TournamentStore::register_player(TournamentId id, AccountId account,
                                                           const std::string& key,
                                                           std::optional<WalletId> payer) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Registration> {
        // The tournament row is locked first, then wallets: the same order in every operation. The key
        // is looked up under the lock, so a copy of this request racing it sees its payment.
        auto locked = tx.exec_params(
            "SELECT buy_in_prize_cents, buy_in_fee_cents FROM tournaments WHERE id = $1 "
            "FOR UPDATE",
            raw(id));
        auto replay = replayed(tx, key, [&](const PaidBefore& p) {
            return p.kind == "buy_in" && p.tournament == raw(id) && p.account == raw(account);
        });
        if (!replay) return std::unexpected(replay.error());
        if (*replay) return load_registration(tx, **replay, false);
        if (locked.empty()) return store_error(StoreErrc::not_found, "no such tournament");
        Cents prize_part = locked[0][0].as<Cents>(), fee = locked[0][1].as<Cents>();
        auto ctx = context_of(tx, raw(id), raw(account));
        if (!ctx) return std::unexpected(ctx.error());
        if (is_over(ctx->state))
            return store_error(StoreErrc::invalid_argument,
                               std::string("the tournament is ") + to_string(ctx->state));
        auto live = tx.exec_params(
            "SELECT id, state FROM registrations WHERE tournament_id = $1 AND account_id = $2 "
            "AND state IN ('registered', 'playing')",
            raw(id), raw(account));
        if (!live.empty()) {
            // A free entry (both parts are >= 0, a check of the table) has nothing to pay twice.
            if (prize_part == 0 && fee == 0)
                return load_registration(tx, live[0][0].as<std::int64_t>(), false);
            return store_error(StoreErrc::invalid_argument, "the account already holds a live entry");
        }
        if (!checked_sum(prize_part, fee))
            return store_error(StoreErrc::invalid_argument, "the buy-in overflows 64-bit cents");
        auto reg = tx.exec_params1(
                         "INSERT INTO registrations (tournament_id, account_id, entry_number, paid_cents, "
                         "prize_part_cents, fee_cents) SELECT $1, $2, coalesce(max(entry_number), 0) + 1, "
                         "$3, $4, $5 "
                         "FROM registrations WHERE tournament_id = $1 AND account_id = $2 RETURNING id",
                         raw(id), raw(account), prize_part + fee, prize_part, fee)[0]
                       .as<std::int64_t>();
        auto from = payer ? raw(*payer) : ctx->player_wallet;
        auto paid = pay(tx, reg, "buy_in", key, legs_of(from, {{ctx->pool, prize_part}, {ctx->house, fee}}),
                        prize_part, fee, prize_part + fee);
        if (!paid) return std::unexpected(paid.error());
        return load_registration(tx, reg, false);
    });
}

namespace {

StoreResult<Registration> purchase(Database& db, RegistrationId id, Cents prize_part, Cents fee,
                                   const std::string& key, const char* kind, int most) {
    if (prize_part < 0 || fee < 0 || checked_sum(prize_part, fee).value_or(0) <= 0)
        return store_error(StoreErrc::invalid_argument,
                           "a re-buy or add-on costs a positive amount within 64-bit cents");
    return detail::transact(db, [&](pqxx::work& tx) -> StoreResult<Registration> {
        // The entry is locked before the key is looked up: a racing copy of this request sees its payment.
        auto reg = load_registration(tx, raw(id), true);
        auto replay = replayed(tx, key, [&](const PaidBefore& p) {
            return p.kind == kind && p.registration == raw(id) && p.prize_part == prize_part && p.fee == fee;
        });
        if (!replay) return std::unexpected(replay.error());
        if (*replay) return load_registration(tx, raw(id), false);
        if (!reg) return reg;
        if (reg->state != RegistrationState::playing && reg->state != RegistrationState::registered &&
            reg->state != RegistrationState::eliminated)
            return store_error(StoreErrc::invalid_argument,
                               std::string("the entry is ") + to_string(reg->state));
        auto ctx = context_of(tx, raw(reg->tournament), raw(reg->account));
        if (!ctx) return std::unexpected(ctx.error());
        if (is_over(ctx->state))
            return store_error(
                StoreErrc::invalid_argument,
                std::string("no ") + kind + " once the tournament is " + to_string(ctx->state));
        const bool is_rebuy = std::string(kind) == "rebuy";
        if (most > 0 && (is_rebuy ? reg->rebuys : reg->addons) >= most)
            return store_error(StoreErrc::invalid_argument, "the entry has bought " + std::to_string(most) +
                                                                " " + kind + (most == 1 ? "" : "s") +
                                                                " already, the most allowed");
        auto paid = pay(tx, raw(id), kind, key,
                        legs_of(ctx->player_wallet, {{ctx->pool, prize_part}, {ctx->house, fee}}), prize_part,
                        fee, prize_part + fee);
        if (!paid) return std::unexpected(paid.error());
        tx.exec_params0(
            "UPDATE registrations SET paid_cents = paid_cents + $2, prize_part_cents = prize_part_cents + "
            "$3, "
            "fee_cents = fee_cents + $4, rebuys = rebuys + $5, addons = addons + $6, "
            "state = CASE WHEN state = 'eliminated' THEN 'playing' ELSE state END WHERE id = $1",
            raw(id), prize_part + fee, prize_part, fee, is_rebuy ? 1 : 0, is_rebuy ? 0 : 1);
        return load_registration(tx, raw(id), false);
    });
}

}  // namespace

StoreResult<Registration> TournamentStore::rebuy(RegistrationId id, Cents prize_part, Cents fee,
                                                 const std::string& key, int most) {
    return purchase(db_, id, prize_part, fee, key, "rebuy", most);
}

StoreResult<Registration> TournamentStore::addon(RegistrationId id, Cents prize_part, Cents fee,
                                                 const std::string& key) {
    return purchase(db_, id, prize_part, fee, key, "addon", 1);
}

StoreResult<Registration> TournamentStore::pay_back_purchase(RegistrationId id, bool rebuy, Cents prize_part,
                                                             Cents fee, const std::string& key) {
    if (prize_part < 0 || fee < 0 || !checked_sum(prize_part, fee))
        return store_error(StoreErrc::invalid_argument, "a refund is not negative and within 64-bit cents");
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Registration> {
        auto reg = load_registration(tx, raw(id), true);
        auto replay = replayed(tx, key, [&](const PaidBefore& p) {
            return p.kind == "refund" && p.registration == raw(id) && p.prize_part == prize_part &&
                   p.fee == fee;
        });
        if (!replay) return std::unexpected(replay.error());
        if (*replay) return reg;
        if (!reg) return reg;
        if ((rebuy ? reg->rebuys : reg->addons) < 1 || reg->paid < prize_part + fee ||
            reg->prize_part < prize_part)
            return store_error(
                StoreErrc::invalid_argument,
                std::string("the entry has no ") + (rebuy ? "re-buy" : "add-on") + " to pay back");
        auto ctx = context_of(tx, raw(reg->tournament), raw(reg->account));
        if (!ctx) return std::unexpected(ctx.error());
        auto paid = pay(tx, raw(id), "refund", key,
                        legs_of(ctx->player_wallet, {{ctx->pool, -prize_part}, {ctx->house, -fee}}),
                        prize_part, fee, prize_part + fee);
        if (!paid) return std::unexpected(paid.error());
        tx.exec_params0(
            "UPDATE registrations SET paid_cents = paid_cents - $2, prize_part_cents = prize_part_cents - "
            "$3, "
            "fee_cents = fee_cents - $4, rebuys = rebuys - $5, addons = addons - $6 WHERE id = $1",
            raw(id), prize_part + fee, prize_part, fee, rebuy ? 1 : 0, rebuy ? 0 : 1);
        return load_registration(tx, raw(id), false);
    });
}

namespace detail {

StoreResult<Registration> record_finish(pqxx::work& tx, const Finish& finish) {
    const auto id = finish.entry;
    const auto place = finish.place;
    const auto prize = finish.prize;
    const auto& key = finish.key;
    if (place < 1 || prize < 0)
        return store_error(StoreErrc::invalid_argument, "a place is >= 1 and a prize >= 0");
    auto reg = load_registration(tx, raw(id), true);
    auto replay = replayed(tx, key, [&](const PaidBefore& p) {
        return p.kind == "prize" && p.registration == raw(id) && p.amount == prize && reg &&
               reg->finishing_place == place;
    });
    if (!replay) return std::unexpected(replay.error());
    if (*replay) return reg;
    if (!reg) return reg;
    if (is_paid_back(reg->state))
        return store_error(
            StoreErrc::invalid_argument,
            std::string("the entry was paid back (") + to_string(reg->state) + "): it has no place or prize");
    if (reg->finishing_place) {
        if (*reg->finishing_place == place && prize == 0) return reg;  // a replay of a prize-less finish
        return store_error(StoreErrc::invalid_argument, "the entry already finished");
    }
    if (prize > 0) {  // an elimination without prize moves no money: no wallets to look up
        auto ctx = context_of(tx, raw(reg->tournament), raw(reg->account));
        if (!ctx) return std::unexpected(ctx.error());
        auto paid =
            pay(tx, raw(id), "prize", key, legs_of(ctx->pool, {{ctx->player_wallet, prize}}), 0, 0, prize);
        if (!paid) return std::unexpected(paid.error());
    }
    tx.exec_params0(
        "UPDATE registrations SET finishing_place = $2, prize_cents = prize_cents + $3, finished_at = now(), "
        "state = CASE WHEN $2 = 1 THEN 'winner' ELSE 'eliminated' END WHERE id = $1",
        raw(id), place, prize);
    return load_registration(tx, raw(id), false);
}

}  // namespace detail

StoreResult<Registration> TournamentStore::record_finish(RegistrationId id, int place, Cents prize,
                                                         const std::string& key) {
    return record_finish(Finish{id, place, prize, key});
}

StoreResult<Registration> TournamentStore::record_finish(const Finish& finish) {
    if (finish.place < 1 || finish.prize < 0)
        return store_error(StoreErrc::invalid_argument, "a place is >= 1 and a prize >= 0");
    return detail::transact(db_, [&](pqxx::work& tx) { return detail::record_finish(tx, finish); });
}

StoreResult<Registration> TournamentStore::refund(RegistrationId id, Cents from_pool, Cents from_house,
                                                  const std::string& key, RegistrationState new_state) {
    if (from_pool < 0 || from_house < 0 || !checked_sum(from_pool, from_house))
        return store_error(StoreErrc::invalid_argument, "a refund is not negative and within 64-bit cents");
    if (!is_paid_back(new_state))
        return store_error(
            StoreErrc::invalid_argument,
            "a refund leaves the entry refunded or unregistered, not " + std::string(to_string(new_state)));
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<Registration> {
        auto reg = load_registration(tx, raw(id), true);
        auto replay = replayed(tx, key, [&](const PaidBefore& p) {
            return p.kind == "refund" && p.registration == raw(id) && p.prize_part == from_pool &&
                   p.fee == from_house;
        });
        if (!replay) return std::unexpected(replay.error());
        if (*replay) return reg;
        if (!reg) return reg;
        if (is_paid_back(reg->state)) {
            if (from_pool == 0 && from_house == 0 && reg->state == new_state)
                return reg;  // a refund of nothing records no key: its replay finds the entry as it left it
            return store_error(StoreErrc::invalid_argument, std::string("the entry was already paid back (") +
                                                                to_string(reg->state) + ")");
        }
        auto ctx = context_of(tx, raw(reg->tournament), raw(reg->account));
        if (!ctx) return std::unexpected(ctx.error());
        auto paid = pay(tx, raw(id), "refund", key,
                        legs_of(ctx->player_wallet, {{ctx->pool, -from_pool}, {ctx->house, -from_house}}),
                        from_pool, from_house, from_pool + from_house);
        if (!paid) return std::unexpected(paid.error());
        tx.exec_params0(
            "UPDATE registrations SET refund_cents = refund_cents + $2, state = $3, "
            "finished_at = coalesce(finished_at, now()) WHERE id = $1",
            raw(id), from_pool + from_house, detail::to_sql(new_state));
        return load_registration(tx, raw(id), false);
    });
}

StoreResult<void> TournamentStore::set_registration_state(RegistrationId id, RegistrationState state) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return detail::change_row(tx, "no such registration",
                                  "UPDATE registrations SET state = $2 WHERE id = $1", raw(id),
                                  detail::to_sql(state));
    });
}

StoreResult<std::vector<Registration>> TournamentStore::registrations(TournamentId id) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::vector<Registration>> {
        std::vector<Registration> out;
        for (const auto& row : tx.exec_params(
                 std::string(kRegistrationColumns) + "WHERE tournament_id = $1 ORDER BY id", raw(id)))
            out.push_back(registration_from(row));
        return out;
    });
}

StoreResult<TableId> TournamentStore::open_table(TournamentId id, int table_number, int max_seats) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<TableId> {
        return TableId{
            tx.exec_params1("INSERT INTO tournament_tables (tournament_id, table_number, max_seats) "
                            "VALUES ($1, $2, $3) RETURNING id",
                            raw(id), table_number, max_seats)[0]
                .as<std::int64_t>()};
    });
}

StoreResult<void> TournamentStore::break_table(TableId table) {
    return detail::transact(db_, [&](pqxx::work& tx) {
        return detail::change_row(tx, "no such table",
                                  "UPDATE tournament_tables SET state = 'broken' WHERE id = $1", raw(table));
    });
}

}  // namespace tavolo::persistence
