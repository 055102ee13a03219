#pragma once
// A private nats-server for tests of several nodes (server/cluster/README.md), on loopback and a port
// the system picks (`-p -1`), like private_cluster.hpp does for PostgreSQL. Stopped (SIGTERM) when the
// object goes; crash() kills it where it stands. nats-server is Debian's (deploy/setup.sh).
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

namespace tavolo::testing {

class NatsProcess {
  public:
    NatsProcess() {
        int err[2];
        if (pipe2(err, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(err[1], STDERR_FILENO);
            dup2(err[1], STDOUT_FILENO);
            execlp("nats-server", "nats-server", "-a", "127.0.0.1", "-p", "-1", static_cast<char*>(nullptr));
            // Debian installs it in /usr/sbin, which a non-root PATH may lack.
            execl("/usr/sbin/nats-server", "nats-server", "-a", "127.0.0.1", "-p", "-1",
                  static_cast<char*>(nullptr));
            _exit(127);
        }
        close(err[1]);
        log_ = fdopen(err[0], "r");
        char line[512];
        std::string seen;
        const std::string listening = "Listening for client connections on 127.0.0.1:";
        while (log_ && fgets(line, sizeof line, log_)) {
            std::string s(line);
            seen += s;
            if (auto at = s.find(listening); at != std::string::npos)
                port_ = std::stoi(s.substr(at + listening.size()));
            if (s.find("Server is ready") != std::string::npos && port_ > 0) {
                // Keep reading (and dropping) its log so a full pipe never blocks it.
                drain_ = std::thread([file = log_] {
                    char rest[512];
                    while (fgets(rest, sizeof rest, file)) {
                    }
                });
                return;
            }
        }
        stop();
        throw std::runtime_error("nats-server did not start (is it installed? deploy/setup.sh):\n" + seen);
    }
    ~NatsProcess() { stop(); }
    NatsProcess(const NatsProcess&) = delete;
    NatsProcess& operator=(const NatsProcess&) = delete;

    int port() const { return port_; }
    std::string url() const { return "nats://127.0.0.1:" + std::to_string(port_); }

    void stop(int signal = SIGTERM) {
        if (pid_ > 0) {
            kill(pid_, signal);
            waitpid(pid_, nullptr, 0);
            pid_ = -1;
        }
        if (drain_.joinable()) drain_.join();  // ends with the server's end of the pipe
        if (log_) {
            fclose(log_);
            log_ = nullptr;
        }
    }
    void crash() { stop(SIGKILL); }

  private:
    pid_t pid_ = -1;
    std::thread drain_;
    FILE* log_ = nullptr;
    int port_ = 0;
};

}  // namespace tavolo::testing
