#include "server/table/polacco_core.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "engine/polacco/tournament_restore.hpp"
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
    PolaccoCore core(std::move(*t), rng, std::move(secrets));
    core.seat_draw();
    return core;
}

PolaccoCore PolaccoCore::resume(polacco::Tournament tournament, engine::RandomSource& rng,
                                SecretSource secrets) {
    const polacco::Tournament& t = tournament;
    const auto plan = polacco::draw_plan(t.entrants(), t.rules().table_max());
    PolaccoCore core(std::move(tournament), rng, std::move(secrets));
    core.next_number_ = std::max(0, polacco::first_table_of_draw(plan, core.tournament_.draws() - 1));
    core.closed_ = core.next_number_;
    core.seat_draw();
    return core;
}

PolaccoCore::PolaccoCore(polacco::Tournament tournament, engine::RandomSource& rng, SecretSource secrets)
    : tournament_(std::move(tournament)),
      rng_(&rng),
      secrets_(std::move(secrets)),
      settings_(turn_clock(tournament_.rules())),
      no_bank_(settings_) {}

// The current draw's tables under fresh wire numbers, each player's table remembered for his move.
void PolaccoCore::seat_draw() {
    live_.clear();
    seated_at_.clear();
    for (const polacco::Table& t : tournament_.tables()) {
        const PolaccoTableNumber number = next_number_++;
        live_.emplace(number, Live{t.id(), secrets_});
        for (const polacco::HandPlayer& p : t.seats())
            seated_at_[p.player] = number;
    }
    draw_seen_ = tournament_.draws();
}

std::vector<PolaccoTableNumber> PolaccoCore::tables() const {
    std::vector<PolaccoTableNumber> out;
    for (const auto& [number, t] : live_)
        out.push_back(number);
    return out;
}

PolaccoCore::Live* PolaccoCore::live(PolaccoTableNumber table) {
    const auto it = live_.find(table);
    return it == live_.end() ? nullptr : &it->second;
}

const PolaccoCore::Live* PolaccoCore::live(PolaccoTableNumber table) const {
    const auto it = live_.find(table);
    return it == live_.end() ? nullptr : &it->second;
}

const polacco::Table* PolaccoCore::table(PolaccoTableNumber table) const {
    const Live* t = live(table);
    return t ? engine_table(*t) : nullptr;
}

const polacco::Hand* PolaccoCore::hand(PolaccoTableNumber number) const {
    const polacco::Table* t = table(number);
    return t ? t->hand() : nullptr;
}

bool PolaccoCore::in_hand(PolaccoTableNumber table) const {
    const polacco::Hand* h = hand(table);
    return h != nullptr && h->phase() != polacco::Phase::Ended;
}

bool PolaccoCore::any_in_hand() const {
    return std::ranges::any_of(live_, [&](const auto& entry) { return in_hand(entry.first); });
}

Sequence PolaccoCore::seq(PolaccoTableNumber table) const {
    const Live* t = live(table);
    return t ? t->seq : 0;
}

const std::optional<HandShuffle>& PolaccoCore::shuffle(PolaccoTableNumber table) const {
    const Live* t = live(table);
    return t ? t->shuffle : no_shuffle_;
}

PolaccoRecipients PolaccoCore::everyone(const Live& live) const {
    PolaccoRecipients r;
    if (const polacco::Table* t = engine_table(live))
        for (const polacco::HandPlayer& p : t->seats())
            r.players.push_back(p.player);
    r.observers = true;
    return r;
}

PolaccoEffects PolaccoCore::open_table(PolaccoTableNumber table) {
    PolaccoEffects out;
    if (Live* t = live(table)) publish_views(*t, out);
    return out;
}

PolaccoEffects PolaccoCore::start_hand(PolaccoTableNumber table, Millis now) {
    PolaccoEffects out;
    Live* live_table = live(table);
    if (live_table == nullptr || finished() || in_hand(table) || engine_table(*live_table) == nullptr)
        return out;
    Live& lt = *live_table;
    // The hand the table deals next (polacco::Table::next_setup): its players clockwise give the
    // order the client seeds are mixed in.
    const polacco::Table& t = *engine_table(lt);
    polacco::HandSetup setup{t.hands_played() + 1, t.rules(), t.seats(), t.first_speaker()};
    std::vector<DealtPlayer> dealt;
    for (std::size_t i = 0; i < setup.players.size(); ++i)
        dealt.push_back({setup.players[i].player, static_cast<engine::SeatIndex>(i)});
    HandShuffle shuffle = lt.seeds.make(setup.hand_number, dealt);
    // One SeedRandom per hand: the table shuffles its whole deck from it and from nothing else.
    fairness::SeedRandom deck(shuffle.seed);
    auto events = tournament_.start_hand(lt.engine, deck);
    if (!events) return out;  // paused or too few players: the tournament says so in its news
    lt.seeds.dealt();
    lt.shuffle = std::move(shuffle);
    lt.setup = std::move(setup);
    // Before the first card: the commitment proves the seed was fixed before anyone saw one.
    out.emplace_back(commitment_of(lt.shuffle->reveal, ++lt.seq));
    after_command(lt, *events, now, out);
    return out;
}

namespace {
PolaccoEffects not_at_table(PolaccoPlayer player, std::string message) {
    PolaccoEffects out;
    out.emplace_back(
        PolaccoRefused{player, Refusal::WrongSeat, polacco::PolaccoError::NotSeated, std::move(message)});
    return out;
}
constexpr const char* kClosed =
    "this table has closed (the tables were drawn again): follow your move to your new table";
}  // namespace

PolaccoEffects PolaccoCore::on_action(PolaccoTableNumber table, const PolaccoAction& action, Millis now) {
    PolaccoEffects out;
    auto refuse = [&](Refusal why, std::string message,
                      polacco::PolaccoError error = polacco::PolaccoError::HandOver) {
        out.emplace_back(PolaccoRefused{action.player, why, error, std::move(message)});
        return out;
    };
    Live* lt = live(table);
    if (lt == nullptr) return not_at_table(action.player, kClosed);
    polacco::Hand* hand = mutable_hand(*lt);
    if (!in_hand(table) || hand == nullptr)
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
    after_command(*lt, *result, now, out);
    return out;
}

PolaccoEffects PolaccoCore::on_clock_expiry(PolaccoTableNumber table, std::int64_t hand_number,
                                            engine::DecisionNumber decision, Millis now) {
    PolaccoEffects out;
    Live* lt = live(table);
    if (lt == nullptr) return out;  // closed: stale
    polacco::Hand* hand = mutable_hand(*lt);
    if (!in_hand(table) || hand == nullptr || !lt->clock.runs_for(hand_number, decision))
        return out;  // stale
    if (now < lt->clock.expires_at()) {
        out.emplace_back(ArmTimer{hand_number, decision, lt->clock.expires_at()});
        return out;
    }
    auto events = hand->timeout(lt->clock_player, decision);
    if (!events) return out;
    after_command(*lt, *events, now, out);
    return out;
}

void PolaccoCore::after_command(Live& t, const polacco::Events& events, Millis now, PolaccoEffects& out) {
    t.clock.stop();
    publish(t, events, out);
    const polacco::Hand* h = mutable_hand(t);
    if (h != nullptr && h->phase() != polacco::Phase::Ended) {
        publish_pending(t, now, out);
        return;
    }
    finish_hand(t, out);
}

void PolaccoCore::publish(Live& t, const polacco::Events& events, PolaccoEffects& out) {
    const PolaccoRecipients all = everyone(t);
    for (const polacco::Event& e : events) {
        PolaccoPublish p;
        p.seq = ++t.seq;
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

void PolaccoCore::publish_pending(Live& t, Millis now, PolaccoEffects& out) {
    const polacco::Hand& h = *mutable_hand(t);
    const PolaccoPlayer to_act = h.to_act();
    engine::SeatIndex place = 0;
    const auto& seats = engine_table(t)->seats();
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (seats[i].player == to_act) place = static_cast<engine::SeatIndex>(i);
    t.clock.start(place, h.hand_number(), h.decision(), now, no_bank_, settings_);
    t.clock_player = to_act;
    PolaccoPublish p;
    p.seq = ++t.seq;
    p.clock = t.clock.view_at(now);
    p.clock->player = to_act;
    PolaccoCopy others{{{}, true}, {}};
    for (PolaccoPlayer who : everyone(t).players) {
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
    out.emplace_back(ArmTimer{h.hand_number(), h.decision(), t.clock.expires_at()});
}

void PolaccoCore::finish_hand(Live& t, PolaccoEffects& out) {
    const polacco::Hand* hand = mutable_hand(t);
    PolaccoHandFinished done;
    done.hand = hand->hand_number();
    done.events = hand->events();
    done.setup = t.setup;
    done.shuffle = t.shuffle->reveal;
    const int draws_before = tournament_.draws();
    auto news = tournament_.finish_hand(t.engine, *rng_);
    if (!news) return;  // cannot happen: the hand has ended
    const bool redrawn = tournament_.draws() != draws_before;
    if (redrawn) {
        for (const polacco::TableState& closed : tournament_.closed_tables())
            if (closed.id == t.engine) done.state = closed;
    } else if (const polacco::Table* table = engine_table(t)) {
        if (auto state = table->snapshot()) done.state = *state;
    }
    // The hand is over: how its seed was made, for everyone to check against the commitment.
    out.emplace_back(ShuffleRevealed{++t.seq, done.shuffle});
    out.emplace_back(std::move(done));
    if (redrawn) {
        // This table closed with every other: its players hear of their moves, not of this table.
        out.emplace_back(PolaccoTournamentNews{0, std::move(*news)});
        this->redrawn(out);
        return;
    }
    publish_views(t, out);
    if (!news->empty()) out.emplace_back(PolaccoTournamentNews{++t.seq, std::move(*news)});
}

// Every table closed (POLACCO §4.2): the new ones get fresh wire numbers, each player his move.
void PolaccoCore::redrawn(PolaccoEffects& out) {
    const std::map<PolaccoPlayer, PolaccoTableNumber> before = seated_at_;
    closed_ = live_.empty() ? closed_ : live_.rbegin()->first;
    seat_draw();
    PolaccoTablesDrawn drawn;
    drawn.draw = tournament_.draws() - 1;
    drawn.final_table = tournament_.final_table();
    for (const auto& [number, t] : live_) {
        drawn.tables.push_back(number);
        const auto& seats = engine_table(t)->seats();
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const auto from = before.find(seats[i].player);
            drawn.moves.push_back(
                {seats[i].player, from == before.end() ? -1 : from->second, number, static_cast<int>(i)});
        }
    }
    out.emplace_back(std::move(drawn));
}

void PolaccoCore::publish_views(Live& lt, PolaccoEffects& out) {
    const polacco::Table* t = engine_table(lt);
    if (t == nullptr) return;
    PolaccoTableViews v;
    v.seq = ++lt.seq;
    for (PolaccoPlayer who : everyone(lt).players)
        v.views.emplace_back(PolaccoRecipients{{who}, false},
                             view::view_of(*t, view::PolaccoViewer::player(who)));
    v.views.emplace_back(PolaccoRecipients{{}, true}, view::view_of(*t, view::PolaccoViewer::observer()));
    out.emplace_back(std::move(v));
}

PolaccoEffects PolaccoCore::set_disconnected(PolaccoTableNumber table, PolaccoPlayer player,
                                             bool disconnected) {
    PolaccoEffects out;
    Live* lt = live(table);
    if (lt == nullptr) return not_at_table(player, kClosed);
    const PolaccoRecipients all = everyone(*lt);
    if (std::find(all.players.begin(), all.players.end(), player) == all.players.end())
        return not_at_table(player, "you do not sit at this table: report your own connection");
    if (disconnected ? !lt->disconnected.insert(player).second : lt->disconnected.erase(player) == 0)
        return out;  // no change: nothing to tell
    out.emplace_back(PolaccoSeatStatus{++lt->seq, player, disconnected});
    return out;
}

PolaccoEffects PolaccoCore::set_client_seed(PolaccoTableNumber table, PolaccoPlayer player,
                                            std::vector<std::uint8_t> bytes) {
    PolaccoEffects out;
    Live* lt = live(table);
    const PolaccoRecipients all = lt ? everyone(*lt) : PolaccoRecipients{};
    if (std::find(all.players.begin(), all.players.end(), player) == all.players.end())
        return not_at_table(player, "only a player at this table sends a client seed for its hands");
    if (!lt->seeds.take(player, std::move(bytes)))
        out.emplace_back(PolaccoRefused{player, Refusal::ClientSeed, polacco::PolaccoError::HandOver,
                                        "a client seed has at most " +
                                            std::to_string(fairness::kMaxClientSeedBytes) +
                                            " bytes: send a shorter one"});
    return out;
}

PolaccoSnapshot PolaccoCore::snapshot_for(PolaccoTableNumber table, const view::PolaccoViewer& viewer,
                                          Millis now) const {
    PolaccoSnapshot s;
    const Live* lt = live(table);
    if (lt == nullptr) return s;
    s.seq = lt->seq;
    if (const polacco::Table* t = engine_table(*lt)) s.view = view::view_of(*t, viewer);
    s.clock = lt->clock.view_at(now);
    if (lt->clock.running()) s.clock.player = lt->clock_player;
    if (in_hand(table) && lt->shuffle) s.shuffle_commitment = lt->shuffle->reveal.commitment;
    s.disconnected.assign(lt->disconnected.begin(), lt->disconnected.end());
    return s;
}

}  // namespace tavolo::server::table
