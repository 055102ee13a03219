#pragma once
// RULES.md §8 judged on the wire: the truth is each committed hand's record (every card, the
// operator's view, persistence), and a viewer may hold a face only if it was dealt to him in that
// hand, or is public there (board, face-up, shown or revealed cards).
#include <gtest/gtest.h>

#include <map>
#include <pqxx/pqxx>
#include <set>

#include "server/actors/hand_archive.hpp"
#include "tests/proto/wire_faces.hpp"
#include "tests/server/actors/actors_support.hpp"

namespace tavolo::server::actors::testing {

class CardTruth {
  public:
    // Every hand committed for the tournament.
    CardTruth(const std::string& url, persistence::TournamentId tournament) {
        pqxx::connection conn{url};
        pqxx::work tx{conn};
        const auto rows = tx.exec(
            "SELECT h.hand_number, h.events FROM hands h JOIN tournament_tables t ON "
            "t.id = h.table_id WHERE t.tournament_id = " +
            std::to_string(persistence::raw(tournament)));
        for (const auto& row : rows) {
            const std::int64_t hand = row[0].as<std::int64_t>();
            auto events = decode_events(pqxx::binarystring(row[1]).str());
            EXPECT_TRUE(events.has_value()) << "hand " << hand << ": its stored events do not read back";
            if (!events) continue;
            ++hands;
            for (const v1::TableEvent& e : *events)
                learn(hand, e);
        }
    }

    // Whether `who` (a poker seat, a Polacco player, -1 for an observer) may hold every face `message`
    // carries. A hand not committed is not judged (returns true, counts nothing).
    bool allowed(const v1::ServerMessage& message, std::int64_t who) {
        std::int64_t hand = 0;
        if (message.has_table_event())
            hand = message.table_event().hand();
        else if (message.has_table_snapshot())
            hand = message.table_snapshot().has_poker() ? message.table_snapshot().poker().hand()
                                                        : message.table_snapshot().polacco().hand();
        const auto faces = protocol::testing::faces_in(message);
        if (faces.empty()) return true;
        if (!public_.contains(hand) && !dealt_.contains(hand)) return true;
        ++judged;
        for (std::uint32_t f : faces)
            if (!public_[hand].contains(f) && !dealt_[hand][who].contains(f)) return false;
        return true;
    }

    int hands = 0;
    int judged = 0;  // messages with faces judged against a committed hand

  private:
    void learn(std::int64_t hand, const v1::TableEvent& e) {
        if (e.has_card_dealt()) {
            const auto& c = e.card_dealt();
            if (!c.card().has_face()) return;
            if (c.target() == v1::CARD_TARGET_PLAYER && c.visibility() != v1::CARD_VISIBILITY_EVERYONE)
                dealt_[hand][c.seat()].insert(c.card().face());
            else if (c.target() != v1::CARD_TARGET_BURN)
                public_[hand].insert(c.card().face());
        } else if (e.has_cards_shown()) {
            for (std::uint32_t f : e.cards_shown().cards())
                public_[hand].insert(f);
        } else if (e.has_polacco_card_dealt()) {
            const auto& c = e.polacco_card_dealt();
            if (c.card().has_face()) dealt_[hand][c.to()].insert(c.card().face());
        } else if (e.has_cards_revealed()) {
            for (std::uint32_t f : e.cards_revealed().cards())
                public_[hand].insert(f);
        } else {
            dealt_[hand];  // the hand is known
        }
    }

    std::map<std::int64_t, std::set<std::uint32_t>> public_;
    std::map<std::int64_t, std::map<std::int64_t, std::set<std::uint32_t>>> dealt_;
};

}  // namespace tavolo::server::actors::testing
