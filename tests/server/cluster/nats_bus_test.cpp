// The NATS bus (server/cluster/nats_bus.*) against a private nats-server: order, request/reply, no
// responders, timeouts, and the error when NATS is not there.
#include "server/cluster/nats_bus.hpp"

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <future>
#include <thread>

#include "tests/support/nats_process.hpp"

namespace tavolo::server::cluster {
namespace {

using namespace std::chrono_literals;

// An io_context run by two threads, as the server's; the bus's handlers must still come in order.
struct Running {
    boost::asio::io_context io{2};
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
    std::thread t1{[this] { io.run(); }};
    std::thread t2{[this] { io.run(); }};
    ~Running() {
        work.reset();
        io.stop();
        t1.join();
        t2.join();
    }
};

std::unique_ptr<NatsBus> connect(boost::asio::io_context& io, const std::string& url,
                                 const std::string& name) {
    auto bus = NatsBus::connect(io, {url, name, 2000ms, 250ms});
    if (!bus) throw std::runtime_error(bus.error());
    return std::move(*bus);
}

TEST(NatsBus, MessagesArriveInOrderOnOneStrandAcrossSubjects) {
    testing::NatsProcess nats;
    Running r;
    auto sender = connect(r.io, nats.url(), "sender");
    auto receiver = connect(r.io, nats.url(), "receiver");
    constexpr int kCount = 2000;
    std::vector<int> seen;
    std::promise<void> all;
    int active = 0, overlaps = 0;
    auto handler = [&](const BusMessage& m) {
        if (++active > 1) ++overlaps;
        seen.push_back(std::stoi(m.data));
        if (seen.size() == kCount) all.set_value();
        --active;
    };
    // Two subjects: order holds across them (one delivery thread, one strand).
    ASSERT_NE(receiver->subscribe("t.one", handler), 0U);
    ASSERT_NE(receiver->subscribe("t.two", handler), 0U);
    ASSERT_TRUE(receiver->flush(2s));
    for (int i = 0; i < kCount; ++i)
        ASSERT_TRUE(sender->publish(i % 2 ? "t.one" : "t.two", std::to_string(i)));
    ASSERT_EQ(all.get_future().wait_for(30s), std::future_status::ready);
    for (int i = 0; i < kCount; ++i)
        ASSERT_EQ(seen[static_cast<std::size_t>(i)], i);
    EXPECT_EQ(overlaps, 0) << "handlers ran at once: not on one strand";
}

TEST(NatsBus, ARequestIsAnsweredRefusedWhenNobodyListensAndTimesOut) {
    testing::NatsProcess nats;
    Running r;
    auto asker = connect(r.io, nats.url(), "asker");
    auto server = connect(r.io, nats.url(), "server");
    ASSERT_NE(server->subscribe("svc.echo", [&](const BusMessage& m) { server->reply(m, "echo:" + m.data); }),
              0U);
    ASSERT_NE(server->subscribe("svc.silent", [](const BusMessage&) {}), 0U);
    ASSERT_TRUE(server->flush(2s));
    auto ask = [&](const std::string& subject, std::chrono::milliseconds timeout) {
        std::promise<RequestResult> result;
        asker->request(subject, "hi", timeout, [&](RequestResult got) { result.set_value(std::move(got)); });
        return result.get_future().get();
    };
    const auto answered = ask("svc.echo", 5s);
    EXPECT_EQ(answered.outcome, RequestOutcome::answered);
    EXPECT_EQ(answered.reply.data, "echo:hi");
    EXPECT_EQ(ask("svc.nobody", 5s).outcome, RequestOutcome::no_responders);
    EXPECT_EQ(ask("svc.silent", 200ms).outcome, RequestOutcome::timed_out);
}

TEST(NatsBus, UnsubscribedMeansNoMoreMessages) {
    testing::NatsProcess nats;
    Running r;
    auto bus = connect(r.io, nats.url(), "one");
    std::atomic<int> got = 0;
    const auto id = bus->subscribe("u.x", [&](const BusMessage&) { ++got; });
    ASSERT_TRUE(bus->flush(2s));
    bus->unsubscribe(id);
    std::promise<RequestResult> result;
    bus->request("u.x", "", 5s, [&](RequestResult rr) { result.set_value(std::move(rr)); });
    EXPECT_EQ(result.get_future().get().outcome, RequestOutcome::no_responders);
    EXPECT_EQ(got.load(), 0);
}

TEST(NatsBus, NoServerIsAnErrorThatSaysWhatToDo) {
    boost::asio::io_context io;
    auto bus = NatsBus::connect(io, {"nats://127.0.0.1:1", "nobody", 500ms, 250ms});
    ASSERT_FALSE(bus.has_value());
    EXPECT_NE(bus.error().find("nats://127.0.0.1:1"), std::string::npos) << bus.error();
    EXPECT_NE(bus.error().find("[cluster] nats_url"), std::string::npos) << bus.error();
}

}  // namespace
}  // namespace tavolo::server::cluster
