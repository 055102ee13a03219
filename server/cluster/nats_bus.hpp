#pragma once
// The node's one connection to NATS (server/cluster/README.md): a thin wrapper over libnats (the C
// client). Publish, subscribe and request/reply; every handler runs on the bus's own strand of the
// server's io_context, in the order the messages arrived (libnats delivers every subscription's
// messages on one thread, and the bus posts them to one strand), so frames from one node to a session
// on another keep their order. libnats reconnects by itself; while it is away, what is published waits
// in its buffer. Asio and libnats stay in nats_bus.cpp.
#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace boost::asio {
class io_context;
}

namespace tavolo::server::cluster {

struct BusMessage {
    std::string subject;
    std::string reply;  // where an answer goes; empty when none is wanted
    std::string data;
};

enum class RequestOutcome {
    answered,       // `reply` holds the answer
    no_responders,  // nobody subscribes to the subject (NATS said so at once)
    timed_out,      // nobody answered within the timeout
    not_sent,       // the bus is closed or the publish failed
};

struct RequestResult {
    RequestOutcome outcome = RequestOutcome::not_sent;
    BusMessage reply;
};

struct NatsBusOptions {
    std::string url = "nats://127.0.0.1:4222";
    std::string name;  // shown by the NATS server (`connz`): "tavolo-<node>"
    std::chrono::milliseconds connect_timeout{2000};
    std::chrono::milliseconds reconnect_wait{250};
};

class NatsBus {
  public:
    using Handler = std::function<void(const BusMessage&)>;
    using RequestDone = std::function<void(RequestResult)>;

    // Connects once (fail fast at start-up: the error says which URL and why, and what to do);
    // reconnects by itself afterwards, forever.
    static std::expected<std::unique_ptr<NatsBus>, std::string> connect(boost::asio::io_context& io,
                                                                        const NatsBusOptions& options);
    ~NatsBus();
    NatsBus(const NatsBus&) = delete;
    NatsBus& operator=(const NatsBus&) = delete;

    // Thread-safe, never blocks on the network (libnats buffers); false when the bus is closed or the
    // subject is not valid.
    bool publish(std::string_view subject, std::string_view data);
    // Answers a request (`to.reply`); nothing when it wanted none.
    bool reply(const BusMessage& to, std::string_view data);

    // Every message on `subject` (NATS wildcards allowed) goes to `handler` on the bus's strand.
    // Returns the subscription's number (0 when it failed: logged); thread-safe.
    std::uint64_t subscribe(const std::string& subject, Handler handler);
    // No more messages for it once this returns (one already posted to the strand may still run).
    void unsubscribe(std::uint64_t subscription);

    // Publishes `data` on `subject` and calls `done` once, on the bus's strand: with the first answer,
    // at once when nobody listens (no responders), or after `timeout`.
    void request(const std::string& subject, std::string data, std::chrono::milliseconds timeout,
                 RequestDone done);

    // Waits until the server has seen everything published so far (tests; start-up).
    bool flush(std::chrono::milliseconds timeout);
    bool connected() const;

    struct Impl;

  private:
    explicit NatsBus(std::shared_ptr<Impl> impl);
    std::shared_ptr<Impl> impl_;
};

}  // namespace tavolo::server::cluster
