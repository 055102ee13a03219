#pragma once
// The NATS subjects of a Tavolo cluster (server/cluster/README.md), one function per kind of message.
// Node ids are subject-safe (letters, digits, '-' and '_': server/config.cpp checks them).
#include <cstdint>
#include <string>

namespace tavolo::server::cluster::subjects {

// Requests for one table: the node hosting it subscribes while the table is in its registry (a
// tournament's tables may live on several nodes: [cluster] spread_tables).
inline std::string table(std::int64_t tournament, std::int32_t table) {
    return "tavolo.table." + std::to_string(tournament) + "." + std::to_string(table);
}
// A director's commands to the tables a node hosts for it (TableCommand), and the news of those
// tables back to the director's node (TableNews).
inline std::string tables_of(const std::string& node) {
    return "tavolo.node." + node + ".tables";
}
inline std::string directors_of(const std::string& node) {
    return "tavolo.node." + node + ".director";
}
// Requests for the lobby: the node that runs it subscribes.
inline std::string lobby() {
    return "tavolo.lobby.request";
}
// What directors on other nodes tell the lobby.
inline std::string lobby_notice() {
    return "tavolo.lobby.notice";
}
// Frames for the sessions of one node.
inline std::string sessions_of(const std::string& node) {
    return "tavolo.node." + node + ".session";
}
// Frames for an account's live connection: the node where it is logged in subscribes.
inline std::string account(std::int64_t account) {
    return "tavolo.account." + std::to_string(account);
}
// A session closed somewhere; seats taken or left somewhere (every node listens).
inline std::string session_closed() {
    return "tavolo.session.closed";
}
inline std::string seats() {
    return "tavolo.seats";
}
// A node that starts asks the others to publish again the seats at the tables they host.
inline std::string seats_sync() {
    return "tavolo.seats.sync";
}

}  // namespace tavolo::server::cluster::subjects
