#include "fairness/verify_hand.hpp"

#include <algorithm>
#include <variant>
#include <vector>

#include "engine/phh/action.hpp"
#include "engine/phh/concat.hpp"
#include "engine/phh/deal_check.hpp"
#include "engine/phh/shown_text.hpp"
#include "engine/phh/table_mapping.hpp"
#include "engine/poker/hand.hpp"
#include "fairness/seed_random.hpp"

namespace tavolo::fairness {
namespace {

using engine::Card;
using engine::CardTarget;
using engine::Hand;
using engine::SeatIndex;
using engine::phh::Action;
using engine::phh::ActionType;
using engine::phh::CardToken;
using engine::phh::concat;

std::string player_name(int p) {
    return concat({"p", std::to_string(p)});
}

std::string cards_text(const std::vector<Card>& cards) {
    std::string out;
    for (Card c : cards)
        out += c.to_string();
    return out;
}

// The cards the seed dealt, as the engine's events report them, and which lines have claimed them.
class SeedDeals {
  public:
    SeedDeals(std::vector<SeatIndex> seat_of_player, engine::Variant variant)
        : seat_of_player_(std::move(seat_of_player)), variant_(variant) {}

    void observe(const Hand& hand) {
        const auto events = hand.events();
        for (; seen_ < events.size(); ++seen_) {
            const auto* d = std::get_if<engine::CardDealt>(&events[seen_]);
            if (d == nullptr || d->target == CardTarget::Burn) continue;
            dealt_.push_back(
                Dealt{.target = d->target, .seat = d->seat, .card = d->card, .street = d->street});
        }
    }

    // A `d dh` or `d db` line against the seed's next unclaimed cards for that player (or the board).
    std::expected<void, std::string> claim(const Action& line, Verdict& verdict) {
        const bool board = line.type == ActionType::DealBoard;
        const SeatIndex seat = board ? engine::kNoSeat : seat_of(line.player);
        const std::string whose = board ? std::string("the board") : player_name(line.player);
        std::vector<Dealt*> next;
        for (Dealt& d : dealt_) {
            const bool theirs =
                board ? d.target == CardTarget::Board : d.target == CardTarget::Player && d.seat == seat;
            if (d.claimed || !theirs) continue;
            if (!next.empty() && d.street != next.front()->street) break;
            next.push_back(&d);
        }
        if (next.size() < line.cards.size()) {
            return std::unexpected(
                concat({"the seed's deck deals ", whose, " ", std::to_string(next.size()),
                        " card(s) here; the line deals ", std::to_string(line.cards.size())}));
        }
        next.resize(line.cards.size());
        std::vector<Card> seed_cards;
        for (const Dealt* d : next)
            seed_cards.push_back(d->card);
        for (std::size_t i = 0; i < next.size(); ++i) {
            if (!line.cards[i]) {
                ++verdict.hidden_cards;
                continue;
            }
            if (*line.cards[i] != next[i]->card) {
                return std::unexpected(
                    concat({"card ", std::to_string(i + 1), " dealt to ", whose, " is ",
                            line.cards[i]->to_string(), ", but the seed deals ", next[i]->card.to_string(),
                            " (", whose, " gets ", cards_text(seed_cards), " on the ",
                            engine::phh::street_name(variant_, next[i]->street), ")"}));
            }
            ++verdict.cards_checked;
        }
        for (Dealt* d : next)
            d->claimed = true;
        return {};
    }

    // Everything the seed dealt so far has a line; `when` ends the sentence.
    std::expected<void, std::string> all_claimed(std::string_view when) const {
        for (const Dealt& d : dealt_) {
            if (d.claimed) continue;
            const std::string whose =
                d.target == CardTarget::Board ? std::string("the board") : player_name(player_of(d.seat));
            return std::unexpected(
                concat({"the history does not record ", d.card.to_string(), ", which the seed deals ", whose,
                        " on the ", engine::phh::street_name(variant_, d.street), " ", when}));
        }
        return {};
    }

    SeatIndex seat_of(int player) const { return seat_of_player_[static_cast<std::size_t>(player - 1)]; }

  private:
    struct Dealt {
        CardTarget target = CardTarget::Player;
        SeatIndex seat = engine::kNoSeat;
        Card card{};
        int street = 0;
        bool claimed = false;
    };
    int player_of(SeatIndex seat) const {
        const auto it = std::ranges::find(seat_of_player_, seat);
        return static_cast<int>(it - seat_of_player_.begin()) + 1;
    }

    std::vector<SeatIndex> seat_of_player_;
    engine::Variant variant_;
    std::size_t seen_ = 0;
    std::vector<Dealt> dealt_;
};

// `pN sm CARDS`: every shown card is one the seed dealt pN and pN still holds.
std::expected<void, std::string> check_show(const Action& line, const Hand& hand, SeatIndex seat,
                                            Verdict& verdict) {
    const auto held = hand.hole_cards(seat);
    for (const CardToken& shown : line.cards) {
        if (!shown) {
            ++verdict.hidden_cards;
            continue;
        }
        if (std::ranges::find(held, *shown) == held.end()) {
            return std::unexpected(concat({player_name(line.player), " shows ", shown->to_string(),
                                           ", but the seed dealt ", player_name(line.player), " ",
                                           cards_text(std::vector<Card>(held.begin(), held.end()))}));
        }
        ++verdict.cards_checked;
    }
    return {};
}

// A player's line applied to the engine, as the replay reads it (engine/phh/replay.hpp).
std::expected<void, std::string> apply(const Action& a, Hand& hand, SeatIndex seat) {
    if (hand.is_over()) return std::unexpected(std::string("the hand is already over"));
    if (hand.to_act() != seat)
        return std::unexpected(concat({"the engine expects ", player_name(hand.to_act() + 1), " to act"}));
    engine::Command command = engine::Fold{};
    if (a.type == ActionType::CheckCall) {
        command = hand.legal_actions().may_check ? engine::Command{engine::Check{}}
                                                 : engine::Command{engine::Call{}};
    } else if (a.type == ActionType::CompleteBetRaise) {
        const auto chips = a.amount.chips();
        if (!chips) return std::unexpected(std::string("the amount is not a whole number of chips"));
        command = engine::BetOrRaiseTo{*chips};
    } else if (a.type == ActionType::StandPatDiscard) {
        engine::CardSet cards;
        for (const CardToken& c : a.cards) {
            if (!c) return std::unexpected(std::string("a hidden discard cannot be followed"));
            cards.insert(*c);
        }
        command = engine::Discard{cards};
    } else if (a.type != ActionType::Fold) {
        return std::unexpected(std::string("Tavolo's games have no such action"));
    }
    if (auto r = hand.act(seat, command); !r)
        return std::unexpected(concat({"refused by the engine: ", engine::describe(r.error())}));
    return {};
}

Verdict fail(Verdict v, std::string reason, int line) {
    v.verified = false;
    v.failure = Failure{std::move(reason), line};
    return v;
}

}  // namespace

Verdict verify_hand(const engine::phh::HandHistory& history) {
    Verdict verdict;
    const auto seed = checked_seed(history);
    if (!seed) return fail(verdict, seed.error().reason, seed.error().line);
    verdict.commitment = commitment(*seed);

    auto mapping = engine::phh::map_to_table(history);
    if (!mapping) {
        return fail(verdict,
                    concat({"the hand cannot be rebuilt: ", engine::phh::describe(mapping.error().reason),
                            " (", mapping.error().detail, ")"}),
                    history.line);
    }
    SeedRandom rng(*seed);
    Hand hand(mapping->setup, rng);
    if (auto ok = hand.setup_error(); !ok)
        return fail(verdict, concat({"the engine refused the setup: ", engine::describe(ok.error())}),
                    history.line);
    SeedDeals deals(mapping->seat_of_player, mapping->setup.variant);
    deals.observe(hand);

    for (std::size_t i = 0; i < history.actions.size(); ++i) {
        const int line = i < history.action_lines.size() ? history.action_lines[i] : 0;
        const auto at = [&](std::string_view reason) {
            return concat({"actions[", std::to_string(i), "] ", engine::phh::shown_text(history.actions[i]),
                           ": ", reason});
        };
        auto a = engine::phh::parse_action(history.actions[i]);
        if (!a) return fail(verdict, at(a.error()), line);
        if (a->player > history.player_count())
            return fail(verdict, at(concat({player_name(a->player), " does not exist"})), line);
        std::expected<void, std::string> ok;
        if (a->type == ActionType::NoOp) continue;
        if (a->type == ActionType::DealHole || a->type == ActionType::DealBoard) {
            ok = deals.claim(*a, verdict);
        } else if (a->type == ActionType::ShowMuck) {
            ok = check_show(*a, hand, deals.seat_of(a->player), verdict);
        } else {
            ok = deals.all_claimed("before this action");
            if (ok) ok = apply(*a, hand, deals.seat_of(a->player));
            deals.observe(hand);
        }
        if (!ok) return fail(verdict, at(ok.error()), line);
    }
    if (!hand.is_over()) {
        return fail(verdict,
                    concat({"the history ends before the hand does (the engine waits for ",
                            player_name(hand.to_act() + 1), ")"}),
                    history.line);
    }
    if (auto ok = deals.all_claimed("by the end of the history"); !ok)
        return fail(verdict, ok.error(), history.line);
    verdict.verified = true;
    return verdict;
}

}  // namespace tavolo::fairness
