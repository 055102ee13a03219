#include "tools/load/load_run.hpp"

#include <algorithm>
#include <csignal>
#include <ostream>
#include <random>

#include "tools/client/url.hpp"
#include "tools/load/load_player.hpp"

namespace tavolo::load {

namespace {

constexpr int kConnectingAtOnce =
    200;                            // accounts are made a batch at a time (the server hashes each password)
constexpr int kErrorsPrinted = 10;  // without --verbose

}  // namespace

LoadRun::LoadRun(LoadOptions options, Split split, std::ostream& out, std::ostream& err)
    : options_(std::move(options)),
      split_(split),
      strategy_(*bots::strategy_of(options_.strategy)),
      out_(out),
      err_(err),
      ticker_(io_),
      signals_(io_, SIGINT, SIGTERM),
      report_(io_, metrics_url_of(options_), false, out) {}

LoadRun::~LoadRun() = default;

int LoadRun::run() {
    auto endpoint = client::parse_url(options_.url);
    std::random_device entropy;
    std::seed_seq seq{entropy(), entropy(), entropy(), entropy()};
    std::vector<std::uint64_t> seeds(static_cast<std::size_t>(split_.players));
    std::mt19937_64 seeder(seq);
    players_.reserve(seeds.size());
    free_count_.assign(seeds.size(), 0);
    for (int i = 0; i < split_.players; ++i) {
        client::Endpoint e = *endpoint;
        if (!options_.hosts.empty())
            e.host = options_.hosts[static_cast<std::size_t>(i) % options_.hosts.size()];
        players_.push_back(std::make_unique<LoadPlayer>(*this, i, e, seeder(), i == 0));
    }
    err_ << "load: " << split_.players << " players (connections), each at up to " << split_.tables_per_player
         << " tables, for " << options_.tables << " tables of " << options_.seats << " seats" << std::endl;
    signals_.async_wait([this](boost::system::error_code ec, int) {
        if (!ec) finish();
    });
    started_at_ = Clock::now();
    start_players();
    tick();
    io_.run();
    return exit_code_;
}

void LoadRun::start_players() {
    while (!finishing_ && started_ < split_.players && connecting_ < kConnectingAtOnce) {
        ++connecting_;
        players_[static_cast<std::size_t>(started_++)]->start();
    }
}

void LoadRun::logged_in(int player) {
    --connecting_;
    ++logged_in_;
    for (int k = 0; k < split_.tables_per_player; ++k)
        free_slot(player);
    start_players();
    assign();
}

void LoadRun::player_gone(int player, bool was_logged_in) {
    if (free_count_[static_cast<std::size_t>(player)] > 0) {  // his free slots go with him
        std::erase(free_slots_, player);
        free_count_[static_cast<std::size_t>(player)] = 0;
    }
    if (was_logged_in)
        --logged_in_;
    else
        --connecting_;
    hand_over_scout(player);
    start_players();
}

// The lobby's follower is gone or resuming (the server cuts a connection that reads too slowly; a
// follower that resumed would get the whole listing again on top of its tables' snapshots): another
// player follows it, and its snapshot replaces what the run knew.
void LoadRun::hand_over_scout(int from) {
    if (from != scout_ || finishing_) return;
    for (std::size_t i = 0; i < players_.size(); ++i) {
        const LoadPlayer& p = *players_[i];
        if (static_cast<int>(i) == from || p.gone() || !p.logged_in() || p.resuming()) continue;
        scout_ = static_cast<int>(i);
        players_[i]->become_scout();
        err_ << "load: player " << i << " follows the lobby now" << std::endl;
        return;
    }
}

void LoadRun::player_resumes(int player, const std::string& reason) {
    ++resumes_;
    if (player == scout_) {
        players_[static_cast<std::size_t>(player)]->stop_scouting();
        hand_over_scout(player);
    }
    if (options_.verbose || resumes_ <= kErrorsPrinted)
        err_ << "load: player " << player << " resumes: " << reason << std::endl;
    // What it missed meanwhile: the probes waiting for it are dropped, its seats taken back by the
    // snapshots that follow the resume.
    for (auto& [key, table] : tables_)
        for (std::size_t seat = 0; seat < table.player_at.size(); ++seat)
            if (table.player_at[seat] == player) {
                table.player_at[seat] = -1;
                dropped_ += table.probes.forget(static_cast<int>(seat));
            }
}

void LoadRun::connect_retried(int player, const std::string& reason) {
    ++connect_retries_;
    if (options_.verbose) err_ << "load: player " << player << ": connecting again: " << reason << std::endl;
}

void LoadRun::error(int player, const std::string& what) {
    ++errors_;
    if (options_.verbose || errors_ <= kErrorsPrinted)
        err_ << "load: player " << player << ": " << what << std::endl;
}

void LoadRun::action_refused(int player, const std::string& why) {
    ++refused_;
    if (options_.verbose) err_ << "load: player " << player << ": action refused: " << why << std::endl;
}

// ---- Seating -------------------------------------------------------------------------------------

void LoadRun::lobby_message(const v1::ServerMessage& message) {
    const auto ours = [this](const v1::TournamentInfo& info) {
        return info.game() == v1::GAME_HOLDEM && info.max_players() == options_.seats &&
               info.min_players() == options_.seats && info.state() == v1::TOURNAMENT_STATE_REGISTERING;
    };
    // What the run knows of a registering Sit&Go (its claims, who holds them) survives a new snapshot
    // (another player follows the lobby after the first was cut); the lobby's count of entrants is a floor.
    const auto take = [&](const v1::TournamentInfo& info, std::map<std::int64_t, Registering>& into) {
        Registering r;
        if (const auto it = registering_.find(info.id()); it != registering_.end()) r = it->second;
        r.max_players = info.max_players();
        r.claimed = std::max(r.claimed, info.entrants());
        into[info.id()] = std::move(r);
    };
    if (message.has_lobby_snapshot()) {
        std::map<std::int64_t, Registering> now;
        for (const auto& info : message.lobby_snapshot().tournaments())
            if (ours(info)) take(info, now);
        registering_ = std::move(now);
    } else if (message.lobby_update().removed() || !ours(message.lobby_update().tournament())) {
        registering_.erase(message.lobby_update().tournament().id());
    } else {
        take(message.lobby_update().tournament(), registering_);
    }
    assign();
}

// Registering Sit&Gos are filled one after another from the free slots, a player at most once in each.
void LoadRun::free_slot(int player) {
    if (players_[static_cast<std::size_t>(player)]->gone()) return;  // his slots went with him
    free_slots_.push_back(player);
    ++free_count_[static_cast<std::size_t>(player)];
}

// Each registering Sit&Go takes free slots of players not yet in it, among the first kLookahead slots
// of the queue the player with the most free slots first (beyond them, the first that fits): the seats
// are about the slots (P x K >= T x N, P rounded up), and a player left with slots only for Sit&Gos he
// is already in would leave a table unfilled.
void LoadRun::assign() {
    constexpr std::size_t kLookahead = 64;
    if (finishing_) return;
    for (auto& [id, r] : registering_) {
        if (r.closed) continue;
        while (r.claimed < r.max_players && seats_claimed_ < seats_wanted() && !free_slots_.empty()) {
            auto best = free_slots_.end();
            const auto window =
                free_slots_.begin() + static_cast<std::ptrdiff_t>(std::min(kLookahead, free_slots_.size()));
            for (auto it = free_slots_.begin(); it != window; ++it)
                if (!r.players.contains(*it) &&
                    (best == free_slots_.end() || free_count_[static_cast<std::size_t>(*it)] >
                                                      free_count_[static_cast<std::size_t>(*best)]))
                    best = it;
            if (best == free_slots_.end())
                best = std::find_if(window, free_slots_.end(), [&](int p) { return !r.players.contains(p); });
            if (best == free_slots_.end()) break;
            const int p = *best;
            free_slots_.erase(best);
            --free_count_[static_cast<std::size_t>(p)];
            r.players.insert(p);
            ++r.claimed;
            ++seats_claimed_;
            players_[static_cast<std::size_t>(p)]->register_for(id);
        }
        if (seats_claimed_ >= seats_wanted() || free_slots_.empty()) return;
    }
}

void LoadRun::registered(int, std::int64_t) {}

void LoadRun::registration_refused(int player, std::int64_t tournament, bool closed, bool retry) {
    if (retry) ++retried_;
    --seats_claimed_;
    free_slot(player);
    if (const auto it = registering_.find(tournament); it != registering_.end()) {
        --it->second.claimed;
        it->second.players.erase(player);
        if (closed) it->second.closed = true;
    }
    assign();
}

void LoadRun::slot_freed(int player, std::int64_t tournament, bool tournament_over) {
    --seats_claimed_;
    free_slot(player);
    for (auto it = tables_.begin(); it != tables_.end();) {
        if (it->first.tournament_id != tournament) {
            ++it;
            continue;
        }
        if (tournament_over) {
            ++tournaments_finished_;
            it = tables_.erase(it);
            continue;
        }
        for (std::size_t seat = 0; seat < it->second.player_at.size(); ++seat)
            if (it->second.player_at[seat] == player) {
                it->second.player_at[seat] = -1;
                dropped_ += it->second.probes.forget(static_cast<int>(seat));
            }
        ++it;
    }
    assign();
}

// ---- Play ----------------------------------------------------------------------------------------

void LoadRun::table_message(int player, const client::TableKey& key, const client::TableTracker& tracker) {
    const int seat = tracker.state().your_seat();
    if (seat < 0 || seat >= 10) return;
    Table& t = tables_[key];
    t.player_at[static_cast<std::size_t>(seat)] = player;
    if (tracker.hand() > t.hand) {
        t.hand = tracker.hand();
        report_.counted();
    }
    static thread_local LatencySamples batch;
    t.probes.received(seat, Clock::now(), batch);
    if (batch.size() > 0) report_.latencies(batch);
}

void LoadRun::action_written(int, const client::TableKey& key, std::int64_t hand) {
    ++actions_;
    if (report_.measuring()) ++window_actions_;
    const auto it = tables_.find(key);
    if (it == tables_.end()) return;
    std::uint32_t waiting = 0;
    for (std::size_t seat = 0; seat < it->second.player_at.size(); ++seat) {
        const int q = it->second.player_at[seat];
        if (q >= 0 && players_[static_cast<std::size_t>(q)]->dealt_in(key, hand)) waiting |= 1U << seat;
    }
    if (it->second.probes.sent(waiting, Clock::now())) ++dropped_;
}

// ---- Time ----------------------------------------------------------------------------------------

void LoadRun::tick() {
    if (finishing_) return;
    ++ticks_;
    const auto tables = static_cast<std::int64_t>(tables_.size());
    report_.tables_now(tables);
    const double elapsed = std::chrono::duration<double>(Clock::now() - started_at_).count();
    if (!report_.measuring()) {
        if (!in_play_at_ && (tables >= options_.tables || elapsed >= options_.ramp_seconds)) {
            in_play_at_ = elapsed;
            err_ << "load: " << tables << " tables in play after " << static_cast<int>(elapsed) << " s; ";
            if (options_.warmup_seconds > 0) err_ << "warming up " << options_.warmup_seconds << " s, then ";
            err_ << "measuring " << options_.seconds << " s" << std::endl;
        }
        if (in_play_at_ && elapsed >= *in_play_at_ + options_.warmup_seconds) {
            report_.start_window();
            ticks_ = 0;
        } else if (!in_play_at_ && ticks_ % options_.report_every == 0) {
            err_ << "load: ramping up: players=" << logged_in_ << " tables=" << tables
                 << " seats_claimed=" << seats_claimed_ << " errors=" << errors_ << " after "
                 << static_cast<int>(elapsed) << " s" << std::endl;
        }
    } else {
        if (report_.window_seconds() >= options_.seconds) return finish();
        if (ticks_ % options_.report_every == 0) report_.interval_line(logged_in_, errors_);
    }
    if (started_ == split_.players && connecting_ == 0 && logged_in_ == 0) {
        err_ << "load: every player is gone" << std::endl;
        return finish();
    }
    ticker_.expires_after(std::chrono::seconds(1));
    ticker_.async_wait([this](boost::system::error_code ec) {
        if (!ec) tick();
    });
}

void LoadRun::finish() {
    if (finishing_) return;
    finishing_ = true;
    ticker_.cancel();
    signals_.cancel();
    if (!report_.measuring()) report_.start_window();  // interrupted while ramping up: an empty window
    report_.final_line(logged_in_, errors_, [this](const LoadFigures&) {
        const double seconds = report_.window_seconds();
        out_ << "load-detail: seconds=" << static_cast<int>(seconds)
             << " ramp_s=" << static_cast<int>(in_play_at_.value_or(0))
             << " warmup_s=" << options_.warmup_seconds << " connections=" << split_.players
             << " tables_per_player=" << split_.tables_per_player << " seats=" << options_.seats
             << " think_ms=" << options_.think_ms << " actions=" << actions_ << " actions_per_s="
             << (seconds > 0 ? static_cast<std::int64_t>(static_cast<double>(window_actions_) / seconds) : 0)
             << " refused=" << refused_ << " retried=" << retried_ << " connect_retries=" << connect_retries_
             << " resumes=" << resumes_ << " samples=" << report_.window_samples()
             << " dropped_probes=" << dropped_ << " tournaments_finished=" << tournaments_finished_
             << std::endl;
        if (!report_.scrape_error().empty())
            err_ << "load: server_cpu and server_rss_mb not measured: " << report_.scrape_error()
                 << std::endl;
        exit_code_ = errors_ == 0 && report_.window_samples() > 0 ? 0 : 1;
        for (auto& p : players_)
            p->close();
        ticker_.expires_after(std::chrono::seconds(2));  // the close handshakes, then stop
        ticker_.async_wait([this](boost::system::error_code) { io_.stop(); });
    });
}

}  // namespace tavolo::load
