#pragma once
// Row identities, typed so that a wallet id is never passed where an account id is expected.
#include <cstdint>
#include <utility>

namespace tavolo::persistence {

enum class AccountId : std::int64_t {};
enum class WalletId : std::int64_t {};
enum class TournamentId : std::int64_t {};
enum class RegistrationId : std::int64_t {};
enum class TableId : std::int64_t {};
enum class LedgerTransactionId : std::int64_t {};

template <class Id>
constexpr std::int64_t raw(Id id) {
    return std::to_underlying(id);
}

}  // namespace tavolo::persistence
