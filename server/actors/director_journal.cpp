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
    const std::int64_t seq = decision.seq;
    pending_.push_back(std::move(decision));
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
    if (!accepted) committed(seq, false, accepted.error().message);
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
}

}  // namespace tavolo::server::actors
