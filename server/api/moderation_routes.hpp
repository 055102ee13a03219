#pragma once
// The operator API's moderation routes (issue 12 item 2 "sanctions of RULES §6", item 5 "chat
// moderation"): a player's sanctions and the removal of a chat line from a table's view. The routes
// read and check the request (400 naming the field); the backend (server/operator/moderation_backend)
// does the work and answers: 404 for an unknown player, tournament, table or line, 409 when the state
// refuses (he does not sit in that tournament, the account is closed already), 200 with the sanction.
#include <cstdint>
#include <expected>
#include <optional>
#include <string>

#include "persistence/account_store.hpp"
#include "persistence/sanction_store.hpp"
#include "server/api/json_body.hpp"
#include "server/api/router.hpp"

namespace tavolo::server::api {

inline constexpr std::size_t kMaxReasonChars = 500;       // sanctions.reason's CHECK
inline constexpr std::int64_t kMaxMuteMinutes = 525'600;  // a year; absent: until the end of time

// POST /api/v1/players/{id}/sanctions
struct SanctionOrder {
    persistence::Account by;  // the operator
    std::int64_t account = 0;
    persistence::SanctionKind kind = persistence::SanctionKind::warning;
    std::string reason;
    std::optional<std::int64_t> tournament;  // warning, exclusion, disqualification: required
    std::optional<int> orbits;               // exclusion: 1..4, required
    std::optional<std::int64_t> minutes;     // mute: optional (absent: forever)
};

// DELETE /api/v1/tables/{tournament}/{table}/chat/{line}
struct ChatRemoval {
    persistence::Account by;
    std::int64_t tournament = 0;
    std::int32_t table = 0;
    std::uint64_t line = 0;
    std::string reason;
};

class ModerationBackend {
  public:
    virtual ~ModerationBackend() = default;
    // Each answers exactly once through `respond`, from any thread.
    virtual void sanction(SanctionOrder order, HttpResponder respond) = 0;
    virtual void remove_chat(ChatRemoval removal, HttpResponder respond) = 0;
};

// The sanction's body, checked: which fields each kind requires and refuses.
std::expected<SanctionOrder, FieldError> sanction_order_of(std::string_view body);

void add_moderation_routes(Router& router, ModerationBackend& backend);

}  // namespace tavolo::server::api
