// Re-buys and the add-on at a live table (RULES.md §6; TableCore's "re-buys and the add-on"). A hand's
// end opens its settlement: busted players in the re-buy window are offered a re-buy, purchases asked
// during the hand are paid; the table's report of the hand (and its state, as the write service
// records it) is written once every answer and payment is in, so every purchase travels with the
// report of the hand after which it was made, and the director judges it by that hand's window.
#include <algorithm>

#include "server/table/table_core.hpp"

namespace tavolo::server::table {

using engine::EntrantId;
using engine::Purchase;
using engine::SeatIndex;

namespace {

const char* name_of(Purchase kind) {
    return kind == Purchase::Rebuy ? "re-buy" : "add-on";
}

SeatIndex seat_of(const engine::Table& t, EntrantId entrant) {
    for (SeatIndex s = 0; s < t.size(); ++s)
        if (t.occupied(s) && t.at(s).entrant == entrant) return s;
    return engine::kNoSeat;
}

}  // namespace

void TableCore::begin_settlement(HandFinished done, Millis now, Effects& out) {
    held_ = std::move(done);
    const engine::Table& t = table_.table();
    // The window of the hand just played: an add-on offered meanwhile closes the table's, not his.
    settling_rebuys_ = terms_.rebuys && t.rebuy_window();
    const auto queued = std::exchange(queued_, {});
    for (const auto& [entrant, kind] : queued) {
        const SeatIndex seat = seat_of(t, entrant);
        if (seat == engine::kNoSeat) continue;  // moved away: he asks again at his new table
        pay(entrant, seat, kind, out);
    }
    if (settling_rebuys_)
        for (SeatIndex s = 0; s < t.size(); ++s) {
            if (!t.occupied(s) || !t.at(s).busted) continue;
            const EntrantId entrant = t.at(s).entrant;
            const bool on_its_way = std::ranges::any_of(paying_, [&](const PayForChips& p) {
                return p.entrant == entrant && p.kind == Purchase::Rebuy;
            });
            if (on_its_way) continue;
            undecided_.insert(entrant);
            out.emplace_back(PurchaseOffer{s, entrant, Purchase::Rebuy, terms_.starting_stack,
                                           terms_.rebuy_price, terms_.answer_within, true});
        }
    if (!undecided_.empty()) {
        answer_by_ = now + terms_.answer_within;
        out.emplace_back(ArmPurchaseTimer{*answer_by_});
    }
    settle_if_done(out);
}

// Every answer and payment is in: the report, then the record of the table as it stands.
void TableCore::settle_if_done(Effects& out) {
    if (!held_ || !undecided_.empty() || !paying_.empty()) return;
    HandFinished done = std::move(*held_);
    held_.reset();
    answer_by_.reset();
    if (addon_settlements_left_ > 0) --addon_settlements_left_;
    done.report = table_.report();  // busted players who did not re-buy are eliminated now
    if (auto state = table_.table().snapshot()) done.record.state = *state;
    // Busted players have left their seats: their banks and statuses go with them.
    for (const auto& e : done.report.eliminated)
        forget(e.entrant);
    // Busted players left the table: a table change, not a hand event, so every viewer gets a
    // fresh view (engine/view README).
    if (!done.report.eliminated.empty()) publish_views(out);
    out.emplace_back(std::move(done));
}

// Why `seat` may not buy `kind` now; none: he may.
std::optional<std::string> TableCore::purchase_refusal(SeatIndex seat, Purchase kind) const {
    const engine::Table& t = table_.table();
    const EntrantId entrant = t.at(seat).entrant;
    const bool already =
        std::ranges::any_of(queued_, [&](const auto& q) { return q.first == entrant && q.second == kind; }) ||
        std::ranges::any_of(paying_,
                            [&](const PayForChips& p) { return p.entrant == entrant && p.kind == kind; });
    if (already)
        return std::string("your ") + name_of(kind) + " is on its way: it is added when the hand ends";
    if (kind == Purchase::Rebuy) {
        if (!terms_.rebuys) return "this tournament has no re-buys";
        if (!(held_ ? settling_rebuys_ : t.rebuy_window()))
            return "the re-buy period is not open at this table: re-buys are made after hands dealt in the "
                   "first levels";
        if (t.at(seat).stack > terms_.starting_stack)
            return "a re-buy is for a player at or below the starting stack of " +
                   std::to_string(terms_.starting_stack) + " chips";
        return std::nullopt;
    }
    if (!terms_.addon) return "this tournament has no add-on";
    if (t.at(seat).busted) return "you have no chips: re-buy first, then take the add-on";
    if (addon_bought_.contains(entrant)) return "you have bought the add-on already: it is once per player";
    if (addon_settlements_left_ == 0)
        return "the add-on is not on offer now: it is offered once, when the re-buy period ends";
    return std::nullopt;
}

bool TableCore::refused_purchase(EntrantId entrant, SeatIndex seat, Purchase kind, Effects& out) const {
    auto why = purchase_refusal(seat, kind);
    if (!why) return false;
    Refused r;
    r.seat = seat;
    r.entrant = entrant;
    r.refusal = Refusal::Purchase;
    r.message = *why + "; nothing was paid";
    out.emplace_back(std::move(r));
    return true;
}

void TableCore::pay(EntrantId entrant, SeatIndex seat, Purchase kind, Effects& out) {
    if (refused_purchase(entrant, seat, kind, out)) return;
    PayForChips p{seat,
                  entrant,
                  kind,
                  kind == Purchase::Rebuy ? terms_.starting_stack : terms_.addon_chips,
                  kind == Purchase::Rebuy ? terms_.rebuy_price : terms_.addon_price,
                  held_->record.hand};
    paying_.push_back(p);
    if (kind == Purchase::Rebuy) undecided_.erase(entrant);
    out.emplace_back(p);
}

Effects TableCore::on_purchase(EntrantId entrant, SeatIndex seat, Purchase kind, bool decline, Millis) {
    Effects out;
    if (auto wrong = check_seat(entrant, seat)) {
        out.emplace_back(std::move(*wrong));
        return out;
    }
    if (decline) {
        std::erase_if(queued_, [&](const auto& q) { return q.first == entrant && q.second == kind; });
        if (kind == Purchase::Rebuy && undecided_.erase(entrant) > 0) settle_if_done(out);
        return out;
    }
    if (held_) {  // the settlement is on: paid now
        pay(entrant, seat, kind, out);
        return out;
    }
    if (refused_purchase(entrant, seat, kind, out)) return out;
    queued_.emplace_back(entrant, kind);  // paid when the hand in play (or the next) ends
    return out;
}

Effects TableCore::on_paid(const PayForChips& purchase, bool paid, Millis now, bool may_retry) {
    Effects out;
    const auto it = std::ranges::find_if(paying_, [&](const PayForChips& p) {
        return p.entrant == purchase.entrant && p.kind == purchase.kind &&
               p.after_hand == purchase.after_hand;
    });
    const bool awaited = it != paying_.end();
    if (awaited) paying_.erase(it);
    if (!paid && may_retry && awaited && held_ && purchase.kind == Purchase::Rebuy) {
        // Nothing was paid, for now: a busted player may ask again, until his deadline.
        const engine::Table& t = table_.table();
        const SeatIndex seat = seat_of(t, purchase.entrant);
        if (seat != engine::kNoSeat && t.at(seat).busted) {
            undecided_.insert(purchase.entrant);
            if (!answer_by_) {
                answer_by_ = now + terms_.answer_within;
                out.emplace_back(ArmPurchaseTimer{*answer_by_});
            }
            out.emplace_back(PurchaseOffer{seat, purchase.entrant, Purchase::Rebuy, terms_.starting_stack,
                                           terms_.rebuy_price, *answer_by_ - now, true});
        }
    }
    if (paid) {
        const engine::Table& t = table_.table();
        const bool here = awaited && held_ && seat_of(t, purchase.entrant) == purchase.seat;
        if (here && table_.buy(purchase.seat, purchase.kind, purchase.chips).has_value()) {
            if (purchase.kind == Purchase::AddOn) addon_bought_.insert(purchase.entrant);
            out.emplace_back(ChipsAdded{purchase.seat, purchase.entrant, purchase.kind, purchase.chips});
            publish_views(out);
        } else {
            out.emplace_back(PayBack{purchase});
        }
    }
    settle_if_done(out);
    return out;
}

Effects TableCore::on_purchase_deadline(Millis now) {
    Effects out;
    if (!held_ || !answer_by_) return out;
    if (now < *answer_by_) {  // early (a timer re-armed late): wait for the real deadline
        out.emplace_back(ArmPurchaseTimer{*answer_by_});
        return out;
    }
    undecided_.clear();
    settle_if_done(out);
    return out;
}

Effects TableCore::settle_now() {
    Effects out;
    undecided_.clear();
    paying_.clear();  // a payment that commits later is paid back (on_paid: not awaited)
    settle_if_done(out);
    return out;
}

Effects TableCore::offers_for(EntrantId entrant, Millis now) const {
    Effects out;
    const engine::Table& t = table_.table();
    const SeatIndex seat = seat_of(t, entrant);
    if (seat == engine::kNoSeat) return out;
    if (undecided_.contains(entrant) && answer_by_)
        out.emplace_back(PurchaseOffer{seat, entrant, Purchase::Rebuy, terms_.starting_stack,
                                       terms_.rebuy_price, std::max(Millis{0}, *answer_by_ - now), true});
    if (terms_.addon && addon_settlements_left_ > 0 && !t.at(seat).busted && !addon_bought_.contains(entrant))
        out.emplace_back(PurchaseOffer{seat, entrant, Purchase::AddOn, terms_.addon_chips, terms_.addon_price,
                                       Millis{0}, false});
    return out;
}

void TableCore::offer_addon(Effects& out) {
    if (!terms_.addon) return;
    // Asked until the end of the hand after the offer: the one in play does not count.
    addon_settlements_left_ = in_hand() || held_ ? 2 : 1;
    const engine::Table& t = table_.table();
    for (SeatIndex s = 0; s < t.size(); ++s) {
        if (!t.occupied(s) || t.at(s).busted || addon_bought_.contains(t.at(s).entrant)) continue;
        out.emplace_back(PurchaseOffer{s, t.at(s).entrant, Purchase::AddOn, terms_.addon_chips,
                                       terms_.addon_price, Millis{0}, false});
    }
}

}  // namespace tavolo::server::table
