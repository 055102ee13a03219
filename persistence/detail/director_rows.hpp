#pragma once
// Saved directors in rows of tournament_directors (internal), for the director store and recovery.
#include <pqxx/pqxx>

#include "persistence/director_store.hpp"

namespace tavolo::persistence::detail {

// The columns saved_director_from() reads, in its order.
inline constexpr const char* kDirectorColumns =
    "tournament_id, seq, state, array_to_string(entrants, ',') FROM tournament_directors ";

SavedDirector saved_director_from(const pqxx::row& row);

}  // namespace tavolo::persistence::detail
