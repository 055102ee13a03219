#pragma once
// The figures of a run (a `tavolo load` run or its --echo twin) and their lines: every --report-every
// seconds the interval's line, at the end the measured window's. The server's CPU and memory come from
// its /metrics page (metrics_scrape.hpp), scraped at each interval and at the window's two ends.
#include <boost/asio/io_context.hpp>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "tools/load/latency_probes.hpp"
#include "tools/load/load_line.hpp"
#include "tools/load/metrics_scrape.hpp"

namespace tavolo::load {

class RunReport {
  public:
    RunReport(boost::asio::io_context& io, const std::string& metrics_url, bool echo, std::ostream& out);

    // A latency sample, and a hand (or, echo, an action) done.
    void latency(double ms);
    void latencies(LatencySamples& batch);  // appends them all and empties `batch`
    void counted(std::int64_t n = 1);
    // Once a second: the tables in play now (the window's tables= is their mean).
    void tables_now(std::int64_t tables);
    // The measured window starts now (its figures from here; a scrape for the CPU's baseline).
    void start_window();
    bool measuring() const { return measuring_; }
    // The interval's line (and a scrape for the next one).
    void interval_line(std::int64_t players, std::int64_t errors);
    // The window's line, once its closing scrape is back; then `done`.
    void final_line(std::int64_t players, std::int64_t errors, std::function<void(const LoadFigures&)> done);

    std::int64_t window_count() const { return window_count_; }
    double window_seconds() const;
    std::size_t window_samples() const { return window_.size(); }
    const std::string& scrape_error() const;

  private:
    struct Stamped {
        ProcessSample sample;
        Clock::time_point at;
    };
    void scrape(std::function<void(std::optional<Stamped>)> then);

    bool echo_;
    std::ostream& out_;
    std::optional<MetricsScraper> scraper_;
    LatencySamples interval_;
    LatencySamples window_;
    std::int64_t interval_count_ = 0;
    std::int64_t window_count_ = 0;
    std::int64_t tables_now_ = 0;
    double tables_sum_ = 0;
    std::int64_t tables_ticks_ = 0;
    bool measuring_ = false;
    Clock::time_point interval_start_ = Clock::now();
    Clock::time_point window_start_{};
    std::optional<Clock::time_point> window_end_;  // set by final_line
    std::optional<Stamped> last_scrape_;
    std::optional<Stamped> window_scrape_;
    double interval_cpu_ = -1;
    std::string no_scraper_;
};

}  // namespace tavolo::load
