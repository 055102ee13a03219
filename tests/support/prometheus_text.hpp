#pragma once
// A strict parser of the Prometheus text exposition format 0.0.4, for the tests of /metrics: every line
// is a # HELP, a # TYPE or a sample; a family's HELP and TYPE come once, before its samples, and its
// samples are together; names and label names are valid, label values properly escaped, values
// numbers (or +Inf, -Inf, NaN); a counter's name ends in _total; a histogram's buckets carry `le`,
// rise, are cumulative, end at +Inf, and its _count equals the +Inf bucket. Any breach is an error
// naming the line.
#include <cmath>
#include <cstdlib>
#include <expected>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tavolo::testing {

struct PromSample {
    std::string name;  // tavolo_x_bucket, tavolo_x_sum... as written
    std::map<std::string, std::string> labels;
    double value = 0;
};

struct PromFamily {
    std::string help;
    std::string type;  // counter, gauge, histogram, summary, untyped
    std::vector<PromSample> samples;
};

struct PromExposition {
    std::map<std::string, PromFamily> families;

    // The value of the sample `name` with exactly these labels; nullopt when there is none.
    std::optional<double> value(const std::string& name,
                                const std::map<std::string, std::string>& labels = {}) const {
        for (const auto& [_, family] : families)
            for (const auto& s : family.samples)
                if (s.name == name && s.labels == labels) return s.value;
        return std::nullopt;
    }
};

namespace prom_detail {

inline bool name_char(char c, bool first, bool colon) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return true;
    if (c == ':') return colon;
    return !first && c >= '0' && c <= '9';
}

// Reads a metric name (colon allowed) or a label name (no colon) at `at`.
inline std::string read_name(std::string_view line, std::size_t& at, bool colon) {
    std::size_t start = at;
    while (at < line.size() && name_char(line[at], at == start, colon))
        ++at;
    return std::string(line.substr(start, at - start));
}

inline std::optional<double> parse_value(std::string_view text) {
    if (text == "+Inf") return INFINITY;
    if (text == "-Inf") return -INFINITY;
    if (text == "NaN") return NAN;
    if (text.empty()) return std::nullopt;
    std::string s(text);
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return std::nullopt;
    if (std::isinf(v) || std::isnan(v)) return std::nullopt;  // only the spellings above
    return v;
}

// The family a sample belongs to: itself, or a histogram's name without _bucket/_sum/_count.
inline std::string family_of(const std::string& sample, const std::map<std::string, PromFamily>& families) {
    if (families.contains(sample)) return sample;
    for (std::string_view suffix : {"_bucket", "_sum", "_count"}) {
        if (sample.ends_with(suffix)) {
            std::string base = sample.substr(0, sample.size() - suffix.size());
            auto it = families.find(base);
            if (it != families.end() && it->second.type == "histogram") return base;
        }
    }
    return {};
}

inline std::expected<void, std::string> check_histogram(const std::string& name, const PromFamily& f) {
    // Buckets grouped by their labels other than le (we use none: one series).
    std::vector<std::pair<double, double>> buckets;
    std::optional<double> sum, count;
    for (const auto& s : f.samples) {
        if (s.name == name + "_bucket") {
            auto le = s.labels.find("le");
            if (le == s.labels.end()) return std::unexpected(name + ": a bucket without le");
            auto bound = parse_value(le->second);
            if (!bound) return std::unexpected(name + ": le is not a number: " + le->second);
            buckets.emplace_back(*bound, s.value);
        } else if (s.name == name + "_sum") {
            sum = s.value;
        } else if (s.name == name + "_count") {
            count = s.value;
        }
    }
    if (buckets.empty()) return std::unexpected(name + ": a histogram without buckets");
    for (std::size_t i = 1; i < buckets.size(); ++i) {
        if (!(buckets[i].first > buckets[i - 1].first))
            return std::unexpected(name + ": bucket bounds do not rise");
        if (buckets[i].second < buckets[i - 1].second)
            return std::unexpected(name + ": bucket counts are not cumulative");
    }
    if (!std::isinf(buckets.back().first) || buckets.back().first < 0)
        return std::unexpected(name + ": the last bucket is not le=\"+Inf\"");
    if (!sum || !count) return std::unexpected(name + ": _sum or _count missing");
    if (*count != buckets.back().second)
        return std::unexpected(name + ": _count differs from the +Inf bucket");
    return {};
}

}  // namespace prom_detail

inline std::expected<PromExposition, std::string> parse_prometheus_text(std::string_view text) {
    using namespace prom_detail;
    PromExposition out;
    if (!text.empty() && !text.ends_with('\n'))
        return std::unexpected("the text does not end with a newline");
    std::set<std::string> closed;  // families whose samples are over (another family's came after)
    std::string current;           // the family whose samples come now
    int number = 0;
    std::size_t at_line = 0;
    while (at_line < text.size()) {
        std::size_t end = text.find('\n', at_line);
        std::string_view line = text.substr(at_line, end - at_line);
        at_line = end + 1;
        ++number;
        auto fail = [&](const std::string& why) {
            return std::unexpected("line " + std::to_string(number) + " (" + std::string(line) + "): " + why);
        };
        if (line.empty()) continue;
        if (line.starts_with("# HELP ") || line.starts_with("# TYPE ")) {
            const bool help = line[2] == 'H';
            std::size_t at = 7;
            std::string name = read_name(line, at, true);
            if (name.empty()) return fail("no metric name");
            if (at < line.size() && line[at] != ' ') return fail("bad metric name");
            std::string rest = at < line.size() ? std::string(line.substr(at + 1)) : "";
            auto& family = out.families[name];
            if (!family.samples.empty()) return fail("HELP or TYPE after the family's samples");
            if (help) {
                if (!family.help.empty()) return fail("a second HELP");
                if (rest.empty()) return fail("an empty HELP");
                for (std::size_t i = 0; i < rest.size(); ++i) {
                    if (rest[i] != '\\') continue;
                    if (i + 1 == rest.size() || (rest[i + 1] != '\\' && rest[i + 1] != 'n'))
                        return fail("a bad escape in HELP");
                    ++i;  // the escaped character
                }
                family.help = rest;
            } else {
                if (!family.type.empty()) return fail("a second TYPE");
                static const std::set<std::string> types{"counter", "gauge", "histogram", "summary",
                                                         "untyped"};
                if (!types.contains(rest)) return fail("unknown TYPE " + rest);
                if (rest == "counter" && !name.ends_with("_total"))
                    return fail("a counter's name must end in _total");
                family.type = rest;
            }
            continue;
        }
        if (line.starts_with('#')) return fail("a comment that is neither HELP nor TYPE");

        PromSample sample;
        std::size_t at = 0;
        sample.name = read_name(line, at, true);
        if (sample.name.empty()) return fail("no metric name");
        if (at < line.size() && line[at] == '{') {
            ++at;
            while (true) {
                if (at < line.size() && line[at] == '}') {
                    ++at;
                    break;
                }
                std::string label = read_name(line, at, false);
                if (label.empty()) return fail("a bad label name");
                if (at + 1 >= line.size() || line[at] != '=' || line[at + 1] != '"')
                    return fail("label without =\"");
                at += 2;
                std::string value;
                while (true) {
                    if (at >= line.size()) return fail("an unterminated label value");
                    char c = line[at++];
                    if (c == '"') break;
                    if (c == '\\') {
                        if (at >= line.size()) return fail("a bad escape");
                        char e = line[at++];
                        if (e == 'n')
                            value += '\n';
                        else if (e == '\\' || e == '"')
                            value += e;
                        else
                            return fail("a bad escape");
                    } else {
                        value += c;
                    }
                }
                if (!sample.labels.emplace(label, value).second) return fail("a label given twice");
                if (at < line.size() && line[at] == ',') {
                    ++at;
                    continue;
                }
                if (at < line.size() && line[at] == '}') {
                    ++at;
                    break;
                }
                return fail("expected , or } after a label");
            }
        }
        if (at >= line.size() || line[at] != ' ') return fail("no space before the value");
        std::string_view rest = line.substr(at + 1);
        std::string_view value_text = rest.substr(0, rest.find(' '));
        auto value = parse_value(value_text);
        if (!value) return fail("not a value: " + std::string(value_text));
        if (value_text.size() < rest.size()) {  // an optional timestamp: an integer
            std::string_view ts = rest.substr(value_text.size() + 1);
            if (ts.empty() || ts.find_first_not_of("-0123456789") != std::string_view::npos)
                return fail("a bad timestamp");
        }
        sample.value = *value;

        const std::string family_name = family_of(sample.name, out.families);
        if (family_name.empty()) return fail("a sample before its family's HELP and TYPE");
        auto& family = out.families[family_name];
        if (family.help.empty() || family.type.empty())
            return fail("a sample before its family's HELP and TYPE");
        if (family_name != current) {
            if (closed.contains(family_name)) return fail("the family's samples are not together");
            if (!current.empty()) closed.insert(current);
            current = family_name;
        }
        if (family.type == "counter" && *value < 0) return fail("a negative counter");
        family.samples.push_back(std::move(sample));
    }
    for (const auto& [name, family] : out.families) {
        if (family.type.empty() || family.help.empty())
            return std::unexpected(name + ": HELP or TYPE missing");
        if (family.type == "histogram")
            if (auto ok = prom_detail::check_histogram(name, family); !ok) return std::unexpected(ok.error());
    }
    return out;
}

}  // namespace tavolo::testing
