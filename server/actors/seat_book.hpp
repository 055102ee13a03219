#pragma once
// Where each account holds a seat now: the index directors write when they seat, move or eliminate a
// player, and readers use to find an account's tables (AccountGranted.seated_at after a log in or a
// resume; the session registry's "the player is away" to those tables when his connection goes).
// It is a routing index shared by actors on different strands, not game state: the tables and
// directors own the seats; this only says where to look. Thread-safe (one mutex, held for a map
// look-up or update only).
#include <functional>
#include <map>
#include <mutex>
#include <vector>

#include "server/protocol/wire_vocabulary.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::actors {

class SeatBook {
  public:
    // The account sits at `table` (adds it; a second call for the same table changes nothing).
    void seat(session::AccountIdValue account, const protocol::TableAddress& table);
    // The account left `table` (moved away, eliminated, the tournament ended).
    void unseat(session::AccountIdValue account, const protocol::TableAddress& table);
    // Every table where the account sits, in the order it was seated.
    std::vector<protocol::TableAddress> tables_of(session::AccountIdValue account) const;
    // How many accounts hold at least one seat (/metrics tavolo_players_seated).
    std::size_t seated_accounts() const;

    // Several nodes (server/cluster/README.md): the listener hears every seat() (true: seated, even
    // one already known) and every unseat() that removed a seat, under the book's lock, so in order; set it
    // before any actor runs, and never call back into the book from it. apply_elsewhere() records a change
    // another node made (a table hosted there): the listener does not hear it.
    using Listener = std::function<void(session::AccountIdValue, const protocol::TableAddress&, bool seated)>;
    void set_listener(Listener listener);
    void apply_elsewhere(session::AccountIdValue account, const protocol::TableAddress& table, bool seated);

  private:
    bool change(session::AccountIdValue account, const protocol::TableAddress& table,
                bool seated);  // under mutex_

    mutable std::mutex mutex_;
    Listener listener_;
    std::map<session::AccountIdValue, std::vector<protocol::TableAddress>> seats_;
};

}  // namespace tavolo::server::actors
