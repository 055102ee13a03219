#include "server/actors/elimination_news.hpp"

namespace tavolo::server::actors {

void EliminationNews::add(const protocol::v1::PlayerEliminated& out) {
    ++owed_;
    latest_.push_back(out);
    if (latest_.size() > kLatest) latest_.pop_front();
}

std::optional<EliminationNews::Clock::time_point> EliminationNews::due_at() const {
    if (owed_ == 0) return std::nullopt;
    if (!sent_at_) return Clock::time_point::min();
    return *sent_at_ + interval_;
}

protocol::v1::PlayersLeft EliminationNews::take(Clock::time_point now, int players_left, int entrants) {
    protocol::v1::PlayersLeft update;
    update.set_players_left(players_left);
    update.set_entrants(entrants);
    update.set_eliminated(owed_);
    for (auto& out : latest_)
        *update.add_latest() = std::move(out);
    drop();
    sent_at_ = now;
    return update;
}

}  // namespace tavolo::server::actors
