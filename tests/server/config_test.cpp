#include "server/config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

using namespace tavolo::server;

TEST(Config, EmptyFileGivesDocumentedDefaults) {
    auto c = parse_config("", "test");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(c->host, "127.0.0.1");
    EXPECT_EQ(c->port, 8080);
    EXPECT_EQ(c->threads, 0);
    EXPECT_EQ(c->log_level, "warn");
    EXPECT_TRUE(c->require_database);
    EXPECT_TRUE(c->database_url.empty());
    EXPECT_FALSE(c->tls());
    EXPECT_EQ(c->shutdown_grace, std::chrono::seconds(30));
    EXPECT_EQ(c->clock_speed, 1.0);
    EXPECT_EQ(c->starting_balance, 100'000);  // 1,000.00 (issue 10)
    EXPECT_EQ(c->password_cost, PasswordCostLevel::interactive);
    EXPECT_TRUE(c->lobby_demo);
    EXPECT_TRUE(c->tournaments.empty());
    EXPECT_EQ(c->web_root, "web/dist");  // relative to the working directory: deploy/run.sh's is the root
}

TEST(Config, ReadsEveryKey) {
    auto c = parse_config(R"(
[server]
host = "0.0.0.0"
port = 9000
threads = 4
[database]
url = "postgresql://x@localhost/db"
required = false
[log]
level = "debug"
[clock]
speed = 480.5
[accounts]
starting_balance = "250.5"
password_cost = "minimum"
[lobby]
demo = false
[web]
root = "/srv/tavolo/web"
)",
                          "test");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(c->web_root, "/srv/tavolo/web");
    EXPECT_EQ(c->clock_speed, 480.5);
    EXPECT_EQ(c->starting_balance, 25'050);
    EXPECT_EQ(c->password_cost, PasswordCostLevel::minimum);
    EXPECT_FALSE(c->lobby_demo);
    EXPECT_EQ(c->host, "0.0.0.0");
    EXPECT_EQ(c->port, 9000);
    EXPECT_EQ(c->threads, 4);
    EXPECT_EQ(c->database_url, "postgresql://x@localhost/db");
    EXPECT_FALSE(c->require_database);
    EXPECT_EQ(c->log_level, "debug");
}

TEST(Config, BadValuesNameTheKey) {
    struct Case {
        const char* text;
        const char* key;
    } cases[] = {
        {"[server]\nport = 70000", "server.port"},
        {"[server]\nport = \"80\"", "server.port"},
        {"[server]\nthreads = -1", "server.threads"},
        {"[log]\nlevel = \"loud\"", "log.level"},
        {"[database]\nrequired = 1", "database.required"},
        {"[server]\nprot = 1", "server.prot"},
        {"[server]\nhost = \"\"", "server.host"},
        {"[clock]\nspeed = 0", "clock.speed"},
        {"[clock]\nspeed = -1.0", "clock.speed"},
        {"[clock]\nspeed = inf", "clock.speed"},
        {"[clock]\nspeed = nan", "clock.speed"},
        {"[clock]\nspeed = \"2\"", "clock.speed"},
        {"[clock]\nspeed = 1000001", "clock.speed"},
        {"[clock]\nfast = true", "clock.fast"},
        {"[accounts]\nstarting_balance = 1000", "accounts.starting_balance"},
        {"[accounts]\nstarting_balance = 1000.0", "accounts.starting_balance"},
        {"[accounts]\nstarting_balance = \"1000.001\"", "accounts.starting_balance"},
        {"[accounts]\nstarting_balance = \"-5.00\"", "accounts.starting_balance"},
        {"[accounts]\nstarting_balance = \"1,000.00\"", "accounts.starting_balance"},
        {"[accounts]\npassword_cost = \"cheap\"", "accounts.password_cost"},
        {"[accounts]\npassword_cost = 1", "accounts.password_cost"},
        {"[lobby]\ndemo = \"yes\"", "lobby.demo"},
        {"[web]\nroot = false", "web.root"},
        {"[web]\nroots = \"dist\"", "web.roots"},
        {"[server]\nshutdown_grace = 0", "server.shutdown_grace"},
        {"[server]\nshutdown_grace = 3601", "server.shutdown_grace"},
        {"[server]\nshutdown_grace = 2.5", "server.shutdown_grace"},
        {"[server]\ntls_certificate = \"c.pem\"", "server.tls_private_key"},
        {"[server]\ntls_private_key = \"k.pem\"", "server.tls_certificate"},
        {"[server]\ntls_certificate = \"\"\ntls_private_key = \"k.pem\"", "server.tls_certificate"},
        {"[server]\ntls_certificate = 1\ntls_private_key = \"k.pem\"", "server.tls_certificate"},
        {"[tournament]\nname = \"x\"", "tournament"},
    };
    for (const auto& tc : cases) {
        auto c = parse_config(tc.text, "test");
        ASSERT_FALSE(c) << tc.text;
        EXPECT_NE(c.error().find(tc.key), std::string::npos) << c.error();
    }
}

TEST(Config, SyntaxErrorsGiveTheLine) {
    auto c = parse_config("[server]\nport = = 1\n", "f.toml");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find("f.toml:2"), std::string::npos) << c.error();
}

TEST(Config, ExampleFileIsValidAndMatchesDefaults) {
    auto c = load_config_file(std::string(TAVOLO_SOURCE_DIR) + "/deploy/tavolo.example.toml");
    ASSERT_TRUE(c) << c.error();
    auto d = parse_config("", "defaults");
    EXPECT_EQ(c->port, d->port);
    EXPECT_EQ(c->host, d->host);
    EXPECT_EQ(c->log_level, d->log_level);
    EXPECT_EQ(c->threads, d->threads);
    EXPECT_EQ(c->database_url, d->database_url);
    EXPECT_EQ(c->require_database, d->require_database);
    EXPECT_EQ(c->tls_certificate, d->tls_certificate);
    EXPECT_EQ(c->tls_private_key, d->tls_private_key);
    EXPECT_EQ(c->shutdown_grace, d->shutdown_grace);
    EXPECT_EQ(c->clock_speed, d->clock_speed);
    EXPECT_EQ(c->starting_balance, d->starting_balance);
    EXPECT_EQ(c->lobby_demo, d->lobby_demo);
    EXPECT_EQ(c->web_root, d->web_root);
    EXPECT_EQ(c->tournaments.size(), d->tournaments.size());
}

TEST(Config, ExampleFileSetsEveryKnownKey) {
    // Every top-level key the server reads is written in the example with its default: a new key
    // cannot be added without documenting it. (Tournament keys: tournament_config_test.cpp.)
    std::ifstream in(std::string(TAVOLO_SOURCE_DIR) + "/deploy/tavolo.example.toml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const char* key :
         {"host =", "port =", "threads =", "# tls_certificate =", "# tls_private_key =", "shutdown_grace =",
          "url =", "required =", "level =", "speed =", "starting_balance =", "demo =", "root ="})
        EXPECT_NE(text.find(std::string("\n") + key), std::string::npos) << key;
}

TEST(Config, TlsNeedsBothFiles) {
    auto both = parse_config("[server]\ntls_certificate = \"c.pem\"\ntls_private_key = \"k.pem\"", "t");
    ASSERT_TRUE(both) << both.error();
    EXPECT_TRUE(both->tls());
    EXPECT_EQ(both->tls_certificate, "c.pem");
    EXPECT_EQ(both->tls_private_key, "k.pem");
    auto one = parse_config("[server]\ntls_certificate = \"c.pem\"", "t");
    ASSERT_FALSE(one);
    EXPECT_NE(one.error().find("set both server.tls_certificate and server.tls_private_key"),
              std::string::npos)
        << one.error();
}

TEST(Config, UnreadableTlsFileIsRefusedWhenLoaded) {
    const std::string path = ::testing::TempDir() + "/tls_missing.toml";
    std::ofstream(path) << "[server]\ntls_certificate = \"/nonexistent/cert.pem\"\n"
                           "tls_private_key = \"/nonexistent/key.pem\"\n";
    auto c = load_config_file(path);
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find("server.tls_certificate: cannot read /nonexistent/cert.pem"), std::string::npos)
        << c.error();
}

TEST(Config, ReadableTlsFilesAreAccepted) {
    const std::string dir = ::testing::TempDir();
    std::ofstream(dir + "/tls_cert.pem") << "cert";
    std::ofstream(dir + "/tls_key.pem") << "key";
    const std::string path = dir + "/tls_ok.toml";
    std::ofstream(path) << "[server]\ntls_certificate = \"" << dir << "/tls_cert.pem\"\ntls_private_key = \""
                        << dir << "/tls_key.pem\"\n";
    auto c = load_config_file(path);
    ASSERT_TRUE(c) << c.error();
    EXPECT_TRUE(c->tls());
}

TEST(Config, ClockSpeedTakesIntegersAndFractions) {
    auto whole = parse_config("[clock]\nspeed = 60", "t");
    ASSERT_TRUE(whole) << whole.error();
    EXPECT_EQ(whole->clock_speed, 60.0);
    auto slow = parse_config("[clock]\nspeed = 0.25", "t");
    ASSERT_TRUE(slow) << slow.error();
    EXPECT_EQ(slow->clock_speed, 0.25);
}

TEST(Config, ShutdownGraceIsSeconds) {
    auto c = parse_config("[server]\nshutdown_grace = 5", "t");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(c->shutdown_grace, std::chrono::seconds(5));
}

TEST(Config, EnvironmentGivesTheDatabaseUnlessTheFileDoes) {
    setenv("TAVOLO_DATABASE_URL", "postgresql://env/db", 1);
    auto from_env = parse_config("", "t");
    apply_environment(*from_env);
    EXPECT_EQ(from_env->database_url, "postgresql://env/db");
    auto from_file = parse_config("[database]\nurl = \"postgresql://file/db\"", "t");
    apply_environment(*from_file);
    EXPECT_EQ(from_file->database_url, "postgresql://file/db");
    unsetenv("TAVOLO_DATABASE_URL");
}

TEST(Config, DockerConfigurationIsValid) {
    auto c = load_config_file(std::string(TAVOLO_SOURCE_DIR) + "/deploy/tavolo.docker.toml");
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(c->host, "0.0.0.0");
    EXPECT_EQ(c->web_root, "/usr/share/tavolo/web");  // where deploy/Dockerfile puts web/dist
}

// A host name or typo is refused while reading the configuration, before the database is reached.
TEST(Config, HostMustBeAnIpAddress) {
    for (const char* good : {"127.0.0.1", "0.0.0.0", "::1", "::", "fe80::1%lo"}) {
        auto c = parse_config(std::string("[server]\nhost = \"") + good + "\"\n", "test");
        EXPECT_TRUE(c.has_value()) << good << ": " << (c ? "" : c.error());
    }
    for (const char* bad :
         {"localhost", "127.0.0.256", "1.2.3", "example.com", "::1%", "127.0.0.1%lo", " 127.0.0.1"}) {
        auto c = parse_config(std::string("[server]\nhost = \"") + bad + "\"\n", "test");
        ASSERT_FALSE(c.has_value()) << bad;
        EXPECT_NE(c.error().find("server.host: must be an IP address"), std::string::npos) << c.error();
        EXPECT_NE(c.error().find(bad), std::string::npos) << c.error();
    }
}

TEST(Config, NoClusterSectionIsASingleNodeAndANodeIdDefaultsToTheHostName) {
    auto c = parse_config("", "t");
    ASSERT_TRUE(c) << c.error();
    EXPECT_FALSE(c->cluster) << "no [cluster]: one node, no leases, no NATS";
    EXPECT_EQ(c->node_id, "");
    apply_environment(*c);
    EXPECT_FALSE(c->node_id.empty());
    EXPECT_TRUE(is_valid_node_id(c->node_id)) << c->node_id;
}

TEST(Config, ReadsTheNodeAndTheCluster) {
    auto c = parse_config(
        "[node]\nid = \"b-2\"\n\n[cluster]\nnats_url = \"nats://10.0.0.5:4222\"\nlease_seconds = 4\n"
        "spread_tables = true\n",
        "t");
    ASSERT_TRUE(c) << c.error();
    ASSERT_TRUE(c->cluster);
    EXPECT_EQ(c->node_id, "b-2");
    EXPECT_EQ(c->cluster->nats_url, "nats://10.0.0.5:4222");
    EXPECT_EQ(c->cluster->lease_seconds, 4);
    EXPECT_TRUE(c->cluster->spread_tables);
    auto defaults = parse_config("[cluster]\n", "t");
    ASSERT_TRUE(defaults && defaults->cluster);
    EXPECT_EQ(defaults->cluster->nats_url, "nats://127.0.0.1:4222");
    EXPECT_EQ(defaults->cluster->lease_seconds, 10);
    EXPECT_FALSE(defaults->cluster->spread_tables) << "off unless set";
}

TEST(Config, RefusesABadNodeIdOrLease) {
    auto bad_id = parse_config("[node]\nid = \"a.b\"\n", "t");
    ASSERT_FALSE(bad_id);
    EXPECT_NE(bad_id.error().find("node.id: must be 1 to 64 letters"), std::string::npos) << bad_id.error();
    auto bad_lease = parse_config("[cluster]\nlease_seconds = 0\n", "t");
    ASSERT_FALSE(bad_lease);
    EXPECT_NE(bad_lease.error().find("cluster.lease_seconds: must be"), std::string::npos)
        << bad_lease.error();
    auto bad_url = parse_config("[cluster]\nnats_url = \"http://x\"\n", "t");
    ASSERT_FALSE(bad_url);
    EXPECT_NE(bad_url.error().find("cluster.nats_url"), std::string::npos) << bad_url.error();
    auto bad_spread = parse_config("[cluster]\nspread_tables = 1\n", "t");
    ASSERT_FALSE(bad_spread);
    EXPECT_NE(bad_spread.error().find("cluster.spread_tables"), std::string::npos) << bad_spread.error();
}

TEST(Config, DockerClusterConfigurationIsValid) {
    auto c = load_config_file(std::string(TAVOLO_SOURCE_DIR) + "/deploy/tavolo.cluster.toml");
    ASSERT_TRUE(c) << c.error();
    ASSERT_TRUE(c->cluster);
    EXPECT_EQ(c->cluster->nats_url, "nats://nats:4222");  // docker-compose.yml's nats service
    EXPECT_EQ(c->node_id, "") << "one file for every node: the id is the container's host name";
}
