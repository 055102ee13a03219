#include "server/actors/tournament_launcher.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <variant>
#include <vector>

#include "server/actors/countdown.hpp"
#include "server/actors/director_actor.hpp"
#include "server/actors/polacco_actor.hpp"
#include "server/actors/resumed_polacco.hpp"
#include "server/actors/resumed_tournament.hpp"

namespace tavolo::server::actors {

struct Tournaments::Running {
    std::variant<std::unique_ptr<DirectorActor>, std::unique_ptr<PolaccoActor>> actor;

    void stop_dealing(std::function<void()> quiet) {
        std::visit([&](auto& a) { a->stop_dealing(std::move(quiet)); }, actor);
    }
    // Another node holds it now: a poker tournament's tables close at once (their hands in play
    // void); a Polacco tournament's hands end as they do (their commits are refused).
    void abandon(std::function<void()> quiet) {
        if (auto* director = std::get_if<std::unique_ptr<DirectorActor>>(&actor))
            (*director)->abandon(std::move(quiet));
        else
            stop_dealing(std::move(quiet));
    }
    void cancel(std::string reason, std::function<void(const CancellationOutcome&)> done) {
        std::visit([&](auto& a) { a->cancel(std::move(reason), std::move(done)); }, actor);
    }
};

Tournaments::Tournaments(ActorContext context, TableRegistry& registry, TournamentsOptions options)
    : context_(context), registry_(registry), options_(options) {}

Tournaments::~Tournaments() = default;

void Tournaments::set_lobby(LobbyNotices& lobby) {
    lobby_ = &lobby;
}

void Tournaments::start(lobby::StartTournament start) {
    const std::int64_t id = persistence::raw(start.tournament);
    std::lock_guard lock(mutex_);
    if (stopping_) {
        spdlog::warn("event=tournament_not_started tournament={} error=\"the server is shutting down\"", id);
        return;
    }
    if (running_.contains(id)) {
        spdlog::warn("event=tournament_not_started tournament={} error=\"it is running already\"", id);
        return;
    }
    auto running = std::make_shared<Running>();
    auto done = [this, id] { finished(id); };
    if (start.declaration.game == TournamentGame::Polacco)
        running->actor = std::make_unique<PolaccoActor>(
            context_, registry_, lobby_, PolaccoOptions{options_.pause_between_hands, options_.close_after},
            std::move(start), done);
    else
        running->actor = std::make_unique<DirectorActor>(
            context_, registry_, lobby_,
            DirectorOptions{options_.pause_between_hands, options_.close_after, options_.news_interval},
            std::move(start), done);
    running_.emplace(id, std::move(running));
}

void Tournaments::resume(std::shared_ptr<ResumedTournament> resumed) {
    const std::int64_t id = persistence::raw(resumed->start.tournament);
    std::lock_guard lock(mutex_);
    auto running = std::make_shared<Running>();
    running->actor = std::make_unique<DirectorActor>(
        context_, registry_, lobby_,
        DirectorOptions{options_.pause_between_hands, options_.close_after, options_.news_interval},
        std::move(resumed), [this, id] { finished(id); });
    running_.emplace(id, std::move(running));
}

void Tournaments::resume(std::shared_ptr<ResumedPolacco> resumed) {
    const std::int64_t id = persistence::raw(resumed->start.tournament);
    std::lock_guard lock(mutex_);
    auto running = std::make_shared<Running>();
    running->actor = std::make_unique<PolaccoActor>(
        context_, registry_, lobby_, PolaccoOptions{options_.pause_between_hands, options_.close_after},
        std::move(resumed), [this, id] { finished(id); });
    running_.emplace(id, std::move(running));
}

void Tournaments::add_late_entrant(lobby::AddLateEntrant entrant) {
    std::lock_guard lock(mutex_);
    const auto it = running_.find(persistence::raw(entrant.tournament));
    if (it == running_.end()) {
        spdlog::warn("event=late_entrant_refused tournament={} error=\"no such running tournament\"",
                     persistence::raw(entrant.tournament));
        return;
    }
    if (auto* director = std::get_if<std::unique_ptr<DirectorActor>>(&it->second->actor))
        (*director)->add_late_entrant(std::move(entrant));
    else
        spdlog::warn(
            "event=late_entrant_refused tournament={} error=\"a Polacco Sit&Go has no late registration\"",
            persistence::raw(entrant.tournament));
}

void Tournaments::stop_dealing(std::function<void()> quiet) {
    std::vector<std::shared_ptr<Running>> all;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        for (const auto& [id, running] : running_) {
            (void)id;
            all.push_back(running);
        }
    }
    // Each tournament answers once, from its own strand: the last answer calls `quiet`.
    const auto one_quiet = countdown(all.size(), std::move(quiet));
    for (const auto& running : all)
        running->stop_dealing(one_quiet);
}

void Tournaments::abandon(std::int64_t tournament, std::function<void()> done) {
    std::shared_ptr<Running> running = find(tournament);
    if (!running) {
        if (done) done();
        return;
    }
    running->abandon([this, tournament, done = std::move(done)] {
        for (const auto& address : registry_.addresses())
            if (address.tournament_id == tournament) registry_.remove(address);
        std::shared_ptr<Running> gone;  // destroyed outside the lock
        {
            std::lock_guard lock(mutex_);
            const auto it = running_.find(tournament);
            if (it != running_.end()) {
                gone = std::move(it->second);
                running_.erase(it);
            }
        }
        spdlog::warn("event=hosting_stopped tournament={}", tournament);
        if (done) done();
    });
}

void Tournaments::cancel(std::int64_t tournament, std::string reason,
                         std::function<void(const CancellationOutcome&)> done) {
    std::shared_ptr<Running> running;
    CancellationOutcome refused;
    {
        std::lock_guard lock(mutex_);
        const auto it = running_.find(tournament);
        if (const auto was = cancelled_.find(tournament); was != cancelled_.end()) {
            refused = was->second;
        } else if (it == running_.end()) {
            refused.error =
                "no running tournament " + std::to_string(tournament) + " (finished, or never started)";
        } else {
            running = it->second;
        }
    }
    if (!running) {
        refused.reason = reason;
        if (!refused.cancelled)
            spdlog::warn("event=tournament_not_cancelled tournament={} error=\"{}\"", tournament,
                         refused.error);
        if (done) done(refused);
        return;
    }
    // The actor's state lives on its strand until it answers, even if the actor is dropped first.
    running->cancel(std::move(reason),
                    [this, tournament, done = std::move(done)](const CancellationOutcome& o) {
                        if (o.cancelled) {
                            std::lock_guard lock(mutex_);
                            cancelled_[tournament] = o;
                        }
                        if (done) done(o);
                    });
}

std::shared_ptr<Tournaments::Running> Tournaments::find(std::int64_t tournament) const {
    std::lock_guard lock(mutex_);
    const auto it = running_.find(tournament);
    return it == running_.end() ? nullptr : it->second;
}

bool Tournaments::set_paused(std::int64_t tournament, bool paused, std::string reason,
                             std::function<void(std::expected<void, std::string>)> done) {
    auto running = find(tournament);
    if (!running) return false;
    if (auto* d = std::get_if<std::unique_ptr<DirectorActor>>(&running->actor))
        (*d)->set_paused(paused, std::move(reason), std::move(done));
    else if (auto* p = std::get_if<std::unique_ptr<PolaccoActor>>(&running->actor))
        (*p)->set_paused(paused, std::move(reason), std::move(done));
    return true;
}

bool Tournaments::inspect(std::int64_t tournament, std::function<void(std::string)> done) {
    auto running = find(tournament);
    if (!running) return false;
    if (auto* d = std::get_if<std::unique_ptr<DirectorActor>>(&running->actor))
        (*d)->inspect(std::move(done));
    else if (auto* p = std::get_if<std::unique_ptr<PolaccoActor>>(&running->actor))
        (*p)->inspect(std::move(done));
    return true;
}

bool Tournaments::preview_cancel(std::int64_t tournament,
                                 std::function<void(std::expected<CancellationOutcome, std::string>)> done) {
    auto running = find(tournament);
    if (!running) return false;
    if (auto* d = std::get_if<std::unique_ptr<DirectorActor>>(&running->actor))
        (*d)->preview_cancel(std::move(done));
    else if (auto* p = std::get_if<std::unique_ptr<PolaccoActor>>(&running->actor))
        (*p)->preview_cancel(std::move(done));
    return true;
}

std::optional<CancellationOutcome> Tournaments::cancelled(std::int64_t tournament) const {
    std::lock_guard lock(mutex_);
    const auto it = cancelled_.find(tournament);
    if (it == cancelled_.end()) return std::nullopt;
    return it->second;
}

std::size_t Tournaments::running() const {
    std::lock_guard lock(mutex_);
    return running_.size();
}

std::vector<std::int64_t> Tournaments::running_ids() const {
    std::lock_guard lock(mutex_);
    std::vector<std::int64_t> out;
    for (const auto& [id, running] : running_)
        out.push_back(id);
    return out;
}

// Called on the tournament's strand once its tables are closed: the actor is dropped outside the lock
// (its strand's pending work keeps what it needs alive).
void Tournaments::finished(std::int64_t tournament) {
    std::shared_ptr<Running> gone;
    {
        std::lock_guard lock(mutex_);
        const auto it = running_.find(tournament);
        if (it == running_.end()) return;
        gone = std::move(it->second);
        running_.erase(it);
    }
}

}  // namespace tavolo::server::actors
