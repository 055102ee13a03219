#include "server/config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

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
)",
                          "test");
    ASSERT_TRUE(c) << c.error();
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
        {"[server]\nport = 70000", "server.port"},         {"[server]\nport = \"80\"", "server.port"},
        {"[server]\nthreads = -1", "server.threads"},      {"[log]\nlevel = \"loud\"", "log.level"},
        {"[database]\nrequired = 1", "database.required"}, {"[server]\nprot = 1", "server.prot"},
        {"[server]\nhost = \"\"", "server.host"},
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
