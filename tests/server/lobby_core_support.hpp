#pragma once
// A LobbyCore with a stand-in for the database: the driver answers each persistence effect the way
// TournamentStore does (ids, wallets, insufficient funds, a key replayed returns the same movement)
// unless a test holds the answers or makes the database fail. No sockets, no clocks: `now` is a value.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/lobby/lobby_core.hpp"

namespace tavolo::server::lobby::testing {

using persistence::StoreErrc;
using namespace std::chrono_literals;

inline const TimePoint kOpened{std::chrono::sys_days{std::chrono::year{2026} / 11 / 25} + 20h};

template <class T>
std::vector<T> only(const Effects& effects) {
    std::vector<T> out;
    for (const Effect& e : effects)
        if (const auto* x = std::get_if<T>(&e)) out.push_back(*x);
    return out;
}

// What the database would do, in memory: wallets, registrations by key, movements by key.
struct FakeDatabase {
    std::int64_t next_tournament = 100;
    std::int64_t next_registration = 1;
    std::map<AccountId, engine::Cents> wallets;
    std::map<std::string, persistence::Registration> buy_ins;  // by idempotency key
    std::map<std::string, engine::Cents> refunds;              // by idempotency key
    std::map<TournamentId, persistence::TournamentState> states;
    std::map<TournamentId, engine::BuyIn> prices;
    std::optional<StoreErrc> failure;  // every request fails so while set

    persistence::StoreResult<persistence::Tournament> create(const CreateTournament& c) {
        if (failure) return persistence::store_error(*failure, "database down");
        persistence::Tournament t;
        t.id = TournamentId{next_tournament++};
        t.spec = c.spec;
        prices[t.id] = engine::BuyIn{c.spec.prize_part, c.spec.fee};
        states[t.id] = c.spec.state;
        return t;
    }
    persistence::StoreResult<persistence::Registration> enter(const RegisterPlayer& r) {
        if (failure) return persistence::store_error(*failure, "database down");
        if (const auto it = buy_ins.find(r.key); it != buy_ins.end()) return it->second;  // a replay
        const engine::BuyIn price = prices.at(r.tournament);
        if (wallets[r.account] < price.total())
            return persistence::store_error(StoreErrc::insufficient_funds, "wallet below the buy-in");
        wallets[r.account] -= price.total();
        persistence::Registration reg;
        reg.id = RegistrationId{next_registration++};
        reg.tournament = r.tournament;
        reg.account = r.account;
        reg.paid = price.total();
        reg.prize_part = price.prize_part;
        reg.fee = price.fee;
        buy_ins[r.key] = reg;
        return reg;
    }
    persistence::StoreResult<persistence::Registration> refund(const RefundEntry& r) {
        if (failure) return persistence::store_error(*failure, "database down");
        if (!refunds.contains(r.key)) {
            refunds[r.key] = r.from_pool + r.from_house;
            wallets[r.account] += r.from_pool + r.from_house;
        }
        persistence::Registration reg;
        reg.id = r.registration;
        reg.account = r.account;
        reg.state = r.new_state;
        return reg;
    }
};

// The lobby and its database; every effect lands in `log`.
struct Lobby {
    std::vector<std::string> names;  // of the declarations, by index
    LobbyCore core;
    FakeDatabase db;
    TimePoint now = kOpened;
    bool hold = false;         // leave persistence requests unanswered (in flight)
    std::vector<Effect> held;  // the requests left unanswered
    Effects log;

    explicit Lobby(std::vector<TournamentDeclaration> declarations, LobbyOptions options = {})
        : names(names_of(declarations)), core(std::move(declarations), options) {}

    static std::vector<std::string> names_of(const std::vector<TournamentDeclaration>& declarations) {
        std::vector<std::string> out;
        for (const auto& d : declarations)
            out.push_back(d.name);
        return out;
    }

    // Records the effects and answers the persistence requests among them, until none is left.
    Effects run(Effects effects) {
        Effects all;
        while (!effects.empty()) {
            Effects next;
            for (Effect& e : effects) {
                all.push_back(e);
                log.push_back(e);
                if (const auto* st = std::get_if<SetTournamentState>(&e))
                    db.states[st->tournament] = st->state;
                const bool request = std::holds_alternative<CreateTournament>(e) ||
                                     std::holds_alternative<RegisterPlayer>(e) ||
                                     std::holds_alternative<RefundEntry>(e);
                if (!request) continue;
                if (hold) {
                    held.push_back(e);
                    continue;
                }
                for (Effect& f : answer(e))
                    next.push_back(std::move(f));
            }
            effects = std::move(next);
        }
        return all;
    }

    Effects answer(const Effect& e) {
        if (const auto* c = std::get_if<CreateTournament>(&e))
            return core.tournament_created(c->request, db.create(*c), now);
        if (const auto* r = std::get_if<RegisterPlayer>(&e)) {
            auto result = db.enter(*r);
            return core.registration_done(r->request, result, db.wallets[r->account], now);
        }
        const auto& refund = std::get<RefundEntry>(e);
        auto result = db.refund(refund);
        return core.refund_done(refund.request, result, db.wallets[refund.account], now);
    }

    // Answers the held requests now (with the database as it is now).
    Effects release() {
        hold = false;
        Effects answers;
        for (const Effect& e : std::exchange(held, {}))
            for (Effect& f : answer(e))
                answers.push_back(std::move(f));
        return run(std::move(answers));
    }

    Effects open() { return run(core.open(now)); }
    Effects enter(AccountId account, std::int64_t tournament, std::uint64_t client_request = 1) {
        return run(core.register_player({account, tournament, client_request}, now));
    }
    Effects leave(AccountId account, std::int64_t tournament, std::uint64_t client_request = 2) {
        return run(core.unregister_player({account, tournament, client_request}, now));
    }
    Effects tick(TimePoint at) {
        now = at;
        return run(core.tick(now));
    }

    v1::LobbySnapshot snapshot(std::optional<AccountId> viewer = std::nullopt) const {
        return core.snapshot(viewer);
    }
    // The listed tournament opened from declaration `index` that is still registering.
    std::int64_t registering(std::size_t index) const {
        std::int64_t found = 0;
        const v1::LobbySnapshot listed = snapshot();
        for (const auto& t : listed.tournaments())
            if (t.name() == names.at(index) && t.state() == v1::TOURNAMENT_STATE_REGISTERING) found = t.id();
        return found;
    }
    const v1::TournamentInfo* info(std::int64_t id) const {
        last_ = snapshot();
        for (const auto& t : last_.tournaments())
            if (t.id() == id) return &t;
        return nullptr;
    }
    mutable v1::LobbySnapshot last_;
};

inline constexpr engine::Cents kGrant = 100'000;  // 1,000.00
inline constexpr engine::BuyIn kBuyIn{1000, 100};

// A hold'em no-limit declaration at the test buy-in.
inline TournamentDeclaration poker(std::string name, engine::TournamentKind kind, int min, int max,
                                   StartRule start) {
    TournamentDeclaration d =
        default_declaration(std::move(name), TournamentGame::Holdem, kind, engine::Betting::NoLimit);
    auto& s = std::get<PokerTournament>(d.rules).structure;
    if (kind != engine::TournamentKind::HeadsUp)
        s.table_size = kind == engine::TournamentKind::ScheduledMtt ? 10 : 6;
    s.min_players = min;
    s.max_players = max;
    s.buy_in = kBuyIn;
    d.start = start;
    return d;
}

inline AccountId account(std::int64_t n) {
    return AccountId{n};
}

// The error the account got among `effects`, or UNSPECIFIED.
inline v1::ErrorCode error_code(const Effects& effects, AccountId to) {
    for (const auto& s : only<SendToAccount>(effects))
        if (s.account == to && s.message.has_error()) return s.message.error().code();
    return v1::ERROR_CODE_UNSPECIFIED;
}

}  // namespace tavolo::server::lobby::testing
