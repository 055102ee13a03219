#pragma once
// The NATS subjects of a Tavolo cluster (server/cluster/README.md), one function per kind of message.
// Node ids are subject-safe (letters, digits, '-' and '_': server/config.cpp checks them).
#include <cstdint>
#include <string>

namespace tavolo::server::cluster::subjects {

// Requests for the tables of one tournament: the node hosting it subscribes while it has a table of
// it in its registry.
inline std::string table(std::int64_t tournament) {
    return "tavolo.table." + std::to_string(tournament);
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
