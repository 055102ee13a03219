#pragma once
// The lobby actor (server/lobby/README.md "What the lobby actor must do"): one lobby::LobbyCore on its
// own strand, fed the sessions' lobby requests and the tournaments' notices, with the lobby's time
// (GameClock::wall_now, scaled by [clock] speed). It carries out the core's effects: persistence
// through the write service (every answer posted back to the strand; one that does not come in time
// is answered as `unavailable`, except a buy-in, which may still commit: the core is told it is
// overdue and gets its answer when it comes; a refund's answer is awaited), starts and late entrants to the
// TournamentLauncher, frames to clients through the Outbox. Every public call posts to the strand and returns
// at once.
#include <chrono>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/actors/actor_context.hpp"
#include "server/actors/tournament_links.hpp"
#include "server/lobby/lobby_core.hpp"
#include "server/session/services.hpp"
#include "server/tournament_config.hpp"

namespace tavolo::server::actors {

// Real (steady-clock) durations, not game time: they are about the database, not the game.
struct LobbyActorOptions {
    // A persistence request unanswered this long is answered to the core as `unavailable` (its
    // idempotency key makes the core's later retry safe even if it committed meanwhile); a buy-in is
    // reported overdue instead (LobbyCore::registration_overdue) and its late answer still applied;
    // a refund's answer is awaited.
    std::chrono::milliseconds request_timeout = std::chrono::seconds(15);
    // While a request is in flight or a failed create or refund waits to be retried: tick this often.
    std::chrono::milliseconds retry_interval = std::chrono::seconds(2);
};

class LobbyActor final : public session::LobbyGateway, public LobbyNotices {
  public:
    LobbyActor(ActorContext context, std::vector<TournamentDeclaration> declarations,
               lobby::LobbyOptions options, TournamentLauncher& launcher,
               LobbyActorOptions actor_options = {});
    // Cancels the timers; work still queued for the strand runs harmlessly (it holds the state).
    ~LobbyActor() override;
    LobbyActor(const LobbyActor&) = delete;
    LobbyActor& operator=(const LobbyActor&) = delete;

    // At a restart, before open() and before any tournament runs: what the recovery gave back
    // (LobbyCore::adopt, tournament_recovery.hpp).
    void adopt(std::vector<lobby::AdoptedTournament> adopted);
    // Creates the declared tournaments (LobbyCore::open). Once, after the launcher knows the lobby.
    void open();
    // Graceful shutdown: every later registration is refused with SHUTTING_DOWN.
    void stop_registrations();
    // A connection closed: it is no longer a subscriber.
    void forget_session(session::SessionId session);

    // SubscribeLobby, UnsubscribeLobby, Register, Unregister, GetWallet; answers echo request_id.
    void submit(session::LobbyRequest request) override;

    void late_registration_closed(lobby::TournamentId tournament) override;
    void entry_eliminated(lobby::TournamentId tournament, persistence::RegistrationId registration) override;
    void tournament_finished(lobby::TournamentId tournament) override;
    void tournament_cancelled(lobby::TournamentId tournament) override;

    // ---- The operator API (server/operator/tournament_backend.hpp); `done` runs on the lobby's strand ----
    // A tournament an operator creates: listed and registering like a declared one; its id once its
    // row exists (LobbyCore::add_declaration), or why not.
    using Created = std::function<void(std::expected<lobby::TournamentId, std::string>)>;
    void create_tournament(TournamentDeclaration declaration, Created done);
    // What the lobby knows of a listed tournament, with a copy of its declaration; none when not listed.
    struct View {
        lobby::LobbyCore::OperatorView view;  // view.declaration is null: use `declaration`
        TournamentDeclaration declaration;
    };
    void view(lobby::TournamentId tournament, std::function<void(std::optional<View>)> done);
    // An operator cancels a registering tournament (LobbyCore::cancel_registering): the view before,
    // whose entries are refunded in full, or why not.
    void cancel_registering(lobby::TournamentId tournament,
                            std::function<void(std::expected<View, std::string>)> done);

    struct State;

  private:
    std::shared_ptr<State> state_;
};

}  // namespace tavolo::server::actors
