#pragma once
// Reading tournaments and registrations from rows (internal).
#include <pqxx/pqxx>

#include "persistence/tournament_store.hpp"

namespace tavolo::persistence::detail {

extern const char* const kTournamentColumns;    // "SELECT ... FROM tournaments "
extern const char* const kRegistrationColumns;  // "SELECT ... FROM registrations "

Tournament tournament_from(const pqxx::row& row);
Registration registration_from(const pqxx::row& row);

}  // namespace tavolo::persistence::detail
