#include "engine/tournament/refunds.hpp"

#include <algorithm>

#include "engine/tournament/money.hpp"

namespace tavolo::engine {

const char* to_string(RefundError e) {
    switch (e) {
        case RefundError::TournamentOver:
            return "fewer than two players remain: the tournament is over, nothing to refund";
        case RefundError::NegativeAmount:
            return "an amount paid, a prize part, a chip count, a prize, the guarantee or the offer is "
                   "negative";
        case RefundError::UnknownEntrant:
            return "an entrant id is unknown";
        case RefundError::DuplicateEntrant:
            return "an entrant is listed twice";
        case RefundError::OverLimit:
            return "the amounts add up to more than the engine's limit (2^53 - 1 cents, or chips): check "
                   "the payments, prizes and chip counts";
    }
    return "unknown refund error";
}

Cents RefundPlan::total() const {
    Cents sum = 0;
    for (const auto& l : lines)
        sum += l.amount;
    return sum;
}

namespace {

// Remaining players in the order leftover cents follow: more chips first, then table number,
// then seat from the button.
std::vector<const RefundEntrant*> remaining_in_leftover_order(const RefundCase& c) {
    std::vector<const RefundEntrant*> out;
    for (const auto& e : c.entrants)
        if (e.remaining) out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const RefundEntrant* a, const RefundEntrant* b) {
        if (a->chips != b->chips) return a->chips > b->chips;
        if (a->table != b->table) return a->table < b->table;
        return a->seat_from_button < b->seat_from_button;
    });
    return out;
}

// Half of `amount` equally (the floor), the other half pro rata to chips.
std::vector<Cents> half_equal_half_chips(Cents amount, const std::vector<const RefundEntrant*>& remaining) {
    const int k = static_cast<int>(remaining.size());
    const Cents equal_half = amount / 2;
    std::vector<std::int64_t> chips;
    chips.reserve(remaining.size());
    for (const auto* e : remaining)
        chips.push_back(e->chips);
    auto equal = split_equally(equal_half, k);
    auto pro_rata = split_pro_rata(amount - equal_half, chips);
    for (int i = 0; i < k; ++i)
        equal[static_cast<std::size_t>(i)] += pro_rata[static_cast<std::size_t>(i)];
    return equal;
}

// The ids are valid and distinct.
std::expected<void, RefundError> verify_ids(const std::vector<RefundEntrant>& entrants) {
    std::vector<EntrantId> ids;
    ids.reserve(entrants.size());
    for (const auto& e : entrants) {
        if (e.entrant < 0) return std::unexpected(RefundError::UnknownEntrant);
        ids.push_back(e.entrant);
    }
    std::sort(ids.begin(), ids.end());
    if (std::adjacent_find(ids.begin(), ids.end()) != ids.end())
        return std::unexpected(RefundError::DuplicateEntrant);
    return {};
}

// Every amount non-negative, and each kind of amount adds up to at most the engine's limit
// (kMaxTotalCents, chips kMaxTotalChips), so no sum of the plan can overflow.
std::expected<void, RefundError> verify_amounts(const RefundCase& c) {
    std::vector<std::int64_t> paid, parts, won, chips;
    for (const auto& e : c.entrants) {
        if (e.paid < 0 || e.prize_parts < 0 || e.chips < 0 || e.prize_won < 0)
            return std::unexpected(RefundError::NegativeAmount);
        paid.push_back(e.paid);
        parts.push_back(e.prize_parts);
        won.push_back(e.prize_won);
        chips.push_back(e.remaining ? e.chips : 0);
    }
    if (c.guarantee < 0 || c.offered_prize_parts < 0) return std::unexpected(RefundError::NegativeAmount);
    for (Cents p : c.prizes)
        if (p < 0) return std::unexpected(RefundError::NegativeAmount);
    if (!non_negative_within(paid, kMaxTotalCents) || !non_negative_within(parts, kMaxTotalCents) ||
        !non_negative_within(won, kMaxTotalCents) || !non_negative_within(c.prizes, kMaxTotalCents) ||
        !non_negative_within(chips, kMaxTotalChips) || c.guarantee > kMaxTotalCents ||
        c.offered_prize_parts > kMaxTotalCents)
        return std::unexpected(RefundError::OverLimit);
    return {};
}

// A plan lists only players who receive something: no line of zero (RULES.md §7, decided).
void add_line(std::vector<RefundLine>& lines, EntrantId entrant, Cents amount, RefundReason reason) {
    if (amount > 0) lines.push_back(RefundLine{entrant, amount, reason});
}

}  // namespace

std::expected<std::vector<RefundLine>, RefundError> refund_unstarted(
    const std::vector<RefundEntrant>& entrants) {
    if (auto ok = verify_ids(entrants); !ok) return std::unexpected(ok.error());
    std::vector<std::int64_t> paid;
    for (const auto& e : entrants) {
        if (e.paid < 0) return std::unexpected(RefundError::NegativeAmount);
        paid.push_back(e.paid);
    }
    if (!non_negative_within(paid, kMaxTotalCents)) return std::unexpected(RefundError::OverLimit);
    std::vector<RefundLine> out;
    for (const auto& e : entrants)
        add_line(out, e.entrant, e.paid, RefundReason::PaidBack);
    return out;
}

std::expected<RefundPlan, RefundError> plan_refunds(const RefundCase& c) {
    if (auto ok = verify_amounts(c); !ok) return std::unexpected(ok.error());
    if (auto ok = verify_ids(c.entrants); !ok) return std::unexpected(ok.error());
    const auto remaining = remaining_in_leftover_order(c);
    const int k = static_cast<int>(remaining.size());
    if (k < 2) return std::unexpected(RefundError::TournamentOver);

    RefundPlan plan;
    plan.remaining = k;
    plan.prizes = static_cast<int>(c.prizes.size());
    const int prizes = plan.prizes;

    // The heads-up row is a two-player tournament; a heads-up bracket of more entrants is a
    // shoot-out of heads-up tables and refunds as one (decided), so no prize part vanishes.
    if (c.kind == TournamentKind::HeadsUp && !c.freeroll && c.entrants.size() == 2) {
        for (const auto* e : remaining)
            add_line(plan.lines, e->entrant, e->paid, RefundReason::PaidBack);
        return plan;
    }

    Cents all_parts = 0, eliminated_parts = 0, remaining_parts = 0;
    for (const auto& e : c.entrants) {
        all_parts += e.prize_parts;
        (e.remaining ? remaining_parts : eliminated_parts) += e.prize_parts;
        if (!e.remaining) plan.eliminated_prizes += e.prize_won;
    }
    if (c.freeroll)
        plan.residual = std::max(c.offered_prize_parts, c.guarantee);  // M
    else if (c.rebuy_open || c.guarantee <= 0)
        plan.residual = eliminated_parts;
    else
        plan.residual = std::max(all_parts, c.guarantee) - remaining_parts;

    const bool in_the_money = k <= prizes;
    if (in_the_money) {
        for (const auto& e : c.entrants)
            if (!e.remaining && !e.prize_credited)
                add_line(plan.lines, e.entrant, e.prize_won, RefundReason::PaidPlace);
    }

    // Each remaining player's share of the residual, in leftover order.
    std::vector<Cents> shares;
    const bool sit_and_go = c.kind == TournamentKind::SitAndGo && !c.freeroll;
    if (!in_the_money) {
        shares =
            sit_and_go ? split_equally(plan.residual, k) : half_equal_half_chips(plan.residual, remaining);
    } else if (sit_and_go) {
        shares = split_equally(std::max<Cents>(plan.residual - plan.eliminated_prizes, 0), k);
    } else {
        // Everyone gets the next prize (place k); what is left (X) splits half equally, half by chips.
        // R - E below zero counts as zero: the remaining get back what they paid and no next prize
        // (decided).
        const Cents available = std::max<Cents>(plan.residual - plan.eliminated_prizes, 0);
        const Cents next = c.prizes[static_cast<std::size_t>(k - 1)];
        std::vector<Cents> next_shares;
        // k x next is compared by division: k next prizes may pass the limit even when each is within it.
        if (next > available / k) {
            // Not enough for k next prizes: X = 0 and the next prizes shrink equally to what there is.
            plan.extra = 0;
            next_shares = split_equally(available, k);
            plan.next_prize = available / k;
        } else {
            plan.extra = available - static_cast<Cents>(k) * next;
            next_shares.assign(static_cast<std::size_t>(k), next);
            plan.next_prize = next;
        }
        shares = half_equal_half_chips(plan.extra, remaining);
        for (int i = 0; i < k; ++i)
            shares[static_cast<std::size_t>(i)] += next_shares[static_cast<std::size_t>(i)];
    }
    for (int i = 0; i < k; ++i) {
        const auto* e = remaining[static_cast<std::size_t>(i)];
        const Cents paid_back = c.freeroll ? 0 : e->paid;
        add_line(plan.lines, e->entrant, paid_back + shares[static_cast<std::size_t>(i)],
                 RefundReason::RemainingShare);
    }
    return plan;
}

}  // namespace tavolo::engine
