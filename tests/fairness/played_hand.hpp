#pragma once
// Test helper: a hand of any game dealt from a provably fair seed (a fresh server secret mixed with
// client seeds), played to its end with random legal actions, exported to PHH with its proof.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/phh/export.hpp"
#include "engine/phh/writer.hpp"
#include "engine/poker/hand.hpp"
#include "fairness/proof.hpp"
#include "fairness/seed_random.hpp"

namespace tavolo::testing {

struct PlayedHand {
    engine::HandSetup setup;
    fairness::Seed seed{};
    std::vector<fairness::ClientSeed> client_seeds;
    engine::phh::HandHistory history;
    std::string text;         // the history as a .phh file
    int dealt_cards = 0;      // player and board cards the engine dealt
    bool reshuffled = false;  // the draw ran out of cards and reshuffled the discards
};

inline engine::Chips below(engine::SeededRandom& rng, engine::Chips n) {
    return static_cast<engine::Chips>(rng.uniform_below(static_cast<std::uint64_t>(n)));
}

// `players` on random seats of a 10-seat table, random button and stacks (some short).
inline engine::HandSetup fair_setup(engine::SeededRandom& rng, engine::Variant variant,
                                    engine::Betting betting, int players) {
    using namespace engine;
    HandSetup s;
    s.variant = variant;
    s.betting = betting;
    s.table_size = 10;
    s.hand_id = 1 + below(rng, 100000);
    s.big_blind = 20;
    s.small_blind = 10;
    std::vector<SeatIndex> seats;
    for (SeatIndex i = 0; i < 10; ++i)
        seats.push_back(i);
    for (int i = 9; i > 0; --i)
        std::swap(seats[static_cast<std::size_t>(i)],
                  seats[rng.uniform_below(static_cast<std::uint64_t>(i) + 1)]);
    seats.resize(static_cast<std::size_t>(players));
    std::sort(seats.begin(), seats.end());
    for (SeatIndex seat : seats)
        s.seats.push_back(
            SeatSetup{.seat = seat, .stack = rng.uniform_below(4) == 0 ? 15 + below(rng, 40) : 2000});
    const auto at = [&](std::size_t i) { return seats[i % seats.size()]; };
    const std::size_t b = rng.uniform_below(seats.size());
    s.button = at(b);
    s.small_blind_seat = players == 2 ? at(b) : at(b + 1);
    s.big_blind_seat = players == 2 ? at(b + 1) : at(b + 2);
    return s;
}

inline engine::Command random_action(engine::SeededRandom& rng, const engine::Hand& h,
                                     const engine::LegalActions& la) {
    using namespace engine;
    if (la.drawing) {
        CardSet d;
        for (Card c : h.hole_cards(la.seat)) {
            // Most cards go, so a six-handed draw sometimes runs the deck dry and reshuffles.
            if (d.size() < la.max_discards && rng.uniform_below(4) != 0) d.insert(c);
        }
        return Discard{d};
    }
    const auto r = rng.uniform_below(100);
    if (la.may_bet_or_raise && r < 25) return BetOrRaiseTo{la.min_to};
    if (r < 30 && la.may_fold && h.street() > 0) return Fold{};
    if (la.may_check) return Check{};
    if (la.may_call) return Call{};
    return Fold{};
}

// Plays one hand from the seed mixed from a new server secret and one client seed per seat
// (`with_mix`: the file also reveals the secret and the client seeds).
inline PlayedHand play_fair_hand(engine::SeededRandom& rng, engine::Variant variant, engine::Betting betting,
                                 int players, bool with_mix = true) {
    using namespace engine;
    PlayedHand p;
    p.setup = fair_setup(rng, variant, betting, players);
    const fairness::ServerSecret secret = fairness::make_server_secret();
    for (const SeatSetup& s : p.setup.seats) {
        std::vector<std::uint8_t> bytes(1 + rng.uniform_below(32));
        for (auto& b : bytes)
            b = static_cast<std::uint8_t>(rng.next_u64());
        p.client_seeds.push_back(fairness::ClientSeed{.seat = s.seat, .bytes = bytes});
    }
    p.seed = *fairness::mix_seed(secret, p.client_seeds);
    fairness::SeedRandom deck_source(p.seed);
    Hand hand(p.setup, deck_source);
    if (!hand.setup_error()) return p;  // the caller's verification fails on the empty history
    while (!hand.is_over()) {
        const LegalActions la = hand.legal_actions();
        if (!hand.act(la.seat, random_action(rng, hand, la))) break;  // never: the action is legal
    }
    for (const HandEvent& e : hand.events()) {
        const auto* d = std::get_if<CardDealt>(&e);
        if (d != nullptr && d->target != CardTarget::Burn) ++p.dealt_cards;
        if (std::holds_alternative<DeckReshuffled>(e)) p.reshuffled = true;
    }
    engine::phh::ShuffleProof proof;
    proof.seed = fairness::to_hex(p.seed);
    proof.commitment = fairness::commitment(p.seed);
    if (with_mix) {
        proof.server_secret = fairness::to_hex(secret);
        for (const auto& c : p.client_seeds)
            proof.client_seeds.push_back(fairness::client_seed_text(c));
    }
    p.history = engine::phh::history_of_hand(hand, p.setup, {}, &proof);
    p.text = engine::phh::write_hand(p.history);
    return p;
}

}  // namespace tavolo::testing
