#pragma once
// What `tavolo load` reads of the server: the standard Prometheus process metrics on its /metrics page
// (`process_cpu_seconds_total`, `process_resident_memory_bytes`; server/metrics/process_stats.hpp),
// fetched with an HTTP GET on the run's own io_context (Beast only in metrics_scrape.cpp), so a remote
// server is measured as a local one.
#include <boost/asio/io_context.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tavolo::load {

struct ProcessSample {
    double cpu_seconds = 0;
    double resident_bytes = 0;
};

// The two values from a page in the text format; nothing when either is missing.
std::optional<ProcessSample> parse_process_metrics(std::string_view page);

// Cores used between two samples taken `seconds` apart (1.73: one core and three quarters).
double cores_used(const ProcessSample& from, const ProcessSample& to, double seconds);

class MetricsScraper {
  public:
    // `url`: http://HOST:PORT/PATH. A bad URL makes every scrape answer nothing.
    MetricsScraper(boost::asio::io_context& io, std::string url);
    ~MetricsScraper();
    // One GET (one at a time: a call while one is under way starts its own when that one ends); `done`
    // gets the values, or nothing when the page could not be fetched or read (a 20 s timeout: a loaded
    // server answers late).
    void scrape(std::function<void(std::optional<ProcessSample>)> done);
    const std::string& last_error() const;

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

}  // namespace tavolo::load
