#include "tools/load/metrics_scrape.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <charconv>
#include <chrono>
#include <deque>

namespace tavolo::load {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

// The value of an unlabelled sample `name value` at the start of a line.
std::optional<double> sample_value(std::string_view page, std::string_view name) {
    std::size_t at = 0;
    while (at < page.size()) {
        const auto end = std::min(page.find('\n', at), page.size());
        const std::string_view line = page.substr(at, end - at);
        if (line.starts_with(name) && line.size() > name.size() && line[name.size()] == ' ') {
            const std::string_view text = line.substr(name.size() + 1);
            double value = 0;
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (ec == std::errc{}) return value;
        }
        at = end + 1;
    }
    return std::nullopt;
}

}  // namespace

std::optional<ProcessSample> parse_process_metrics(std::string_view page) {
    const auto cpu = sample_value(page, "process_cpu_seconds_total");
    const auto rss = sample_value(page, "process_resident_memory_bytes");
    if (!cpu || !rss) return std::nullopt;
    return ProcessSample{*cpu, *rss};
}

double cores_used(const ProcessSample& from, const ProcessSample& to, double seconds) {
    return seconds > 0 ? (to.cpu_seconds - from.cpu_seconds) / seconds : 0.0;
}

struct MetricsScraper::Impl : std::enable_shared_from_this<MetricsScraper::Impl> {
    Impl(asio::io_context& io) : resolver(io), stream(io) {}
    tcp::resolver resolver;
    beast::tcp_stream stream;
    std::string host, port, target;
    bool valid = false;
    bool busy = false;
    std::string error;
    beast::flat_buffer buffer;
    http::request<http::empty_body> request;
    http::response<http::string_body> response;
    std::function<void(std::optional<ProcessSample>)> done;
    std::deque<std::function<void(std::optional<ProcessSample>)>> queued;  // asked while one was under way

    void start(std::function<void(std::optional<ProcessSample>)> then);

    void finish(std::optional<ProcessSample> value, std::string why = {}) {
        if (!why.empty()) error = std::move(why);
        beast::error_code ignored;
        stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream.close();
        busy = false;
        auto callback = std::move(done);
        if (callback) callback(value);
        if (!busy && !queued.empty()) {
            auto next = std::move(queued.front());
            queued.pop_front();
            start(std::move(next));
        }
    }
};

MetricsScraper::MetricsScraper(asio::io_context& io, std::string url) : impl_(std::make_shared<Impl>(io)) {
    // http://HOST:PORT/PATH
    constexpr std::string_view scheme = "http://";
    if (!url.starts_with(scheme)) {
        impl_->error = "not an http:// URL: " + url;
        return;
    }
    const std::string rest = url.substr(scheme.size());
    const auto slash = rest.find('/');
    const std::string authority = rest.substr(0, slash);
    impl_->target = slash == std::string::npos ? "/metrics" : rest.substr(slash);
    const auto colon = authority.rfind(':');
    impl_->host = colon == std::string::npos ? authority : authority.substr(0, colon);
    impl_->port = colon == std::string::npos ? "80" : authority.substr(colon + 1);
    impl_->valid = !impl_->host.empty();
    if (!impl_->valid) impl_->error = "no host in " + url;
}

MetricsScraper::~MetricsScraper() {
    impl_->queued.clear();
    if (impl_->busy) {
        impl_->done = nullptr;
        impl_->stream.cancel();
    }
}

const std::string& MetricsScraper::last_error() const {
    return impl_->error;
}

void MetricsScraper::scrape(std::function<void(std::optional<ProcessSample>)> done) {
    if (!impl_->valid) return done(std::nullopt);
    if (impl_->busy) {
        impl_->queued.push_back(std::move(done));
        return;
    }
    impl_->start(std::move(done));
}

void MetricsScraper::Impl::start(std::function<void(std::optional<ProcessSample>)> then) {
    busy = true;
    done = std::move(then);
    auto self = shared_from_this();
    self->resolver.async_resolve(
        self->host, self->port, [self](beast::error_code ec, tcp::resolver::results_type results) {
            if (ec) return self->finish(std::nullopt, "cannot resolve " + self->host + ": " + ec.message());
            self->stream.expires_after(std::chrono::seconds(20));
            self->stream.async_connect(results, [self](beast::error_code e, const tcp::endpoint&) {
                if (e) return self->finish(std::nullopt, "cannot connect for the metrics: " + e.message());
                self->request = {http::verb::get, self->target, 11};
                self->request.set(http::field::host, self->host);
                self->request.set(http::field::connection, "close");
                http::async_write(self->stream, self->request, [self](beast::error_code we, std::size_t) {
                    if (we) return self->finish(std::nullopt, "cannot ask for the metrics: " + we.message());
                    self->response = {};
                    self->buffer.clear();
                    http::async_read(
                        self->stream, self->buffer, self->response,
                        [self](beast::error_code re, std::size_t) {
                            if (re)
                                return self->finish(std::nullopt, "cannot read the metrics: " + re.message());
                            if (self->response.result() != http::status::ok)
                                return self->finish(std::nullopt,
                                                    "the metrics page answered " +
                                                        std::to_string(self->response.result_int()));
                            auto value = parse_process_metrics(self->response.body());
                            if (!value)
                                return self->finish(
                                    std::nullopt,
                                    "the metrics page has no process_cpu_seconds_total or "
                                    "process_resident_memory_bytes (a server older than issue 14?)");
                            self->finish(value);
                        });
                });
            });
        });
}

}  // namespace tavolo::load
