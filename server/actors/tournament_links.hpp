#pragma once
// The two edges between the lobby actor and the tournaments it starts, as interfaces so each side is
// built and tested without the other (server/actors/README.md). Every call posts to the callee's
// strand and returns at once; the records are plain, so they can later travel between nodes.
#include <functional>

#include "server/lobby/lobby_messages.hpp"

namespace tavolo::server::actors {

// Implemented by the tournaments' side (server/actors/tournament_launcher): the lobby hands over what
// LobbyCore decided.
class TournamentLauncher {
  public:
    virtual ~TournamentLauncher() = default;
    // Create the tournament's director (poker) or Polacco table actor and start it with exactly these
    // entrants (LobbyCore's StartTournament effect).
    virtual void start(lobby::StartTournament start) = 0;
    // One more committed entrant for a running tournament with late registration.
    virtual void add_late_entrant(lobby::AddLateEntrant entrant) = 0;
    // Graceful shutdown (issue 10 item 11): deal no new hand anywhere; let every hand in flight
    // finish and its result commit; then call `quiet` once (from any thread). Called once.
    virtual void stop_dealing(std::function<void()> quiet) = 0;
};

// Implemented by the lobby actor: what a running tournament tells the lobby.
class LobbyNotices {
  public:
    virtual ~LobbyNotices() = default;
    // The director closed late registration (LobbyCore::late_registration_closed).
    virtual void late_registration_closed(lobby::TournamentId tournament) = 0;
    // An entry was eliminated while late registration is open and the tournament allows re-entry
    // (LobbyCore::entry_eliminated): its account may enter again. Its row is already `eliminated`.
    virtual void entry_eliminated(lobby::TournamentId tournament, persistence::RegistrationId registration) {
        (void)tournament;
        (void)registration;
    }
    // The tournament is over: every entrant ranked and every prize committed
    // (LobbyCore::tournament_finished).
    virtual void tournament_finished(lobby::TournamentId tournament) = 0;
    // The tournament was cancelled for a technical reason and its refunds are committed
    // (LobbyCore::tournament_cancelled): it is listed as cancelled.
    virtual void tournament_cancelled(lobby::TournamentId tournament) { (void)tournament; }
};

}  // namespace tavolo::server::actors
