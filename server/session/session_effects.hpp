#pragma once
// What SessionCore asks the Asio/Beast session around it to do, in order (README.md "The shell").
#include <string>
#include <variant>
#include <vector>

#include "server/session/send_queue.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::session {

// Queue this serialised ServerMessage as one binary frame. If the queue refuses it, report
// SessionCore::on_send_overflow().
struct SendFrame {
    Frame frame;
};

// Close the WebSocket after writing what is queued (or at once, dropping the queue, when
// discard_queue). `code` is why, for the logs and the WebSocket close code (README.md).
struct CloseConnection {
    v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;
    std::string reason;
    bool discard_queue = false;
};

// This session now speaks for `account`: the registry records it and closes any older session of the
// same account, which it tells with SessionCore::on_superseded(reason) (the newer connection wins).
struct CloseOlderSession {
    AccountIdValue account = 0;
    SessionId newer = 0;
    std::string reason;
};

// The session has ended: the registry forgets it if it still maps `account` to this session.
struct ReleaseAccount {
    AccountIdValue account = 0;
    SessionId session = 0;
};

// Submit this request to its table (TableDirectory::submit). An effect, not a call from the core, where
// its order matters: a resume's re-attach must reach the table after CloseOlderSession made this
// session the account's, or what the table sends the account at once goes to the older connection.
struct SubmitToTable {
    TableRequest request;
};

using Effect = std::variant<SendFrame, CloseConnection, CloseOlderSession, ReleaseAccount, SubmitToTable>;
using Effects = std::vector<Effect>;

}  // namespace tavolo::server::session
