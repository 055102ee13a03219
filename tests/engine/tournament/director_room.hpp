#pragma once
// Real tables (TournamentTable) and their director, the messages routed between them the way the
// server's actors will: the director tests' room.
#include <gtest/gtest.h>

#include <chrono>
#include <numeric>
#include <optional>
#include <set>
#include <vector>

#include "engine/tournament/tournament_director.hpp"
#include "engine/tournament/tournament_table.hpp"

namespace tavolo::engine::test {

inline TournamentStructure mtt(int table_size) {
    TournamentStructure s =
        default_structure(TournamentKind::ScheduledMtt, Variant::Holdem, Betting::NoLimit);
    s.table_size = table_size;
    return s;
}

// The tables and their director, the messages routed between them.
struct Room {
    SeededRandom rng{7};
    std::optional<TournamentDirector> director;
    std::vector<TournamentTable> tables;
    std::vector<DirectorMessage> said;  // everything the director said, in order
    Duration now{0};

    void start(int entrants, TournamentStructure s, Pace pace, std::optional<PayoutTable> payouts = {}) {
        std::vector<EntrantId> ids(static_cast<std::size_t>(entrants));
        std::iota(ids.begin(), ids.end(), 0);
        auto started = TournamentDirector::start(ids, DirectorConfig{s, pace, payouts}, rng);
        ASSERT_TRUE(started.has_value());
        director.emplace(std::move(started->director));
        deliver(started->messages);
    }
    TournamentTable& table(TableId id) {
        while (tables.size() <= static_cast<std::size_t>(id))
            tables.emplace_back(static_cast<TableId>(tables.size()));
        return tables[static_cast<std::size_t>(id)];
    }
    void deliver(const std::vector<DirectorMessage>& messages) {
        for (const auto& m : messages) {
            said.push_back(m);
            TournamentTable& t = table(addressee(m));
            auto ok = t.apply(m, rng);
            ASSERT_TRUE(ok.has_value()) << describe(ok.error());
            if (std::holds_alternative<OpenTable>(m)) report(t.id());
        }
    }
    void report(TableId id) {
        auto answer = director->on_report(table(id).report(), now, rng);
        ASSERT_TRUE(answer.has_value()) << to_string(answer.error());
        deliver(*answer);
    }
    void tick(Duration at) {
        now = at;
        deliver(director->tick(now, rng));
    }
    // Plays the started hand at `id`: the players in `losers` lose everything to the first other
    // player dealt in; then the table reports.
    void play(TableId id, std::set<SeatIndex> losers = {}) {
        HandSetup setup;
        begin(id, setup);
        end(id, setup, losers);
        report(id);
    }
    void begin(TableId id, HandSetup& setup) {
        auto ok = table(id).start_hand(setup);
        ASSERT_TRUE(ok.has_value()) << describe(ok.error());
    }
    void end(TableId id, const HandSetup& setup, const std::set<SeatIndex>& losers = {}) {
        std::vector<Chips> stacks;
        Chips pot = 0;
        for (const auto& s : setup.seats) {
            const bool loses = losers.contains(s.seat);
            stacks.push_back(loses ? 0 : s.stack);
            if (loses) pot += s.stack;
        }
        for (std::size_t i = 0; i < stacks.size(); ++i)
            if (!losers.contains(setup.seats[i].seat)) {
                stacks[i] += pot;
                break;
            }
        ASSERT_TRUE(table(id).finish_hand(stacks).has_value());
    }
    // The messages said since `from` of type M, for table `id` (-1: any).
    template <class M>
    std::vector<M> since(std::size_t from, TableId id = -1) const {
        std::vector<M> out;
        for (std::size_t i = from; i < said.size(); ++i)
            if (const auto* m = std::get_if<M>(&said[i]); m && (id < 0 || m->table == id)) out.push_back(*m);
        return out;
    }
    SeatIndex seat_of(TableId id, std::size_t nth) const {
        const Table& t = tables[static_cast<std::size_t>(id)].table();
        for (SeatIndex s = 0; s < t.size(); ++s)
            if (t.occupied(s) && nth-- == 0) return s;
        return kNoSeat;
    }
};

}  // namespace tavolo::engine::test
