#pragma once
// The operator's hand histories (issue 12 item 2), read only:
//   GET
//   /api/v1/hands?tournament=ID[&table=N][&player=ACCOUNT_ID][&limit=N][&before=ID][&format=json|phh|pokerstars]
//       newest first; at least one of tournament or player. JSON: {"hands":[summary...],"next_before"};
//       phh: one .phhs document; pokerstars: the hands separated by blank lines (text/plain).
//   GET /api/v1/hands/{tournament}/{table}/{hand}[?format=json|phh|pokerstars]
//       JSON: the summary and "phh"; phh: the stored .phh; pokerstars: the operator's form.
// 400 naming the query parameter, 404 for an unknown tournament, table, hand or player, 409 for the
// PHH or PokerStars form of a Polacco hand (it has none). Summaries and texts: hand_text.hpp.
#include <functional>
#include <string>
#include <vector>

#include "persistence/hand_listing.hpp"
#include "persistence/store_error.hpp"
#include "server/api/router.hpp"

namespace tavolo::server::api {

struct HandPage {
    std::vector<persistence::ListedHand> hands;
    std::string player_name;  // with a player filter: the account's name, as the PHH names players
};

// The database side. Each call returns at once and calls `done` exactly once, from any thread.
class HandBackend {
  public:
    using PageDone = std::function<void(persistence::StoreResult<HandPage>)>;
    using HandDone = std::function<void(persistence::StoreResult<persistence::ListedHand>)>;

    virtual ~HandBackend() = default;
    // persistence::HandListing::hands; with a player, the backend looks the account's name up and
    // searches for it (filter.player_needle is the backend's to fill).
    virtual void hands(persistence::HandFilter filter, PageDone done) = 0;
    virtual void hand(persistence::TournamentId tournament, int table_number, std::int64_t hand_number,
                      HandDone done) = 0;
};

void add_hand_routes(Router& router, HandBackend& backend);

}  // namespace tavolo::server::api
