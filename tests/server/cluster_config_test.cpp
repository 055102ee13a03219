// [node] and [cluster] (server/config.*, server/cluster/README.md): absent = one node, as always.
#include <gtest/gtest.h>

#include "server/config.hpp"

using namespace tavolo::server;

TEST(ClusterConfig, NoClusterSectionMeansOneNode) {
    auto c = parse_config("", "test");
    ASSERT_TRUE(c) << c.error();
    EXPECT_FALSE(c->cluster.has_value());
    EXPECT_TRUE(c->node_id.empty());
    apply_environment(*c);
    EXPECT_FALSE(c->node_id.empty()) << "the host name or \"local\"";
    for (char ch : c->node_id)
        EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_') << c->node_id;
}

TEST(ClusterConfig, ReadsEveryKey) {
    auto c = parse_config(
        "[node]\nid = \"node-a_1\"\n[cluster]\nnats_url = \"nats://10.0.0.5:4222\"\n"
        "lease_seconds = 7\nhosts_lobby = false\n",
        "test");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(c->node_id, "node-a_1");
    ASSERT_TRUE(c->cluster.has_value());
    EXPECT_EQ(c->cluster->nats_url, "nats://10.0.0.5:4222");
    EXPECT_EQ(c->cluster->lease_seconds, 7);
    EXPECT_FALSE(c->cluster->hosts_lobby);
}

TEST(ClusterConfig, AnEmptyClusterSectionHasTheDefaults) {
    auto c = parse_config("[cluster]\n", "test");
    ASSERT_TRUE(c) << c.error();
    ASSERT_TRUE(c->cluster.has_value());
    EXPECT_EQ(c->cluster->nats_url, "nats://127.0.0.1:4222");
    EXPECT_EQ(c->cluster->lease_seconds, 10);
    EXPECT_TRUE(c->cluster->hosts_lobby);
}

TEST(ClusterConfig, BadValuesNameTheKey) {
    for (const char* bad :
         {"[node]\nid = \"a.b\"\n", "[node]\nid = \"\"\n", "[cluster]\nnats_url = \"\"\n",
          "[cluster]\nlease_seconds = 0\n", "[cluster]\nhosts_lobby = 1\n", "[cluster]\nnats = \"x\"\n"}) {
        auto c = parse_config(bad, "test");
        ASSERT_FALSE(c) << bad;
        const std::string key = std::string(bad).find("node") != std::string::npos ? "node.id" : "cluster.";
        EXPECT_NE(c.error().find(key), std::string::npos) << c.error();
    }
}
