#pragma once
// The cluster end-to-end tests' room (issue 14, docs/SCALING.md): a private PostgreSQL and NATS, and two
// real server processes, nodes "b" and "a", each with the configuration the test writes for it. b starts
// first (it migrates the database and takes the lobby lease, so it hosts what its lobby starts), then a.
// `tavolo bots` connect to one node with the other as their failover URL.
#include <gtest/gtest.h>

#include <functional>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/e2e_money.hpp"
#include "tests/support/nats_process.hpp"
#include "tests/support/run_tool.hpp"
#include "tests/support/server_process.hpp"

namespace tavolo::testing {

struct ClusterNodes {
    // The configuration of node `id` given NATS's URL.
    using ConfigOf = std::function<std::string(const std::string& id, const std::string& nats_url)>;

    TestDatabase db;
    NatsProcess nats;
    std::vector<std::string> env{"TAVOLO_DATABASE_URL=" + db.url()};
    std::unique_ptr<ServerProcess> b;
    std::unique_ptr<ServerProcess> a;

    void start(const ConfigOf& config_of) {
        b = std::make_unique<ServerProcess>(
            std::vector<std::string>{"--config", write_temp_file("node_b.toml", config_of("b", nats.url()))},
            env);
        ASSERT_TRUE(b->running()) << b->log();
        ASSERT_TRUE(b->wait_for_log("event=lobby_gained node=b")) << b->log();
        a = std::make_unique<ServerProcess>(
            std::vector<std::string>{"--config", write_temp_file("node_a.toml", config_of("a", nats.url()))},
            env);
        ASSERT_TRUE(a->running()) << a->log();
    }

    // `count` calling bots connected to `first` (the other node as their failover), into any tournament.
    static std::future<ToolRun> bots_on(const ServerProcess& first, const ServerProcess& other, int count) {
        const std::string args = "bots --url ws://127.0.0.1:" + std::to_string(first.port()) +
                                 "/ws --failover-url ws://127.0.0.1:" + std::to_string(other.port()) +
                                 "/ws --count " + std::to_string(count) +
                                 " --strategy calling --tournament any --verbose";
        return std::async(std::launch::async, [args] { return run_tool(args); });
    }
};

// The bots' run ended well: all `players` of them, exit code 0, no error, their tournament finished.
inline void expect_bots_finished_cleanly(const ToolRun& run, int players) {
    const std::string line = run.last_line();
    EXPECT_EQ(line.rfind("bots: players=" + std::to_string(players) + " ", 0), 0U) << run.out;
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_NE(line.find(" errors=0"), std::string::npos) << run.out;
    EXPECT_NE(line.find(" finished=1 "), std::string::npos) << line;
}

}  // namespace tavolo::testing
