// Writes the seed scripts of the session_frames target (session_script.hpp) into a directory: real
// client messages as a client sends them (every ClientMessage body, well formed), each after a Hello
// and, where it needs one, a log in the fake AccountService grants. fuzz/seed.sh runs it, then merges
// the seeds into fuzz/corpus/session_frames/.
//   make_session_seeds DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "fuzz/session_script.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace {

namespace v1 = ::tavolo::v1;
using tavolo::fuzz::Op;
using tavolo::server::protocol::TableAddress;

constexpr TableAddress kTable{.tournament_id = 12, .table = 0};

v1::ClientMessage with_id(std::uint64_t id) {
    v1::ClientMessage message;
    message.set_request_id(id);
    return message;
}

std::string hello() {
    auto message = with_id(1);
    message.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
    message.mutable_hello()->set_client("tavolo-web 0.1");
    return message.SerializeAsString();
}

std::string log_in() {
    auto message = with_id(2);
    message.mutable_log_in()->set_name("alice");
    message.mutable_log_in()->set_password("correct horse battery");
    return message.SerializeAsString();
}

// The messages a logged-in client sends, one of each body.
std::vector<std::pair<std::string, v1::ClientMessage>> requests() {
    std::vector<std::pair<std::string, v1::ClientMessage>> all;
    auto add = [&](std::string name, auto fill) {
        auto message = with_id(all.size() + 10);
        fill(message);
        all.emplace_back(std::move(name), std::move(message));
    };
    auto table = [](v1::TableRef* ref) { tavolo::server::protocol::set_table(ref, kTable); };
    add("subscribe_lobby", [](v1::ClientMessage& m) { m.mutable_subscribe_lobby(); });
    add("unsubscribe_lobby", [](v1::ClientMessage& m) { m.mutable_unsubscribe_lobby(); });
    add("register", [](v1::ClientMessage& m) { m.mutable_register_tournament()->set_tournament_id(12); });
    add("unregister", [](v1::ClientMessage& m) { m.mutable_unregister_tournament()->set_tournament_id(12); });
    add("get_wallet", [](v1::ClientMessage& m) { m.mutable_get_wallet(); });
    add("ping", [](v1::ClientMessage& m) { m.mutable_ping()->set_nonce(77); });
    add("observe", [&](v1::ClientMessage& m) { table(m.mutable_observe()->mutable_table()); });
    add("stop_observing", [&](v1::ClientMessage& m) { table(m.mutable_stop_observing()->mutable_table()); });
    add("sit_out", [&](v1::ClientMessage& m) { table(m.mutable_sit_out()->mutable_table()); });
    add("sit_in", [&](v1::ClientMessage& m) { table(m.mutable_sit_in()->mutable_table()); });
    add("chat", [&](v1::ClientMessage& m) {
        table(m.mutable_chat()->mutable_table());
        m.mutable_chat()->set_text("nice hand \xC3\xA8 \xF0\x9F\x82\xA1");
    });
    add("client_seed", [&](v1::ClientMessage& m) {
        table(m.mutable_client_seed()->mutable_table());
        m.mutable_client_seed()->set_seed(std::string(32, '\x5A'));
    });
    add("rebuy", [&](v1::ClientMessage& m) { table(m.mutable_rebuy()->mutable_table()); });
    add("add_on", [&](v1::ClientMessage& m) {
        table(m.mutable_add_on()->mutable_table());
        m.mutable_add_on()->set_decline(true);
    });
    auto action = [&](v1::ClientMessage& m) -> v1::Action& {
        auto& a = *m.mutable_action();
        table(a.mutable_table());
        a.set_hand(3);
        a.set_decision(4);
        return a;
    };
    add("fold", [&](v1::ClientMessage& m) { action(m).mutable_poker()->mutable_fold(); });
    add("check", [&](v1::ClientMessage& m) { action(m).mutable_poker()->mutable_check(); });
    add("call", [&](v1::ClientMessage& m) { action(m).mutable_poker()->mutable_call(); });
    add("raise", [&](v1::ClientMessage& m) { action(m).mutable_poker()->set_bet_or_raise_to(600); });
    add("discard", [&](v1::ClientMessage& m) {
        auto& cards = *action(m).mutable_poker()->mutable_discard();
        cards.add_cards(12);
        cards.add_cards(51);
    });
    add("show", [&](v1::ClientMessage& m) { action(m).mutable_poker()->mutable_show(); });
    add("polacco_pass", [&](v1::ClientMessage& m) { action(m).mutable_polacco()->mutable_pass(); });
    add("polacco_doubt", [&](v1::ClientMessage& m) { action(m).mutable_polacco()->mutable_doubt(); });
    return all;
}

void write(const std::filesystem::path& dir, const std::string& name, const std::string& script) {
    std::ofstream(dir / name, std::ios::binary) << script;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr,
                     "usage: make_session_seeds DIR (the directory the seed scripts are written to)\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);

    std::string script;
    tavolo::fuzz::add_frame(script, hello());
    write(dir, "hello", script);

    // The account requests, answered by each outcome.
    for (const auto& [name, body] : {std::pair{"log_in", log_in()}}) {
        for (std::uint8_t how = 0; how < 8; ++how) {
            std::string s;
            tavolo::fuzz::add_frame(s, hello());
            tavolo::fuzz::add_frame(s, body);
            tavolo::fuzz::add_account_answer(s, how);
            write(dir, std::string(name) + "_answer_" + std::to_string(how), s);
        }
    }
    {
        auto create = with_id(2);
        create.mutable_create_account()->set_name("bob");
        create.mutable_create_account()->set_password("a long enough password");
        auto resume = with_id(3);
        resume.mutable_resume()->set_resume_token("Zm9vYmFyLXJlc3VtZS10b2tlbi0wMTIzNDU2Nzg5YWJj");
        std::string s;
        tavolo::fuzz::add_frame(s, hello());
        tavolo::fuzz::add_frame(s, create.SerializeAsString());
        tavolo::fuzz::add_account_answer(s, 0);
        tavolo::fuzz::add_frame(s, resume.SerializeAsString());
        tavolo::fuzz::add_account_answer(s, 5);
        write(dir, "create_then_resume", s);
    }

    // Every other request, logged in, then the connection's events.
    std::string logged_in;
    tavolo::fuzz::add_frame(logged_in, hello());
    tavolo::fuzz::add_frame(logged_in, log_in());
    tavolo::fuzz::add_account_answer(logged_in, 5);
    std::string everything = logged_in;
    for (const auto& [name, message] : requests()) {
        std::string s = logged_in;
        tavolo::fuzz::add_frame(s, message.SerializeAsString());
        write(dir, name, s);
        tavolo::fuzz::add_frame(everything, message.SerializeAsString());
    }
    write(dir, "every_request", everything);
    for (auto [name, op] :
         {std::pair{"superseded", Op::superseded}, std::pair{"too_large", Op::frame_too_large},
          std::pair{"overflow", Op::send_overflow}, std::pair{"shutdown", Op::shutdown},
          std::pair{"text_frame", Op::text_frame}}) {
        std::string s = logged_in;
        tavolo::fuzz::add_op(s, op);
        write(dir, name, s);
    }
    // A flood: frames faster than the rate limit, then the clock lets the bucket fill again.
    std::string flood = logged_in;
    auto ping = with_id(5);
    ping.mutable_ping()->set_nonce(1);
    for (int i = 0; i < 90; ++i)
        tavolo::fuzz::add_frame(flood, ping.SerializeAsString(), 0);
    write(dir, "flood", flood);
    std::string paced = logged_in;
    for (int i = 0; i < 70; ++i) {
        tavolo::fuzz::add_frame(paced, ping.SerializeAsString(), 1);
        if (i % 10 == 9) tavolo::fuzz::add_clock(paced, 2000);
    }
    write(dir, "paced", paced);
    return 0;
}
