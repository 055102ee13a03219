// libFuzzer target: a whole client connection fed to the server's message handler (README.md
// "session_frames"). The input is a script (session_script.hpp): binary frames of any bytes, each
// decoded as a tavolo.v1.ClientMessage envelope and handled by SessionCore, with the services'
// answers, the clock, a newer connection, a read-limit refusal, a send overflow and the shutdown in
// between. The services are in-process fakes, as in tests/server/session_support.hpp.
//
// Besides ASan and UBSan, the oracle checks what the session promises:
// - every frame it sends is a ServerMessage; every error in it has a code and a message;
// - every binary or text frame read while open is answered (a frame, a close) or handed to a service;
// - it closes at most once, and once closed answers nothing more (the release at on_closed aside);
// - it watches at most max_observed_tables tables; a release names the account it was granted.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <variant>

#include <google/protobuf/stubs/logging.h>

#include "fuzz/fuzz_check.hpp"
#include "fuzz/session_script.hpp"
#include "server/session/session_core.hpp"

namespace {

using namespace tavolo::server::session;
namespace v1 = ::tavolo::v1;
using tavolo::server::protocol::TableAddress;

struct Accounts final : AccountService {
    std::deque<AccountRequest> pending;
    std::size_t received = 0;
    void submit(AccountRequest request) override {
        ++received;
        pending.push_back(std::move(request));
    }
};

struct Tables final : TableDirectory {
    std::size_t received = 0;
    Routed submit(TableRequest request) override {
        ++received;
        // Tournament 12 has tables 0 and 1 (those of session_support.hpp); any other is unknown.
        const bool known = request.table.tournament_id == 12 && request.table.table <= 1;
        return known ? Routed::delivered : Routed::unknown_table;
    }
};

struct Lobby final : LobbyGateway {
    std::size_t received = 0;
    void submit(LobbyRequest) override { ++received; }
};

constexpr AccountIdValue kAccount = 501;

struct Connection {
    Accounts accounts;
    Tables tables;
    Lobby lobby;
    Millis now{0};
    SessionCore core{7, SessionServices{accounts, tables, lobby}, "tavolo-fuzz", Millis{0}};
    bool closed = false;  // a CloseConnection was returned
    bool granted = false;

    std::size_t service_calls() const { return accounts.received + tables.received + lobby.received; }

    // Checks one input's effects; `must_answer`: the input was a frame read while open.
    void check(const Effects& effects, bool was_closed, std::size_t calls_before, bool must_answer) {
        if (was_closed) TAVOLO_FUZZ_CHECK(effects.empty(), "a closed session answers nothing");
        for (const auto& effect : effects) {
            if (const auto* frame = std::get_if<SendFrame>(&effect)) {
                TAVOLO_FUZZ_CHECK(frame->frame != nullptr, "a SendFrame carries a frame");
                v1::ServerMessage message;
                TAVOLO_FUZZ_CHECK(message.ParseFromString(*frame->frame),
                                  "every frame sent is a ServerMessage");
                if (message.has_error()) {
                    TAVOLO_FUZZ_CHECK(message.error().code() != v1::ERROR_CODE_UNSPECIFIED,
                                      "an error has a code");
                    TAVOLO_FUZZ_CHECK(!message.error().message().empty(), "an error says what went wrong");
                }
            } else if (std::holds_alternative<CloseConnection>(effect)) {
                TAVOLO_FUZZ_CHECK(!closed, "a session closes once");
                closed = true;
            } else if (const auto* older = std::get_if<CloseOlderSession>(&effect)) {
                TAVOLO_FUZZ_CHECK(granted && older->account == kAccount,
                                  "only a grant takes the account over");
            } else if (std::holds_alternative<ReleaseAccount>(effect)) {
                TAVOLO_FUZZ_CHECK(false, "only on_closed releases the account");
            }
        }
        if (closed)
            TAVOLO_FUZZ_CHECK(core.phase() == SessionCore::Phase::closed,
                              "a close leaves the session closed");
        if (must_answer && !was_closed)
            TAVOLO_FUZZ_CHECK(!effects.empty() || service_calls() > calls_before,
                              "every frame is answered or handed to a service");
        TAVOLO_FUZZ_CHECK(core.observed_tables().size() <= SessionLimits{}.max_observed_tables,
                          "the observed tables stay bounded");
    }

    AccountResult answer(std::uint8_t how) {
        const AccountRequest request = std::move(accounts.pending.front());
        accounts.pending.pop_front();
        AccountResult result;
        result.request_id = how >= 128 ? request.request_id + 1 : request.request_id;
        const int kind = how % 8;
        if (kind < 4) {
            result.outcome = static_cast<AccountFailure>(kind);
            return result;
        }
        AccountGranted grant{.account = kAccount,
                             .name = request.name.empty() ? "alice" : request.name,
                             .resume_token = "Zm9vYmFyLXJlc3VtZS10b2tlbi0wMTIzNDU2Nzg5YWJj",
                             .resume_token_expires_at_ms = 1'800'000'000'000,
                             .balance_cents = 100'000,
                             .seated_at = {}};
        for (int i = 0; i < kind - 4; ++i)
            grant.seated_at.push_back(TableAddress{.tournament_id = 12, .table = i});
        result.outcome = std::move(grant);
        return result;
    }

    void step(tavolo::fuzz::ScriptReader& script) {
        using tavolo::fuzz::Op;
        const std::uint8_t op_byte = script.byte();
        const auto op = static_cast<Op>(op_byte % 8);
        const Millis step_ms{op_byte / 8 * 10};
        const bool was_closed = core.phase() == SessionCore::Phase::closed;
        const std::size_t calls = service_calls();
        switch (op) {
            case Op::binary_frame: {
                const auto frame = script.bytes(script.u16());
                now += step_ms;
                check(core.on_binary_frame(frame, now), was_closed, calls, true);
                break;
            }
            case Op::text_frame:
                now += step_ms;
                check(core.on_text_frame(now), was_closed, calls, true);
                break;
            case Op::account_answer: {
                const std::uint8_t how = script.byte();
                if (accounts.pending.empty()) break;
                const bool phase_before_anonymous = core.phase() == SessionCore::Phase::anonymous;
                auto result = answer(how);
                const bool grants = std::holds_alternative<AccountGranted>(result.outcome);
                granted = granted || (grants && phase_before_anonymous);
                check(core.on_account_result(std::move(result)), was_closed, calls, false);
                break;
            }
            case Op::clock:
                now += Millis{script.u16()};
                break;
            case Op::superseded:
                check(core.on_superseded("a newer connection"), was_closed, calls, false);
                break;
            case Op::frame_too_large:
                check(core.on_frame_too_large(), was_closed, calls, false);
                break;
            case Op::send_overflow:
                check(core.on_send_overflow(), was_closed, calls, false);
                break;
            case Op::shutdown:
                check(core.on_shutdown("the server stops"), was_closed, calls, false);
                break;
        }
    }

    void finish() {
        const bool holds_account = core.account().has_value();
        const auto effects = core.on_closed();
        for (const auto& effect : effects) {
            const auto* release = std::get_if<ReleaseAccount>(&effect);
            TAVOLO_FUZZ_CHECK(release != nullptr, "on_closed only releases the account");
            TAVOLO_FUZZ_CHECK(holds_account && release->account == kAccount,
                              "the release names the account held");
        }
        TAVOLO_FUZZ_CHECK(core.on_closed().empty(), "on_closed twice releases nothing more");
        TAVOLO_FUZZ_CHECK(core.observed_tables().empty(), "a closed session watches nothing");
    }
};

}  // namespace

// libprotobuf logs every string field with invalid UTF-8 before its parse fails; the server sends that
// to its debug log (server/main.cpp route_protobuf_log), the fuzzer nowhere (it would cost most of
// the time). A FATAL still aborts.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    google::protobuf::SetLogHandler(
        [](google::protobuf::LogLevel level, const char* file, int line, const std::string& message) {
            if (level == google::protobuf::LOGLEVEL_FATAL) {
                std::fprintf(stderr, "libprotobuf FATAL %s:%d: %s\n", file, line, message.c_str());
                std::abort();
            }
        });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tavolo::fuzz::ScriptReader script({reinterpret_cast<const char*>(data), size});
    Connection connection;
    while (!script.done())
        connection.step(script);
    connection.finish();
    return 0;
}
