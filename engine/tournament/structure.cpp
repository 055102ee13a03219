#include "engine/tournament/structure.hpp"

#include <algorithm>
#include <limits>

#include "engine/poker/game.hpp"

namespace tavolo::engine {

TournamentStructure default_structure(TournamentKind kind, Variant variant, Betting betting) {
    TournamentStructure s;
    s.kind = kind;
    s.variant = variant;
    s.betting = betting;
    s.blinds = default_schedule(kind, variant);
    const int full = game_for(variant).max_players;
    switch (kind) {
        case TournamentKind::SitAndGo:
            s.starting_stack = 3000;
            s.level_duration = std::chrono::minutes(8);
            s.breaks = false;
            s.table_size = full;
            s.min_players = full;
            s.max_players = full;
            break;
        case TournamentKind::HeadsUp:
            s.starting_stack = 3000;
            s.level_duration = std::chrono::minutes(8);
            s.breaks = false;
            s.table_size = 2;
            s.min_players = 2;
            s.max_players = 2;
            break;
        case TournamentKind::ShootOut:
        case TournamentKind::ScheduledMtt:
            s.starting_stack = 5000;
            s.level_duration = std::chrono::minutes(15);
            s.table_size = full;
            s.min_players = 2;
            s.max_players = 1'000'000;
            break;
    }
    return s;
}

const char* to_string(StructureError e) {
    switch (e) {
        case StructureError::TableSizeOutOfRange:
            return "table size must be 2 to 10 (draw: at most 6)";
        case StructureError::BuyInOutOfRange:
            return "the buy-in (prize part + fee) must be 0.50 to 100.00 EUR";
        case StructureError::LevelTooShort:
            return "blind levels last at least 1 minute";
        case StructureError::NoLevels:
            return "the blind schedule has no levels";
        case StructureError::StartingStackNotPositive:
            return "the starting stack must be positive";
        case StructureError::TooFewPlayers:
            return "a tournament needs at least 2 players (and a maximum no lower than its minimum)";
        case StructureError::NegativeGuarantee:
            return "the guaranteed prize pool cannot be negative";
        case StructureError::BlindsOutOfRange:
            return "every blind level needs a big blind above zero, a small blind from zero to the big "
                   "blind and an ante of zero or more, none above 2^53 - 1 chips";
        case StructureError::ChipsOverLimit:
            return "the field could hold more chips than the engine allows (2^53 - 1): lower the starting "
                   "stack, the re-buys or the maximum number of players";
        case StructureError::MoneyOverLimit:
            return "the field could pay more than the engine allows (2^53 - 1 cents), or the guarantee is "
                   "above it: lower the maximum number of players, the re-buys or the guarantee";
    }
    return "unknown structure error";
}

namespace {

// a x b <= limit for non-negative a and b, without computing a x b.
bool product_within(std::int64_t a, std::int64_t b, std::int64_t limit) {
    return a == 0 || b <= limit / a;
}

bool price_in_range(const TournamentStructure& s, const BuyIn& price) {
    if (price.prize_part < 0 || price.fee < 0) return false;
    if (price.prize_part > kMaxTotalCents || price.fee > kMaxTotalCents) return false;
    return s.freeroll || (price.total() >= kMinBuyInTotal && price.total() <= kMaxBuyInTotal);
}

// Re-buy and add-on prices follow the buy-in's rules.
std::optional<StructureError> validate_purchases(const TournamentStructure& s) {
    const RebuyRules& r = s.rebuys;
    if (!r.enabled) return std::nullopt;
    if (!price_in_range(s, r.price) || (r.addon && !price_in_range(s, r.addon_price)))
        return StructureError::BuyInOutOfRange;
    return std::nullopt;
}

// The whole field at its most: every player buys in, makes every re-buy (one when unlimited) and
// the add-on. Prices are at most 100 EUR (except in a freeroll), so money passes the limit only with
// huge fields or re-buy counts.
std::optional<StructureError> within_limits(const TournamentStructure& s) {
    const RebuyRules& r = s.rebuys;
    const std::int64_t stacks = 1 + (r.enabled ? std::int64_t{std::max(r.max_rebuys, 1)} : 0);
    // Negative add-on chips are refused when bought (Table::add_chips); they add nothing here.
    const Chips addon_chips = r.enabled && r.addon ? std::max<Chips>(r.addon_chips, 0) : 0;
    if (!product_within(s.starting_stack, stacks, kMaxTotalChips)) return StructureError::ChipsOverLimit;
    const Chips per_player = s.starting_stack * stacks;
    if (addon_chips > kMaxTotalChips - per_player ||
        !product_within(per_player + addon_chips, s.max_players, kMaxTotalChips))
        return StructureError::ChipsOverLimit;

    if (s.guarantee > kMaxTotalCents) return StructureError::MoneyOverLimit;
    const Cents addon_price = r.enabled && r.addon ? r.addon_price.total() : 0;
    const Cents rebuy_price = r.enabled ? r.price.total() : 0;
    // Each price part is at most the limit (checked before), so these sums cannot overflow.
    if (!product_within(rebuy_price, stacks - 1, kMaxTotalCents)) return StructureError::MoneyOverLimit;
    const Cents per_entry = s.buy_in.total() + rebuy_price * (stacks - 1) + addon_price;
    if (!product_within(per_entry, s.max_players, kMaxTotalCents)) return StructureError::MoneyOverLimit;
    return std::nullopt;
}

}  // namespace

std::optional<StructureError> validate(const TournamentStructure& s) {
    const int max_size = game_for(s.variant).max_players;
    if (s.table_size < 2 || s.table_size > max_size) return StructureError::TableSizeOutOfRange;
    if (s.buy_in.prize_part < 0 || s.buy_in.fee < 0) return StructureError::BuyInOutOfRange;
    // Each part within the limit before total() adds them (a freeroll's price has no upper bound).
    if (s.buy_in.prize_part > kMaxTotalCents || s.buy_in.fee > kMaxTotalCents)
        return StructureError::MoneyOverLimit;
    if (!s.freeroll && (s.buy_in.total() < kMinBuyInTotal || s.buy_in.total() > kMaxBuyInTotal))
        return StructureError::BuyInOutOfRange;
    if (s.level_duration < std::chrono::minutes(1)) return StructureError::LevelTooShort;
    if (s.blinds.levels.empty()) return StructureError::NoLevels;
    if (s.starting_stack <= 0) return StructureError::StartingStackNotPositive;
    if (s.min_players < 2 || s.max_players < s.min_players) return StructureError::TooFewPlayers;
    if (s.guarantee < 0) return StructureError::NegativeGuarantee;
    if (auto bad = validate_purchases(s)) return bad;
    for (const BlindLevel& l : s.blinds.levels)
        if (l.big_blind <= 0 || l.small_blind < 0 || l.small_blind > l.big_blind || l.ante < 0 ||
            l.big_blind > kMaxTotalChips || l.ante > kMaxTotalChips)
            return StructureError::BlindsOutOfRange;
    return within_limits(s);
}

StartDecision sit_and_go_start(const TournamentStructure& s, int registered, Duration elapsed) {
    if (registered >= s.max_players) return StartDecision::Start;
    if (s.deadline && elapsed >= *s.deadline)
        return registered >= s.min_players ? StartDecision::Start : StartDecision::Cancel;
    return StartDecision::Wait;
}

StartDecision mtt_start(const TournamentStructure& s, int registered, bool scheduled_time_reached) {
    if (!scheduled_time_reached) return StartDecision::Wait;
    return registered >= s.min_players && registered >= 2 ? StartDecision::Start : StartDecision::Cancel;
}

int level_at(const TournamentStructure& s, Duration play_time) {
    if (s.level_duration.count() <= 0) return 1;
    // Clamped: a level number past int (millennia of play) must not overflow it.
    const auto completed = play_time / s.level_duration;
    if (completed >= std::numeric_limits<int>::max() - 1) return std::numeric_limits<int>::max();
    return static_cast<int>(completed) + 1;
}

Duration break_after_hour(int hour) {
    if (hour == 2) return std::chrono::minutes(15);
    return hour >= 1 ? Duration{std::chrono::minutes(10)} : Duration{0};
}

TournamentClock clock_at(const TournamentStructure& s, Duration since_start) {
    TournamentClock c;
    if (since_start < Duration{0}) since_start = Duration{0};
    Duration left = since_start;
    if (s.breaks) {
        constexpr Duration kHour = std::chrono::hours(1);
        for (int hour = 1;; ++hour) {
            if (left < kHour) break;  // less than the next hour of play
            left -= kHour;
            c.play_time += kHour;
            const Duration pause = break_after_hour(hour);
            if (left < pause) {
                c.on_break = true;
                c.break_left = pause - left;
                left = Duration{0};
                break;
            }
            left -= pause;
        }
    }
    c.play_time += left;
    c.level = level_at(s, c.play_time);
    return c;
}

bool may_rebuy(const TournamentStructure& s, int level, Chips stack, int rebuys_so_far) {
    const auto& r = s.rebuys;
    if (!r.enabled || level > r.period_levels) return false;
    if (r.max_rebuys > 0 && rebuys_so_far >= r.max_rebuys) return false;
    return stack <= s.starting_stack;
}

bool may_addon(const TournamentStructure& s, int level, bool already_added) {
    return s.rebuys.enabled && s.rebuys.addon && !already_added && level == s.rebuys.period_levels;
}

bool may_register_late(const TournamentStructure& s, int level) {
    return s.late_registration && level <= s.late_registration_levels;
}

bool may_reenter(const TournamentStructure& s, int level, bool eliminated) {
    return s.reentry && eliminated && may_register_late(s, level);
}

}  // namespace tavolo::engine
