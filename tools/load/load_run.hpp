#pragma once
// `tavolo load`'s run: P players (load_player.hpp) on one io_context thread keep T tables of the
// server's Sit&Gos in play. One coordinator seats them: the first player also follows the lobby
// (a single lobby subscriber: hundreds would make every registration hundreds of frames), and each
// registering Sit&Go of --seats seats is filled from the players with a free table slot (K each), at
// most T * S seats at once; a player eliminated, or whose Sit&Go ended, takes a seat in the next one
// (the server re-opens a Sit&Go as one starts). Once T tables are in play (or --ramp-seconds ran out)
// it measures --seconds and prints the window's line (run_report.hpp), then one
//   load-detail: key=value ...
// line (actions, refused, probes, the split), and stops.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <array>
#include <cstdint>
#include <deque>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "tools/bots/strategy.hpp"
#include "tools/client/table_tracker.hpp"
#include "tools/load/latency_probes.hpp"
#include "tools/load/load_options.hpp"
#include "tools/load/run_report.hpp"

namespace tavolo::load {

class LoadPlayer;

class LoadRun {
  public:
    LoadRun(LoadOptions options, Split split, std::ostream& out, std::ostream& err);
    ~LoadRun();
    // Plays until the window is measured (or every player is gone); the exit code: 0 when errors=0
    // and latency was sampled, 1 otherwise.
    int run();

    // ---- for the players ----
    boost::asio::io_context& io() { return io_; }
    bots::Strategy strategy() const { return strategy_; }
    int think_ms() const { return options_.think_ms; }
    void logged_in(int player);
    void lobby_message(const v1::ServerMessage& message);
    void registered(int player, std::int64_t tournament);
    void registration_refused(int player, std::int64_t tournament, bool closed, bool retry);
    void slot_freed(int player, std::int64_t tournament, bool tournament_over);
    void table_message(int player, const client::TableKey& table, const client::TableTracker& tracker);
    void action_written(int player, const client::TableKey& table, std::int64_t hand);
    void action_refused(int player, const std::string& why);
    void player_gone(int player, bool was_logged_in);
    void connect_retried(int player, const std::string& reason);
    // A logged-in player lost his connection and resumes on a new one (counted in resumes=).
    void player_resumes(int player, const std::string& reason);
    void hand_over_scout(int from);
    void error(int player, const std::string& what);

  private:
    struct Table {
        std::array<int, 10> player_at{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};  // by seat
        std::int64_t hand = 0;
        TableProbes probes;
    };
    struct Registering {
        int max_players = 0;
        int claimed = 0;  // seats asked for or held by our players
        std::set<int> players;
        bool closed = false;
    };
    struct KeyHash {
        std::size_t operator()(const client::TableKey& k) const {
            return std::hash<std::int64_t>()(k.tournament_id * 16 + k.table);
        }
    };

    void start_players();
    void assign();
    void tick();
    void finish();
    int seats_wanted() const { return options_.tables * options_.seats; }

    LoadOptions options_;
    Split split_;
    bots::Strategy strategy_;
    std::ostream& out_;
    std::ostream& err_;
    boost::asio::io_context io_;
    boost::asio::steady_timer ticker_;
    boost::asio::signal_set signals_;
    RunReport report_;
    std::vector<std::unique_ptr<LoadPlayer>> players_;
    int started_ = 0;     // players started so far (connections are opened a batch at a time)
    int connecting_ = 0;  // started, not logged in nor gone
    int logged_in_ = 0;
    std::deque<int> free_slots_;   // one entry per free table slot of a player
    std::vector<int> free_count_;  // per player: his entries in free_slots_
    void free_slot(int player);
    std::map<std::int64_t, Registering> registering_;
    std::unordered_map<client::TableKey, Table, KeyHash> tables_;  // in play
    int seats_claimed_ = 0;
    std::int64_t errors_ = 0;
    std::int64_t actions_ = 0;
    std::int64_t window_actions_ = 0;
    std::int64_t refused_ = 0;
    std::int64_t retried_ = 0;
    std::int64_t connect_retries_ = 0;
    std::int64_t resumes_ = 0;
    int scout_ = 0;  // the player following the lobby  // registrations the server could not record in time
    std::int64_t dropped_ = 0;
    std::int64_t tournaments_finished_ = 0;
    int ticks_ = 0;
    Clock::time_point started_at_ = Clock::now();
    std::optional<double> in_play_at_;  // seconds from the start when the ramp ended
    bool finishing_ = false;
    int exit_code_ = 1;
};

}  // namespace tavolo::load
