#pragma once
// `tavolo bots`: N bots on one io_context thread (500 must be cheap: each is a connection, a
// tracker per table and a few counters), sharing the tallies of the final line
//   bots: players=N hands=H actions=A refused=R reconnects=C finished=T errors=E
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "tools/bots/latency.hpp"
#include "tools/bots/strategy.hpp"
#include "tools/client/url.hpp"
#include "tools/client/websocket_connection.hpp"

namespace tavolo::bots {

struct BotsOptions {
    std::string url;
    int count = 1;
    Strategy strategy = Strategy::Random;
    std::optional<std::int64_t> tournament;  // nothing: any registering tournament with a free seat
    std::optional<int> seconds;              // register again while they remain; nothing: once each
    bool verbose = false;                    // print each error as it happens
    std::string latency_report;              // a file for the latency figures ("": none)
    client::TlsOptions tls;
    std::uint64_t seed = 0;  // 0: from the system's entropy
    // At most this many registrations of the fleet waiting for the server's answer at once (0: no
    // limit): thousands of buy-ins at once outran the server's write queue (bench/mtt_scale.sh).
    int max_registering = 0;
};

// The final line's tallies.
struct Tally {
    int players = 0;                                                       // bots that logged in
    std::set<std::tuple<std::int64_t, std::int32_t, std::int64_t>> hands;  // (tournament, table, hand)
    std::int64_t actions = 0;
    std::int64_t refused = 0;
    std::int64_t reconnects = 0;
    std::set<std::int64_t> finished;  // tournaments seen finished
    std::int64_t errors = 0;
};

std::string summary_line(const Tally& tally);

class Bot;

// What the bots share (all on the one thread).
class Fleet {
  public:
    Fleet(BotsOptions options, client::Endpoint endpoint, std::shared_ptr<client::TlsContext> tls);
    ~Fleet();
    // Runs every bot until all are done; returns the tallies.
    const Tally& run();

    // ---- for the bots ----
    boost::asio::io_context& io() { return io_; }
    const BotsOptions& options() const { return options_; }
    const client::Endpoint& endpoint() const { return endpoint_; }
    const std::shared_ptr<client::TlsContext>& tls() const { return tls_; }
    Tally& tally() { return tally_; }
    LatencyBoard& latency() { return latency_; }
    bool deadline_passed() const { return deadline_passed_; }
    // A problem: counted in errors=, printed with --verbose.
    void error(const std::string& bot, const std::string& what);
    // Something worth saying with --verbose that is not an error (a refused action, an empty wallet).
    void note(const std::string& bot, const std::string& what);
    void bot_done();
    // Registrations this fleet has asked for or holds, by tournament: the bots fill tournaments one
    // after another whatever order their lobby views arrive in (a lobby re-opens a Sit&Go when one
    // starts, so there is always a fresh one to scatter over).
    std::map<std::int64_t, int>& claims() { return claims_; }
    // Which bots sit at which table (for the latency probes).
    std::map<client::TableKey, std::set<int>>& seated() { return seated_; }
    Bot& bot(int index) { return *bots_[static_cast<std::size_t>(index)]; }
    // A slot for one registration in flight (max_registering): true, or false and the bot is granted
    // one (Bot::slot_granted) when one frees.
    bool take_register_slot(int index);
    void release_register_slot();

  private:
    BotsOptions options_;
    client::Endpoint endpoint_;
    std::shared_ptr<client::TlsContext> tls_;
    boost::asio::io_context io_;
    boost::asio::steady_timer deadline_;
    boost::asio::signal_set signals_;  // SIGINT, SIGTERM: every bot stops, the summary is printed
    std::vector<std::unique_ptr<Bot>> bots_;
    Tally tally_;
    LatencyBoard latency_;
    std::map<client::TableKey, std::set<int>> seated_;
    std::map<std::int64_t, int> claims_;
    int running_ = 0;
    bool deadline_passed_ = false;
    int registering_ = 0;                  // slots taken
    std::deque<int> waiting_to_register_;  // bots waiting for a slot, in order
};

}  // namespace tavolo::bots
