#pragma once
// The Prometheus text exposition format 0.0.4 (server/metrics/README.md): # HELP and # TYPE once per
// family, before its samples; label values and help text escaped; histograms as cumulative
// _bucket{le="..."} lines ending at +Inf, then _sum and _count.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/metrics/histogram.hpp"

namespace tavolo::server::metrics {

// The Content-Type a scrape is answered with.
inline constexpr std::string_view kTextContentType = "text/plain; version=0.0.4; charset=utf-8";

using Labels = std::vector<std::pair<std::string, std::string>>;

struct Sample {
    Labels labels;
    double value = 0;
};

class TextWriter {
  public:
    // A family without labels. A counter's name ends in _total (std::invalid_argument otherwise, as
    // for a name Prometheus does not accept).
    void counter(std::string_view name, std::string_view help, double value);
    void gauge(std::string_view name, std::string_view help, double value);
    // A family with labels: type is "counter" or "gauge".
    void family(std::string_view name, std::string_view help, std::string_view type,
                const std::vector<Sample>& samples);
    void histogram(std::string_view name, std::string_view help, const HistogramSnapshot& histogram);

    const std::string& text() const { return out_; }

  private:
    void header(std::string_view name, std::string_view help, std::string_view type);
    void sample(std::string_view name, const Labels& labels, double value);
    std::string out_;
};

// 42, 0.25, +Inf, -Inf, NaN: integers without a fraction, other values in the shortest exact form.
std::string format_value(double value);
// A label value with \, " and newline escaped.
std::string escape_label_value(std::string_view value);
// [a-zA-Z_:][a-zA-Z0-9_:]*
bool valid_metric_name(std::string_view name);

}  // namespace tavolo::server::metrics
