// The bots and the blocking client over a real WebSocket, against a scripted server
// (fake_ws_server.hpp) that plays the server's part of proto/README.md: the handshake, an account, the
// lobby, a registration, decisions addressed to the bot, a dropped connection and the resume, the
// tournament's end. The script checks what the bot sends (its Hello, a unique name, the resume token,
// actions naming table, hand and decision); the fleet's tallies check what it made of the answers.
#include <gtest/gtest.h>

#include <thread>

#include "tests/tools/fake_ws_server.hpp"
#include "tools/bots/fleet.hpp"
#include "tools/client/blocking_client.hpp"

namespace tavolo::bots {
namespace {

using tavolo::testing::FakeWsServer;
namespace client = ::tavolo::client;

constexpr std::int64_t kTournament = 7;

v1::ServerMessage answer(std::uint64_t request_id) {
    v1::ServerMessage m;
    m.set_request_id(request_id);
    return m;
}

v1::ServerMessage welcome(std::uint64_t request_id) {
    v1::ServerMessage m = answer(request_id);
    m.mutable_welcome()->set_version(v1::PROTOCOL_VERSION_1);
    m.mutable_welcome()->set_max_frame_bytes(65536);
    return m;
}

v1::ServerMessage logged_in(std::uint64_t request_id, const std::string& token, bool seated) {
    v1::ServerMessage m = answer(request_id);
    m.mutable_logged_in()->set_account_id(1);
    m.mutable_logged_in()->set_resume_token(token);
    m.mutable_logged_in()->set_balance_cents(100000);
    if (seated) m.mutable_logged_in()->add_seated_at()->set_tournament_id(kTournament);
    return m;
}

v1::ServerMessage lobby(std::uint64_t request_id, v1::TournamentState state, bool registered) {
    v1::ServerMessage m = answer(request_id);
    v1::TournamentInfo* t = m.mutable_lobby_snapshot()->add_tournaments();
    t->set_id(kTournament);
    t->set_name("Heads-up");
    t->set_game(v1::GAME_HOLDEM);
    t->set_seats(2);
    t->set_max_players(2);
    t->set_min_players(2);
    t->set_state(state);
    t->set_registered(registered);
    return m;
}

// Hand 1 of a heads-up table, seen from seat 0, waiting for seat 0's decision `decision`.
v1::ServerMessage snapshot(std::uint64_t seq, std::int64_t decision) {
    v1::ServerMessage m;
    m.set_table_seq(seq);
    v1::TableSnapshot* s = m.mutable_table_snapshot();
    s->mutable_table()->set_tournament_id(kTournament);
    s->set_your_seat(0);
    s->set_your_player(-1);
    v1::PokerTable* t = s->mutable_poker();
    t->set_table_size(2);
    t->set_hand(1);
    t->set_in_hand(true);
    t->set_game(v1::GAME_HOLDEM);
    t->set_betting(v1::BETTING_NO_LIMIT);
    for (int i = 0; i < 2; ++i) {
        v1::PokerSeat* seat = t->add_seats();
        seat->set_seat(i);
        seat->set_entrant(i + 1);
        seat->set_stack(1000);
        seat->set_dealt_in(true);
        for (int c = 0; c < 2; ++c) {
            v1::SeenCard* card = seat->add_cards();
            if (i == 0) card->set_face(static_cast<std::uint32_t>(c));  // his own cards only
            seat->add_face_up(false);
        }
    }
    t->set_to_act(0);
    t->set_decision(decision);
    v1::PokerLegalActions* legal = t->mutable_legal();
    legal->set_decision(decision);
    legal->set_betting(true);
    legal->set_may_fold(true);
    legal->set_may_call(true);
    legal->set_call_amount(10);
    legal->set_may_bet_or_raise(true);
    legal->set_min_to(40);
    legal->set_max_to(1000);
    return m;
}

v1::ServerMessage table_event(std::uint64_t seq) {
    v1::ServerMessage m;
    m.set_table_seq(seq);
    m.mutable_table_event()->mutable_table()->set_tournament_id(kTournament);
    m.mutable_table_event()->set_hand(1);
    return m;
}

v1::ServerMessage finished() {
    v1::ServerMessage m;
    m.mutable_tournament_event()->set_tournament_id(kTournament);
    v1::Result* r = m.mutable_tournament_event()->mutable_finished()->add_results();
    r->set_place(1);
    r->set_entrant(1);
    return m;
}

// The next client message, answering a SubscribeLobby on the way with `lobby_state`.
std::optional<v1::ClientMessage> next(FakeWsServer& server, v1::TournamentState lobby_state,
                                      bool registered) {
    for (;;) {
        auto m = server.read_client_message();
        if (m && m->has_unsubscribe_lobby()) continue;  // a bot playing its tournament needs no lobby
        if (!m || !m->has_subscribe_lobby()) return m;
        server.send(lobby(m->request_id(), lobby_state, registered));
    }
}

// Handshake and account: Hello, then CreateAccount (or Resume with `token`). "" when all went as expected.
std::string greet(FakeWsServer& server, const std::string& resume_token, const std::string& new_token,
                  std::string& name) {
    if (!server.accept()) return "no connection";
    auto hello = server.read_client_message();
    if (!hello || !hello->has_hello() || hello->hello().version() != v1::PROTOCOL_VERSION_1)
        return "the first message is not a Hello in version 1";
    server.send(welcome(hello->request_id()));
    auto account = server.read_client_message();
    if (!account) return "no account request";
    if (resume_token.empty()) {
        if (!account->has_create_account()) return "expected CreateAccount: " + account->ShortDebugString();
        name = account->create_account().name();
        if (name.size() < 3 || name.size() > 20 || account->create_account().password().size() < 8)
            return "a name or password the server refuses: " + account->ShortDebugString();
    } else if (!account->has_resume() || account->resume().resume_token() != resume_token) {
        return "expected Resume with the token: " + account->ShortDebugString();
    }
    server.send(logged_in(account->request_id(), new_token, !resume_token.empty()));
    return "";
}

std::string check_action(const std::optional<v1::ClientMessage>& m, std::int64_t decision) {
    if (!m || !m->has_action()) return "expected an Action" + (m ? ": " + m->ShortDebugString() : "");
    const v1::Action& a = m->action();
    if (a.table().tournament_id() != kTournament || a.table().table() != 0 || a.hand() != 1 ||
        a.decision() != decision)
        return "the action names the wrong table, hand or decision: " + a.ShortDebugString();
    if (!a.poker().has_call()) return "the calling bot did not call: " + a.ShortDebugString();
    return "";
}

// One bot: registers, acts, loses its connection, resumes, sits back in, acts on the fresh snapshot,
// sees the end.
std::string resume_script(FakeWsServer& server) {
    std::string name;
    if (auto problem = greet(server, "", "token-1", name); !problem.empty()) return problem;
    auto reg = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
    if (!reg || !reg->has_register_tournament() || reg->register_tournament().tournament_id() != kTournament)
        return "expected Register for the lobby's tournament";
    v1::ServerMessage registered = answer(reg->request_id());
    registered.mutable_registered()->set_tournament_id(kTournament);
    registered.mutable_registered()->set_entrant(1);
    server.send(registered);
    server.send(snapshot(1, 1));
    if (auto problem = check_action(next(server, v1::TOURNAMENT_STATE_RUNNING, true), 1); !problem.empty())
        return problem;
    server.drop();

    if (auto problem = greet(server, "token-1", "token-2", name); !problem.empty())
        return "resume: " + problem;
    // The stream of a running table may reach the client before its snapshot: dropped, not a gap.
    server.send(table_event(5));
    // Its clock ran while it was away: it was sat out (RULES.md §5), so it asks to play again.
    v1::ServerMessage fresh = snapshot(6, 2);
    fresh.mutable_table_snapshot()->mutable_poker()->mutable_seats(0)->set_sitting_out(true);
    server.send(fresh);
    auto sit_in = next(server, v1::TOURNAMENT_STATE_RUNNING, true);
    if (!sit_in || !sit_in->has_sit_in() || sit_in->sit_in().table().tournament_id() != kTournament)
        return "expected SitIn after a snapshot showing the bot sitting out";
    if (auto problem = check_action(next(server, v1::TOURNAMENT_STATE_RUNNING, true), 2); !problem.empty())
        return "after the resume: " + problem;
    v1::ServerMessage ended = table_event(7);
    ended.mutable_table_event()->mutable_hand_ended()->add_seats(0);
    server.send(ended);
    server.send(finished());
    if (next(server, v1::TOURNAMENT_STATE_FINISHED, true))
        return "the bot went on after its tournament finished";
    return "";
}

BotsOptions one_bot(const FakeWsServer& server) {
    BotsOptions o;
    o.url = server.url();
    o.count = 1;
    o.strategy = Strategy::Calling;
    o.seed = 5;
    return o;
}

Tally run_fleet(const BotsOptions& options) {
    Fleet fleet(options, *client::parse_url(options.url), nullptr);
    return fleet.run();
}

TEST(BotsProtocol, ABotRegistersActsResumesWithItsTokenSitsBackInAndStopsWhenItsTournamentFinishes) {
    FakeWsServer server;
    std::string script_problem = "the script did not run";
    std::thread script([&] {
        script_problem = resume_script(server);
        if (!script_problem.empty()) server.drop();
    });
    const Tally tally = run_fleet(one_bot(server));
    script.join();
    EXPECT_EQ(script_problem, "");
    EXPECT_EQ(summary_line(tally),
              "bots: players=1 hands=1 actions=2 refused=0 reconnects=1 finished=1 errors=0");
}

// A refused action is counted as refused; a card the bot may not see and a gap are errors.
std::string refusal_script(FakeWsServer& server) {
    std::string name;
    if (auto problem = greet(server, "", "token-1", name); !problem.empty()) return problem;
    auto reg = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
    if (!reg || !reg->has_register_tournament()) return "expected Register";
    v1::ServerMessage registered = answer(reg->request_id());
    registered.mutable_registered()->set_tournament_id(kTournament);
    server.send(registered);
    server.send(snapshot(1, 1));
    auto action = next(server, v1::TOURNAMENT_STATE_RUNNING, true);
    if (auto problem = check_action(action, 1); !problem.empty()) return problem;
    v1::ServerMessage refused = answer(action->request_id());
    refused.set_table_seq(2);
    refused.mutable_error()->set_code(v1::ERROR_CODE_STALE_DECISION);
    refused.mutable_error()->mutable_table()->set_tournament_id(kTournament);
    server.send(refused);
    v1::ServerMessage leak = table_event(3);
    v1::CardDealt* dealt = leak.mutable_table_event()->mutable_card_dealt();
    dealt->set_target(v1::CARD_TARGET_PLAYER);
    dealt->set_seat(1);
    dealt->set_visibility(v1::CARD_VISIBILITY_OWNER);
    dealt->mutable_card()->set_face(40);
    server.send(leak);
    server.send(table_event(5));  // 3 was refused by the check, so the tracker still expects 3
    server.send_binary(std::string("\xff\xff\xff", 3));
    server.send(finished());
    if (next(server, v1::TOURNAMENT_STATE_FINISHED, true))
        return "the bot went on after its tournament finished";
    return "";
}

TEST(BotsProtocol, RefusedActionsAreCountedAndRules8LeaksGapsAndMalformedFramesAreErrors) {
    FakeWsServer server;
    std::string script_problem = "the script did not run";
    std::thread script([&] {
        script_problem = refusal_script(server);
        if (!script_problem.empty()) server.drop();
    });
    const Tally tally = run_fleet(one_bot(server));
    script.join();
    EXPECT_EQ(script_problem, "");
    EXPECT_EQ(summary_line(tally),
              "bots: players=1 hands=1 actions=1 refused=1 reconnects=0 finished=1 errors=3");
}

// A registration the server cannot record for now (UNAVAILABLE: "retry in a moment") is asked again
// after a backoff, under --max-registering: counted as refused, not an error (issue 14: 20,000 bots at
// once).
std::string retry_script(FakeWsServer& server) {
    std::string name;
    if (auto problem = greet(server, "", "token-1", name); !problem.empty()) return problem;
    auto reg = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
    if (!reg || !reg->has_register_tournament()) return "expected Register";
    v1::ServerMessage busy = answer(reg->request_id());
    busy.mutable_error()->set_code(v1::ERROR_CODE_UNAVAILABLE);
    busy.mutable_error()->set_message("the database did not answer in time: retry in a moment");
    server.send(busy);
    auto again = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
    if (!again || !again->has_register_tournament() ||
        again->register_tournament().tournament_id() != kTournament)
        return "expected the Register again after UNAVAILABLE" +
               (again ? ": " + again->ShortDebugString() : "");
    v1::ServerMessage registered = answer(again->request_id());
    registered.mutable_registered()->set_tournament_id(kTournament);
    registered.mutable_registered()->set_entrant(1);
    server.send(registered);
    server.send(finished());
    if (next(server, v1::TOURNAMENT_STATE_FINISHED, true))
        return "the bot went on after its tournament finished";
    return "";
}

TEST(BotsProtocol, ARegistrationRefusedForNowIsAskedAgainAfterABackoff) {
    FakeWsServer server;
    std::string script_problem = "the script did not run";
    std::thread script([&] {
        script_problem = retry_script(server);
        if (!script_problem.empty()) server.drop();
    });
    BotsOptions options = one_bot(server);
    options.max_registering = 1;
    const Tally tally = run_fleet(options);
    script.join();
    EXPECT_EQ(script_problem, "");
    EXPECT_EQ(summary_line(tally),
              "bots: players=1 hands=0 actions=0 refused=1 reconnects=0 finished=1 errors=0");
}

// A table request the server could not route for now (UNAVAILABLE, naming its table: the node hosting
// it did not answer) is a refusal; the table's next snapshot asks again. INTERNAL, which waiting does
// not cure, is not retried: a registration refused so is an error and the bot stops.
std::string unavailable_script(FakeWsServer& server) {
    std::string name;
    if (auto problem = greet(server, "", "token-1", name); !problem.empty()) return problem;
    auto reg = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
    if (!reg || !reg->has_register_tournament()) return "expected Register";
    v1::ServerMessage registered = answer(reg->request_id());
    registered.mutable_registered()->set_tournament_id(kTournament);
    server.send(registered);
    server.send(snapshot(1, 1));
    auto action = next(server, v1::TOURNAMENT_STATE_RUNNING, true);
    if (auto problem = check_action(action, 1); !problem.empty()) return problem;
    v1::ServerMessage later = answer(action->request_id());
    later.mutable_error()->set_code(v1::ERROR_CODE_UNAVAILABLE);
    later.mutable_error()->set_message("the node hosting table 0 of tournament 7 did not answer in time");
    later.mutable_error()->mutable_table()->set_tournament_id(kTournament);
    server.send(later);
    server.send(snapshot(2, 2));  // the new host's snapshot asks the decision again
    if (auto problem = check_action(next(server, v1::TOURNAMENT_STATE_RUNNING, true), 2); !problem.empty())
        return "after UNAVAILABLE: " + problem;
    server.send(finished());
    if (next(server, v1::TOURNAMENT_STATE_FINISHED, true))
        return "the bot went on after its tournament finished";
    return "";
}

TEST(BotsProtocol, ATableRequestRefusedForNowIsARefusalAndTheNextDecisionIsPlayed) {
    FakeWsServer server;
    std::string script_problem = "the script did not run";
    std::thread script([&] {
        script_problem = unavailable_script(server);
        if (!script_problem.empty()) server.drop();
    });
    const Tally tally = run_fleet(one_bot(server));
    script.join();
    EXPECT_EQ(script_problem, "");
    EXPECT_EQ(summary_line(tally),
              "bots: players=1 hands=1 actions=2 refused=1 reconnects=0 finished=1 errors=0");
}

std::string internal_script(FakeWsServer& server) {
    std::string name;
    if (auto problem = greet(server, "", "token-1", name); !problem.empty()) return problem;
    auto reg = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
    if (!reg || !reg->has_register_tournament()) return "expected Register";
    v1::ServerMessage broken = answer(reg->request_id());
    broken.mutable_error()->set_code(v1::ERROR_CODE_INTERNAL);
    broken.mutable_error()->set_message("the database holds a value this version does not know");
    server.send(broken);
    if (auto again = next(server, v1::TOURNAMENT_STATE_REGISTERING, false);
        again && again->has_register_tournament())
        return "the bot asked again after INTERNAL, which waiting does not cure";
    return "";
}

TEST(BotsProtocol, ARegistrationRefusedWithInternalIsAnErrorNotRetried) {
    FakeWsServer server;
    std::string script_problem = "the script did not run";
    std::thread script([&] {
        script_problem = internal_script(server);
        if (!script_problem.empty()) server.drop();
    });
    const Tally tally = run_fleet(one_bot(server));
    script.join();
    EXPECT_EQ(script_problem, "");
    EXPECT_EQ(summary_line(tally),
              "bots: players=1 hands=0 actions=0 refused=0 reconnects=0 finished=0 errors=1");
}

TEST(BlockingClient, SendsAndReceivesUntilAMessageAndRecordsWhatItRefused) {
    FakeWsServer server;
    std::string script_problem = "the script did not run";
    std::thread script([&] {
        script_problem = [&]() -> std::string {
            if (!server.accept()) return "no connection";
            auto hello = server.read_client_message();
            if (!hello || !hello->has_hello()) return "expected a Hello";
            server.send_text("not the protocol");
            server.send_binary(std::string("\xff\xff\xff", 3));
            server.send(snapshot(4, 1));
            server.send(table_event(6));
            server.send(welcome(hello->request_id()));
            if (server.read_message()) return "expected the close";
            return "";
        }();
    });
    client::BlockingClient c;
    ASSERT_TRUE(c.connect(server.url(), std::chrono::seconds(30)).has_value());
    EXPECT_TRUE(c.is_open());
    v1::ClientMessage hello;
    hello.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
    const std::uint64_t id = c.send(hello);
    EXPECT_EQ(id, 1u);
    const auto answer = c.receive_answer(id, std::chrono::seconds(30));
    ASSERT_TRUE(answer.has_value());
    EXPECT_TRUE(answer->has_welcome());
    ASSERT_EQ(c.received().size(), 3u);  // the snapshot, the event after a gap, the Welcome
    ASSERT_EQ(c.problems().size(), 3u);
    EXPECT_EQ(c.problems()[0].kind, client::ProblemKind::Malformed);
    EXPECT_EQ(c.problems()[1].kind, client::ProblemKind::Malformed);
    EXPECT_EQ(c.problems()[2].kind, client::ProblemKind::SequenceGap);
    ASSERT_NE(c.tables().find({kTournament, 0}), nullptr);
    EXPECT_EQ(c.tables().find({kTournament, 0})->last_seq(), 4u);
    c.close();
    EXPECT_FALSE(c.is_open());
    EXPECT_EQ(c.close_reason(), "closed by the client");
    script.join();
    EXPECT_EQ(script_problem, "");
}

// A wss:// server: Hello answered with Welcome, then the client's close.
std::string hello_script(FakeWsServer& server) {
    if (!server.accept()) return "no TLS connection";
    auto hello = server.read_client_message();
    if (!hello || !hello->has_hello()) return "expected a Hello";
    server.send(welcome(hello->request_id()));
    if (server.read_message()) return "expected the close";
    return "";
}

TEST(BlockingClient, SpeaksWssToASelfSignedServerGivenItsCertificateOrToldNotToVerify) {
    for (const bool insecure : {false, true}) {
        FakeWsServer server(true);
        std::string script_problem = "the script did not run";
        std::thread script([&] { script_problem = hello_script(server); });
        client::BlockingClient c(insecure ? client::TlsOptions{"", true}
                                          : client::TlsOptions{server.certificate_file(), false});
        const auto connected = c.connect(server.url(), std::chrono::seconds(30));
        EXPECT_TRUE(connected.has_value()) << (connected ? "" : connected.error());
        v1::ClientMessage hello;
        hello.mutable_hello()->set_version(v1::PROTOCOL_VERSION_1);
        const auto answer = c.receive_answer(c.send(hello), std::chrono::seconds(30));
        EXPECT_TRUE(answer.has_value() && answer->has_welcome())
            << (insecure ? "insecure" : "with the CA file");
        c.close();
        if (!connected) server.drop();
        script.join();
        EXPECT_EQ(script_problem, "") << (insecure ? "insecure" : "with the CA file");
        EXPECT_TRUE(c.problems().empty());
    }
}

TEST(BlockingClient, RefusesAWssServerWhoseCertificateItCannotVerify) {
    FakeWsServer server(true);
    std::thread script([&] { server.accept(); });  // the TLS handshake fails on the client's side
    client::BlockingClient c;                      // the system's authorities: not this certificate
    const auto connected = c.connect(server.url(), std::chrono::seconds(30));
    script.join();
    ASSERT_FALSE(connected.has_value());
    EXPECT_NE(connected.error().find("TLS handshake"), std::string::npos) << connected.error();
    EXPECT_NE(connected.error().find("certificate verify failed"), std::string::npos) << connected.error();
}

}  // namespace
}  // namespace tavolo::bots
