#pragma once
// What a poker director and a Polacco table share once a place is decided: the finish (place and
// prize) through the write service, ordered after the hand that decided it (submit_finish on the
// table that played it), then the wallet's balance after it to the account; and tournament news to
// every entrant. No Asio: the caller passes the Executor that posts to its strand.
#include <cstddef>
#include <functional>
#include <vector>

#include "engine/types.hpp"
#include "persistence/executor.hpp"
#include "persistence/ids.hpp"
#include "server/actors/actor_context.hpp"
#include "server/actors/roster.hpp"
#include "server/protocol/tournament_events.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::actors {

// The idempotency key of an entry's finish: "prize:<tournament>:<registration>".
std::string prize_key(std::int64_t tournament, persistence::RegistrationId registration);

// Records `place` and pays `prize` (cents, 0: none) to the entry, after everything submitted for
// `table` before; then, with a prize, sends the account its wallet's balance. `done(ok)` runs through
// `executor` once the finish is committed (or failed: ok false, logged).
void pay_place(ActorContext& context, persistence::TableId table, std::int64_t tournament,
               const RosterEntry& entry, int place, engine::Cents prize,
               const persistence::Executor& executor, std::function<void(bool)> done);

// Reads the account's wallet balance after everything submitted for `table` so far and sends it to
// the account (a Wallet message); a failure is logged.
void send_balance(ActorContext& context, persistence::TableId table, std::int64_t account,
                  const persistence::Executor& executor);

// Records the tournament finished (its row's state), after a restart when the lobby may not close it;
// a failure is logged.
void mark_tournament_finished(ActorContext& context, persistence::TournamentId tournament,
                              const persistence::Executor& executor);

// The message to every entrant's account, serialised once.
void to_entrants(Outbox& outbox, const Roster& roster, const protocol::v1::ServerMessage& message);

// At most this many places go to every entrant at the end (TournamentFinished).
inline constexpr std::size_t kPlacesToAll = 100;
// The results (one line per entry, any order) to every entrant's account: every place in a field of up
// to kPlacesToAll; in a larger one the first kPlacesToAll places, serialised once, and to an account
// that finished below them those places and its own lines. So 20,000 entrants get ~3 KB each, not
// the whole ~500 KB list each (issue 14).
void tell_results(Outbox& outbox, const Roster& roster, std::int64_t tournament,
                  std::vector<protocol::FinalPlace> results);
protocol::v1::ServerMessage tournament_message(protocol::v1::TournamentEvent event);

}  // namespace tavolo::server::actors
