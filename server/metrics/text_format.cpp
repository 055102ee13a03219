#include "server/metrics/text_format.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace tavolo::server::metrics {

namespace {

bool name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

void require_name(std::string_view name) {
    if (!valid_metric_name(name))
        throw std::invalid_argument("not a Prometheus metric name: " + std::string(name));
}

std::string escape_help(std::string_view help) {
    std::string out;
    for (char c : help) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

}  // namespace

bool valid_metric_name(std::string_view name) {
    if (name.empty() || !name_start(name[0])) return false;
    for (char c : name)
        if (!name_start(c) && !(c >= '0' && c <= '9')) return false;
    return true;
}

std::string escape_label_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

std::string format_value(double value) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
    if (value == std::trunc(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    // The shortest exact form; plain digits (0.0001, not 1e-04) where that stays short.
    char buffer[64];
    const double magnitude = std::fabs(value);
    const auto written = magnitude >= 1e-6 && magnitude < 1e15
                             ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
                             : std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, written.ptr);
}

void TextWriter::header(std::string_view name, std::string_view help, std::string_view type) {
    require_name(name);
    out_.append("# HELP ").append(name).append(" ").append(escape_help(help)).append("\n");
    out_.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

void TextWriter::sample(std::string_view name, const Labels& labels, double value) {
    out_ += name;
    if (!labels.empty()) {
        out_ += '{';
        for (std::size_t i = 0; i < labels.size(); ++i) {
            require_name(labels[i].first);
            if (i > 0) out_ += ',';
            out_.append(labels[i].first)
                .append("=\"")
                .append(escape_label_value(labels[i].second))
                .append("\"");
        }
        out_ += '}';
    }
    out_ += ' ';
    out_ += format_value(value);
    out_ += '\n';
}

void TextWriter::counter(std::string_view name, std::string_view help, double value) {
    family(name, help, "counter", {Sample{{}, value}});
}

void TextWriter::gauge(std::string_view name, std::string_view help, double value) {
    family(name, help, "gauge", {Sample{{}, value}});
}

void TextWriter::family(std::string_view name, std::string_view help, std::string_view type,
                        const std::vector<Sample>& samples) {
    if (type != "counter" && type != "gauge")
        throw std::invalid_argument("a sample family is a counter or a gauge: " + std::string(type));
    if (type == "counter" && !name.ends_with("_total"))
        throw std::invalid_argument("a counter's name ends in _total: " + std::string(name));
    header(name, help, type);
    for (const auto& s : samples)
        sample(name, s.labels, s.value);
}

void TextWriter::histogram(std::string_view name, std::string_view help, const HistogramSnapshot& histogram) {
    header(name, help, "histogram");
    const std::string bucket = std::string(name) + "_bucket";
    for (std::size_t i = 0; i < histogram.upper_bounds.size(); ++i)
        sample(bucket, {{"le", format_value(histogram.upper_bounds[i])}},
               static_cast<double>(histogram.cumulative[i]));
    sample(bucket, {{"le", "+Inf"}}, static_cast<double>(histogram.count()));
    sample(std::string(name) + "_sum", {}, histogram.sum);
    sample(std::string(name) + "_count", {}, static_cast<double>(histogram.count()));
}

}  // namespace tavolo::server::metrics
