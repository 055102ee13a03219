#pragma once
// A TCP proxy between clients and the server on loopback, for the fault tests (issue 14): it relays
// bytes both ways until told to break a connection. `tc netem` is not available on this machine;
// this does what a bad network does to one connection, abruptly:
//   reset(i)  both sockets closed with an RST (SO_LINGER 0): a dropped connection, as when a NAT
//             forgets it or a phone changes network; client and server each see a reset;
//   stall(i)  what the server sends is no longer read (a client that never reads its socket): with a
//             small receive buffer on the proxy's socket towards the server, the server's send queue
//             fills soon. The server's close cannot be seen then (its FIN waits behind the data the
//             window refuses): release(i) reads again, and server_closed(i) tells whether the server
//             had ended the connection (its data, then its FIN).
// One thread and poll(2); connections are numbered from 0 in the order they were accepted.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tavolo::testing {

class TcpProxy {
  public:
    // Relays 127.0.0.1:port() to 127.0.0.1:target_port. `server_rcvbuf`: SO_RCVBUF of the proxy's
    // sockets towards the server (0: the kernel's default), small for a stall test.
    explicit TcpProxy(int target_port, int server_rcvbuf = 0)
        : target_port_(target_port), server_rcvbuf_(server_rcvbuf) {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        int on = 1;
        ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        sockaddr_in addr = loopback(0);
        if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
            ::listen(listen_fd_, 512) != 0)
            throw std::runtime_error("the proxy cannot listen on loopback");
        socklen_t len = sizeof addr;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
        port_ = ntohs(addr.sin_port);
        thread_ = std::thread([this] { run(); });
    }
    ~TcpProxy() {
        stop_ = true;
        thread_.join();
        for (auto& c : links_)
            close_link(c, false);
        ::close(listen_fd_);
    }
    TcpProxy(const TcpProxy&) = delete;
    TcpProxy& operator=(const TcpProxy&) = delete;

    int port() const { return port_; }
    std::string url() const { return "ws://127.0.0.1:" + std::to_string(port_) + "/ws"; }

    // Connections accepted so far, and those still relaying.
    std::size_t accepted() const {
        std::lock_guard lock(mutex_);
        return links_.size();
    }
    std::vector<std::size_t> open_links() const {
        std::lock_guard lock(mutex_);
        std::vector<std::size_t> open;
        for (std::size_t i = 0; i < links_.size(); ++i)
            if (links_[i].client >= 0) open.push_back(i);
        return open;
    }
    bool is_open(std::size_t i) const {
        std::lock_guard lock(mutex_);
        return i < links_.size() && links_[i].client >= 0;
    }
    // Connections the proxy reset (a drop).
    int resets() const { return resets_; }
    // The server ended connection i (it read the server's end of stream, or an error).
    bool server_closed(std::size_t i) const {
        std::lock_guard lock(mutex_);
        return i < links_.size() && links_[i].server_closed;
    }

    // Resets connection i, both ends (false when it is no longer open).
    bool reset(std::size_t i) {
        std::lock_guard lock(mutex_);
        if (i >= links_.size() || links_[i].client < 0) return false;
        close_link(links_[i], true);
        ++resets_;
        return true;
    }
    // Stops reading what the server sends on connection i (false when it is no longer open).
    bool stall(std::size_t i) { return set_stalled(i, true); }
    // Reads what the server sends on connection i again.
    bool release(std::size_t i) { return set_stalled(i, false); }

  private:
    struct Link {
        int client = -1, server = -1;
        std::string to_server, to_client;  // read, not yet written
        bool stalled = false;
        bool server_closed = false;
    };
    static constexpr std::size_t kBuffer = 256 * 1024;  // read no more from a side while this waits

    bool set_stalled(std::size_t i, bool stalled) {
        std::lock_guard lock(mutex_);
        if (i >= links_.size() || links_[i].client < 0) return false;
        links_[i].stalled = stalled;
        return true;
    }

    static sockaddr_in loopback(int port) {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(static_cast<uint16_t>(port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return addr;
    }

    static void close_link(Link& c, bool abort) {
        for (int* fd : {&c.client, &c.server}) {
            if (*fd < 0) continue;
            if (abort) {
                linger hard{1, 0};  // close sends an RST
                ::setsockopt(*fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
            }
            ::close(*fd);
            *fd = -1;
        }
        c.to_server.clear();
        c.to_client.clear();
    }

    void accept_all() {
        for (;;) {
            const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) return;
            const int up = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            if (server_rcvbuf_ > 0)
                ::setsockopt(up, SOL_SOCKET, SO_RCVBUF, &server_rcvbuf_, sizeof server_rcvbuf_);
            sockaddr_in addr = loopback(target_port_);
            if (::connect(up, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
                ::close(up);
                ::close(fd);
                continue;
            }
            ::fcntl(up, F_SETFL, ::fcntl(up, F_GETFL) | O_NONBLOCK);
            int on = 1;
            ::setsockopt(up, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
            links_.push_back(Link{fd, up, {}, {}, false, false});
        }
    }

    // Moves bytes from `from` into `pending`, then `pending` to `to`. False: the link is over.
    static bool pump(int from, bool readable, std::string& pending, int to) {
        if (readable && pending.size() < kBuffer) {
            char buffer[16384];
            const ssize_t n = ::read(from, buffer, sizeof buffer);
            if (n == 0) return false;
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
            if (n > 0) pending.append(buffer, static_cast<std::size_t>(n));
        }
        if (!pending.empty()) {
            const ssize_t n = ::send(to, pending.data(), pending.size(), MSG_NOSIGNAL);
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
            if (n > 0) pending.erase(0, static_cast<std::size_t>(n));
        }
        return true;
    }

    void run() {
        while (!stop_) {
            std::vector<pollfd> fds{{listen_fd_, POLLIN, 0}};
            std::vector<std::size_t> owner;
            {
                std::lock_guard lock(mutex_);
                for (std::size_t i = 0; i < links_.size(); ++i) {
                    const Link& c = links_[i];
                    if (c.client < 0) continue;
                    fds.push_back(
                        {c.client, static_cast<short>(POLLIN | (c.to_client.empty() ? 0 : POLLOUT)), 0});
                    const short up =
                        static_cast<short>((c.stalled ? 0 : POLLIN) | (c.to_server.empty() ? 0 : POLLOUT));
                    fds.push_back({c.server, up, 0});
                    owner.push_back(i);
                }
            }
            if (::poll(fds.data(), fds.size(), 20) <= 0) continue;
            std::lock_guard lock(mutex_);
            if (fds[0].revents & POLLIN) accept_all();
            for (std::size_t k = 0; k < owner.size(); ++k) {
                Link& c = links_[owner[k]];
                if (c.client < 0) continue;  // reset meanwhile
                const short cr = fds[1 + 2 * k].revents, sr = fds[2 + 2 * k].revents;
                if (!pump(c.client, cr & (POLLIN | POLLHUP | POLLERR), c.to_server, c.server)) {
                    close_link(c, false);
                    continue;
                }
                if (c.stalled) continue;  // what the server sends stays in its socket
                if (!pump(c.server, sr & (POLLIN | POLLHUP | POLLERR), c.to_client, c.client)) {
                    c.server_closed = true;
                    close_link(c, false);
                }
            }
        }
    }

    int target_port_, server_rcvbuf_;
    int listen_fd_ = -1, port_ = 0;
    mutable std::mutex mutex_;
    std::vector<Link> links_;
    std::atomic<bool> stop_{false};
    std::atomic<int> resets_{0};
    std::thread thread_;
};

}  // namespace tavolo::testing
