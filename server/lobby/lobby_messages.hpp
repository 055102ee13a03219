#pragma once
// What the lobby actor hands to the world around it (effects) and what it is told back (inputs):
// plain records, so the LobbyCore is driven and checked without Asio, sockets or a database, and so
// the actor that wraps it only carries records between strands (server/lobby/README.md).
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"
#include "persistence/tournament_store.hpp"
#include "persistence/tournament_types.hpp"
#include "server/start_rule.hpp"
#include "server/tournament_config.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::lobby {

namespace v1 = ::tavolo::v1;
using persistence::AccountId;
using persistence::RegistrationId;
using persistence::TournamentId;

// Names one persistence request so that its result, posted back, finds what it was for.
enum class RequestId : std::uint64_t {};
// One subscribed connection (the actor's session registry knows which).
enum class SubscriberId : std::uint64_t {};

// ---- Inputs from sessions ----------------------------------------------------------------------

// Register or Unregister from a logged-in account; `client_request` is echoed in the reply.
struct PlayerRequest {
    AccountId account{};
    std::int64_t tournament = 0;  // as the client named it (TournamentInfo.id)
    std::uint64_t client_request = 0;
};

// ---- Effects: persistence requests (run off the lobby's strand; each result comes back) --------

// TournamentStore::create; the result comes back through LobbyCore::tournament_created.
struct CreateTournament {
    RequestId request{};
    persistence::TournamentSpec spec;
};

// TournamentStore::register_player under `key` (from the house wallet when `freeroll`); the result
// and the wallet's balance after it come back through LobbyCore::registration_done.
struct RegisterPlayer {
    RequestId request{};
    TournamentId tournament{};
    AccountId account{};
    std::string key;  // "buyin:<tournament>:<account>", then ":2", ":3" for later entries
    bool freeroll = false;
};

// TournamentStore::refund under `key`; the result comes back through LobbyCore::refund_done.
struct RefundEntry {
    RequestId request{};
    TournamentId tournament{};
    AccountId account{};
    RegistrationId registration{};
    engine::Cents from_pool = 0;
    engine::Cents from_house = 0;
    std::string key;  // "unregister:<registration>" or "cancel:<registration>"
    persistence::RegistrationState new_state = persistence::RegistrationState::refunded;
};

// TournamentStore::set_state. Nothing comes back: a failure is logged (the lobby has moved on; the
// recovery of issue 11 reads the registrations, which are exact).
struct SetTournamentState {
    TournamentId tournament{};
    persistence::TournamentState state = persistence::TournamentState::registering;
};

// ---- Effects: to other actors and to connections -----------------------------------------------

struct Entrant {
    AccountId account{};
    RegistrationId registration{};
    int entry_number = 1;
};

// For the director actor: the tournament starts with exactly these entrants, in registration order.
struct StartTournament {
    TournamentId tournament{};
    TournamentDeclaration declaration;
    std::vector<Entrant> entrants;
};

// For the director of a running MTT with late registration (RULES.md §6): one more entrant, whose
// buy-in is committed. The director seats him and answers late_registration_closed() when the
// window ends.
struct AddLateEntrant {
    TournamentId tournament{};
    Entrant entrant;
};

// A reply to the account that asked (Registered, Unregistered, Error, Wallet), to each of its sessions.
struct SendToAccount {
    AccountId account{};
    v1::ServerMessage message;
};

// A LobbySnapshot or LobbyUpdate for one subscribed connection.
struct SendToSubscriber {
    SubscriberId subscriber{};
    v1::ServerMessage message;
};

using Effect = std::variant<CreateTournament, RegisterPlayer, RefundEntry, SetTournamentState,
                            StartTournament, AddLateEntrant, SendToAccount, SendToSubscriber>;
using Effects = std::vector<Effect>;

}  // namespace tavolo::server::lobby
