#include "server/protocol/wire_vocabulary.hpp"

namespace tavolo::server::protocol {

namespace pl = engine::polacco;

void set_table(v1::TableRef* out, const TableAddress& table) {
    out->set_tournament_id(table.tournament_id);
    out->set_table(table.table);
}

v1::TableEvent addressed_event(const TableAddress& table, std::int64_t hand) {
    v1::TableEvent out;
    set_table(out.mutable_table(), table);
    out.set_hand(hand);
    return out;
}

TableAddress table_of(const v1::TableRef& ref) {
    return {ref.tournament_id(), ref.table()};
}

std::uint32_t face_of(engine::Card card) {
    return static_cast<std::uint32_t>(card.index());
}

std::optional<engine::Card> card_of(std::uint32_t face) {
    if (face >= static_cast<std::uint32_t>(engine::kDeckSize)) return std::nullopt;
    return engine::Card::from_index(static_cast<int>(face));
}

void set_seen_card(v1::SeenCard* out, const engine::view::SeenCard& card) {
    if (card) out->set_face(face_of(*card));
}

v1::Game game_of(engine::Variant variant) {
    switch (variant) {
        case engine::Variant::Holdem:
            return v1::GAME_HOLDEM;
        case engine::Variant::FiveCardStud:
            return v1::GAME_STUD;
        case engine::Variant::FiveCardDraw:
            return v1::GAME_DRAW;
    }
    return v1::GAME_UNSPECIFIED;
}

v1::Betting betting_of(engine::Betting betting) {
    switch (betting) {
        case engine::Betting::NoLimit:
            return v1::BETTING_NO_LIMIT;
        case engine::Betting::PotLimit:
            return v1::BETTING_POT_LIMIT;
        case engine::Betting::Limit:
            return v1::BETTING_LIMIT;
    }
    return v1::BETTING_UNSPECIFIED;
}

v1::AnteMode ante_mode_of(engine::AnteMode mode) {
    switch (mode) {
        case engine::AnteMode::None:
            return v1::ANTE_MODE_NONE;
        case engine::AnteMode::Classic:
            return v1::ANTE_MODE_CLASSIC;
        case engine::AnteMode::BigBlind:
            return v1::ANTE_MODE_BIG_BLIND;
    }
    return v1::ANTE_MODE_UNSPECIFIED;
}

v1::PokerActionKind action_kind_of(engine::Action action) {
    switch (action) {
        case engine::Action::Fold:
            return v1::POKER_ACTION_KIND_FOLD;
        case engine::Action::Check:
            return v1::POKER_ACTION_KIND_CHECK;
        case engine::Action::Call:
            return v1::POKER_ACTION_KIND_CALL;
        case engine::Action::Bet:
            return v1::POKER_ACTION_KIND_BET;
        case engine::Action::Raise:
            return v1::POKER_ACTION_KIND_RAISE;
    }
    return v1::POKER_ACTION_KIND_UNSPECIFIED;
}

v1::BlindKind blind_kind_of(engine::BlindKind kind) {
    return kind == engine::BlindKind::Small ? v1::BLIND_KIND_SMALL : v1::BLIND_KIND_BIG;
}

v1::CardTarget card_target_of(engine::CardTarget target) {
    switch (target) {
        case engine::CardTarget::Player:
            return v1::CARD_TARGET_PLAYER;
        case engine::CardTarget::Board:
            return v1::CARD_TARGET_BOARD;
        case engine::CardTarget::Burn:
            return v1::CARD_TARGET_BURN;
    }
    return v1::CARD_TARGET_UNSPECIFIED;
}

v1::CardVisibility visibility_of(engine::Visibility visibility) {
    switch (visibility) {
        case engine::Visibility::Owner:
            return v1::CARD_VISIBILITY_OWNER;
        case engine::Visibility::Everyone:
            return v1::CARD_VISIBILITY_EVERYONE;
        case engine::Visibility::Nobody:
            return v1::CARD_VISIBILITY_NOBODY;
    }
    return v1::CARD_VISIBILITY_UNSPECIFIED;
}

v1::CardVisibility visibility_of(const pl::Visibility& visibility) {
    return visibility.only ? v1::CARD_VISIBILITY_OWNER : v1::CARD_VISIBILITY_EVERYONE;
}

v1::HandCategory hand_category_of(engine::HandValue value, bool showdown) {
    if (!showdown || value == engine::HandValue{}) return v1::HAND_CATEGORY_UNSPECIFIED;
    // The wire enum lists the engine's categories in the same order, from 1.
    return static_cast<v1::HandCategory>(static_cast<int>(value.category()) + 1);
}

v1::Direction direction_of(pl::Direction direction) {
    return direction == pl::Direction::Clockwise ? v1::DIRECTION_CLOCKWISE : v1::DIRECTION_ANTICLOCKWISE;
}

std::optional<pl::Direction> direction_of(v1::Direction direction) {
    if (direction == v1::DIRECTION_CLOCKWISE) return pl::Direction::Clockwise;
    if (direction == v1::DIRECTION_ANTICLOCKWISE) return pl::Direction::Anticlockwise;
    return std::nullopt;
}

void set_punto(v1::Punto* out, const pl::Punto& punto) {
    // The wire enum lists the engine's categories in the same order, from 1.
    out->set_kind(static_cast<v1::PuntoKind>(static_cast<int>(punto.kind()) + 1));
    out->set_primary_rank(static_cast<std::uint32_t>(punto.primary()));
    out->set_secondary_rank(static_cast<std::uint32_t>(punto.secondary()));
    out->set_suit(punto.kind() == pl::PuntoKind::StraightFlush ? static_cast<std::uint32_t>(punto.suit())
                                                               : 0U);
}

std::optional<pl::Punto> punto_of(const v1::Punto& punto) {
    if (punto.primary_rank() >= static_cast<std::uint32_t>(engine::kRanks) ||
        punto.secondary_rank() >= static_cast<std::uint32_t>(engine::kRanks) ||
        punto.suit() >= static_cast<std::uint32_t>(engine::kSuits))
        return std::nullopt;
    const auto primary = static_cast<engine::Rank>(punto.primary_rank());
    const auto secondary = static_cast<engine::Rank>(punto.secondary_rank());
    const auto suit = static_cast<engine::Suit>(punto.suit());
    std::optional<pl::Punto> out;
    switch (punto.kind()) {
        case v1::PUNTO_KIND_HIGH_CARD:
            out = pl::Punto::high_card(primary);
            break;
        case v1::PUNTO_KIND_PAIR:
            out = pl::Punto::pair(primary);
            break;
        case v1::PUNTO_KIND_STRAIGHT:
            out = pl::Punto::straight(primary);
            break;
        case v1::PUNTO_KIND_TWO_PAIR:
            out = pl::Punto::two_pair(primary, secondary);
            break;
        case v1::PUNTO_KIND_THREE_OF_A_KIND:
            out = pl::Punto::three_of_a_kind(primary);
            break;
        case v1::PUNTO_KIND_FULL_HOUSE:
            out = pl::Punto::full_house(primary, secondary);
            break;
        case v1::PUNTO_KIND_FOUR_OF_A_KIND:
            out = pl::Punto::four_of_a_kind(primary);
            break;
        case v1::PUNTO_KIND_STRAIGHT_FLUSH:
            out = pl::Punto::straight_flush(primary, suit);
            break;
        default:
            return std::nullopt;
    }
    if (out && !out->on_ladder()) return std::nullopt;
    return out;
}

}  // namespace tavolo::server::protocol
