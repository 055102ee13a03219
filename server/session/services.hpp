#pragma once
// What a session asks of the rest of the server, as interfaces the server implements and tests fake.
// Every call is made on the session's strand and must return at once: an implementation posts the work
// elsewhere (database work to the persistence pool, a table request to the table's strand) and never
// calls back into the session synchronously. Results come back as inputs to SessionCore, posted to the
// session's strand.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::session {

namespace v1 = ::tavolo::v1;

// The server-wide number of a connection (the registry's key; never reused while the server runs).
using SessionId = std::uint64_t;
// An account's id as persistence numbers it.
using AccountIdValue = std::int64_t;

// ---- Accounts -----------------------------------------------------------------------------------

enum class AccountOperation { create_account, log_in, resume };

// One request: its answer is SessionCore::on_account_result with the same request_id.
struct AccountRequest {
    SessionId session = 0;
    std::uint64_t request_id = 0;  // the client's, echoed in the answer
    AccountOperation operation = AccountOperation::log_in;
    std::string name;          // create_account, log_in
    std::string password;      // create_account, log_in
    std::string resume_token;  // resume
};

// Why an account request failed, in the terms the protocol answers with.
enum class AccountFailure {
    name_taken,         // create_account
    wrong_credentials,  // log_in: unknown name or wrong password (never saying which)
    bad_resume_token,   // resume: unknown, expired or revoked
    unavailable,        // the database is down or the work failed: nothing changed, retry later
};

// A logged-in account: what LoggedIn carries. A log in and a resume issue a fresh token; the server
// keeps only its hash.
struct AccountGranted {
    AccountIdValue account = 0;
    std::string name;
    std::string resume_token;
    std::int64_t resume_token_expires_at_ms = 0;
    std::int64_t balance_cents = 0;
    std::vector<protocol::TableAddress> seated_at;  // tables where the account holds a seat now
};

struct AccountResult {
    std::uint64_t request_id = 0;
    std::variant<AccountGranted, AccountFailure> outcome;
};

// Implemented by the server with persistence's AccountStore (Argon2id, hashed resume tokens) and the
// ledger's starting grant, run on the persistence pool, never on the session's strand.
class AccountService {
  public:
    virtual ~AccountService() = default;
    virtual void submit(AccountRequest request) = 0;
};

// ---- Tables -------------------------------------------------------------------------------------

// Who sends a table request: the table answers this session (its refusals, its snapshots, its events).
struct Requester {
    SessionId session = 0;
    AccountIdValue account = 0;
    std::string name;
};

struct SitOutRequest {
    bool sitting_out = true;  // false: sit back in
};
struct ChatRequest {
    std::string text;  // validated: 1 to 200 characters
};
struct ObserveRequest {};
struct StopObservingRequest {};
// After a log in or resume: attach this session to the seat the account holds (the table sends a full
// snapshot, then its stream; the account is no longer shown as away).
struct ReattachRequest {};
// A seated player's client seed for the table's next hand (the provably fair shuffle, fairness/).
// Validated: at most fairness::kMaxClientSeedBytes (64) bytes, possibly none. The table actor passes
// it to its core (TableCore::set_client_seed with the seat the account holds, kNoSeat when it holds
// none; PolaccoCore::set_client_seed), which refuses it from anyone not seated there.
struct ClientSeedRequest {
    std::vector<std::uint8_t> bytes;
};
// A re-buy or the add-on (RULES.md §6), or declining it: the table checks, pays and adds it
// (server/table TableCore "re-buys and the add-on").
struct PurchaseRequest {
    bool addon = false;  // false: a re-buy
    bool decline = false;
};
// Sent by the session registry, not by a client: the account's connection is gone (or replaced by
// none); the table shows him away and his clock runs on (RULES.md section 5). `request_id` is 0.
struct AwayNotice {};

using TableRequestBody =
    std::variant<v1::Action, SitOutRequest, ChatRequest, ObserveRequest, StopObservingRequest,
                 ReattachRequest, AwayNotice, ClientSeedRequest, PurchaseRequest>;

struct TableRequest {
    Requester from;
    std::uint64_t request_id = 0;
    protocol::TableAddress table;
    TableRequestBody body;
};

enum class Routed { delivered, unknown_table };

// Implemented by the server with the registry of live table actors (by tournament id and table
// number): submit posts the request to the table's strand and says at once whether the table exists.
// The table actor applies it and answers the session itself (its errors carry the table's sequence
// number); a request from a session that has gone is dropped there.
class TableDirectory {
  public:
    virtual ~TableDirectory() = default;
    virtual Routed submit(TableRequest request) = 0;
};

// ---- Lobby and wallet ---------------------------------------------------------------------------

// The requests the lobby actor answers (server/lobby/): the session only checks that they are well
// formed and that the client is logged in where it must be, and forwards them with the request id.
struct LobbyRequest {
    SessionId session = 0;
    AccountIdValue account = 0;  // 0 when not logged in (lobby subscription only)
    std::uint64_t request_id = 0;
    std::variant<v1::SubscribeLobby, v1::UnsubscribeLobby, v1::Register, v1::Unregister, v1::GetWallet> body;
};

class LobbyGateway {
  public:
    virtual ~LobbyGateway() = default;
    virtual void submit(LobbyRequest request) = 0;
};

}  // namespace tavolo::server::session
