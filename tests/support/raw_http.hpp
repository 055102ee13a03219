#pragma once
// HTTP as raw bytes over one loopback connection, for tests that send what no library would
// (malformed requests, HEAD then GET on one connection) and read exactly what the server answers.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tavolo::testing {

class RawConnection {
  public:
    explicit RawConnection(int port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(static_cast<uint16_t>(port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (fd_ < 0 || connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
            if (fd_ >= 0) close(fd_);
            throw std::runtime_error("cannot connect to the server on port " + std::to_string(port));
        }
    }
    ~RawConnection() { close(fd_); }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    // Sends every byte; false if the server stopped reading (it closed or reset the connection).
    bool send(std::string_view bytes) {
        while (!bytes.empty()) {
            ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n <= 0) return false;
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }

    // Says the request is over (a half-close, FIN): the client still reads the answer.
    void finish_sending() { shutdown(fd_, SHUT_WR); }

    // Reads until `received()` holds `text` (true) or the connection ends (false).
    bool read_until(std::string_view text) {
        while (received_.find(text) == std::string::npos)
            if (!read_some()) return false;
        return true;
    }

    // Reads until the server closes the connection.
    void read_to_end() {
        while (read_some()) {
        }
    }

    const std::string& received() const { return received_; }
    // The connection ended with a reset (RST) rather than an orderly close (FIN).
    bool was_reset() const { return reset_; }
    bool closed() const { return closed_; }

  private:
    bool read_some() {
        if (closed_) return false;
        char buffer[4096];
        ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
        if (n > 0) {
            received_.append(buffer, static_cast<std::size_t>(n));
            return true;
        }
        if (n < 0 && errno == EINTR) return true;
        reset_ = n < 0 && errno == ECONNRESET;
        closed_ = true;
        return false;
    }

    int fd_;
    std::string received_;
    bool reset_ = false;
    bool closed_ = false;
};

struct RawResponse {
    std::string status_line;
    int status = 0;
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;                            // Content-Length bytes (none after a HEAD)
    std::size_t size = 0;                        // bytes of `text` this response took
};

// The response at the start of `text`, or nothing if its head is incomplete. After a HEAD request a
// response has no body whatever its Content-Length says (RFC 9110 9.3.2).
inline std::optional<RawResponse> parse_response(std::string_view text, bool after_head = false) {
    auto head_end = text.find("\r\n\r\n");
    if (head_end == std::string_view::npos || !text.starts_with("HTTP/")) return std::nullopt;
    RawResponse r;
    auto line_end = text.find("\r\n");
    r.status_line = std::string(text.substr(0, line_end));
    if (r.status_line.size() >= 12) r.status = std::stoi(r.status_line.substr(9, 3));
    for (auto at = line_end + 2; at < head_end;) {
        auto end = text.find("\r\n", at);
        auto line = text.substr(at, end - at);
        auto colon = line.find(':');
        std::string name(line.substr(0, colon));
        for (auto& c : name)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        auto value = colon == std::string_view::npos ? std::string_view{} : line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
        r.headers[name] = std::string(value);
        at = end + 2;
    }
    std::size_t length = 0;
    if (auto it = r.headers.find("content-length"); it != r.headers.end() && !after_head)
        length = std::stoul(it->second);
    r.size = head_end + 4 + length;
    if (r.size > text.size()) return std::nullopt;
    r.body = std::string(text.substr(head_end + 4, length));
    return r;
}

}  // namespace tavolo::testing
