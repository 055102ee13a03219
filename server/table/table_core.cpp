#include "server/table/table_core.hpp"

#include <utility>

#include "engine/phh/export.hpp"
#include "engine/phh/writer.hpp"
#include "fairness/seed_random.hpp"

namespace tavolo::server::table {

using engine::Command;
using engine::DecisionNumber;
using engine::EntrantId;
using engine::HandId;
using engine::SeatIndex;

TableCore::TableCore(engine::TableId id, engine::RandomSource& rng, engine::ClockSettings clock,
                     SecretSource secrets)
    : id_(id), rng_(rng), settings_(clock), table_(id), seeds_(std::move(secrets)) {}

engine::TimeBank TableCore::time_bank(EntrantId entrant) const {
    const auto it = banks_.find(entrant);
    return it == banks_.end() ? engine::TimeBank(settings_) : it->second;
}

engine::TimeBank& TableCore::bank_of(EntrantId entrant) {
    return banks_.try_emplace(entrant, settings_).first->second;
}

bool TableCore::disconnected(SeatIndex seat) const {
    if (seat < 0 || seat >= table_.table().size()) return false;
    return disconnected_.contains(table_.table().at(seat).entrant);
}

void TableCore::forget(EntrantId entrant) {
    std::erase_if(queued_, [&](const auto& q) { return q.first == entrant; });  // he asks again where he goes
    undecided_.erase(entrant);
    banks_.erase(entrant);
    timeouts_in_a_row_.erase(entrant);
    disconnected_.erase(entrant);
    seeds_.forget(entrant);
}

// Every seated player has a bank from the moment he sits, so a level's top-up reaches him even
// before his first decision at this table.
void TableCore::ensure_time_banks() {
    const engine::Table& t = table_.table();
    for (SeatIndex s = 0; s < t.size(); ++s)
        if (t.occupied(s)) bank_of(t.at(s).entrant);
}

std::optional<Refused> TableCore::check_seat(EntrantId entrant, SeatIndex seat) const {
    const engine::Table& t = table_.table();
    if (seat >= 0 && seat < t.size() && t.occupied(seat) && t.at(seat).entrant == entrant)
        return std::nullopt;
    Refused r;
    r.seat = seat;
    r.entrant = entrant;
    r.refusal = Refusal::WrongSeat;
    r.message = "you do not sit in that seat at this table: act for your own seat";
    return r;
}

Effects TableCore::on_director(const engine::DirectorMessage& message, Millis now) {
    Effects out;
    const int level_before = table_.level();
    // A StartHand that overtook the table's first SetLevel: refused before it is taken.
    if (const auto* start = std::get_if<engine::StartHand>(&message);
        start && start->table == id_ && table_.open() && table_.stakes().big_blind <= 0) {
        out.emplace_back(
            DirectorMessageRefused{{engine::ApplyProblem::NoHandToStart, engine::TableError::HandInProgress},
                                   "no blinds are set at this table: send SetLevel before StartHand"});
        return out;
    }
    if (auto ok = table_.apply(message, rng_); !ok) {
        out.emplace_back(DirectorMessageRefused{ok.error(), engine::describe(ok.error())});
        return out;
    }
    ensure_time_banks();
    std::visit(
        [&](const auto& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<M, engine::OpenTable>) {
                publish_views(out);
                out.emplace_back(ReportToDirector{table_.report()});  // the button it drew
            } else if constexpr (std::is_same_v<M, engine::StandUp>) {
                forget(m.entrant);  // moved away: his bank does not follow him (README)
                publish_views(out);
            } else if constexpr (std::is_same_v<M, engine::SeatPlayer> ||
                                 std::is_same_v<M, engine::CloseTable>) {
                publish_views(out);
            } else if constexpr (std::is_same_v<M, engine::SetLevel>) {
                // RULES.md §5: each new level adds to every time bank, up to the cap.
                if (m.level > level_before)
                    for (auto& [entrant, bank] : banks_)
                        bank.level_up(settings_);
            } else if constexpr (std::is_same_v<M, engine::StartHand>) {
                start_hand(now, out);
            } else if constexpr (std::is_same_v<M, engine::OfferAddOn>) {
                offer_addon(out);
            }
        },
        message);
    return out;
}

void TableCore::start_hand(Millis now, Effects& out) {
    if (auto ok = table_.start_hand(setup_); !ok) {
        out.emplace_back(DirectorMessageRefused{ok.error(), engine::describe(ok.error())});
        return;
    }
    played_ = true;
    // The deck comes from this hand's seed alone (one SeedRandom per hand, used for nothing else), so
    // anyone given the revealed seed deals the same cards: fairness/README.md.
    std::vector<DealtPlayer> dealt;
    for (const auto& s : setup_.seats)
        dealt.push_back({table_.table().at(s.seat).entrant, s.seat});
    HandShuffle shuffle = seeds_.make(setup_.hand_id, dealt);
    fairness::SeedRandom deck(shuffle.seed);
    // A fresh Hand: a reused one starts its shuffle from the last hand's deck order (lazy_deck.hpp),
    // so its deal would not follow from the seed alone, and verify_hand (which deals from a fresh
    // Hand) would find other cards.
    hand_ = engine::Hand{};
    if (auto ok = hand_.reset(setup_, deck); !ok) {
        // Cannot happen (the table builds only valid setups). The hand ends where it started, as a
        // void hand would (§7), so the table is not left in a hand nobody plays.
        std::vector<engine::Chips> unchanged;
        for (const auto& s : setup_.seats)
            unchanged.push_back(s.stack);
        (void)table_.finish_hand(unchanged);
        out.emplace_back(
            DirectorMessageRefused{{engine::ApplyProblem::TableRefused, engine::TableError::HandInProgress},
                                   engine::describe(ok.error())});
        return;
    }
    seeds_.dealt();
    shuffle_ = std::move(shuffle);
    // Before the first card: the commitment proves the seed was fixed before anyone saw one.
    out.emplace_back(commitment_of(shuffle_->reveal, ++seq_));
    publish(hand_.events(), out);
    advance(now, out);
}

Effects TableCore::on_action(const PlayerAction& action, Millis now) {
    Effects out;
    auto refuse = [&](Refusal why, std::string message) {
        Refused r;
        r.seat = action.seat;
        r.entrant = action.entrant;
        r.refusal = why;
        r.message = std::move(message);
        out.emplace_back(std::move(r));
        return out;
    };
    if (std::holds_alternative<engine::Timeout>(action.command))
        return refuse(Refusal::ClockOnly,
                      "a timeout is the clock's to apply: fold, check, call, bet or draw");
    if (auto wrong = check_seat(action.entrant, action.seat)) {
        out.emplace_back(std::move(*wrong));
        return out;
    }
    if (!in_hand()) return refuse(Refusal::NoHandInPlay, "no hand is being played: wait for the next one");
    if (action.hand != hand_.hand_id())
        return refuse(Refusal::StaleHand, "this action is for hand " + std::to_string(action.hand) +
                                              " but hand " + std::to_string(hand_.hand_id()) +
                                              " is being played: refresh and act again");
    const bool on_clock = clock_.running() && clock_.seat() == action.seat;
    const Millis elapsed = clock_.elapsed(now);
    auto events = hand_.act(action.seat, action.command, action.decision);
    if (!events) {
        Refused r;
        r.seat = action.seat;
        r.entrant = action.entrant;
        r.refusal = Refusal::Rule;
        r.rule = events.error();
        r.message = events.error() == engine::RuleError::StaleDecision
                        ? engine::stale_decision_message(action.decision, hand_.decision())
                        : engine::describe(events.error());
        out.emplace_back(std::move(r));
        return out;
    }
    if (on_clock) bank_of(action.entrant).decision_took(settings_, elapsed);
    timeouts_in_a_row_[action.entrant] = 0;
    after_command(*events, now, out);
    return out;
}

Effects TableCore::on_clock_expiry(HandId hand, DecisionNumber decision, Millis now) {
    Effects out;
    if (!in_hand() || !clock_.runs_for(hand, decision)) return out;  // stale: the player acted
    if (now < clock_.expires_at()) {  // early (a timer re-armed late): wait for the real expiry
        out.emplace_back(ArmTimer{hand, decision, clock_.expires_at()});
        return out;
    }
    const SeatIndex seat = clock_.seat();
    const EntrantId entrant = table_.table().at(seat).entrant;
    int& in_a_row = timeouts_in_a_row_[entrant];
    ++in_a_row;
    if (in_a_row >= kTimeoutsToSitOut && !table_.table().at(seat).sitting_out) {
        (void)table_.set_sitting_out(seat, true);
        publish_status(seat, StatusReason::RepeatedTimeouts, out);
    }
    timeout(seat, now, out);
    return out;
}

// The clock's command for the player to act: fold, or check when free (stand pat in the draw).
void TableCore::timeout(SeatIndex seat, Millis now, Effects& out) {
    const EntrantId entrant = table_.table().at(seat).entrant;
    if (clock_.running() && clock_.seat() == seat)
        bank_of(entrant).decision_took(settings_, clock_.elapsed(now));
    auto events = hand_.act(seat, engine::Timeout{}, hand_.decision());
    if (!events) return;  // cannot happen: the seat is the one to act
    after_command(*events, now, out);
}

void TableCore::after_command(std::span<const engine::HandEvent> events, Millis now, Effects& out) {
    clock_.stop();
    publish(events, out);
    advance(now, out);
}

// Until someone must decide: a player who sat out during this hand (the hand was dealt with him
// playing, so the engine does not act for him) acts at once with no clock; anyone else gets the
// clock, and everyone the pending decision.
void TableCore::advance(Millis now, Effects& out) {
    while (!hand_.is_over()) {
        const SeatIndex seat = hand_.to_act();
        if (!table_.table().at(seat).sitting_out) {
            const EntrantId entrant = table_.table().at(seat).entrant;
            clock_.start(seat, hand_.hand_id(), hand_.decision(), now, bank_of(entrant), settings_);
            publish_pending(now, out);
            out.emplace_back(ArmTimer{hand_.hand_id(), hand_.decision(), clock_.expires_at()});
            return;
        }
        auto events = hand_.act(seat, engine::Timeout{}, hand_.decision());
        if (!events) return;
        publish(*events, out);
    }
    finish_hand(now, out);
}

// Players are named "entrant N" (the core knows no account names); seats as the table numbers them.
std::string TableCore::hand_history_text() const {
    std::vector<std::string> names(static_cast<std::size_t>(table_.table().size()));
    for (const auto& s : setup_.seats)
        names[static_cast<std::size_t>(s.seat)] =
            "entrant " + std::to_string(table_.table().at(s.seat).entrant);
    const ShuffleReveal& r = shuffle_->reveal;
    engine::phh::ShuffleProof proof{r.seed, r.commitment, r.server_secret, {}};
    for (const RevealedClientSeed& c : r.client_seeds)
        proof.client_seeds.push_back(std::to_string(c.seat + 1) + ":" + c.hex);  // fairness/proof.hpp
    return engine::phh::write_hand(engine::phh::history_of_hand(hand_, setup_, names, &proof));
}

void TableCore::finish_hand(Millis now, Effects& out) {
    clock_.stop();
    // Before the table lets busted players go: the history names every player dealt in.
    std::string history = hand_history_text();
    std::vector<engine::Chips> finals;
    finals.reserve(setup_.seats.size());
    for (const auto& s : setup_.seats)
        finals.push_back(hand_.stack(s.seat));
    if (auto ok = table_.finish_hand(finals); !ok) {
        out.emplace_back(DirectorMessageRefused{
            {engine::ApplyProblem::TableRefused, ok.error()},
            std::string("the hand's result was refused: ") + engine::to_string(ok.error())});
        return;
    }
    HandFinished done;
    done.record.table = id_;
    done.record.hand = hand_.hand_id();
    done.record.level = table_.level();
    done.record.stakes = {hand_.small_blind(), hand_.big_blind(), hand_.ante(), hand_.ante_mode()};
    done.record.events.assign(hand_.events().begin(), hand_.events().end());
    done.record.shuffle = shuffle_->reveal;
    done.record.phh = std::move(history);
    // The hand is over: how its seed was made, for everyone to check against the commitment.
    out.emplace_back(ShuffleRevealed{++seq_, shuffle_->reveal});
    // Its report (and the table's state with it) waits for the purchases made after it.
    begin_settlement(std::move(done), now, out);
}

Effects TableCore::set_sitting_out(EntrantId entrant, SeatIndex seat, bool sitting_out, Millis now) {
    Effects out;
    if (auto wrong = check_seat(entrant, seat)) {
        out.emplace_back(std::move(*wrong));
        return out;
    }
    if (auto ok = table_.set_sitting_out(seat, sitting_out); !ok) {
        Refused r;
        r.seat = seat;
        r.entrant = entrant;
        r.refusal = Refusal::TableRefused;
        r.table = ok.error();
        r.message = std::string("the table refused: ") + engine::to_string(ok.error());
        out.emplace_back(std::move(r));
        return out;
    }
    if (!sitting_out) timeouts_in_a_row_[entrant] = 0;
    publish_status(seat, StatusReason::Requested, out);
    // Sitting out on his own turn: he is folded (checked when free) now, not when the clock runs out.
    if (sitting_out && in_hand() && clock_.running() && clock_.seat() == seat) timeout(seat, now, out);
    return out;
}

Effects TableCore::set_disconnected(EntrantId entrant, SeatIndex seat, bool disconnected) {
    Effects out;
    if (auto wrong = check_seat(entrant, seat)) {
        out.emplace_back(std::move(*wrong));
        return out;
    }
    if (disconnected ? !disconnected_.insert(entrant).second : disconnected_.erase(entrant) == 0)
        return out;  // no change: nothing to tell
    publish_status(seat, disconnected ? StatusReason::Disconnected : StatusReason::Reconnected, out);
    return out;
}

Effects TableCore::set_client_seed(EntrantId entrant, SeatIndex seat, std::vector<std::uint8_t> bytes) {
    Effects out;
    if (auto wrong = check_seat(entrant, seat)) {
        wrong->message =
            "only a player seated at this table sends a client seed for its hands: sit down first";
        out.emplace_back(std::move(*wrong));
        return out;
    }
    if (!seeds_.take(entrant, std::move(bytes))) {
        Refused r;
        r.seat = seat;
        r.entrant = entrant;
        r.refusal = Refusal::ClientSeed;
        r.message = "a client seed has at most " + std::to_string(fairness::kMaxClientSeedBytes) +
                    " bytes: send a shorter one";
        out.emplace_back(std::move(r));
    }
    return out;
}

TableSnapshot TableCore::snapshot_for(const engine::view::PokerViewer& viewer, Millis now) const {
    TableSnapshot s;
    s.seq = seq_;
    s.view = view_for(viewer);
    s.clock = clock_.view_at(now);
    if (in_hand() && shuffle_) s.shuffle_commitment = shuffle_->reveal.commitment;
    const engine::Table& t = table_.table();
    if (viewer.role == engine::view::Role::Player && viewer.who >= 0 && viewer.who < t.size() &&
        t.occupied(viewer.who)) {
        const EntrantId entrant = t.at(viewer.who).entrant;
        // The bank as it stands now: while his own clock runs, what the bank stretch has left.
        s.own_time_bank =
            clock_.running() && clock_.seat() == viewer.who ? s.clock.bank_left : time_bank(entrant).left();
        s.sitting_out = t.at(viewer.who).sitting_out;
    }
    for (SeatIndex seat = 0; seat < t.size(); ++seat) {
        if (!t.occupied(seat)) continue;
        s.seat_sitting_out[static_cast<std::size_t>(seat)] = t.at(seat).sitting_out;
        s.seat_disconnected[static_cast<std::size_t>(seat)] = disconnected_.contains(t.at(seat).entrant);
    }
    return s;
}

}  // namespace tavolo::server::table
