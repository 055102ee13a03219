#pragma once
// Tournaments (configuration, state, schedule, clock), their tables, and the registrations with
// every payment: buy-ins, re-buys, add-ons, prizes and refunds are ledger movements committed in the
// same transaction as the registration they change, each under an idempotency key.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"
#include "persistence/tournament_types.hpp"

namespace tavolo::persistence {

using engine::Cents;

struct TournamentSpec {
    std::string name;
    engine::TournamentKind kind = engine::TournamentKind::SitAndGo;
    TournamentGame game = PokerGame{};  // the variant and betting structure, or Polacco
    std::string config_json = "{}";     // the whole configuration, as the server describes it
    std::string schedule_json = "[]";   // blind levels and breaks
    std::optional<std::chrono::system_clock::time_point> starts_at;  // scheduled start (MTT)
    Cents prize_part = 0;                                            // of the buy-in, to the prize pool
    Cents fee = 0;                                                   // of the buy-in, to the house
    Cents guarantee = 0;
    TournamentState state = TournamentState::registering;
};

struct TournamentClock {
    int level = 0;
    std::chrono::milliseconds level_elapsed{0};
    std::optional<std::chrono::milliseconds> level_remaining;
    bool on_break = false;
    std::optional<std::chrono::system_clock::time_point> saved_at;  // set by the database
};

struct Tournament {
    TournamentId id{};
    TournamentSpec spec;  // spec.state is the current state
    WalletId prize_pool{};
    TournamentClock clock;
};

struct Registration {
    RegistrationId id{};
    TournamentId tournament{};
    AccountId account{};
    int entry_number = 1;
    RegistrationState state = RegistrationState::registered;
    Cents paid = 0;  // everything paid, fees included
    Cents prize_part = 0;
    Cents fee = 0;
    int rebuys = 0;
    int addons = 0;
    std::optional<int> finishing_place;
    Cents prize = 0;
    Cents refund = 0;
};

// An entry's finishing place and the prize paid to it from the prize pool (0 for none), under an
// idempotency key: what record_finish and WriteService::submit_finish take.
struct Finish {
    RegistrationId entry{};
    int place = 0;  // from 1
    Cents prize = 0;
    std::string key;
};

class TournamentStore {
  public:
    explicit TournamentStore(Database& db);

    StoreResult<Tournament> create(const TournamentSpec& spec);
    StoreResult<Tournament> find(TournamentId id);
    StoreResult<void> set_state(TournamentId id, TournamentState state);
    StoreResult<void> save_clock(TournamentId id, const TournamentClock& clock);

    // Registers the account and pays the buy-in from its wallet (or from `payer`, e.g. the house
    // wallet for a freeroll). Replaying the key returns the same registration; insufficient_funds
    // leaves nothing behind; invalid_argument when the account already holds a live entry or the
    // tournament is over.
    StoreResult<Registration> register_player(TournamentId id, AccountId account, const std::string& key,
                                              std::optional<WalletId> payer = std::nullopt);
    // A re-buy (at most `most` per entry, 0: no limit) or the add-on (once per entry), paid from the
    // entry's wallet; invalid_argument past the limit, with nothing paid.
    StoreResult<Registration> rebuy(RegistrationId id, Cents prize_part, Cents fee, const std::string& key,
                                    int most = 0);
    StoreResult<Registration> addon(RegistrationId id, Cents prize_part, Cents fee, const std::string& key);
    // Pays one re-buy (or the add-on) back to the entry's wallet and takes it off the entry: a
    // purchase paid and never played because the server stopped before its table recorded it
    // (RULES.md §7: the void hand's chips are as at its start). The entry's state stays.
    StoreResult<Registration> pay_back_purchase(RegistrationId id, bool rebuy, Cents prize_part, Cents fee,
                                                const std::string& key);
    // The finishing place and the prize paid from the prize pool (0 for none).
    StoreResult<Registration> record_finish(RegistrationId id, int place, Cents prize,
                                            const std::string& key);
    StoreResult<Registration> record_finish(const Finish& finish);
    // Pays back `from_pool` from the prize pool and `from_house` from the house (fees), e.g. for a
    // cancelled tournament (RULES.md §7) or an unregistration; the entry becomes `refunded`.
    StoreResult<Registration> refund(RegistrationId id, Cents from_pool, Cents from_house,
                                     const std::string& key,
                                     RegistrationState new_state = RegistrationState::refunded);
    StoreResult<void> set_registration_state(RegistrationId id, RegistrationState state);
    StoreResult<std::vector<Registration>> registrations(TournamentId id);

    StoreResult<TableId> open_table(TournamentId id, int table_number, int max_seats);
    StoreResult<void> break_table(TableId table);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
