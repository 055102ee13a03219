#include "persistence/hand_store.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "persistence/detail/hand_work.hpp"
#include "persistence/detail/snapshot_rows.hpp"
#include "persistence/detail/sql_array.hpp"
#include "persistence/detail/sql_enums.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence {

namespace detail {

const char* const kSnapshotColumns = "hand_number, button_seat, level, engine_state";
const char* const kSeatsOfTables =
    "s.seat, s.registration_id, s.account_id, s.stack, s.status FROM tournament_tables t, "
    "jsonb_to_recordset(t.seats) AS s(seat int, registration_id bigint, account_id bigint, stack bigint, "
    "status text) ";

std::string seats_json(const std::vector<SeatSnapshot>& seats) {
    std::string out = "[";
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const auto& s = seats[i];
        if (i) out += ',';
        out += "{\"seat\":" + std::to_string(s.seat) +
               ",\"registration_id\":" + std::to_string(raw(s.registration)) +
               ",\"account_id\":" + std::to_string(raw(s.account)) + ",\"stack\":" + std::to_string(s.stack) +
               ",\"status\":\"" + to_string(s.status) + "\"}";
    }
    return out + "]";
}

TableSnapshot snapshot_from(const pqxx::row& row, int at, TableId table) {
    TableSnapshot snap;
    snap.table = table;
    snap.hand_number = row[at].as<std::int64_t>();
    if (!row[at + 1].is_null()) snap.button = row[at + 1].as<int>();
    snap.level = row[at + 2].as<int>();
    snap.engine_state = pqxx::binarystring(row[at + 3]).str();
    return snap;
}

SeatSnapshot seat_from(const pqxx::row& row, int at) {
    return {row[at].as<int>(), RegistrationId{row[at + 1].as<std::int64_t>()},
            AccountId{row[at + 2].as<std::int64_t>()}, row[at + 3].as<std::int64_t>(),
            read_sql<SeatStatus>(row[at + 4].as<std::string>(), "a seat's status")};
}

namespace {

std::int64_t unix_ms(std::chrono::system_clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

}  // namespace

void commit_hands(pqxx::work& tx, std::span<const HandRecord> hands) {
    if (hands.empty()) return;
    std::vector<std::int64_t> table_ids, numbers, started, ended;
    std::vector<std::string> events, phh, results;
    std::map<std::int64_t, const HandRecord*> newest;  // by table id: locks taken in id order
    for (const auto& h : hands) {
        if (h.snapshot.table != h.table)
            throw std::invalid_argument("hand " + std::to_string(h.hand_number) + " of table " +
                                        std::to_string(raw(h.table)) + " carries another table's snapshot");
        if (h.snapshot.hand_number != h.hand_number)
            throw std::invalid_argument("a hand's snapshot must carry that hand's number");
        table_ids.push_back(raw(h.table));
        numbers.push_back(h.hand_number);
        started.push_back(unix_ms(h.started_at));
        ended.push_back(unix_ms(h.ended_at));
        events.push_back(h.events);
        phh.push_back(h.phh);
        results.push_back(h.result_json.empty() ? "{}" : h.result_json);
        auto& slot = newest[raw(h.table)];
        if (!slot || slot->hand_number < h.hand_number) slot = &h;
    }
    tx.exec_params0(
        "INSERT INTO hands (table_id, hand_number, started_at, ended_at, events, phh, result) "
        "SELECT t, n, to_timestamp(s / 1000.0), to_timestamp(e / 1000.0), ev, p, r::jsonb "
        "FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bytea[], $6::text[], "
        "$7::text[]) "
        "AS u(t, n, s, e, ev, p, r) ON CONFLICT (table_id, hand_number) DO NOTHING",
        int_array(table_ids), int_array(numbers), int_array(started), int_array(ended), bytea_array(events),
        text_array(phh), text_array(results));

    std::vector<const TableSnapshot*> snapshots;
    std::vector<std::int64_t> report_tables, report_hands;
    std::vector<std::string> reports;
    for (const auto& [id, h] : newest) {
        snapshots.push_back(&h->snapshot);
        report_tables.push_back(id);
        report_hands.push_back(h->hand_number);
        reports.push_back(h->director_report);
    }
    write_snapshots(tx, snapshots, SnapshotOrder::after_older_hands);
    // The report owed for each table's newest hand goes with its snapshot (migration 0008).
    tx.exec_params0(
        "UPDATE tournament_tables t SET director_report = u.r FROM unnest($1::bigint[], $2::bigint[], "
        "$3::text[]) "
        "AS u(id, n, r) WHERE t.id = u.id AND t.hand_number = u.n",
        int_array(report_tables), int_array(report_hands), text_array(reports));
}

std::size_t write_snapshots(pqxx::work& tx, std::span<const TableSnapshot* const> snapshots,
                            SnapshotOrder order) {
    std::vector<std::int64_t> ids, hand_numbers, levels;
    std::vector<std::optional<std::int64_t>> buttons;
    std::vector<std::string> seats, states;
    for (const auto* snap : snapshots) {
        ids.push_back(raw(snap->table));
        hand_numbers.push_back(snap->hand_number);
        buttons.push_back(snap->button ? std::optional<std::int64_t>(*snap->button) : std::nullopt);
        levels.push_back(snap->level);
        seats.push_back(seats_json(snap->seats));
        states.push_back(snap->engine_state);
    }
    auto result = tx.exec_params(
        std::string("UPDATE tournament_tables t SET hand_number = u.n, button_seat = u.b, level = u.l, "
                    "seats = u.s::jsonb, engine_state = u.e, snapshot_at = now() "
                    "FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::int[], $5::text[], $6::bytea[]) "
                    "AS u(id, n, b, l, s, e) WHERE t.id = u.id AND ") +
            (order == SnapshotOrder::after_older_hands ? "t.hand_number < u.n" : "t.hand_number <= u.n"),
        int_array(ids), int_array(hand_numbers), optional_int_array(buttons), int_array(levels),
        text_array(seats), bytea_array(states));
    return static_cast<std::size_t>(result.affected_rows());
}

}  // namespace detail

HandStore::HandStore(Database& db) : db_(db) {}

StoreResult<void> HandStore::commit(std::span<const HandRecord> hands) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        detail::commit_hands(tx, hands);
        return {};
    });
}

StoreResult<void> HandStore::save_snapshots(std::span<const TableSnapshot> snapshots,
                                            std::span<const TableId> broken) {
    std::map<std::int64_t, const TableSnapshot*> by_table;  // locks taken in id order
    for (const auto& snap : snapshots) {
        if (snap.hand_number < 0)
            return store_error(StoreErrc::invalid_argument, "a snapshot's hand number is 0 or more");
        if (!by_table.emplace(raw(snap.table), &snap).second)
            return store_error(StoreErrc::invalid_argument,
                               "two snapshots of table " + std::to_string(raw(snap.table)) + " in one call");
    }
    std::vector<std::int64_t> broken_ids;
    for (auto table : broken)
        broken_ids.push_back(raw(table));
    std::vector<std::int64_t> all = broken_ids;
    for (const auto& [id, snap] : by_table)
        all.push_back(id);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<void> {
        auto found = tx.exec_params(
            "SELECT id FROM tournament_tables WHERE id = ANY($1::bigint[]) ORDER BY id "
            "FOR NO KEY UPDATE",
            detail::int_array(all));
        if (found.size() != all.size())
            return store_error(StoreErrc::not_found, "a snapshot or broken table names no such table");
        std::vector<const TableSnapshot*> ordered;
        for (const auto& [id, snap] : by_table)
            ordered.push_back(snap);
        detail::write_snapshots(tx, ordered, detail::SnapshotOrder::with_same_hand);
        if (!broken_ids.empty())
            tx.exec_params0("UPDATE tournament_tables SET state = 'broken' WHERE id = ANY($1::bigint[])",
                            detail::int_array(broken_ids));
        return {};
    });
}

StoreResult<StoredHand> HandStore::hand(TableId table, std::int64_t hand_number) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<StoredHand> {
        auto rows = tx.exec_params(
            "SELECT id, events, phh, result::text FROM hands WHERE table_id = $1 AND hand_number = $2",
            raw(table), hand_number);
        if (rows.empty()) return store_error(StoreErrc::not_found, "no such hand");
        return StoredHand{rows[0][0].as<std::int64_t>(),
                          table,
                          hand_number,
                          pqxx::binarystring(rows[0][1]).str(),
                          rows[0][2].as<std::string>(),
                          rows[0][3].as<std::string>()};
    });
}

StoreResult<std::int64_t> HandStore::hand_count(TableId table) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<std::int64_t> {
        return tx.exec_params1("SELECT count(*) FROM hands WHERE table_id = $1", raw(table))[0]
            .as<std::int64_t>();
    });
}

StoreResult<TableSnapshot> HandStore::snapshot(TableId table) {
    return detail::transact(db_, [&](pqxx::work& tx) -> StoreResult<TableSnapshot> {
        auto head = tx.exec_params(
            std::string("SELECT ") + detail::kSnapshotColumns + " FROM tournament_tables WHERE id = $1",
            raw(table));
        if (head.empty()) return store_error(StoreErrc::not_found, "no such table");
        auto snap = detail::snapshot_from(head[0], 0, table);
        for (const auto& row : tx.exec_params(
                 std::string("SELECT ") + detail::kSeatsOfTables + "WHERE t.id = $1 ORDER BY s.seat",
                 raw(table)))
            snap.seats.push_back(detail::seat_from(row, 0));
        return snap;
    });
}

}  // namespace tavolo::persistence
