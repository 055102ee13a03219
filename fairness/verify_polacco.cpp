#include "fairness/verify_polacco.hpp"

#include <variant>

#include "engine/deck.hpp"
#include "engine/phh/concat.hpp"
#include "engine/phh/shown_text.hpp"
#include "engine/polacco/record_check.hpp"
#include "fairness/seed_random.hpp"

namespace tavolo::fairness {

Verdict verify_polacco_hand(const Seed& seed, std::string_view commitment_hex,
                            const engine::polacco::HandSetup& setup,
                            const engine::polacco::Events& recorded) {
    using engine::phh::concat;
    Verdict verdict;
    const std::string expected = commitment(seed);
    if (commitment_hex != expected) {
        verdict.failure.reason =
            concat({"the commitment does not match the seed: the seed commits to ", expected,
                    ", the record says ", engine::phh::shown_text(commitment_hex)});
        return verdict;
    }
    verdict.commitment = expected;
    if (auto ok = engine::polacco::check_record(setup, recorded); !ok) {
        verdict.failure.reason =
            concat({"event ", std::to_string(ok.error().event), ": ", ok.error().reason});
        return verdict;
    }
    SeedRandom rng(seed);
    engine::Deck deck;
    deck.shuffle(rng);
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        const auto* dealt = std::get_if<engine::polacco::CardDealt>(&recorded[i]);
        if (dealt == nullptr) continue;
        const engine::Card card = deck.deal();
        if (!dealt->card) {
            ++verdict.hidden_cards;
            continue;
        }
        if (*dealt->card != card) {
            verdict.failure.reason =
                concat({"event ", std::to_string(i), ": the card dealt to player ", std::to_string(dealt->to),
                        " is ", dealt->card->to_string(), ", but the seed deals ", card.to_string()});
            return verdict;
        }
        ++verdict.cards_checked;
    }
    verdict.verified = true;
    return verdict;
}

}  // namespace tavolo::fairness
