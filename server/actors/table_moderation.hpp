#pragma once
// What an operator asks of a live table (issue 12: sanctions of RULES.md §6, chat moderation),
// through TableRegistry::moderate to the table's strand. The table answers through `done`, once, on
// its strand: the caller (server/operator/moderation_backend) posts on from there.
#include <cstdint>
#include <functional>
#include <string>
#include <variant>

#include "engine/table/sanction.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::actors {

// A warning, an exclusion or a disqualification of the player of `account` seated at this table.
// A disqualification asked during a hand is held and applied when the hand (and its settlement) is
// over, before the next deal: the answer comes then.
struct SanctionAtTable {
    session::AccountIdValue account = 0;
    engine::SanctionKind kind = engine::SanctionKind::Warning;
    int orbits = 0;  // exclusion
};

// Remove chat line `line` from the table's view: its viewers get ChatRemoved.
struct RemoveChatLine {
    std::uint64_t line = 0;
    std::string reason;
};

struct ModerationAnswer {
    enum class Status {
        applied,
        not_seated,    // the account holds no seat here (any more)
        unknown_line,  // no such chat line shown at this table
        refused,       // the table refused (closed, cancelled, not supported here): `message` says why
    };
    Status status = Status::applied;
    std::string message;
    engine::SanctionOutcome outcome{};  // applied sanctions
    std::int64_t entrant = 0;
    bool held = false;  // applied at the end of the hand that was in play when it was asked
};

struct ModerationRequest {
    std::variant<SanctionAtTable, RemoveChatLine> what;
    std::function<void(ModerationAnswer)> done;
};

}  // namespace tavolo::server::actors
