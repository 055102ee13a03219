#pragma once
// The operator's side of end-to-end tests (issue 12): `tavolo-server admin add`, the log in and plain
// HTTP calls to /api/v1 on the real server, one connection per call.
#include <gtest/gtest.h>

#include <string>

#include "persistence/account_store.hpp"
#include "tests/support/raw_http.hpp"
#include "tests/support/run_tool.hpp"

namespace tavolo::testing {

// `tavolo-server --config CONFIG ARGS` with `input` on its standard input and the database's URL.
inline ToolRun server_command(const std::string& url, const std::string& config, const std::string& args,
                              const std::string& input) {
    return run_tool("--config " + config + " " + args,
                    "printf '" + input + "' | TAVOLO_DATABASE_URL='" + url + "' " + TAVOLO_SERVER_BIN);
}

// One request on its own connection; the whole response, headers included.
// `extra_headers` ("Name: value\r\n" lines) replace "Connection: close" (a WebSocket upgrade's).
inline RawResponse api_call(int port, const std::string& method, const std::string& target,
                            const std::string& authorization = "", const std::string& body = "",
                            const std::string& extra_headers = "") {
    RawConnection connection(port);
    std::string request = method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n";
    request += extra_headers.empty() ? "Connection: close\r\n" : extra_headers;
    if (!authorization.empty()) request += "Authorization: " + authorization + "\r\n";
    if (!body.empty())
        request +=
            "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    request += "\r\n" + body;
    EXPECT_TRUE(connection.send(request));
    connection.read_to_end();
    auto response = parse_response(connection.received());
    EXPECT_TRUE(response) << connection.received();
    return response.value_or(RawResponse{});
}

// The string value of `"name":"..."` in a JSON body (the first one), or "".
inline std::string json_field(const std::string& body, const std::string& name) {
    const std::string key = "\"" + name + "\":\"";
    auto at = body.find(key);
    if (at == std::string::npos) return "";
    at += key.size();
    return body.substr(at, body.find('"', at) - at);
}

inline std::string login_body(const std::string& name, const std::string& password) {
    return "{\"name\":\"" + name + "\",\"password\":\"" + password + "\"}";
}

// "Bearer <token>" for `name`'s log in at POST /api/v1/login, or "" (and a test failure) if refused.
inline std::string bearer_of(int port, const std::string& name, const std::string& password) {
    const auto login = api_call(port, "POST", "/api/v1/login", "", login_body(name, password));
    EXPECT_EQ(login.status, 200) << login.body;
    const std::string token = json_field(login.body, "token");
    return token.empty() ? "" : "Bearer " + token;
}

// Makes `name` an admin with `password` on the database at `url` (before or while the server runs).
inline void add_admin(const std::string& url, const std::string& config, const std::string& name,
                      const std::string& password) {
    const auto made = server_command(url, config, "admin add " + name, password + "\\n");
    ASSERT_EQ(made.code, 0) << made.out;
}

// Creates the player `name` on the database at `url` (as a first log in over the WebSocket would).
inline void add_player(const std::string& url, const std::string& name, const std::string& password) {
    persistence::Database store(url);
    ASSERT_TRUE(
        persistence::AccountStore(store, persistence::PasswordCost::minimum()).create(name, password));
}

}  // namespace tavolo::testing
