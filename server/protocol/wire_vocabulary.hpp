#pragma once
// The engine's vocabulary in the wire protocol's terms (proto/tavolo.proto): games, structures,
// actions, card faces, Polacco's Punto and directions. One function per direction and concept, so
// every translation (events, snapshots, actions) names a thing the same way.
#include <cstdint>
#include <optional>

#include "engine/cards.hpp"
#include "engine/poker/events.hpp"
#include "engine/poker/hand_setup.hpp"
#include "engine/polacco/events.hpp"
#include "engine/polacco/punto.hpp"
#include "engine/view/poker_projection.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::protocol {

namespace v1 = ::tavolo::v1;

// A table on the wire: its tournament and its number there (v1::TableRef).
struct TableAddress {
    std::int64_t tournament_id = 0;
    std::int32_t table = 0;
    friend bool operator==(const TableAddress&, const TableAddress&) = default;
};

void set_table(v1::TableRef* out, const TableAddress& table);
// An empty TableEvent of `table`, hand `hand`: every table event starts so.
v1::TableEvent addressed_event(const TableAddress& table, std::int64_t hand);
TableAddress table_of(const v1::TableRef& ref);

// A card face on the wire is the engine's index, 0..51 (rank * 4 + suit).
std::uint32_t face_of(engine::Card card);
// Nothing for a number outside 0..51.
std::optional<engine::Card> card_of(std::uint32_t face);
// A face, or a card face down (no face) where the viewer may not see it.
void set_seen_card(v1::SeenCard* out, const engine::view::SeenCard& card);

v1::Game game_of(engine::Variant variant);
v1::Betting betting_of(engine::Betting betting);
v1::AnteMode ante_mode_of(engine::AnteMode mode);
v1::PokerActionKind action_kind_of(engine::Action action);
v1::BlindKind blind_kind_of(engine::BlindKind kind);
v1::CardTarget card_target_of(engine::CardTarget target);
v1::CardVisibility visibility_of(engine::Visibility visibility);
v1::CardVisibility visibility_of(const engine::polacco::Visibility& visibility);
// UNSPECIFIED for a hand won without showdown (HandValue{}).
v1::HandCategory hand_category_of(engine::HandValue value, bool showdown);

v1::Direction direction_of(engine::polacco::Direction direction);
// Nothing for UNSPECIFIED or an unknown value.
std::optional<engine::polacco::Direction> direction_of(v1::Direction direction);

void set_punto(v1::Punto* out, const engine::polacco::Punto& punto);
// The declaration the message names; nothing when a rank or suit is out of range, the category is
// unknown, or the combination is impossible (two pair naming one rank twice, a straight below five).
std::optional<engine::polacco::Punto> punto_of(const v1::Punto& punto);

}  // namespace tavolo::server::protocol
