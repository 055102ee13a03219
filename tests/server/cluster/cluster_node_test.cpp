// Two and three ClusterNodes in one process on a private nats-server (server/cluster/cluster_node.*),
// with fake sessions, tables and lobby: what crosses between nodes, and the answers that come back.
#include "server/cluster/cluster_node.hpp"

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <condition_variable>
#include <set>
#include <thread>

#include "server/cluster/subjects.hpp"
#include "tavolo.pb.h"
#include "tests/support/nats_process.hpp"

namespace tavolo::server::cluster {
namespace {

using namespace std::chrono_literals;
using session::AccountIdValue;
using session::SessionId;

// Waits (on the event, bounded only to turn a hang into a failure) until `ready` holds.
template <class Ready>
bool eventually(std::mutex& m, std::condition_variable& cv, Ready ready) {
    std::unique_lock lock(m);
    return cv.wait_for(lock, 20s, ready);
}

// For what no condition variable announces (a SeatBook, a count): looks again every 10 ms, up to 20 s.
template <class Ready>
bool poll_until(Ready ready) {
    for (int i = 0; i < 2000; ++i) {
        if (ready()) return true;
        std::this_thread::sleep_for(10ms);
    }
    return ready();
}

// The node's own sessions, as the session registry would be: records what reaches them.
struct Sessions final : actors::Outbox {
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::pair<SessionId, std::string>> to_sessions;
    std::vector<std::pair<AccountIdValue, std::string>> to_accounts;
    std::set<AccountIdValue> logged_in;

    void to_session(SessionId s, session::Frame f) override {
        std::lock_guard lock(m);
        to_sessions.emplace_back(s, *f);
        cv.notify_all();
    }
    void to_account(AccountIdValue a, session::Frame f) override {
        std::lock_guard lock(m);
        to_accounts.emplace_back(a, *f);
        cv.notify_all();
    }
    void account_result(SessionId, session::AccountResult) override {}
    SessionId session_of(AccountIdValue a) {
        std::lock_guard lock(m);
        return logged_in.contains(a) ? 7 : 0;  // every test's account logs in as session 7
    }
};

struct Table final : actors::TableEndpoint {
    std::mutex m;
    std::condition_variable cv;
    std::vector<session::TableRequest> requests;
    void post(session::TableRequest r) override {
        std::lock_guard lock(m);
        requests.push_back(std::move(r));
        cv.notify_all();
    }
};

struct Lobby final : session::LobbyGateway, actors::LobbyNotices {
    std::mutex m;
    std::condition_variable cv;
    std::vector<session::LobbyRequest> requests;
    std::vector<std::int64_t> finished;
    std::vector<SessionId> forgotten;
    void submit(session::LobbyRequest r) override {
        std::lock_guard lock(m);
        requests.push_back(std::move(r));
        cv.notify_all();
    }
    void late_registration_closed(lobby::TournamentId) override {}
    void tournament_finished(lobby::TournamentId t) override {
        std::lock_guard lock(m);
        finished.push_back(static_cast<std::int64_t>(t));
        cv.notify_all();
    }
    void forget(SessionId s) {
        std::lock_guard lock(m);
        forgotten.push_back(s);
        cv.notify_all();
    }
};

struct Node {
    Sessions sessions;
    actors::TableRegistry tables;
    actors::SeatBook seats;
    std::unique_ptr<ClusterNode> cluster;

    Node(boost::asio::io_context& io, const std::string& id, const std::string& url,
         std::chrono::milliseconds request_timeout = 5s) {
        ClusterNodeOptions options;
        options.node = id;
        options.bus.url = url;
        options.request_timeout = request_timeout;
        auto started = ClusterNode::start(io, options, sessions, tables, seats,
                                          [this](AccountIdValue a) { return sessions.session_of(a); });
        if (!started) throw std::runtime_error(started.error());
        cluster = std::move(*started);
    }
    ~Node() { cluster.reset(); }
    void settle() { ASSERT_TRUE(cluster->bus().flush(5s)); }
};

struct Cluster : ::testing::Test {
    testing::NatsProcess nats;
    boost::asio::io_context io{2};
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
    std::thread t1{[this] { io.run(); }};
    std::thread t2{[this] { io.run(); }};
    std::unique_ptr<Node> a = std::make_unique<Node>(io, "a", nats.url());
    std::unique_ptr<Node> b = std::make_unique<Node>(io, "b", nats.url());

    ~Cluster() override {
        a.reset();
        b.reset();
        work.reset();
        io.stop();
        t1.join();
        t2.join();
    }
    static session::Frame frame(std::string text) {
        return std::make_shared<const std::string>(std::move(text));
    }
};

v1::ServerMessage parsed(const std::string& bytes) {
    v1::ServerMessage m;
    m.ParseFromString(bytes);
    return m;
}

TEST_F(Cluster, ATableRequestReachesItsHostAndTheAnswerComesBackToTheSession) {
    auto table = std::make_shared<Table>();
    b->tables.add({5, 0}, table);
    b->settle();
    EXPECT_EQ(b->cluster->hosted_tournaments(), 1U);

    session::TableRequest chat;
    chat.from = session::Requester{7, 42, std::string("alice")};
    chat.request_id = 3;
    chat.table = {5, 0};
    chat.body = session::ChatRequest{std::string("hi")};
    const auto routed = a->cluster->tables().submit(chat);
    EXPECT_EQ(routed, session::Routed::delivered);
    ASSERT_TRUE(eventually(table->m, table->cv, [&] { return !table->requests.empty(); }));
    const auto request = table->requests.front();
    EXPECT_TRUE(RemoteSessions::is_stand_in(request.from.session));
    EXPECT_EQ(request.from.account, 42);
    EXPECT_EQ(request.from.name, "alice");
    EXPECT_EQ(request.request_id, 3U);
    EXPECT_EQ(std::get<session::ChatRequest>(request.body).text, "hi");

    // The table answers the stand-in: the frame reaches session 7 of node a, in order.
    for (int i = 0; i < 50; ++i)
        b->cluster->outbox().to_session(request.from.session, frame(std::string("f") + std::to_string(i)));
    ASSERT_TRUE(
        eventually(a->sessions.m, a->sessions.cv, [&] { return a->sessions.to_sessions.size() == 50; }));
    for (int i = 0; i < 50; ++i) {
        EXPECT_EQ(a->sessions.to_sessions[static_cast<std::size_t>(i)].first, 7U);
        EXPECT_EQ(a->sessions.to_sessions[static_cast<std::size_t>(i)].second,
                  std::string("f") + std::to_string(i));
    }

    // Session 7 closes: b forgets its stand-in; later frames for it go nowhere.
    EXPECT_EQ(b->cluster->remote_sessions(), 1U);
    a->cluster->session_closed(7);
    EXPECT_TRUE(poll_until([&] { return b->cluster->remote_sessions() == 0; }));

    // The table closes: nobody hosts tournament 5 any more; a's session hears unknown_table.
    b->tables.remove({5, 0});
    b->settle();
    EXPECT_EQ(b->cluster->hosted_tournaments(), 0U);
    session::TableRequest action;
    action.from = session::Requester{8, 42, std::string("alice")};
    action.request_id = 4;
    action.table = {5, 0};
    action.body = v1::Action{};
    a->cluster->tables().submit(action);
    ASSERT_TRUE(
        eventually(a->sessions.m, a->sessions.cv, [&] { return a->sessions.to_sessions.size() == 51; }));
    const auto& [session, bytes] = a->sessions.to_sessions.back();
    EXPECT_EQ(session, 8U);
    const auto answer = parsed(bytes);
    EXPECT_EQ(answer.request_id(), 4U);
    EXPECT_EQ(answer.error().code(), v1::ERROR_CODE_UNKNOWN_TABLE) << answer.DebugString();
}

// A host that does not answer in time (5 s in production; 300 ms here): the session hears
// UNAVAILABLE, "retry in a moment", naming the table in the message and in Error.table, so a client at
// several tables knows which request failed.
TEST_F(Cluster, ATableRequestItsHostDoesNotAnswerInTimeIsRefusedForNowNamingTheTable) {
    Node c(io, "c", nats.url(), 300ms);
    // Node b subscribes to table 2 of tournament 6 and never answers (a host stuck or dying).
    b->cluster->bus().subscribe(subjects::table(6, 2), [](const BusMessage&) {});
    b->settle();
    c.settle();

    session::TableRequest action;
    action.from = session::Requester{9, 42, std::string("alice")};
    action.request_id = 11;
    action.table = {6, 2};
    action.body = v1::Action{};
    EXPECT_EQ(c.cluster->tables().submit(action), session::Routed::delivered);
    ASSERT_TRUE(eventually(c.sessions.m, c.sessions.cv, [&] { return !c.sessions.to_sessions.empty(); }));
    const auto& [session, bytes] = c.sessions.to_sessions.front();
    EXPECT_EQ(session, 9U);
    const auto answer = parsed(bytes);
    EXPECT_EQ(answer.request_id(), 11U);
    EXPECT_EQ(answer.error().code(), v1::ERROR_CODE_UNAVAILABLE) << answer.DebugString();
    EXPECT_EQ(answer.error().table().tournament_id(), 6);
    EXPECT_EQ(answer.error().table().table(), 2);
    EXPECT_NE(answer.error().message().find("table 2 of tournament 6"), std::string::npos)
        << answer.error().message();
    EXPECT_NE(answer.error().message().find("retry in a moment"), std::string::npos)
        << answer.error().message();
}

TEST_F(Cluster, SeatsAreMirroredAndFramesFollowTheAccountToItsNode) {
    b->seats.seat(42, {5, 0});
    ASSERT_TRUE(poll_until([&] { return !a->seats.tables_of(42).empty(); }));
    ASSERT_EQ(a->seats.tables_of(42).size(), 1U);
    EXPECT_EQ(a->seats.tables_of(42)[0], (protocol::TableAddress{5, 0}));

    // A node that starts later learns the seats already taken.
    Node c(io, "c", nats.url());
    ASSERT_TRUE(poll_until([&] { return !c.seats.tables_of(42).empty(); }));
    EXPECT_EQ(c.seats.tables_of(42).size(), 1U);

    // Account 42 logs in on a: what b's table sends the account reaches a's connection.
    {
        std::lock_guard lock(a->sessions.m);
        a->sessions.logged_in.insert(42);
    }
    session::AccountGranted granted;
    granted.account = 42;
    a->cluster->outbox().account_result(7, {1, granted});
    a->settle();
    b->cluster->outbox().to_account(42, frame("to alice"));
    ASSERT_TRUE(eventually(a->sessions.m, a->sessions.cv, [&] { return !a->sessions.to_accounts.empty(); }));
    EXPECT_EQ(a->sessions.to_accounts.front(), (std::pair<AccountIdValue, std::string>{42, "to alice"}));

    b->seats.unseat(42, {5, 0});
    EXPECT_TRUE(poll_until([&] { return a->seats.tables_of(42).empty(); }));
}

TEST_F(Cluster, WhenAnotherNodeTakesATournamentOverItsPlayersElsewhereReattachToIt) {
    {
        std::lock_guard lock(a->sessions.m);
        a->sessions.logged_in.insert(42);  // session 7 of node a
    }
    b->seats.seat(42, {5, 0});
    ASSERT_TRUE(poll_until([&] { return !a->seats.tables_of(42).empty(); }));

    // Node c hosts tournament 5 now (b died; c recovered it): its director seats 42 again.
    Node c(io, "c", nats.url());
    auto table = std::make_shared<Table>();
    c.tables.add({5, 0}, table);
    c.seats.seat(42, {5, 0});
    ASSERT_TRUE(eventually(table->m, table->cv, [&] { return !table->requests.empty(); }));
    const auto request = table->requests.front();
    EXPECT_TRUE(std::holds_alternative<session::ReattachRequest>(request.body));
    EXPECT_EQ(request.from.account, 42);
    EXPECT_TRUE(RemoteSessions::is_stand_in(request.from.session));
    EXPECT_EQ(request.request_id, 0U);
    EXPECT_EQ(a->seats.tables_of(42).size(), 1U);
}

TEST_F(Cluster, LobbyRequestsAndNoticesReachTheLobbyNode) {
    Lobby lobby;
    b->cluster->lobby().set_local(lobby, lobby, [&lobby](SessionId s) { lobby.forget(s); });
    b->cluster->lobby().set_host(true);
    a->cluster->lobby().set_host(false);
    b->settle();

    v1::Register reg;
    reg.set_tournament_id(9);
    a->cluster->lobby().submit({7, 42, 3, reg});
    a->cluster->lobby().tournament_finished(lobby::TournamentId{9});
    ASSERT_TRUE(
        eventually(lobby.m, lobby.cv, [&] { return !lobby.requests.empty() && !lobby.finished.empty(); }));
    const auto stand_in = lobby.requests.front().session;
    EXPECT_TRUE(RemoteSessions::is_stand_in(stand_in));
    EXPECT_EQ(lobby.requests.front().account, 42);
    EXPECT_EQ(std::get<v1::Register>(lobby.requests.front().body).tournament_id(), 9);
    EXPECT_EQ(lobby.finished.front(), 9);

    // Its session closes: the lobby forgets the stand-in (no more lobby updates for it).
    a->cluster->session_closed(7);
    ASSERT_TRUE(eventually(lobby.m, lobby.cv, [&] { return !lobby.forgotten.empty(); }));
    EXPECT_EQ(lobby.forgotten.front(), stand_in);

    // No node runs the lobby: the session is told to retry.
    b->cluster->lobby().set_host(false);
    b->settle();
    a->cluster->lobby().submit({8, 42, 5, v1::GetWallet{}});
    ASSERT_TRUE(eventually(a->sessions.m, a->sessions.cv, [&] { return !a->sessions.to_sessions.empty(); }));
    const auto answer = parsed(a->sessions.to_sessions.front().second);
    EXPECT_EQ(a->sessions.to_sessions.front().first, 8U);
    EXPECT_EQ(answer.request_id(), 5U);
    EXPECT_EQ(answer.error().code(), v1::ERROR_CODE_UNAVAILABLE);
    EXPECT_NE(answer.error().message().find("retry"), std::string::npos) << answer.error().message();
}

}  // namespace
}  // namespace tavolo::server::cluster
