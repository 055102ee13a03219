#pragma once
// The SQL edge of the typed vocabulary (internal): one table of words per enum, giving its
// to_sql/from_sql pair, in the words the schema's CHECK constraints accept. A word read from the
// database that this build does not know throws StoredValueError, which the stores report as
// bad_stored_value, never as some default.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "persistence/account_store.hpp"
#include "persistence/table_snapshot.hpp"
#include "persistence/tournament_types.hpp"

namespace tavolo::persistence::detail {

class StoredValueError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

const char* to_sql(engine::TournamentKind kind);  // sng, mtt, headsup, shootout
const char* to_sql(TournamentState state);
const char* to_sql(RegistrationState state);
const char* to_sql(SeatStatus status);
const char* to_sql(Role role);  // player, operator, admin
// tournaments.game and tournaments.betting: holdem/stud/draw/polacco and nl/pl/limit/none.
const char* game_to_sql(const TournamentGame& game);
const char* betting_to_sql(const TournamentGame& game);

template <class E>
std::optional<E> from_sql(std::string_view text);
template <>
std::optional<engine::TournamentKind> from_sql(std::string_view text);
template <>
std::optional<TournamentState> from_sql(std::string_view text);
template <>
std::optional<RegistrationState> from_sql(std::string_view text);
template <>  // the words of persistence/table_snapshot.hpp
std::optional<SeatStatus> from_sql(std::string_view text);
template <>
std::optional<Role> from_sql(std::string_view text);
std::optional<TournamentGame> game_from_sql(std::string_view game, std::string_view betting);

// from_sql, or StoredValueError naming the column and the word.
template <class E>
E read_sql(std::string_view text, const char* column) {
    if (auto value = from_sql<E>(text)) return *value;
    throw StoredValueError(std::string("the database holds ") + column + " '" + std::string(text) +
                           "', which this version does not know: is the schema newer than the server?");
}

}  // namespace tavolo::persistence::detail
