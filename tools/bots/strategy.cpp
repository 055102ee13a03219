#include "tools/bots/strategy.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "engine/polacco/punto.hpp"
#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::bots {

namespace {

namespace pl = engine::polacco;

constexpr int kJack = 9;  // rank index: 0 = two ... 12 = ace
constexpr int kAce = 12;
constexpr int kRandomDeclarationSpread = 12;  // random declares up to this many steps above the lowest

int rank_of(std::uint32_t face) {
    return static_cast<int>(face / 4);
}

template <class T>
T pick(const std::vector<T>& options, Rng& rng) {
    return options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(rng)];
}

bool chance(Rng& rng, double p) {
    return std::bernoulli_distribution(p)(rng);
}

v1::PokerCommand fold() {
    v1::PokerCommand c;
    c.mutable_fold();
    return c;
}
v1::PokerCommand check() {
    v1::PokerCommand c;
    c.mutable_check();
    return c;
}
v1::PokerCommand call() {
    v1::PokerCommand c;
    c.mutable_call();
    return c;
}
v1::PokerCommand raise_to(std::int64_t amount) {
    v1::PokerCommand c;
    c.set_bet_or_raise_to(amount);
    return c;
}

bool may_raise(const v1::PokerLegalActions& legal) {
    return legal.may_bet_or_raise() && legal.min_to() > 0 && legal.min_to() <= legal.max_to();
}

// What costs least: check, call, fold, the smallest bet. Every betting decision allows one of them.
v1::PokerCommand passive(const v1::PokerLegalActions& legal) {
    if (legal.may_check()) return check();
    if (legal.may_call()) return call();
    if (legal.may_fold()) return fold();
    return raise_to(legal.min_to());
}

// Draw: the cards to throw, each held, at most max_discards.
v1::PokerCommand discard(std::vector<std::uint32_t> cards, const v1::PokerLegalActions& legal) {
    v1::PokerCommand c;
    auto* list = c.mutable_discard();
    const auto limit = static_cast<std::size_t>(std::max(0, legal.max_discards()));
    if (cards.size() > limit) cards.resize(limit);
    for (std::uint32_t face : cards)
        list->add_cards(face);
    return c;
}

v1::PokerCommand draw(Strategy strategy, const v1::PokerLegalActions& legal,
                      std::span<const std::uint32_t> own, Rng& rng) {
    std::vector<std::uint32_t> thrown;
    if (strategy == Strategy::Random) {
        for (std::uint32_t face : own)
            if (chance(rng, 0.5)) thrown.push_back(face);
    } else if (strategy == Strategy::Tight) {
        // Keep pairs and better, throw the rest lowest first.
        std::array<int, 13> count{};
        for (std::uint32_t face : own)
            ++count[rank_of(face)];
        for (std::uint32_t face : own)
            if (count[rank_of(face)] == 1) thrown.push_back(face);
        std::ranges::sort(thrown, {}, rank_of);
    }
    return discard(std::move(thrown), legal);
}

v1::PokerCommand bet_randomly(const v1::PokerLegalActions& legal, Rng& rng) {
    std::vector<int> kinds;  // 0 fold, 1 check, 2 call, 3 bet or raise
    if (legal.may_fold()) kinds.push_back(0);
    if (legal.may_check()) kinds.push_back(1);
    if (legal.may_call()) kinds.push_back(2);
    if (may_raise(legal)) kinds.push_back(3);
    if (kinds.empty()) return passive(legal);
    switch (pick(kinds, rng)) {
        case 0:
            return fold();
        case 1:
            return check();
        case 2:
            return call();
        default:
            if (chance(rng, 0.25)) return raise_to(legal.max_to());
            return raise_to(std::uniform_int_distribution<std::int64_t>(legal.min_to(), legal.max_to())(rng));
    }
}

v1::PokerCommand bet_tightly(const v1::PokerLegalActions& legal, std::span<const std::uint32_t> own,
                             std::span<const std::uint32_t> board, Rng& rng) {
    if (!strong_hand(own, board)) {
        if (legal.may_check()) return check();
        if (legal.may_fold()) return fold();
        return passive(legal);
    }
    if (may_raise(legal) && chance(rng, 0.5)) return raise_to(legal.min_to());
    return passive(legal);
}

// ---- Polacco ----------------------------------------------------------------------------------------

v1::PolaccoCommand direction(v1::Direction d) {
    v1::PolaccoCommand c;
    c.set_choose_direction(d);
    return c;
}
v1::PolaccoCommand doubt() {
    v1::PolaccoCommand c;
    c.mutable_doubt();
    return c;
}
v1::PolaccoCommand pass() {
    v1::PolaccoCommand c;
    c.mutable_pass();
    return c;
}
v1::PolaccoCommand declare(const pl::Punto& punto) {
    v1::PolaccoCommand c;
    server::protocol::set_punto(c.mutable_declare(), punto);
    return c;
}

std::optional<pl::Punto> lowest_of(const v1::PolaccoLegalActions& legal) {
    if (!legal.declare() || !legal.has_lowest_declaration()) return std::nullopt;
    return server::protocol::punto_of(legal.lowest_declaration());
}

// A declaration between the lowest allowed and a few steps above it; the lowest's own suit for a
// straight flush at its step (any suit of an equal step would do).
pl::Punto random_declaration(const pl::Punto& lowest, Rng& rng) {
    const int top = std::min(lowest.step() + kRandomDeclarationSpread, pl::kLadderSteps - 1);
    const int step = std::uniform_int_distribution<int>(lowest.step(), top)(rng);
    if (step == lowest.step()) return lowest;
    return pl::Punto::from_step(step).value_or(lowest);
}

engine::CardSet card_set(std::span<const std::uint32_t> faces) {
    engine::CardSet set;
    for (std::uint32_t face : faces)
        if (face < 52) set.insert(engine::Card::from_index(static_cast<int>(face)));
    return set;
}

}  // namespace

std::optional<Strategy> strategy_of(std::string_view name) {
    if (name == "random") return Strategy::Random;
    if (name == "calling") return Strategy::Calling;
    if (name == "tight") return Strategy::Tight;
    return std::nullopt;
}

std::string to_string(Strategy strategy) {
    switch (strategy) {
        case Strategy::Random:
            return "random";
        case Strategy::Calling:
            return "calling";
        case Strategy::Tight:
            return "tight";
    }
    return "unknown";
}

bool strong_hand(std::span<const std::uint32_t> own, std::span<const std::uint32_t> board) {
    std::array<int, 13> count{};
    for (std::uint32_t face : own)
        ++count[rank_of(face) % 13];
    for (std::uint32_t face : board)
        ++count[rank_of(face) % 13];
    for (std::uint32_t face : own)
        if (count[rank_of(face) % 13] >= 2) return true;
    if (!board.empty() || own.empty() || own.size() > 2) return false;
    const bool high = std::ranges::all_of(own, [](std::uint32_t f) { return rank_of(f) >= kJack; });
    const bool ace = std::ranges::any_of(own, [](std::uint32_t f) { return rank_of(f) == kAce; });
    return high || ace;
}

v1::PokerCommand choose_poker(Strategy strategy, const v1::PokerLegalActions& legal,
                              std::span<const std::uint32_t> own, std::span<const std::uint32_t> board,
                              Rng& rng) {
    if (legal.drawing()) return draw(strategy, legal, own, rng);
    switch (strategy) {
        case Strategy::Random:
            return bet_randomly(legal, rng);
        case Strategy::Calling:
            return passive(legal);
        case Strategy::Tight:
            return bet_tightly(legal, own, board, rng);
    }
    return passive(legal);
}

v1::PolaccoCommand choose_polacco(Strategy strategy, const v1::PolaccoLegalActions& legal,
                                  std::span<const std::uint32_t> own, Rng& rng) {
    if (legal.choose_direction()) {
        if (strategy == Strategy::Random && chance(rng, 0.5)) return direction(v1::DIRECTION_ANTICLOCKWISE);
        return direction(v1::DIRECTION_CLOCKWISE);
    }
    const std::optional<pl::Punto> lowest = lowest_of(legal);
    if (strategy == Strategy::Random) {
        std::vector<int> kinds;  // 0 declare, 1 doubt, 2 pass
        if (lowest) kinds.push_back(0);
        if (legal.doubt()) kinds.push_back(1);
        if (legal.pass()) kinds.push_back(2);
        if (!kinds.empty()) {
            const int kind = pick(kinds, rng);
            if (kind == 0) return declare(random_declaration(*lowest, rng));
            if (kind == 1) return doubt();
            return pass();
        }
    }
    const bool backed = lowest && lowest->present_in(card_set(own));
    if (strategy == Strategy::Tight && legal.doubt() && !backed) return doubt();
    if (lowest) return declare(*lowest);
    if (legal.doubt()) return doubt();
    return pass();
}

}  // namespace tavolo::bots
