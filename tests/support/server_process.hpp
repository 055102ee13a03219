#pragma once
// Starts the real tavolo-server binary for end-to-end tests and speaks plain HTTP to it.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/require_env.hpp"

namespace tavolo::testing {

class ServerProcess {
  public:
    // Runs tavolo-server with the given arguments plus --port 0, waits for its "listening" line.
    // Its standard error (the log) is read all along by a thread: see log() and wait_for_log().
    // open_files > 0: the server runs with that limit of open files, soft and hard (RLIMIT_NOFILE).
    explicit ServerProcess(std::vector<std::string> args, std::vector<std::string> env = {},
                           long open_files = 0) {
        int out[2], err[2];
        if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], STDOUT_FILENO);
            dup2(err[1], STDERR_FILENO);
            for (auto& kv : env)
                putenv(kv.data());
            if (open_files > 0) {
                const rlimit limit{static_cast<rlim_t>(open_files), static_cast<rlim_t>(open_files)};
                if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(126);
            }
            std::vector<char*> argv;
            std::string bin = TAVOLO_SERVER_BIN;
            argv.push_back(bin.data());
            if (std::find(args.begin(), args.end(), "--port") == args.end()) {  // else the caller's port
                args.push_back("--port");
                args.push_back("0");
            }
            for (auto& a : args)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(bin.c_str(), argv.data());
            _exit(127);
        }
        close(out[1]);
        close(err[1]);
        stderr_reader_ = std::thread([this, fd = err[0]] { read_log(fd); });
        stdout_ = fdopen(out[0], "r");
        char line[512];
        while (fgets(line, sizeof line, stdout_)) {
            std::string s(line);
            // "listening on http://HOST:PORT", or https:// when the server speaks TLS.
            if (s.find("listening on http://") == std::string::npos &&
                s.find("listening on https://") == std::string::npos)
                continue;
            port_ = std::stoi(s.substr(s.rfind(':') + 1));
            return;
        }
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    ~ServerProcess() {
        stop();
        if (stderr_reader_.joinable()) stderr_reader_.join();
        if (stdout_) fclose(stdout_);
    }
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    bool running() const { return port_ > 0; }
    int port() const { return port_; }
    int exit_code() const { return exit_code_; }

    // kill -9: the server dies where it stands (a crash test); nothing is flushed.
    void crash() {
        if (pid_ <= 0) return;
        kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        exit_code_ = -1;
    }

    // Sends SIGTERM and returns the exit status.
    int stop() {
        if (pid_ <= 0) return exit_code_;
        kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    // Waits until the log holds one of `texts`: its index, or -1 once the server closed its standard
    // error (exited) with none of them there.
    int wait_for_any(const std::vector<std::string>& texts) const {
        std::unique_lock lock(mutex_);
        int found = -1;
        changed_.wait(lock, [&] {
            for (std::size_t i = 0; i < texts.size() && found < 0; ++i)
                if (count(texts[i]) > 0) found = static_cast<int>(i);
            return found >= 0 || log_closed_;
        });
        return found;
    }

    // Everything the server wrote to standard error so far.
    std::string log() const {
        std::lock_guard lock(mutex_);
        return log_;
    }

    // Waits until the log holds `text` at least `occurrences` times (true), or the server closed its
    // standard error, i.e. exited (false). No clock: the event itself, or the end of the process.
    bool wait_for_log(const std::string& text, int occurrences = 1) const {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return count(text) >= occurrences || log_closed_; });
        return count(text) >= occurrences;
    }

  private:
    void read_log(int fd) {
        char buffer[4096];
        ssize_t n;
        while ((n = read(fd, buffer, sizeof buffer)) > 0) {
            std::lock_guard lock(mutex_);
            log_.append(buffer, static_cast<std::size_t>(n));
            changed_.notify_all();
        }
        close(fd);
        std::lock_guard lock(mutex_);
        log_closed_ = true;
        changed_.notify_all();
    }

    int count(const std::string& text) const {
        int n = 0;
        for (auto at = log_.find(text); at != std::string::npos; at = log_.find(text, at + text.size()))
            ++n;
        return n;
    }

    pid_t pid_ = -1;
    FILE* stdout_ = nullptr;
    int port_ = -1;
    int exit_code_ = -1;
    std::thread stderr_reader_;
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::string log_;
    bool log_closed_ = false;
};

struct HttpResult {
    int status = 0;
    std::string body;
};

// One HTTP/1.1 request over a fresh loopback connection (Connection: close).
inline HttpResult http_request(int port, const std::string& method, const std::string& target) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        throw std::runtime_error("cannot connect to the server on port " + std::to_string(port));
    }
    std::string req = method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    if (write(fd, req.data(), req.size()) != static_cast<ssize_t>(req.size())) {
        close(fd);
        throw std::runtime_error("short write to the server on port " + std::to_string(port));
    }
    std::string raw;
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        raw.append(buf, static_cast<std::size_t>(n));
    close(fd);
    HttpResult result;
    if (raw.size() > 12) result.status = std::stoi(raw.substr(9, 3));
    auto body_at = raw.find("\r\n\r\n");
    if (body_at != std::string::npos) result.body = raw.substr(body_at + 4);
    return result;
}

}  // namespace tavolo::testing
