#include "persistence/connection.hpp"

#include <pqxx/pqxx>
#include <regex>

namespace tavolo::persistence {

std::string redact_url(const std::string& url) {
    static const std::regex password_in_uri(R"(^(postgres(?:ql)?://[^:/@]*:)[^@]*@)");
    static const std::regex password_kv(R"((password\s*=\s*)\S+)");
    std::string out = std::regex_replace(url, password_in_uri, "$1***@");
    return std::regex_replace(out, password_kv, "$1***");
}

std::string probe_database(const std::string& url) {
    try {
        pqxx::connection conn{url};
        pqxx::nontransaction tx{conn};
        return tx.exec1("SELECT version()")[0].as<std::string>();
    } catch (const std::exception& e) {
        throw DatabaseError("cannot reach the database at " + redact_url(url) + ": " + e.what() +
                            " (is PostgreSQL running? check TAVOLO_DATABASE_URL or [database] url)");
    }
}

}  // namespace tavolo::persistence
