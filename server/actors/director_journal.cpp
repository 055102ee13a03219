#include "server/actors/director_journal.hpp"

#include <spdlog/spdlog.h>

#include "persistence/director_store.hpp"

namespace tavolo::server::actors {

DirectorJournal::DirectorJournal(persistence::WriteService& writes, persistence::TournamentId tournament,
                                 persistence::Executor on_strand, std::function<void(Decision)> on_durable,
                                 std::int64_t next_seq)
    : writes_(writes),
      tournament_(tournament),
      on_strand_(std::move(on_strand)),
      on_durable_(std::move(on_durable)),
      next_seq_(next_seq),
      durable_(next_seq - 1) {}

void DirectorJournal::record(persistence::TableId lane, std::string state, Decision decision) {
    decision.seq = next_seq_++;
    latest_seq_ = decision.seq;
    latest_state_ = std::move(state);
    latest_lane_ = lane;
    if (std::find(owed_lanes_.begin(), owed_lanes_.end(), lane) == owed_lanes_.end())
        owed_lanes_.push_back(lane);
    pending_.push_back(std::move(decision));
    if (!in_flight_) start_round();
}

void DirectorJournal::start_round() {
    if (latest_seq_ == 0) return;
    in_flight_ = true;
    const std::int64_t seq = std::exchange(latest_seq_, 0);
    std::string state = std::exchange(latest_state_, {});
    const persistence::TableId lane = latest_lane_;
    std::vector<persistence::TableId> fenced;
    for (const persistence::TableId l : std::exchange(owed_lanes_, {}))
        if (l != lane) fenced.push_back(l);
    if (fenced.empty()) return save(lane, seq, std::move(state));
    // The other tables' earlier writes (their hands) commit before the save that answers them: an
    // empty write on each of their lanes, then the save.
    auto left = std::make_shared<std::size_t>(fenced.size());
    auto held = std::make_shared<std::string>(std::move(state));
    const auto fence_done = [self = self_, left, held, lane, seq] {
        if (*self == nullptr || --*left > 0) return;
        (*self)->save(lane, seq, std::move(*held));
    };
    for (const persistence::TableId l : fenced) {
        auto accepted = writes_.submit<void>(
            l, [](persistence::Database&) -> persistence::StoreResult<void> { return {}; },
            [fence_done](persistence::StoreResult<void>) { fence_done(); }, on_strand_);
        if (!accepted) fence_done();  // refused (shutting down, full): the save says what follows
    }
}

void DirectorJournal::save(persistence::TableId lane, std::int64_t seq, std::string state) {
    persistence::SavedDirector saved{tournament_, seq, std::move(state), entrants_};
    auto accepted = writes_.submit<void>(
        lane,
        [saved = std::move(saved)](persistence::Database& db) {
            return persistence::DirectorStore(db).save(saved);
        },
        [self = self_, seq](persistence::StoreResult<void> r) {
            if (*self == nullptr) return;
            (*self)->committed(seq, r.has_value(), r ? std::string() : r.error().message);
        },
        on_strand_);
    if (!accepted) {
        // Answered from the strand's queue, as a callback would be, not from within record().
        on_strand_.post([self = self_, seq, error = accepted.error().message] {
            if (*self != nullptr) (*self)->committed(seq, false, error);
        });
    }
}

void DirectorJournal::committed(std::int64_t seq, bool ok, const std::string& error) {
    if (!ok)
        // Only when the write service gives up (shutting down, a full queue): the decision is carried
        // out all the same, or the tournament would stall; a crash now could lose it (RULES.md 7 voids it).
        spdlog::error("event=director_save_failed tournament={} seq={} error=\"{}\"",
                      persistence::raw(tournament_), seq, error);
    durable_ = std::max(durable_, seq);
    while (!pending_.empty() && pending_.front().seq <= durable_) {
        Decision d = std::move(pending_.front());
        pending_.pop_front();
        on_durable_(std::move(d));
    }
    in_flight_ = false;
    start_round();  // the decisions recorded meanwhile, with the latest state
}

}  // namespace tavolo::server::actors
