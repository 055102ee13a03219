// A director's table hosted by another node, the director's side (server/cluster/remote_table.*), over a
// private nats-server, the test playing the host: what the host does not acknowledge goes again, its news
// is taken once and in order, and a table taken back or gone hears no more of its host while the
// director's waits ("quiet", "voided") are answered.
#include "server/cluster/remote_table.hpp"

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <condition_variable>
#include <thread>

#include "cluster.pb.h"
#include "engine/tournament/table_report_text.hpp"
#include "server/cluster/subjects.hpp"
#include "tests/support/nats_process.hpp"

namespace tavolo::server::cluster {
namespace {

using namespace std::chrono_literals;
namespace wire = ::tavolo::cluster::v1;

struct Running {
    boost::asio::io_context io{1};
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
    std::thread thread{[this] { io.run(); }};
    ~Running() {
        work.reset();
        io.stop();
        thread.join();
    }
};

// The host "h": every TableCommand it receives, in order.
struct Host {
    explicit Host(NatsBus& bus) {
        bus.subscribe(subjects::tables_of("h"), [this](const BusMessage& m) {
            wire::TableCommand c;
            ASSERT_TRUE(c.ParseFromString(m.data));
            std::lock_guard lock(mutex);
            commands.push_back(c);
            arrived.notify_all();
        });
    }
    // Waits for `n` commands in all; their seqs and acks, as "seq" or "ack:n".
    std::vector<std::string> received(std::size_t n) {
        std::unique_lock lock(mutex);
        arrived.wait_for(lock, 10s, [&] { return commands.size() >= n; });
        std::vector<std::string> out;
        for (const auto& c : commands)
            out.push_back(c.has_ack() ? "ack:" + std::to_string(c.ack()) : std::to_string(c.seq()));
        return out;
    }
    std::mutex mutex;
    std::condition_variable arrived;
    std::vector<wire::TableCommand> commands;
};

struct Director {
    std::mutex mutex;
    std::vector<engine::HandId> reports;
    int taken_back = 0;
};

std::unique_ptr<RemoteTable> remote_table(NatsBus& bus, const std::shared_ptr<Director>& director) {
    actors::TableSetup setup;
    setup.address = {7, 0};
    setup.stored = persistence::TableId{70};
    setup.roster = std::make_shared<actors::Roster>();
    setup.report = [director](engine::TableReport r) {
        std::lock_guard lock(director->mutex);
        director->reports.push_back(r.finished_hand);
    };
    return std::make_unique<RemoteTable>(
        bus, "d", "h", setup, [] { return std::shared_ptr<actors::DirectedTable>(); },
        [director](engine::CommittedTable) {
            std::lock_guard lock(director->mutex);
            ++director->taken_back;
        });
}

wire::TableNews report(std::uint64_t seq, engine::HandId hand) {
    wire::TableNews n;
    n.set_seq(seq);
    engine::TableReport r;
    r.finished_hand = hand;
    n.set_report(engine::encode_table_report(r));
    return n;
}

wire::TableNews flag(std::uint64_t seq, bool quiet) {
    wire::TableNews n;
    n.set_seq(seq);
    if (quiet)
        n.set_quiet(true);
    else
        n.set_voided(true);
    return n;
}

std::unique_ptr<NatsBus> connect(boost::asio::io_context& io, const std::string& url) {
    auto bus = NatsBus::connect(io, {url, "remote-table-test", 2000ms, 250ms});
    if (!bus) throw std::runtime_error(bus.error());
    return std::move(*bus);
}

// A remote table given to its host (the lease granted), over a private NATS.
struct Granted {
    testing::NatsProcess nats;
    Running r;
    std::unique_ptr<NatsBus> bus = connect(r.io, nats.url());
    std::shared_ptr<Director> director = std::make_shared<Director>();
    std::unique_ptr<RemoteTable> table = remote_table(*bus, director);
    Granted() { table->granted(5); }
};

TEST(RemoteTable, WhatTheHostDoesNotAcknowledgeGoesAgainAndItsNewsIsTakenOnceInOrder) {
    testing::NatsProcess nats;
    Running r;
    auto bus = connect(r.io, nats.url());
    Host host(*bus);
    ASSERT_TRUE(bus->flush(2s));
    auto director = std::make_shared<Director>();
    auto table = remote_table(*bus, director);

    table->deliver({});  // before the grant: waits for it
    table->granted(5);
    EXPECT_EQ(host.received(2), (std::vector<std::string>{"1", "2"})) << "HostTable, then the Deliver";
    table->resend_due(0ms);  // nothing acknowledged: both again (as if lost)
    EXPECT_EQ(host.received(4), (std::vector<std::string>{"1", "2", "1", "2"}));
    wire::TableNews ack;
    ack.set_ack(2);
    table->heard(ack);
    table->resend_due(0ms);
    table->hold(true, "paused");
    EXPECT_EQ(host.received(5), (std::vector<std::string>{"1", "2", "1", "2", "3"}))
        << "acknowledged: not sent again";

    // News: 2 before 1 (1 was lost), then 1 and 2 resent, then 1 again.
    table->heard(report(2, 12));
    table->heard(report(1, 11));
    table->heard(report(2, 12));
    table->heard(report(1, 11));
    {
        std::lock_guard lock(director->mutex);
        EXPECT_EQ(director->reports, (std::vector<engine::HandId>{11, 12}));
    }
    const auto seen = host.received(9);
    ASSERT_EQ(seen.size(), 9U);
    EXPECT_EQ(std::vector<std::string>(seen.begin() + 5, seen.end()),
              (std::vector<std::string>{"ack:0", "ack:1", "ack:2", "ack:2"}))
        << "each news acknowledged with what was taken in order";

    bool quiet = false;
    table->stop_dealing([&] { quiet = true; });
    table->heard(flag(3, true));
    EXPECT_TRUE(quiet);
}

TEST(RemoteTable, ATableTakenBackHearsNoMoreOfItsHostAndTheDirectorAsksTheNewTableAgain) {
    Granted room;
    auto& table = room.table;
    auto& director = room.director;
    bool quiet = false;
    table->stop_dealing([&] { quiet = true; });
    table->taking_back();  // the lease taken: the host's hands can no longer commit
    EXPECT_TRUE(table->away()) << "until the table is read, a next round may try again";
    table->heard(report(1, 11));  // a hand the fence refused, perhaps
    table->heard(flag(2, true));
    table->taken_back(engine::CommittedTable{0, engine::Table(6), 0, std::nullopt});
    std::lock_guard lock(director->mutex);
    EXPECT_TRUE(director->reports.empty()) << "nothing heard of the host once its table is being taken back";
    EXPECT_EQ(director->taken_back, 1);
    EXPECT_FALSE(quiet) << "the director asks the reopened table for it (DirectorActor take_back)";
    EXPECT_FALSE(table->away());
}

TEST(RemoteTable, ATableAnotherNodeTookAnswersWhatTheDirectorWaitsFor) {
    Granted room;
    auto& table = room.table;
    auto& director = room.director;
    bool quiet = false, voided = false;
    table->stop_dealing([&] { quiet = true; });
    table->void_and_stop([&] { voided = true; });
    table->gone("node c holds its lease");
    EXPECT_TRUE(quiet) << "no host will answer: a shutdown or an abandon would wait for ever";
    EXPECT_TRUE(voided);
    table->heard(report(1, 11));
    std::lock_guard lock(director->mutex);
    EXPECT_TRUE(director->reports.empty());
    EXPECT_EQ(director->taken_back, 0);
}

// Closed by its director: a wait is answered as a local table's close answers it, and the table is kept
// (TableSpread) until its host acknowledged every command, the Close among them.
TEST(RemoteTable, AClosedTableAnswersWhatTheDirectorWaitsForAndIsKeptUntilItsCloseIsAcknowledged) {
    Granted room;
    auto& table = room.table;
    auto& director = room.director;
    bool quiet = false;
    table->stop_dealing([&] { quiet = true; });
    table->close();
    EXPECT_TRUE(quiet) << "a shutdown would wait its whole grace for a table broken meanwhile";
    EXPECT_FALSE(table->away());
    EXPECT_TRUE(table->closing()) << "HostTable, StopDealing and Close not acknowledged yet";
    EXPECT_FALSE(table->finished());
    table->heard(report(1, 11));
    wire::TableNews ack;
    ack.set_ack(3);
    table->heard(ack);
    EXPECT_FALSE(table->closing());
    EXPECT_TRUE(table->finished());
    std::lock_guard lock(director->mutex);
    EXPECT_TRUE(director->reports.empty()) << "a closed table's news is not the director's any more";
}

}  // namespace
}  // namespace tavolo::server::cluster
