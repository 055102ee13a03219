#include "server/cluster/nats_bus.hpp"

#include <nats/nats.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <map>
#include <mutex>

namespace tavolo::server::cluster {

namespace asio = boost::asio;

namespace {

using Deliver = std::function<void(const BusMessage&, bool no_responders)>;

// What libnats calls back with, one per subscription; freed by libnats' "complete" callback, after
// the last delivery. It holds the bus weakly: a message arriving while the bus goes is dropped.
struct Delivery {
    std::weak_ptr<NatsBus::Impl> bus;
    std::shared_ptr<const Deliver> deliver;
};

std::string text_of(natsStatus status) {
    return natsStatus_GetText(status);
}

// libnats delivers every subscription's messages from one thread (below): with the single strand
// of the bus, messages keep the order in which the NATS server sent them.
void use_one_delivery_thread() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (auto s = nats_SetMessageDeliveryPoolSize(1); s != NATS_OK)
            spdlog::warn("event=nats_delivery_pool error=\"{}\"", text_of(s));
    });
}

}  // namespace

struct NatsBus::Impl : std::enable_shared_from_this<NatsBus::Impl> {
    explicit Impl(asio::io_context& context) : strand(asio::make_strand(context)) {}

    asio::strand<asio::io_context::executor_type> strand;
    natsConnection* connection = nullptr;
    std::string inbox;  // "_INBOX.<unique>": a request's answer comes to "<inbox>.<number>"

    struct Pending {
        RequestDone done;
        std::unique_ptr<asio::steady_timer> timer;
    };
    std::mutex mutex;  // guards the fields below, never held while calling a handler
    bool closed = false;
    std::uint64_t last_subscription = 0;
    std::map<std::uint64_t, natsSubscription*> subscriptions;
    std::uint64_t last_request = 0;
    std::map<std::uint64_t, Pending> pending;

    static void on_message(natsConnection*, natsSubscription*, natsMsg* message, void* closure) {
        auto* delivery = static_cast<Delivery*>(closure);
        BusMessage copy;
        if (const char* s = natsMsg_GetSubject(message)) copy.subject = s;
        if (const char* r = natsMsg_GetReply(message)) copy.reply = r;
        if (const char* d = natsMsg_GetData(message))
            copy.data.assign(d, static_cast<std::size_t>(natsMsg_GetDataLength(message)));
        const bool no_responders = natsMsg_IsNoResponders(message);
        natsMsg_Destroy(message);
        auto bus = delivery->bus.lock();
        if (!bus) return;
        asio::post(bus->strand, [deliver = delivery->deliver, copy = std::move(copy), no_responders] {
            (*deliver)(copy, no_responders);
        });
    }
    static void on_complete(void* closure) { delete static_cast<Delivery*>(closure); }

    std::uint64_t subscribe(const std::string& subject, Deliver deliver) {
        auto* delivery = new Delivery{weak_from_this(), std::make_shared<const Deliver>(std::move(deliver))};
        std::lock_guard lock(mutex);
        natsSubscription* subscription = nullptr;
        natsStatus status = closed ? NATS_CONNECTION_CLOSED
                                   : natsConnection_Subscribe(&subscription, connection, subject.c_str(),
                                                              &Impl::on_message, delivery);
        if (status == NATS_OK)
            status = natsSubscription_SetOnCompleteCB(subscription, &Impl::on_complete, delivery);
        if (status != NATS_OK) {
            if (subscription)
                natsSubscription_Destroy(subscription);
            else
                delete delivery;
            spdlog::error("event=nats_subscribe_failed subject={} error=\"{}\"", subject, text_of(status));
            return 0;
        }
        subscriptions.emplace(++last_subscription, subscription);
        return last_subscription;
    }

    // The answer (or "no responders") to request `id`, on the strand.
    void answer(std::uint64_t id, const BusMessage& message, bool no_responders) {
        RequestDone done;
        {
            std::lock_guard lock(mutex);
            auto it = pending.find(id);
            if (it == pending.end()) return;  // timed out already
            it->second.timer->cancel();
            done = std::move(it->second.done);
            pending.erase(it);
        }
        done(no_responders ? RequestResult{RequestOutcome::no_responders, {}}
                           : RequestResult{RequestOutcome::answered, message});
    }

    void time_out(std::uint64_t id) {
        RequestDone done;
        {
            std::lock_guard lock(mutex);
            auto it = pending.find(id);
            if (it == pending.end()) return;
            done = std::move(it->second.done);
            pending.erase(it);
        }
        done({RequestOutcome::timed_out, {}});
    }

    void close() {
        std::map<std::uint64_t, natsSubscription*> subs;
        std::map<std::uint64_t, Pending> waiting;
        {
            std::lock_guard lock(mutex);
            if (closed) return;
            closed = true;
            subs.swap(subscriptions);
            waiting.swap(pending);
        }
        for (auto& [id, sub] : subs) {
            natsSubscription_Unsubscribe(sub);
            natsSubscription_Destroy(sub);
        }
        for (auto& [id, p] : waiting)
            p.timer->cancel();
        if (connection) {
            natsConnection_Close(connection);
            natsConnection_Destroy(connection);
            connection = nullptr;
        }
    }
};

namespace {

void on_disconnected(natsConnection* connection, void* closure) {
    if (natsConnection_IsClosed(connection)) return;  // our own close, not a lost server
    spdlog::warn("event=nats_disconnected bus=\"{}\" detail=\"reconnecting; messages wait in the buffer\"",
                 static_cast<const char*>(closure));
}
void on_reconnected(natsConnection*, void* closure) {
    spdlog::info("event=nats_reconnected bus=\"{}\"", static_cast<const char*>(closure));
}
void on_error(natsConnection*, natsSubscription*, natsStatus error, void* closure) {
    spdlog::warn("event=nats_error bus=\"{}\" error=\"{}\"", static_cast<const char*>(closure),
                 text_of(error));
}

}  // namespace

NatsBus::NatsBus(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}

NatsBus::~NatsBus() {
    impl_->close();
}

std::expected<std::unique_ptr<NatsBus>, std::string> NatsBus::connect(asio::io_context& io,
                                                                      const NatsBusOptions& options) {
    use_one_delivery_thread();
    // The callbacks' closure: the bus's name, kept for the life of the process (a few bytes a node).
    static std::mutex names_mutex;
    static std::vector<std::unique_ptr<std::string>> names;
    const char* name = nullptr;
    {
        std::lock_guard lock(names_mutex);
        names.push_back(std::make_unique<std::string>(options.name));
        name = names.back()->c_str();
    }
    natsOptions* opts = nullptr;
    natsStatus s = natsOptions_Create(&opts);
    if (s == NATS_OK) s = natsOptions_SetURL(opts, options.url.c_str());
    if (s == NATS_OK && !options.name.empty()) s = natsOptions_SetName(opts, options.name.c_str());
    if (s == NATS_OK) s = natsOptions_SetTimeout(opts, options.connect_timeout.count());
    if (s == NATS_OK) s = natsOptions_SetAllowReconnect(opts, true);
    if (s == NATS_OK) s = natsOptions_SetMaxReconnect(opts, -1);
    if (s == NATS_OK) s = natsOptions_SetReconnectWait(opts, options.reconnect_wait.count());
    if (s == NATS_OK) s = natsOptions_UseGlobalMessageDelivery(opts, true);
    if (s == NATS_OK) s = natsOptions_SetDisconnectedCB(opts, &on_disconnected, const_cast<char*>(name));
    if (s == NATS_OK) s = natsOptions_SetReconnectedCB(opts, &on_reconnected, const_cast<char*>(name));
    if (s == NATS_OK) s = natsOptions_SetErrorHandler(opts, &on_error, const_cast<char*>(name));
    auto impl = std::make_shared<Impl>(io);
    if (s == NATS_OK) s = natsConnection_Connect(&impl->connection, opts);
    if (opts) natsOptions_Destroy(opts);
    if (s != NATS_OK)
        return std::unexpected("cannot connect to NATS at " + options.url + ": " + text_of(s) +
                               "; start nats-server there or fix [cluster] nats_url");
    natsInbox* inbox = nullptr;
    if (natsInbox_Create(&inbox) != NATS_OK)
        return std::unexpected(std::string("cannot create a NATS inbox"));
    impl->inbox = inbox;
    natsInbox_Destroy(inbox);
    std::weak_ptr<Impl> weak = impl;
    const auto prefix_length = impl->inbox.size() + 1;
    if (impl->subscribe(impl->inbox + ".*", [weak, prefix_length](const BusMessage& m, bool no_responders) {
            auto bus = weak.lock();
            if (!bus || m.subject.size() <= prefix_length) return;
            bus->answer(std::stoull(m.subject.substr(prefix_length)), m, no_responders);
        }) == 0)
        return std::unexpected(std::string("cannot subscribe to the node's NATS inbox"));
    return std::unique_ptr<NatsBus>(new NatsBus(std::move(impl)));
}

bool NatsBus::publish(std::string_view subject, std::string_view data) {
    std::lock_guard lock(impl_->mutex);  // the connection stays open while we use it
    if (impl_->closed) return false;
    const std::string s(subject);
    const natsStatus status =
        natsConnection_Publish(impl_->connection, s.c_str(), data.data(), static_cast<int>(data.size()));
    if (status != NATS_OK) {
        spdlog::warn("event=nats_publish_failed subject={} error=\"{}\"", s, text_of(status));
        return false;
    }
    return true;
}

bool NatsBus::reply(const BusMessage& to, std::string_view data) {
    if (to.reply.empty()) return false;
    return publish(to.reply, data);
}

std::uint64_t NatsBus::subscribe(const std::string& subject, Handler handler) {
    return impl_->subscribe(subject,
                            [handler = std::move(handler)](const BusMessage& m, bool) { handler(m); });
}

void NatsBus::unsubscribe(std::uint64_t subscription) {
    natsSubscription* sub = nullptr;
    {
        std::lock_guard lock(impl_->mutex);
        auto it = impl_->subscriptions.find(subscription);
        if (it == impl_->subscriptions.end()) return;
        sub = it->second;
        impl_->subscriptions.erase(it);
    }
    natsSubscription_Unsubscribe(sub);
    natsSubscription_Destroy(sub);
}

void NatsBus::request(const std::string& subject, std::string data, std::chrono::milliseconds timeout,
                      RequestDone done) {
    std::unique_lock lock(impl_->mutex);
    if (impl_->closed) {
        lock.unlock();
        return done({RequestOutcome::not_sent, {}});
    }
    const std::uint64_t id = ++impl_->last_request;
    auto timer = std::make_unique<asio::steady_timer>(impl_->strand, timeout);
    std::weak_ptr<Impl> weak = impl_;
    timer->async_wait([weak, id](const boost::system::error_code& ec) {
        if (ec) return;
        if (auto bus = weak.lock()) bus->time_out(id);
    });
    impl_->pending.emplace(id, Impl::Pending{std::move(done), std::move(timer)});
    // Published under the lock, so requests leave in the order they were made.
    const std::string reply = impl_->inbox + "." + std::to_string(id);
    const natsStatus status = natsConnection_PublishRequest(impl_->connection, subject.c_str(), reply.c_str(),
                                                            data.data(), static_cast<int>(data.size()));
    if (status == NATS_OK) return;
    auto it = impl_->pending.find(id);
    it->second.timer->cancel();
    RequestDone failed = std::move(it->second.done);
    impl_->pending.erase(it);
    lock.unlock();
    spdlog::warn("event=nats_publish_failed subject={} error=\"{}\"", subject, text_of(status));
    failed({RequestOutcome::not_sent, {}});
}

bool NatsBus::flush(std::chrono::milliseconds timeout) {
    std::lock_guard lock(impl_->mutex);
    if (impl_->closed) return false;
    return natsConnection_FlushTimeout(impl_->connection, timeout.count()) == NATS_OK;
}

bool NatsBus::connected() const {
    std::lock_guard lock(impl_->mutex);
    return !impl_->closed && natsConnection_Status(impl_->connection) == NATS_CONN_STATUS_CONNECTED;
}

}  // namespace tavolo::server::cluster
