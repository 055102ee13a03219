#pragma once
// A tournament's structure (RULES.md §6): kind, game, entry, stacks, levels, breaks, re-buys,
// add-on, late registration, re-entry, freeroll and guarantee, and the start rules.
#include <chrono>
#include <optional>

#include "engine/poker/hand_setup.hpp"
#include "engine/tournament/blind_schedule.hpp"
#include "engine/tournament/tournament_kind.hpp"
#include "engine/types.hpp"

namespace tavolo::engine {

using Duration = std::chrono::milliseconds;  // simulated or real; the engine reads no clock

struct BuyIn {
    Cents prize_part = 0;  // to the prize pool
    Cents fee = 0;         // to the house
    Cents total() const { return prize_part + fee; }
};

inline constexpr Cents kMinBuyInTotal = 50;      // 0.50 EUR (ONLINE)
inline constexpr Cents kMaxBuyInTotal = 10'000;  // 100.00 EUR

struct RebuyRules {
    bool enabled = false;
    int period_levels = 0;  // re-buys allowed during levels 1..period_levels
    int max_rebuys = 0;     // per player; 0 = unlimited
    BuyIn price;            // a re-buy buys another starting stack
    bool addon = false;     // one purchase at the end of the rebuy period
    BuyIn addon_price;
    Chips addon_chips = 0;
};

struct TournamentStructure {
    TournamentKind kind = TournamentKind::ScheduledMtt;
    Variant variant = Variant::Holdem;
    Betting betting = Betting::NoLimit;
    int table_size = 10;  // a full table: 6 or 10; draw at most 6
    Chips starting_stack = 5000;
    BuyIn buy_in{1000, 100};
    BlindSchedule blinds;
    Duration level_duration = std::chrono::minutes(15);
    bool breaks = true;  // MTT breaks of §6
    RebuyRules rebuys;
    bool late_registration = false;  // standard online, off by default
    int late_registration_levels = 0;
    bool reentry = false;
    bool freeroll = false;  // the operator pays the entries
    Cents guarantee = 0;    // 0: no guaranteed pool
    // Sit&Go: start when `max_players` have registered, or at `deadline` with at least
    // `min_players`. MTT: at its time with at least `min_players`, else cancelled.
    int min_players = 2;
    int max_players = 10;
    std::optional<Duration> deadline;  // time since registration opened
};

// The defaults of §6 for a kind and game: stacks (MTT 5,000, Sit&Go 3,000), level length (MTT
// 15 min, Sit&Go 8 min), table size (10, draw 6; heads-up 2), antes for stud and draw MTTs only.
TournamentStructure default_structure(TournamentKind kind, Variant variant, Betting betting);

enum class StructureError {
    TableSizeOutOfRange,  // 2..10, draw at most 6
    BuyInOutOfRange,      // total 0.50-100.00 EUR, neither part negative (a freeroll costs nothing)
    LevelTooShort,        // at least 1 minute
    NoLevels,
    StartingStackNotPositive,
    TooFewPlayers,      // a tournament needs at least 2 players (min_players >= 2, max >= min)
    NegativeGuarantee,  // a guarantee below zero
    BlindsOutOfRange,   // a level without a positive big blind, small blind above it, negative ante,
                        // or a blind or ante above kMaxTotalChips
    ChipsOverLimit,     // the most chips the field can hold passes kMaxTotalChips
    MoneyOverLimit,     // the most money the field can pay, or the guarantee, passes kMaxTotalCents
};
const char* to_string(StructureError e);
// The engine's limits (engine/types.hpp) bound the whole field: max_players x (starting stack x
// (1 + re-buys) + add-on chips) chips and max_players x (buy-in + re-buys + add-on) money, counting
// each purchase once when its number is unlimited (those are bounded where they are made:
// Table::add_chips refuses a table past kMaxTotalChips).
std::optional<StructureError> validate(const TournamentStructure& s);

enum class StartDecision { Wait, Start, Cancel };
// Registration state -> what the director does now. `elapsed` is time since registration opened
// (Sit&Go) or since the scheduled start time was reached (MTT: `scheduled_time_reached`).
StartDecision sit_and_go_start(const TournamentStructure& s, int registered, Duration elapsed);
StartDecision mtt_start(const TournamentStructure& s, int registered, bool scheduled_time_reached);

// Level number (1-based) after `play_time` of play (breaks excluded).
int level_at(const TournamentStructure& s, Duration play_time);

// Synchronous breaks (MTT, APT Art.7.5): 10 min after the first hour of play, 15 min after the
// second, then 10 min every further hour. The length of the break due once `play_time` of play
// has been reached exactly at an hour mark `hour` (1, 2, 3...).
Duration break_after_hour(int hour);

// Where a tournament stands `since_start` after it started, breaks taken as they fall due at each
// hour of play (synchronous: the server holds each table at the end of its hand until the break ends).
// Play time excludes breaks; the level follows play time. Without breaks, play time is all time.
struct TournamentClock {
    Duration play_time{0};
    int level = 1;
    bool on_break = false;
    Duration break_left{0};  // on a break: until play resumes
};
TournamentClock clock_at(const TournamentStructure& s, Duration since_start);

// Re-buys (§6): during the rebuy period a player at or below the starting stack may buy another
// starting stack; a busted player may until the next hand at that table starts.
bool may_rebuy(const TournamentStructure& s, int level, Chips stack, int rebuys_so_far);
bool may_addon(const TournamentStructure& s, int level, bool already_added);
bool may_register_late(const TournamentStructure& s, int level);
// Re-entry (option): an eliminated player buys a new entry while late registration is open. An
// entry is not a player: payouts count players (RULES.md §6).
bool may_reenter(const TournamentStructure& s, int level, bool eliminated);

}  // namespace tavolo::engine
