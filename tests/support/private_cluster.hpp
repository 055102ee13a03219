#pragma once
// A private PostgreSQL cluster (deploy/pg.sh, fast and throwaway) that a test may stop and start
// again, so the shared test server is never touched. Lives in .tavolo/test-<name>-<pid>; the next
// deploy/test.sh removes one left by a killed run.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace tavolo::testing {

// Runs a shell command; its output, without the last newline. Throws if it fails.
inline std::string run_command(const std::string& command) {
    std::string out;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot run: " + command);
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe))
        out += buffer;
    if (::pclose(pipe) != 0) throw std::runtime_error("failed: " + command + "\n" + out);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
        out.pop_back();
    return out;
}

class PrivateCluster {
  public:
    // `name` must be one deploy/test.sh cleans up after a killed run: "restart" (test-restart-<pid>).
    // `durable`: fsync on, as in production (a crash test), instead of --fast.
    explicit PrivateCluster(const std::string& name = "restart", bool durable = false)
        : dir_(std::string(TAVOLO_SOURCE_DIR) + "/.tavolo/test-" + name + "-" + std::to_string(::getpid())),
          script_(std::string(TAVOLO_SOURCE_DIR) + "/deploy/pg.sh"),
          durable_(durable) {
        url_ = run_command("bash " + script_ + " start " + dir_ + (durable ? "" : " --fast") + " 2>&1");
        std::ifstream port_file(dir_ + "/port");
        port_file >> port_;
    }
    ~PrivateCluster() {
        try {
            run_command("bash " + script_ + " stop " + dir_ + " 2>&1");
            // pg.sh keeps a durable cluster's directory (production data); a test's is always thrown away.
            std::error_code ignored;
            std::filesystem::remove_all(dir_, ignored);
        } catch (...) {
        }
    }
    PrivateCluster(const PrivateCluster&) = delete;
    PrivateCluster& operator=(const PrivateCluster&) = delete;

    const std::string& url() const { return url_; }
    // The cluster's directory (data/ holds PGDATA).
    const std::string& dir() const { return dir_; }

    // kill -9 of the postmaster (issue 14's faults): its backends end as they notice, on their own.
    void kill_postmaster() {
        // Returns once the process is gone (else pg_ctl status could still find it running).
        run_command("pid=$(head -1 " + dir_ +
                    "/data/postmaster.pid) && kill -KILL $pid && while kill -0 $pid "
                    "2>/dev/null; do sleep 0.05; done");
    }
    // Starts it again after kill_postmaster(): retried while the dead postmaster's backends still hold
    // its shared memory (PostgreSQL refuses to start beside them). True once started.
    bool start_after_kill(int attempts = 100) {
        for (int i = 0; i < attempts; ++i) {
            if (running()) return true;  // it came back by itself
            try {
                start();
                return true;
            } catch (const std::exception&) {
                ::usleep(200'000);
            }
        }
        return false;
    }

    // The postmaster is up (pg_ctl status).
    bool running() {
        try {
            pg_ctl("status");
            return true;
        } catch (const std::exception&) {
            return false;
        }
    }

    // Stops the server (pg_ctl -m fast: every connection is ended) and keeps the data.
    void stop() { pg_ctl("-m fast stop"); }
    // Starts it again on the same port and socket, so the same URL reaches it (durable or not as made).
    void start() {
        pg_ctl("-o \"-p " + std::to_string(port_) +
               " -c listen_addresses=127.0.0.1 -c unix_socket_directories=" + dir_ + "/sock" +
               (durable_ ? "" : " -c fsync=off -c synchronous_commit=off") + "\" start");
    }

  private:
    void pg_ctl(const std::string& action) {
        std::string command = "/usr/lib/postgresql/15/bin/pg_ctl -D " + dir_ + "/data -w -l " + dir_ +
                              "/postgres.log " + action;
        if (::geteuid() == 0) command = "cd / && runuser -u postgres -- " + command;
        run_command(command + " >/dev/null 2>&1");
    }

    std::string dir_, script_, url_;
    bool durable_ = false;
    int port_ = 0;
};

}  // namespace tavolo::testing
