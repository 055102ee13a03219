#pragma once
// A tournament's facts (the director's messages, rankings and prizes) as v1::TournamentEvent messages
// for its players and observers.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "engine/tournament/director_messages.hpp"
#include "engine/tournament/ranking.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

// A new level (the director's SetLevel to a table); ends_at_ms: when it ends, 0 when unknown.
v1::TournamentEvent level_up(std::int64_t tournament, const engine::SetLevel& level, std::int64_t ends_at_ms);

// The synchronous break (the director's PauseForBreak); now_ms: time since the tournament's start, on
// the same clock as PauseForBreak::until_ms.
v1::TournamentEvent break_started(std::int64_t tournament, const engine::PauseForBreak& pause,
                                  std::int64_t now_ms);

// The director's messages that players hear about: SetLevel and PauseForBreak; nothing for the others
// (seat changes reach players as snapshots and as moved()).
std::optional<v1::TournamentEvent> tournament_event(std::int64_t tournament,
                                                    const engine::DirectorMessage& message,
                                                    std::int64_t now_ms, std::int64_t level_ends_at_ms);

// A player is out, with his place and prize.
v1::TournamentEvent eliminated(std::int64_t tournament, const engine::Placing& placing,
                               const std::string& name, engine::Cents prize);

// A move: the StandUp and the SeatPlayer of the same move number; nothing when they are not.
std::optional<v1::TournamentEvent> moved(std::int64_t tournament, const engine::StandUp& from,
                                         const engine::SeatPlayer& to);

// One line of the results.
struct FinalPlace {
    engine::Placing placing;
    std::string name;
    engine::Cents prize = 0;
};

// A re-buy or the add-on on offer to one player at `table` (RULES.md §6).
struct PurchaseOfferWords {
    engine::Purchase kind = engine::Purchase::Rebuy;
    engine::Chips chips = 0;
    engine::Cents price = 0;  // prize part and fee
    engine::Cents fee = 0;
    std::int64_t answer_within_ms = 0;  // 0: until his table's next hand ends
    bool busted = false;
};
v1::TournamentEvent purchase_offered(const TableAddress& table, const PurchaseOfferWords& offer);
// A player at `table` bought chips.
v1::TournamentEvent chips_purchased(const TableAddress& table, engine::EntrantId entrant,
                                    const std::string& name, engine::Purchase kind, engine::Chips chips);

// The tournament is over: the results, best first (sorted here by place), of `entrants` in all.
v1::TournamentEvent finished(std::int64_t tournament, std::span<const FinalPlace> results,
                             std::int32_t entrants);

}  // namespace tavolo::server::protocol
