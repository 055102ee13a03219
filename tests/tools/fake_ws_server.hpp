#pragma once
// A scripted WebSocket server for the client's tests: plain POSIX sockets and the framing of RFC 6455
// written out (no Beast, so it compiles in a moment and shares no code with the client it tests).
// One connection at a time, blocking; a test runs its script on a thread while the client under test
// runs on the test's. Every read is bounded (kReadLimit) so a client that never answers fails the test
// instead of hanging it. With `tls`, it speaks TLS (wss://) with a self-signed certificate for
// 127.0.0.1 made on the spot; certificate_file() holds it in PEM, for a client's --ca-file.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/sha.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include "tavolo.pb.h"

namespace tavolo::testing {

class FakeWsServer {
  public:
    static constexpr int kReadLimitSeconds = 60;

    explicit FakeWsServer(bool tls = false) {
        ::signal(SIGPIPE, SIG_IGN);  // a client gone mid-write is an error return, not the end of the test
        if (tls) make_tls_context();
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = 0;
        if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::listen(listener_, 4) != 0)
            throw std::runtime_error("fake server: cannot listen");
        socklen_t length = sizeof address;
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
    }
    ~FakeWsServer() {
        drop();
        ::close(listener_);
        if (tls_) SSL_CTX_free(tls_);
        if (!certificate_file_.empty()) std::filesystem::remove(certificate_file_);
    }
    FakeWsServer(const FakeWsServer&) = delete;
    FakeWsServer& operator=(const FakeWsServer&) = delete;

    std::string url() const {
        return std::string(tls_ ? "wss" : "ws") + "://127.0.0.1:" + std::to_string(port_) + "/ws";
    }
    const std::string& certificate_file() const { return certificate_file_; }

    // Accepts the next connection and completes its WebSocket handshake.
    bool accept() {
        drop();
        connection_ = ::accept(listener_, nullptr, nullptr);
        if (connection_ < 0) return false;
        timeval limit{kReadLimitSeconds, 0};
        ::setsockopt(connection_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        if (tls_) {
            ssl_ = SSL_new(tls_);
            SSL_set_fd(ssl_, connection_);
            if (SSL_accept(ssl_) != 1) return false;  // e.g. the client refused the certificate
        }
        std::string request;
        while (request.find("\r\n\r\n") == std::string::npos) {
            char buffer[1024];
            const ssize_t n = receive(buffer, sizeof buffer);
            if (n <= 0) return false;
            request.append(buffer, static_cast<std::size_t>(n));
        }
        const std::string header = "Sec-WebSocket-Key: ";
        const auto at = request.find(header);
        if (at == std::string::npos) return false;
        const auto end = request.find("\r\n", at);
        const std::string key = request.substr(at + header.size(), end - at - header.size());
        return write(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Accept: " +
            accept_key(key) + "\r\n\r\n");
    }

    // The next data message (binary or text), or nothing when the client closed or went quiet.
    std::optional<std::string> read_message() {
        std::string message;
        for (;;) {
            std::array<unsigned char, 2> head{};
            if (!read_exact(head.data(), 2)) return std::nullopt;
            const bool fin = (head[0] & 0x80) != 0;
            const int opcode = head[0] & 0x0f;
            std::uint64_t length = head[1] & 0x7f;
            if (length >= 126) {
                std::array<unsigned char, 8> ext{};
                const std::size_t bytes = length == 126 ? 2 : 8;
                if (!read_exact(ext.data(), bytes)) return std::nullopt;
                length = 0;
                for (std::size_t i = 0; i < bytes; ++i)
                    length = (length << 8) | ext[i];
            }
            std::array<unsigned char, 4> mask{};
            if ((head[1] & 0x80) != 0 && !read_exact(mask.data(), 4)) return std::nullopt;
            std::string payload(length, '\0');
            if (length > 0 && !read_exact(reinterpret_cast<unsigned char*>(payload.data()), length))
                return std::nullopt;
            for (std::size_t i = 0; i < payload.size(); ++i)
                payload[i] = static_cast<char>(payload[i] ^ mask[i % 4]);
            if (opcode == 0x8) {  // close: answer it, then the connection is over
                send_frame(0x8, payload.substr(0, 2));
                drop();
                return std::nullopt;
            }
            if (opcode == 0x9) {  // ping
                send_frame(0xA, payload);
                continue;
            }
            if (opcode == 0xA) continue;
            message += payload;
            if (fin) return message;
        }
    }

    // The next ClientMessage, or nothing (closed, quiet, or bytes that do not parse).
    std::optional<v1::ClientMessage> read_client_message() {
        auto bytes = read_message();
        if (!bytes) return std::nullopt;
        v1::ClientMessage message;
        if (!message.ParseFromString(*bytes)) return std::nullopt;
        return message;
    }

    bool send(const v1::ServerMessage& message) { return send_frame(0x2, message.SerializeAsString()); }
    bool send_binary(const std::string& bytes) { return send_frame(0x2, bytes); }
    // A ping, as the real server's keep-alive sends one: the client's WebSocket answers it with a pong
    // (read_message skips pongs).
    bool send_ping() { return send_frame(0x9, "keep-alive"); }
    bool send_text(const std::string& text) { return send_frame(0x1, text); }

    // Drops the connection without a close handshake (a network failure, as the client sees it).
    void drop() {
        if (ssl_) SSL_free(ssl_);
        ssl_ = nullptr;
        if (connection_ >= 0) ::close(connection_);
        connection_ = -1;
    }

  private:
    static std::string accept_key(const std::string& key) {
        const std::string text = key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
        std::array<unsigned char, SHA_DIGEST_LENGTH> digest{};
        SHA1(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data());
        std::array<unsigned char, 64> encoded{};
        const int n = EVP_EncodeBlock(encoded.data(), digest.data(), static_cast<int>(digest.size()));
        return std::string(reinterpret_cast<const char*>(encoded.data()), static_cast<std::size_t>(n));
    }

    bool send_frame(int opcode, const std::string& payload) {
        std::string frame;
        frame += static_cast<char>(0x80 | opcode);
        if (payload.size() < 126) {
            frame += static_cast<char>(payload.size());
        } else if (payload.size() < 65536) {
            frame += static_cast<char>(126);
            frame += static_cast<char>((payload.size() >> 8) & 0xff);
            frame += static_cast<char>(payload.size() & 0xff);
        } else {
            frame += static_cast<char>(127);
            for (int shift = 56; shift >= 0; shift -= 8)
                frame += static_cast<char>((payload.size() >> shift) & 0xff);
        }
        return write(frame + payload);
    }

    bool write(const std::string& bytes) {
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n =
                ssl_ ? SSL_write(ssl_, bytes.data() + sent, static_cast<int>(bytes.size() - sent))
                     : ::send(connection_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += static_cast<std::size_t>(n);
        }
        return true;
    }

    bool read_exact(unsigned char* out, std::size_t count) {
        std::size_t got = 0;
        while (got < count) {
            if (connection_ < 0) return false;
            const ssize_t n = receive(out + got, count - got);
            if (n <= 0) return false;
            got += static_cast<std::size_t>(n);
        }
        return true;
    }

    ssize_t receive(void* out, std::size_t count) {
        if (ssl_) return SSL_read(ssl_, out, static_cast<int>(count));
        return ::recv(connection_, out, count, 0);
    }

    // A P-256 key and a self-signed certificate for 127.0.0.1 (its own authority), in memory and in a
    // PEM file for the client.
    void make_tls_context() {
        EVP_PKEY* key = EVP_EC_gen("P-256");
        X509* cert = X509_new();
        X509_set_version(cert, 2);
        ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
        X509_gmtime_adj(X509_getm_notBefore(cert), -60);
        X509_gmtime_adj(X509_getm_notAfter(cert), 3600);
        X509_set_pubkey(cert, key);
        X509_NAME* name = X509_get_subject_name(cert);
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                   reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
        X509_set_issuer_name(cert, name);
        X509V3_CTX context;
        X509V3_set_ctx_nodb(&context);
        X509V3_set_ctx(&context, cert, cert, nullptr, nullptr, 0);
        for (auto [nid, value] : {std::pair{NID_subject_alt_name, "IP:127.0.0.1"},
                                  std::pair{NID_basic_constraints, "critical,CA:TRUE"}}) {
            X509_EXTENSION* extension = X509V3_EXT_conf_nid(nullptr, &context, nid, value);
            X509_add_ext(cert, extension, -1);
            X509_EXTENSION_free(extension);
        }
        X509_sign(cert, key, EVP_sha256());
        tls_ = SSL_CTX_new(TLS_server_method());
        SSL_CTX_use_certificate(tls_, cert);
        SSL_CTX_use_PrivateKey(tls_, key);
        certificate_file_ =
            (std::filesystem::temp_directory_path() /
             ("tavolo-fake-" + std::to_string(::getpid()) + "-" + std::to_string(++files()) + ".pem"))
                .string();
        if (FILE* out = std::fopen(certificate_file_.c_str(), "w")) {
            PEM_write_X509(out, cert);
            std::fclose(out);
        }
        X509_free(cert);
        EVP_PKEY_free(key);
    }
    static int& files() {
        static int count = 0;
        return count;
    }

    SSL_CTX* tls_ = nullptr;
    SSL* ssl_ = nullptr;
    std::string certificate_file_;
    int listener_ = -1;
    int connection_ = -1;
    std::uint16_t port_ = 0;
};

}  // namespace tavolo::testing
