#pragma once
// What an operator may learn of a live table (issue 12, the tables routes and the live feed): the
// table as an observer sees it, and the hole cards of a hand only once that hand has ended. Plain
// records, answered by the table on its own strand (TableEndpoint::inspect) or handed to the
// operators' live feed (Outbox::hand_revealed).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::actors {

// One player's cards in a finished hand.
struct RevealedSeat {
    std::int32_t seat = 0;
    std::int64_t entrant = 0;
    std::string name;
    std::string cards;  // engine text ("AcKd"), every card the player held, face down or up
};

// The hole cards of a hand that has ended (never of a hand in play).
struct RevealedHand {
    protocol::TableAddress table;
    std::int64_t hand = 0;
    std::vector<RevealedSeat> seats;
};

struct TableInspection {
    protocol::TableAddress table;
    protocol::v1::TableSnapshot snapshot;   // as an observer gets it
    bool paused = false;                    // no hand is dealt for now (break, database wait, stopping)
    std::optional<RevealedHand> last_hand;  // the last finished hand's cards; none before the first
};

}  // namespace tavolo::server::actors
