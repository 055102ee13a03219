#pragma once
// A poker tournament's director as saved after each decision (migration 0008): the engine's state as
// text and the registration playing each entrant number. Saved through the write service on the
// tournament's director lane (server/actors/director_durability.*), read back at recovery.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

struct SavedDirector {
    TournamentId tournament{};
    std::int64_t seq = 0;                  // the save's number, from 1: a newer save has a larger one
    std::string state;                     // engine/tournament/director_state_text.hpp
    std::vector<RegistrationId> entrants;  // by entrant number
    bool operator==(const SavedDirector&) const = default;
};

class DirectorStore {
  public:
    explicit DirectorStore(Database& db);
    // Writes the save unless a newer one (a larger seq) is there already; idempotent.
    StoreResult<void> save(const SavedDirector& saved);
    // The newest save; nullopt when the tournament's director never saved.
    StoreResult<std::optional<SavedDirector>> load(TournamentId tournament);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
