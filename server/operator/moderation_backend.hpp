#pragma once
// The live backend of the moderation routes (server/api/moderation_routes.hpp): sanctions of RULES.md
// §6 and chat removal. Database work on the write service; a sanction at a table goes to the table's
// strand (TableRegistry::moderate), where the engine applies it (a disqualification asked during a
// hand waits for its end); then the sanction and its audit entry are written in one transaction, the
// action logged, the player told (SanctionNotice), and the route answered.
#include <functional>
#include <memory>
#include <string>

#include "persistence/database.hpp"
#include "persistence/write_service.hpp"
#include "server/actors/outbox.hpp"
#include "server/actors/seat_book.hpp"
#include "server/actors/table_registry.hpp"
#include "server/api/moderation_routes.hpp"
#include "server/operator/chat_guard.hpp"

namespace tavolo::server::operators {

// Closes an account's live connection with a reason (SessionRegistry::close_account).
using SessionCloser = std::function<void(std::int64_t account, std::string reason)>;

class ModerationBackend final : public api::ModerationBackend {
  public:
    ModerationBackend(persistence::WriteService& writes, actors::TableRegistry& tables,
                      actors::SeatBook& seats, actors::Outbox& outbox, ChatGuard& chat,
                      SessionCloser close_sessions);

    void sanction(api::SanctionOrder order, HttpResponder respond) override;
    void remove_chat(api::ChatRemoval removal, HttpResponder respond) override;

    struct Shared;  // what the callbacks hold on to

  private:
    std::shared_ptr<Shared> shared_;
};

// At start: the mutes in force (a restart lifts none). Returns how many.
persistence::StoreResult<std::size_t> load_mutes(persistence::Database& db, ChatGuard& chat);

}  // namespace tavolo::server::operators
