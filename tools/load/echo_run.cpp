#include "tools/load/echo_run.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <csignal>
#include <cstring>
#include <memory>
#include <ostream>
#include <vector>

#include "tools/client/url.hpp"
#include "tools/client/websocket_connection.hpp"
#include "tools/load/run_report.hpp"

namespace tavolo::load {

namespace {

constexpr std::size_t kFrameBytes = 100;  // about a Tavolo table event
constexpr int kConnectingAtOnce = 200;

class EchoRun {
  public:
    EchoRun(const LoadOptions& options, const Split& split, std::ostream& out, std::ostream& err)
        : options_(options),
          split_(split),
          out_(out),
          err_(err),
          ticker_(io_),
          signals_(io_, SIGINT, SIGTERM),
          report_(io_, metrics_url_of(options), true, out) {}

    int run() {
        const auto endpoint = *client::parse_url(options_.url);
        const auto players = static_cast<std::size_t>(split_.players);
        connections_.resize(players);
        endpoints_.assign(players, endpoint);
        for (std::size_t i = 0; i < players; ++i)
            if (!options_.hosts.empty()) endpoints_[i].host = options_.hosts[i % options_.hosts.size()];
        // Table i: S players from i * S on (mod P): each player at about K tables.
        tables_.resize(static_cast<std::size_t>(options_.tables));
        for (std::size_t i = 0; i < tables_.size(); ++i) {
            for (int j = 0; j < options_.seats; ++j)
                tables_[i].members.push_back(static_cast<int>(
                    (i * static_cast<std::size_t>(options_.seats) + static_cast<std::size_t>(j)) % players));
            tables_[i].timer = std::make_unique<boost::asio::steady_timer>(io_);
        }
        err_ << "load --echo: " << players << " connections for " << tables_.size() << " tables of "
             << options_.seats << " seats" << std::endl;
        signals_.async_wait([this](boost::system::error_code ec, int) {
            if (!ec) finish();
        });
        started_at_ = Clock::now();
        connect_more();
        tick();
        io_.run();
        return exit_code_;
    }

  private:
    struct Table {
        std::vector<int> members;
        int pending = 0;
        Clock::time_point sent{};
        Clock::time_point last{};
        std::unique_ptr<boost::asio::steady_timer> timer;
    };

    void connect_more() {
        while (!finishing_ && started_ < split_.players && connecting_ < kConnectingAtOnce) {
            const int i = started_++;
            ++connecting_;
            client::Connection::Handlers h;
            h.on_open = [this] {
                --connecting_;
                ++open_;
                connect_more();
                if (open_ == split_.players) begin();
            };
            h.on_frame = [this](std::string_view frame, bool) { on_echo(frame); };
            h.on_closed = [this, i](const std::string& reason) {
                auto& c = connections_[static_cast<std::size_t>(i)];
                boost::asio::post(io_, [gone = std::move(c)] { (void)gone; });
                if (finishing_) return;
                ++errors_;
                if (errors_ <= 10)
                    err_ << "load --echo: connection " << i << " lost: " << reason << std::endl;
            };
            auto& c = connections_[static_cast<std::size_t>(i)];
            c = client::make_connection(io_, endpoints_[static_cast<std::size_t>(i)], nullptr, std::move(h));
            c->start();
        }
    }

    void begin() {
        err_ << "load --echo: " << open_ << " connections open after "
             << static_cast<int>(std::chrono::duration<double>(Clock::now() - started_at_).count())
             << " s; measuring " << options_.seconds << " s" << std::endl;
        report_.start_window();
        ticks_ = 0;
        if (options_.echo_rate <= 0) {
            for (std::size_t i = 0; i < tables_.size(); ++i)
                act(i);
            return;
        }
        // At a given rate the tables' first actions are spread over one round (i / rate seconds), not
        // sent at once: a burst of T * S frames would be measured as the echo server's latency.
        const auto now = Clock::now();
        for (std::size_t i = 0; i < tables_.size(); ++i) {
            tables_[i].timer->expires_at(
                now + std::chrono::duration_cast<Clock::duration>(
                          std::chrono::duration<double>(static_cast<double>(i) / options_.echo_rate)));
            tables_[i].timer->async_wait([this, i](boost::system::error_code ec) {
                if (!ec) act(i);
            });
        }
    }

    void act(std::size_t i) {
        if (finishing_) return;
        Table& t = tables_[i];
        std::string frame(kFrameBytes, '\0');
        const auto index = static_cast<std::uint64_t>(i);
        std::memcpy(frame.data(), &index, sizeof index);
        t.sent = Clock::now();
        t.last = t.sent;
        t.pending = static_cast<int>(t.members.size());
        for (int m : t.members)
            if (const auto& c = connections_[static_cast<std::size_t>(m)]) c->send(frame);
    }

    void on_echo(std::string_view frame) {
        if (frame.size() < sizeof(std::uint64_t)) return;
        std::uint64_t index = 0;
        std::memcpy(&index, frame.data(), sizeof index);
        if (index >= tables_.size()) return;
        Table& t = tables_[index];
        if (--t.pending > 0) return;
        const auto now = Clock::now();
        report_.latency(std::chrono::duration<double, std::milli>(now - t.sent).count());
        report_.counted();
        if (options_.echo_rate <= 0) {
            boost::asio::post(io_, [this, index] { act(index); });
            return;
        }
        const auto gap = std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(static_cast<double>(tables_.size()) / options_.echo_rate));
        t.timer->expires_at(std::max(now, t.last + gap));
        t.timer->async_wait([this, index](boost::system::error_code ec) {
            if (!ec) act(index);
        });
    }

    void tick() {
        if (finishing_) return;
        ++ticks_;
        report_.tables_now(static_cast<std::int64_t>(tables_.size()));
        const double elapsed = std::chrono::duration<double>(Clock::now() - started_at_).count();
        if (report_.measuring()) {
            if (report_.window_seconds() >= options_.seconds) return finish();
            if (ticks_ % options_.report_every == 0) report_.interval_line(open_, errors_);
        } else if (elapsed >= options_.ramp_seconds) {
            err_ << "load --echo: only " << open_ << " of " << split_.players << " connections open after "
                 << options_.ramp_seconds << " s" << std::endl;
            ++errors_;
            begin();
        }
        ticker_.expires_after(std::chrono::seconds(1));
        ticker_.async_wait([this](boost::system::error_code ec) {
            if (!ec) tick();
        });
    }

    void finish() {
        if (finishing_) return;
        finishing_ = true;
        ticker_.cancel();
        signals_.cancel();
        for (auto& t : tables_)
            t.timer->cancel();
        if (!report_.measuring()) report_.start_window();
        report_.final_line(open_, errors_, [this](const LoadFigures&) {
            exit_code_ = errors_ == 0 && report_.window_samples() > 0 ? 0 : 1;
            for (auto& c : connections_)
                if (c) c->close();
            ticker_.expires_after(std::chrono::seconds(2));
            ticker_.async_wait([this](boost::system::error_code) { io_.stop(); });
        });
    }

    const LoadOptions& options_;
    Split split_;
    std::ostream& out_;
    std::ostream& err_;
    boost::asio::io_context io_;
    boost::asio::steady_timer ticker_;
    boost::asio::signal_set signals_;
    RunReport report_;
    std::vector<client::Endpoint> endpoints_;
    std::vector<std::shared_ptr<client::Connection>> connections_;
    std::vector<Table> tables_;
    int started_ = 0;
    int connecting_ = 0;
    int open_ = 0;
    std::int64_t errors_ = 0;
    int ticks_ = 0;
    Clock::time_point started_at_{};
    bool finishing_ = false;
    int exit_code_ = 1;
};

}  // namespace

int run_echo(const LoadOptions& options, const Split& split, std::ostream& out, std::ostream& err) {
    EchoRun run(options, split, out, err);
    return run.run();
}

}  // namespace tavolo::load
