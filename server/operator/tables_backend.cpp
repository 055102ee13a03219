#include "server/operator/tables_backend.hpp"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <memory>
#include <mutex>

#include "server/operator/live_feed.hpp"

namespace tavolo::server::operators {

namespace v1 = protocol::v1;

api::TableSummary summary_of(const protocol::TableAddress& address,
                             const actors::TableInspection* inspection) {
    api::TableSummary s;
    s.tournament = address.tournament_id;
    s.table = address.table;
    if (inspection == nullptr) return s;
    s.paused = inspection->paused;
    const v1::TableSnapshot& snap = inspection->snapshot;
    if (snap.has_poker()) {
        const v1::PokerTable& t = snap.poker();
        s.game = v1::Game_Name(t.game());
        s.betting = v1::Betting_Name(t.betting());
        s.table_size = t.table_size();
        s.seats_taken = static_cast<std::int32_t>(
            std::count_if(t.seats().begin(), t.seats().end(),
                          [](const v1::PokerSeat& seat) { return seat.entrant() >= 0; }));
        s.hand = t.hand();
        s.in_hand = t.in_hand();
        s.level = t.stakes().level();
        s.small_blind = t.stakes().small_blind();
        s.big_blind = t.stakes().big_blind();
        s.ante = t.stakes().ante();
    } else if (snap.has_polacco()) {
        s.game = v1::Game_Name(v1::GAME_POLACCO);
    }
    return s;
}

api::TableDetail detail_of(const actors::TableInspection& inspection) {
    api::TableDetail d;
    d.summary = summary_of(inspection.table, &inspection);
    if (!google::protobuf::util::MessageToJsonString(inspection.snapshot, &d.observer_json).ok())
        d.observer_json = "{}";
    if (inspection.last_hand) {
        // The hand_cards event of the live feed, the same shape.
        d.last_hand_json = hand_cards_json(*inspection.last_hand);
    }
    return d;
}

void LiveTables::list_tables(std::optional<std::int64_t> tournament,
                             std::function<void(std::vector<api::TableSummary>)> done) {
    std::vector<protocol::TableAddress> addresses = tables_.addresses();
    if (tournament)
        std::erase_if(addresses,
                      [&](const protocol::TableAddress& a) { return a.tournament_id != *tournament; });
    // Gathered from each table's strand; the last answer sends the list.
    struct Gather {
        std::mutex mutex;
        std::vector<api::TableSummary> tables;
        std::size_t waiting = 0;
        std::function<void(std::vector<api::TableSummary>)> done;
    };
    auto gather = std::make_shared<Gather>();
    gather->waiting = addresses.size() + 1;  // +1: this call's own, so no answer finishes early
    gather->done = std::move(done);
    const auto one_less = [gather](std::optional<api::TableSummary> summary) {
        std::unique_lock lock(gather->mutex);
        if (summary) gather->tables.push_back(std::move(*summary));
        if (--gather->waiting > 0) return;
        lock.unlock();
        std::sort(gather->tables.begin(), gather->tables.end(), [](const auto& a, const auto& b) {
            return std::pair(a.tournament, a.table) < std::pair(b.tournament, b.table);
        });
        gather->done(std::move(gather->tables));
    };
    for (const auto& address : addresses) {
        const bool asked =
            tables_.inspect(address, [one_less, address](std::optional<actors::TableInspection> i) {
                one_less(summary_of(address, i ? &*i : nullptr));
            });
        if (!asked) one_less(std::nullopt);  // closed since it was listed
    }
    one_less(std::nullopt);
}

void LiveTables::inspect_table(std::int64_t tournament, std::int32_t table,
                               std::function<void(std::optional<api::TableDetail>)> done) {
    const protocol::TableAddress address{tournament, table};
    auto shared_done =
        std::make_shared<std::function<void(std::optional<api::TableDetail>)>>(std::move(done));
    const bool asked =
        tables_.inspect(address, [shared_done, address](std::optional<actors::TableInspection> i) {
            if (!i) {
                // A table that cannot say more than where it is (a Polacco table).
                api::TableDetail d;
                d.summary = summary_of(address, nullptr);
                d.observer_json = "{}";
                return (*shared_done)(std::move(d));
            }
            (*shared_done)(detail_of(*i));
        });
    if (!asked) (*shared_done)(std::nullopt);
}

}  // namespace tavolo::server::operators
