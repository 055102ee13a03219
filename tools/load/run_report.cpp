#include "tools/load/run_report.hpp"

#include <cmath>
#include <ostream>

namespace tavolo::load {

RunReport::RunReport(boost::asio::io_context& io, const std::string& metrics_url, bool echo,
                     std::ostream& out)
    : echo_(echo), out_(out) {
    if (!metrics_url.empty()) scraper_.emplace(io, metrics_url);
}

void RunReport::latency(double ms) {
    interval_.add(ms);
    if (measuring_) window_.add(ms);
}

void RunReport::latencies(LatencySamples& batch) {
    interval_.append(batch);
    if (measuring_) window_.append(batch);
    batch.clear();
}

void RunReport::counted(std::int64_t n) {
    interval_count_ += n;
    if (measuring_) window_count_ += n;
}

void RunReport::tables_now(std::int64_t tables) {
    tables_now_ = tables;
    if (!measuring_) return;
    tables_sum_ += static_cast<double>(tables);
    ++tables_ticks_;
}

void RunReport::scrape(std::function<void(std::optional<Stamped>)> then) {
    if (!scraper_) return then(std::nullopt);
    scraper_->scrape([this, then = std::move(then)](std::optional<ProcessSample> sample) {
        std::optional<Stamped> stamped;
        if (sample) stamped = Stamped{*sample, Clock::now()};
        then(stamped);
    });
}

void RunReport::start_window() {
    measuring_ = true;
    window_start_ = Clock::now();
    window_end_.reset();
    window_.clear();
    window_count_ = 0;
    // The first interval line covers the window's first seconds, not the ramp (nor the warm-up) before.
    interval_.clear();
    interval_count_ = 0;
    interval_start_ = window_start_;
    tables_sum_ = 0;
    tables_ticks_ = 0;
    scrape([this](std::optional<Stamped> s) { window_scrape_ = s; });
}

double RunReport::window_seconds() const {
    if (!measuring_) return 0.0;
    return std::chrono::duration<double>(window_end_.value_or(Clock::now()) - window_start_).count();
}

const std::string& RunReport::scrape_error() const {
    return scraper_ ? scraper_->last_error() : no_scraper_;
}

void RunReport::interval_line(std::int64_t players, std::int64_t errors) {
    const auto now = Clock::now();
    const double seconds = std::chrono::duration<double>(now - interval_start_).count();
    LoadFigures f;
    f.tables = tables_now_;
    f.players = players;
    f.per_second = seconds > 0 ? static_cast<double>(interval_count_) / seconds : 0.0;
    f.p50_ms = interval_.quantile(0.50);
    f.p99_ms = interval_.quantile(0.99);
    f.p999_ms = interval_.quantile(0.999);
    f.server_cpu = interval_cpu_;
    f.server_rss_mb = last_scrape_ ? last_scrape_->sample.resident_bytes / (1024.0 * 1024.0) : -1;
    f.errors = errors;
    out_ << load_line(f, echo_) << std::endl;
    interval_.clear();
    interval_count_ = 0;
    interval_start_ = now;
    scrape([this](std::optional<Stamped> s) {
        if (!s) return;
        if (last_scrape_)
            interval_cpu_ = cores_used(last_scrape_->sample, s->sample,
                                       std::chrono::duration<double>(s->at - last_scrape_->at).count());
        last_scrape_ = s;
    });
}

void RunReport::final_line(std::int64_t players, std::int64_t errors,
                           std::function<void(const LoadFigures&)> done) {
    window_end_ = Clock::now();  // the closing scrape may come late: the window ends now
    const double seconds = window_seconds();
    LoadFigures f;
    f.tables =
        tables_ticks_ > 0 ? std::llround(tables_sum_ / static_cast<double>(tables_ticks_)) : tables_now_;
    f.players = players;
    f.per_second = seconds > 0 ? static_cast<double>(window_count_) / seconds : 0.0;
    f.p50_ms = window_.quantile(0.50);
    f.p99_ms = window_.quantile(0.99);
    f.p999_ms = window_.quantile(0.999);
    f.errors = errors;
    scrape([this, f, done = std::move(done)](std::optional<Stamped> s) mutable {
        if (s) {
            f.server_rss_mb = s->sample.resident_bytes / (1024.0 * 1024.0);
            if (window_scrape_)
                f.server_cpu = cores_used(window_scrape_->sample, s->sample,
                                          std::chrono::duration<double>(s->at - window_scrape_->at).count());
        }
        out_ << load_line(f, echo_) << std::endl;
        done(f);
    });
}

}  // namespace tavolo::load
