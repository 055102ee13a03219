#pragma once
// Reading the stored hands back for the operator's hand histories (issue 12): by tournament, table,
// player or one hand, newest first, with what a history's header needs (the tournament's game and
// buy-in, the table's number, when the hand was played). The hands themselves are their PHH text
// (hand_store.hpp); this layer does not read it, so a player is found by the caller's needle (the
// player's name as the PHH writes it), the caller checking each hand's `players` exactly.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/database.hpp"
#include "persistence/ids.hpp"
#include "persistence/store_error.hpp"

namespace tavolo::persistence {

struct ListedHand {
    std::int64_t id = 0;  // hands.id: the order of commits, and the `before` cursor of a listing
    TournamentId tournament{};
    std::string tournament_name;
    std::string game;     // tournaments.game: holdem, stud, draw, polacco
    std::string betting;  // nl, pl, limit, none
    std::int64_t buy_in_prize_cents = 0;
    std::int64_t buy_in_fee_cents = 0;
    int table_number = 0;  // as the protocol and the operator API count tables: from 0 (stored + 1)
    std::int64_t hand_number = 0;
    int level = 0;           // the blind level it was played at (1-based; 0: not recorded)
    std::string started_at;  // UTC, "2026-11-27T01:02:03.456Z"
    std::string ended_at;    // same
    std::string phh;
};

struct HandFilter {
    std::optional<TournamentId> tournament;
    std::optional<int> table_number;  // with a tournament; from 0, as ListedHand::table_number
    // The hands of tournaments the account entered whose PHH holds `player_needle` (the name as
    // a PHH string, quotes included): a superset of the player's hands, checked exactly by the caller.
    std::optional<AccountId> player;
    std::string player_needle;
    int limit = 50;                      // 1..1000
    std::optional<std::int64_t> before;  // only hands with a smaller id (the next page)
};

class HandListing {
  public:
    explicit HandListing(Database& db);

    // Newest first (by id). not_found naming the tournament or the player when either is unknown;
    // an empty list when they are known and have no (such) hands.
    StoreResult<std::vector<ListedHand>> hands(const HandFilter& filter);
    // One hand: not_found naming what is unknown (the tournament, its table, the hand).
    StoreResult<ListedHand> hand(TournamentId tournament, int table_number, std::int64_t hand_number);

  private:
    Database& db_;
};

}  // namespace tavolo::persistence
