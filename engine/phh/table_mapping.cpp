#include "engine/phh/table_mapping.hpp"

#include <algorithm>

#include "engine/phh/concat.hpp"
#include "engine/phh/shown_text.hpp"
#include "engine/phh/variant_codes.hpp"
#include "engine/poker/events.hpp"
#include "engine/poker/game.hpp"

namespace tavolo::engine::phh {
namespace {

std::unexpected<Skip> skip(SkipReason reason, std::string detail) {
    return std::unexpected(Skip{reason, std::move(detail)});
}

// Whole chips, or the field that is not.
std::expected<std::vector<Chips>, Skip> whole(const std::vector<Decimal>& list, std::string_view field) {
    std::vector<Chips> out;
    for (const auto& d : list) {
        if (d.is_infinite()) return skip(SkipReason::UnknownStacks, concat({field, " has inf"}));
        auto c = d.chips();
        if (!c) return skip(SkipReason::FractionalChips, concat({field, " has ", d.to_string()}));
        out.push_back(*c);
    }
    return out;
}

std::expected<Chips, Skip> whole(const Decimal& d, std::string_view field) {
    auto list = whole(std::vector<Decimal>{d}, field);
    if (!list) return std::unexpected(list.error());
    return list->front();
}

}  // namespace

const char* describe(SkipReason reason) {
    switch (reason) {
        case SkipReason::UnsupportedVariant:
            return "unsupported variant";
        case SkipReason::NoFinishingStacks:
            return "no finishing stacks";
        case SkipReason::FractionalChips:
            return "fractional chips";
        case SkipReason::UnknownStacks:
            return "unknown stacks";
        case SkipReason::UnsupportedForcedBets:
            return "unsupported forced bets";
        case SkipReason::TooManyPlayers:
            return "too many players";
        case SkipReason::UnknownCards:
            return "unknown cards";
    }
    return "skipped";
}

std::vector<Decimal> effective_per_position(const std::vector<Decimal>& written) {
    std::vector<Decimal> out = written;
    if (out.size() == 2) std::reverse(out.begin(), out.end());
    return out;
}

std::expected<TableMapping, Skip> map_to_table(const HandHistory& hand) {
    const auto game = game_of_code(hand.variant);
    if (!game) return skip(SkipReason::UnsupportedVariant, concat({"variant ", shown_text(hand.variant)}));
    if (!hand.finishing_stacks)
        return skip(SkipReason::NoFinishingStacks, "the hand has no finishing_stacks");
    const int n = hand.player_count();
    const Game g = game_for(game->variant);
    if (n > g.max_players || n > kMaxSeats) {
        return skip(SkipReason::TooManyPlayers, concat({std::to_string(n), " players in ", g.name}));
    }
    auto stacks = whole(hand.starting_stacks, "starting_stacks");
    if (!stacks) return std::unexpected(stacks.error());
    auto finishing = whole(*hand.finishing_stacks, "finishing_stacks");
    if (!finishing) return std::unexpected(finishing.error());
    auto blinds = whole(effective_per_position(hand.blinds_or_straddles), "blinds_or_straddles");
    if (!blinds) return std::unexpected(blinds.error());
    auto antes = whole(effective_per_position(hand.antes), "antes");
    if (!antes) return std::unexpected(antes.error());

    TableMapping m;
    HandSetup& s = m.setup;
    s.variant = game->variant;
    s.betting = game->betting;
    s.table_size = std::max(n, 2);
    s.button = n - 1;
    for (int i = 0; i < n; ++i) {
        s.seats.push_back(SeatSetup{.seat = i, .stack = (*stacks)[static_cast<std::size_t>(i)]});
        m.seat_of_player.push_back(i);
    }

    // Blinds by position (effective order).
    std::vector<int> posting;
    for (int i = 0; i < n; ++i) {
        if ((*blinds)[static_cast<std::size_t>(i)] > 0) posting.push_back(i);
    }
    const auto& b = *blinds;
    if (posting == std::vector<int>{0}) {
        s.big_blind = b[0];
        s.big_blind_seat = 0;
    } else if (n > 2 && posting == std::vector<int>{1}) {
        s.big_blind = b[1];
        s.big_blind_seat = 1;
    } else if (n == 2 && posting == std::vector<int>{0, 1} && b[1] <= b[0]) {
        s.big_blind = b[0];
        s.big_blind_seat = 0;
        s.small_blind = b[1];
        s.small_blind_seat = 1;
    } else if (n > 2 && posting == std::vector<int>{0, 1} && b[0] <= b[1]) {
        s.small_blind = b[0];
        s.small_blind_seat = 0;
        s.big_blind = b[1];
        s.big_blind_seat = 1;
    } else {
        std::string written;
        for (const auto& d : hand.blinds_or_straddles)
            written += concat({written.empty() ? "" : ", ", d.to_string()});
        return skip(SkipReason::UnsupportedForcedBets, concat({"blinds_or_straddles [", written, "]"}));
    }

    // Antes by position.
    const auto& a = *antes;
    const bool none = std::all_of(a.begin(), a.end(), [](Chips x) { return x == 0; });
    const bool uniform = std::all_of(a.begin(), a.end(), [&](Chips x) { return x == a.front(); });
    bool big_blind_only = a[static_cast<std::size_t>(s.big_blind_seat)] > 0;
    for (int i = 0; i < n; ++i) {
        if (i != s.big_blind_seat && a[static_cast<std::size_t>(i)] != 0) big_blind_only = false;
    }
    if (none) {
        s.ante_mode = AnteMode::None;
    } else if (uniform) {
        s.ante_mode = AnteMode::Classic;
        s.ante = a.front();
    } else if (big_blind_only && a[static_cast<std::size_t>(s.big_blind_seat)] % n == 0) {
        s.ante_mode = AnteMode::BigBlind;
        s.ante = a[static_cast<std::size_t>(s.big_blind_seat)] / n;
    } else {
        return skip(SkipReason::UnsupportedForcedBets, "antes that are neither uniform nor a big-blind ante");
    }

    // Bet sizes: Tavolo's structures derive them from the big blind (RULES.md §2).
    if (game->betting == Betting::Limit) {
        auto small = whole(hand.small_bet.value_or(Decimal::whole(0)), "small_bet");
        auto big = whole(hand.big_bet.value_or(Decimal::whole(0)), "big_bet");
        if (!small) return std::unexpected(small.error());
        if (!big) return std::unexpected(big.error());
        if (*small != s.big_blind || *big != 2 * s.big_blind) {
            return skip(SkipReason::UnsupportedForcedBets,
                        concat({"small_bet ", std::to_string(*small), " / big_bet ", std::to_string(*big),
                                " (Tavolo: the big blind and twice it)"}));
        }
    } else {
        auto min_bet = whole(hand.min_bet.value_or(Decimal::whole(0)), "min_bet");
        if (!min_bet) return std::unexpected(min_bet.error());
        if (*min_bet != s.big_blind) {
            return skip(SkipReason::UnsupportedForcedBets,
                        concat({"min_bet ", std::to_string(*min_bet), " is not the big blind ",
                                std::to_string(s.big_blind)}));
        }
    }
    return m;
}

}  // namespace tavolo::engine::phh
