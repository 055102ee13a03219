#include "server/table/polacco_core.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "fairness/seed_random.hpp"

namespace tavolo::server::table {

namespace polacco = engine::polacco;
namespace view = engine::view;

namespace {

engine::ClockSettings turn_clock(const polacco::Rules& rules) {
    engine::ClockSettings s;
    s.base = std::chrono::seconds(rules.turn_seconds);
    s.bank_start = Millis{0};
    s.bank_per_level = Millis{0};
    s.bank_cap = Millis{0};
    s.final_warning = Millis{0};
    return s;
}

// Only a dealt card can differ between viewers (before the reveal a card is its owner's).
bool same(const view::PolaccoSeen& a, const view::PolaccoSeen& b) {
    const auto* x = std::get_if<polacco::CardDealt>(&a);
    const auto* y = std::get_if<polacco::CardDealt>(&b);
    return x && y && x->to == y->to && x->card == y->card && x->visibility == y->visibility;
}

void add(std::vector<PolaccoCopy>& copies, view::PolaccoSeen seen, std::optional<PolaccoPlayer> who) {
    for (PolaccoCopy& c : copies) {
        if (!same(c.seen, seen)) continue;
        if (who)
            c.to.players.push_back(*who);
        else
            c.to.observers = true;
        return;
    }
    PolaccoCopy c{{}, std::move(seen)};
    if (who)
        c.to.players.push_back(*who);
    else
        c.to.observers = true;
    copies.push_back(std::move(c));
}

}  // namespace

std::expected<PolaccoCore, polacco::PolaccoError> PolaccoCore::start(std::vector<PolaccoPlayer> entrants,
                                                                     polacco::TournamentConfig config,
                                                                     engine::RandomSource& rng,
                                                                     SecretSource secrets) {
    auto t = polacco::Tournament::start(std::move(entrants), std::move(config), rng);
    if (!t) return std::unexpected(t.error());
    // A Sit&Go is one table; a multi-table tournament redraws tables, which one table's core cannot.
    if (t->tables().size() != 1) return std::unexpected(polacco::PolaccoError::TooManyPlayers);
    const polacco::TableId id = t->tables().front().id();
    return PolaccoCore(std::move(*t), id, rng, std::move(secrets));
}

PolaccoCore::PolaccoCore(polacco::Tournament tournament, polacco::TableId table, engine::RandomSource& rng,
                         SecretSource secrets)
    : tournament_(std::move(tournament)),
      table_(table),
      rng_(&rng),
      settings_(turn_clock(tournament_.rules())),
      no_bank_(settings_),
      seeds_(std::move(secrets)) {}

PolaccoRecipients PolaccoCore::everyone() const {
    PolaccoRecipients r;
    if (const polacco::Table* t = table())
        for (const polacco::HandPlayer& p : t->seats())
            r.players.push_back(p.player);
    r.observers = true;
    return r;
}

PolaccoEffects PolaccoCore::start_hand(Millis now) {
    PolaccoEffects out;
    if (finished() || in_hand() || table() == nullptr) return out;
    // The hand the table deals next (polacco::Table::next_setup): its players clockwise give the
    // order the client seeds are mixed in.
    const polacco::Table& t = *table();
    polacco::HandSetup setup{t.hands_played() + 1, t.rules(), t.seats(), t.first_speaker()};
    std::vector<DealtPlayer> dealt;
    for (std::size_t i = 0; i < setup.players.size(); ++i)
        dealt.push_back({setup.players[i].player, static_cast<engine::SeatIndex>(i)});
    HandShuffle shuffle = seeds_.make(setup.hand_number, dealt);
    // One SeedRandom per hand: the table shuffles its whole deck from it and from nothing else.
    fairness::SeedRandom deck(shuffle.seed);
    auto events = tournament_.start_hand(table_, deck);
    if (!events) return out;  // paused or too few players: the tournament says so in its news
    seeds_.dealt();
    shuffle_ = std::move(shuffle);
    setup_ = std::move(setup);
    // Before the first card: the commitment proves the seed was fixed before anyone saw one.
    out.emplace_back(commitment_of(shuffle_->reveal, ++seq_));
    after_command(*events, now, out);
    return out;
}

PolaccoEffects PolaccoCore::on_action(const PolaccoAction& action, Millis now) {
    PolaccoEffects out;
    auto refuse = [&](Refusal why, std::string message,
                      polacco::PolaccoError error = polacco::PolaccoError::HandOver) {
        out.emplace_back(PolaccoRefused{action.player, why, error, std::move(message)});
        return out;
    };
    polacco::Hand* hand = mutable_hand();
    if (!in_hand() || hand == nullptr)
        return refuse(Refusal::NoHandInPlay, "no hand is being played: wait for the next one");
    if (action.hand != hand->hand_number())
        return refuse(Refusal::StaleHand, "this action is for hand " + std::to_string(action.hand) +
                                              " but hand " + std::to_string(hand->hand_number()) +
                                              " is being played: refresh and act again");
    const auto result = std::visit(
        [&](const auto& c) -> std::expected<polacco::Events, polacco::PolaccoError> {
            using C = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<C, ChooseDirection>)
                return hand->choose_direction(action.player, c.direction, action.decision);
            else if constexpr (std::is_same_v<C, Declare>)
                return hand->declare(action.player, c.punto, action.decision);
            else if constexpr (std::is_same_v<C, Doubt>)
                return hand->doubt(action.player, action.decision);
            else
                return hand->pass(action.player, action.decision);
        },
        action.command);
    if (!result) {
        const std::string message = result.error() == polacco::PolaccoError::StaleDecision
                                        ? engine::stale_decision_message(action.decision, hand->decision())
                                        : std::string(polacco::describe(result.error()));
        return refuse(Refusal::Rule, message, result.error());
    }
    after_command(*result, now, out);
    return out;
}

PolaccoEffects PolaccoCore::on_clock_expiry(std::int64_t hand_number, engine::DecisionNumber decision,
                                            Millis now) {
    PolaccoEffects out;
    polacco::Hand* hand = mutable_hand();
    if (!in_hand() || hand == nullptr || !clock_.runs_for(hand_number, decision)) return out;  // stale
    if (now < clock_.expires_at()) {
        out.emplace_back(ArmTimer{hand_number, decision, clock_.expires_at()});
        return out;
    }
    auto events = hand->timeout(clock_player_, decision);
    if (!events) return out;
    after_command(*events, now, out);
    return out;
}

void PolaccoCore::after_command(const polacco::Events& events, Millis now, PolaccoEffects& out) {
    clock_.stop();
    publish(events, out);
    const polacco::Hand* h = hand();
    if (h != nullptr && h->phase() != polacco::Phase::Ended) {
        publish_pending(now, out);
        return;
    }
    finish_hand(out);
}

void PolaccoCore::publish(const polacco::Events& events, PolaccoEffects& out) {
    const PolaccoRecipients all = everyone();
    for (const polacco::Event& e : events) {
        PolaccoPublish p;
        p.seq = ++seq_;
        if (!std::holds_alternative<polacco::CardDealt>(e)) {
            p.copies.push_back(PolaccoCopy{all, view::project(e, view::PolaccoViewer::observer())});
        } else {
            for (PolaccoPlayer who : all.players)
                add(p.copies, view::project(e, view::PolaccoViewer::player(who)), who);
            add(p.copies, view::project(e, view::PolaccoViewer::observer()), std::nullopt);
        }
        out.emplace_back(std::move(p));
    }
}

void PolaccoCore::publish_pending(Millis now, PolaccoEffects& out) {
    const polacco::Hand& h = *hand();
    const PolaccoPlayer to_act = h.to_act();
    engine::SeatIndex place = 0;
    const auto& seats = table()->seats();
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (seats[i].player == to_act) place = static_cast<engine::SeatIndex>(i);
    clock_.start(place, h.hand_number(), h.decision(), now, no_bank_, settings_);
    clock_player_ = to_act;
    PolaccoPublish p;
    p.seq = ++seq_;
    p.clock = clock_.view_at(now);
    p.clock->player = to_act;
    PolaccoCopy others{{{}, true}, {}};
    for (PolaccoPlayer who : everyone().players) {
        if (who != to_act) {
            others.to.players.push_back(who);
        } else if (auto mine = view::pending_decision(h, view::PolaccoViewer::player(who))) {
            p.copies.push_back(PolaccoCopy{{{who}, false}, *mine});
        }
    }
    if (auto theirs = view::pending_decision(h, view::PolaccoViewer::observer())) {
        others.seen = *theirs;
        p.copies.push_back(std::move(others));
    }
    out.emplace_back(std::move(p));
    out.emplace_back(ArmTimer{h.hand_number(), h.decision(), clock_.expires_at()});
}

void PolaccoCore::finish_hand(PolaccoEffects& out) {
    PolaccoHandFinished done;
    done.hand = hand()->hand_number();
    done.events = hand()->events();
    done.setup = setup_;
    done.shuffle = shuffle_->reveal;
    auto news = tournament_.finish_hand(table_, *rng_);
    if (!news) return;  // cannot happen: the hand has ended
    if (const polacco::Table* t = table(); t && !finished())
        if (auto state = t->snapshot()) done.state = *state;
    // The hand is over: how its seed was made, for everyone to check against the commitment.
    out.emplace_back(ShuffleRevealed{++seq_, done.shuffle});
    out.emplace_back(std::move(done));
    publish_views(out);
    if (!news->empty()) out.emplace_back(PolaccoTournamentNews{++seq_, std::move(*news)});
}

void PolaccoCore::publish_views(PolaccoEffects& out) {
    const polacco::Table* t = table();
    if (t == nullptr) return;
    PolaccoTableViews v;
    v.seq = ++seq_;
    for (PolaccoPlayer who : everyone().players)
        v.views.emplace_back(PolaccoRecipients{{who}, false},
                             view::view_of(*t, view::PolaccoViewer::player(who)));
    v.views.emplace_back(PolaccoRecipients{{}, true}, view::view_of(*t, view::PolaccoViewer::observer()));
    out.emplace_back(std::move(v));
}

PolaccoEffects PolaccoCore::set_disconnected(PolaccoPlayer player, bool disconnected) {
    PolaccoEffects out;
    const PolaccoRecipients all = everyone();
    if (std::find(all.players.begin(), all.players.end(), player) == all.players.end()) {
        out.emplace_back(PolaccoRefused{player, Refusal::WrongSeat, polacco::PolaccoError::NotSeated,
                                        "you do not sit at this table: report your own connection"});
        return out;
    }
    if (disconnected ? !disconnected_.insert(player).second : disconnected_.erase(player) == 0)
        return out;  // no change: nothing to tell
    out.emplace_back(PolaccoSeatStatus{++seq_, player, disconnected});
    return out;
}

PolaccoEffects PolaccoCore::set_client_seed(PolaccoPlayer player, std::vector<std::uint8_t> bytes) {
    PolaccoEffects out;
    const PolaccoRecipients all = everyone();
    if (std::find(all.players.begin(), all.players.end(), player) == all.players.end()) {
        out.emplace_back(PolaccoRefused{player, Refusal::WrongSeat, polacco::PolaccoError::NotSeated,
                                        "only a player at this table sends a client seed for its hands"});
        return out;
    }
    if (!seeds_.take(player, std::move(bytes)))
        out.emplace_back(PolaccoRefused{player, Refusal::ClientSeed, polacco::PolaccoError::HandOver,
                                        "a client seed has at most " +
                                            std::to_string(fairness::kMaxClientSeedBytes) +
                                            " bytes: send a shorter one"});
    return out;
}

PolaccoSnapshot PolaccoCore::snapshot_for(const view::PolaccoViewer& viewer, Millis now) const {
    PolaccoSnapshot s;
    s.seq = seq_;
    if (const polacco::Table* t = table()) s.view = view::view_of(*t, viewer);
    s.clock = clock_.view_at(now);
    if (clock_.running()) s.clock.player = clock_player_;
    if (in_hand() && shuffle_) s.shuffle_commitment = shuffle_->reveal.commitment;
    s.disconnected.assign(disconnected_.begin(), disconnected_.end());
    return s;
}

}  // namespace tavolo::server::table
