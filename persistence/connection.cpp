#include "persistence/connection.hpp"

#include <algorithm>
#include <pqxx/pqxx>
#include <regex>
#include <vector>

namespace tavolo::persistence {

namespace {

// postgresql://user:PASSWORD@host...
const std::regex& password_in_userinfo() {
    static const std::regex re(R"(^(postgres(?:ql)?://[^:/@]*:)([^@]*)@)");
    return re;
}
// postgresql://host/db?...&password=PASSWORD&...
const std::regex& password_in_query() {
    static const std::regex re(R"(([?&]password=)([^&]*))");
    return re;
}
// host=h password=PASSWORD or password='PASS WORD' (quoted values may hold spaces and \' escapes)
const std::regex& password_in_keywords() {
    static const std::regex re(R"((password\s*=\s*)('(?:[^'\\]|\\.)*'?|\S+))");
    return re;
}

bool is_uri(const std::string& url) {
    return url.starts_with("postgresql://") || url.starts_with("postgres://");
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percent_decoded(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 &&
            hex_value(text[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string unquoted(const std::string& value) {
    if (value.empty() || value.front() != '\'') return value;
    std::string out;
    for (std::size_t i = 1; i < value.size(); ++i) {
        if (value[i] == '\\' && i + 1 < value.size())
            out += value[++i];
        else if (value[i] != '\'')
            out += value[i];
    }
    return out;
}

// Every spelling of the password the URL holds: as written, and as libpq reads it.
std::vector<std::string> passwords_of(const std::string& url) {
    std::vector<std::string> out;
    auto add = [&](const std::string& p) {
        if (!p.empty()) out.push_back(p);
    };
    std::smatch m;
    if (is_uri(url)) {
        if (std::regex_search(url, m, password_in_userinfo())) {
            add(m[2].str());
            add(percent_decoded(m[2].str()));
        }
        for (std::sregex_iterator it(url.begin(), url.end(), password_in_query()), end; it != end; ++it) {
            add((*it)[2].str());
            add(percent_decoded((*it)[2].str()));
        }
    } else {
        for (std::sregex_iterator it(url.begin(), url.end(), password_in_keywords()), end; it != end; ++it) {
            add((*it)[2].str());
            add(unquoted((*it)[2].str()));
        }
    }
    return out;
}

}  // namespace

std::string redact_url(const std::string& url) {
    if (is_uri(url)) {
        std::string out = std::regex_replace(url, password_in_userinfo(), "$1***@");
        return std::regex_replace(out, password_in_query(), "$1***");
    }
    return std::regex_replace(url, password_in_keywords(), "$1***");
}

std::string redact_secrets(std::string text, const std::string& url) {
    // Longest first, so a password that contains another spelling of itself goes whole.
    auto passwords = passwords_of(url);
    std::sort(passwords.begin(), passwords.end(),
              [](const auto& a, const auto& b) { return a.size() > b.size(); });
    for (const auto& p : passwords)
        for (auto at = text.find(p); at != std::string::npos; at = text.find(p, at + 3))
            text.replace(at, p.size(), "***");
    return text;
}

std::string with_connect_timeout(const std::string& url, std::chrono::seconds timeout) {
    if (url.find("connect_timeout") != std::string::npos) return url;
    auto value = "connect_timeout=" + std::to_string(std::max<long long>(timeout.count(), 2));
    if (is_uri(url)) return url + (url.find('?') == std::string::npos ? "?" : "&") + value;
    return url + (url.empty() ? "" : " ") + value;
}

std::string probe_database(const std::string& url) {
    try {
        pqxx::connection conn{with_connect_timeout(url, kDefaultConnectTimeout)};
        pqxx::nontransaction tx{conn};
        return tx.exec1("SELECT version()")[0].as<std::string>();
    } catch (const std::exception& e) {
        throw unreachable_database(url, e.what());
    }
}

DatabaseError unreachable_database(const std::string& url, const std::string& reason,
                                   const std::string& purpose) {
    return DatabaseError("cannot reach the database at " + redact_url(url) + purpose + ": " +
                         redact_secrets(reason, url) +
                         " (is PostgreSQL running? check TAVOLO_DATABASE_URL or [database] url)");
}

}  // namespace tavolo::persistence
