#include "server/cluster/table_wire.hpp"

#include <set>
#include <type_traits>

namespace tavolo::server::cluster {

namespace {

using Kind = wire::DirectorOrder::Kind;

void put(wire::WireSeat& out, engine::SeatIndex seat, const engine::TablePlayer& p) {
    out.set_seat(seat);
    out.set_entrant(p.entrant);
    out.set_stack(p.stack);
    out.set_sitting_out(p.sitting_out);
    out.set_disconnected(p.disconnected);
    out.set_excluded_hands(p.excluded_hands);
    out.set_waiting(p.waiting);
    out.set_busted(p.busted);
}

engine::ReportedSeat seat_of(const wire::WireSeat& in) {
    engine::ReportedSeat out;
    out.seat = static_cast<engine::SeatIndex>(in.seat());
    out.player.entrant = in.entrant();
    out.player.stack = in.stack();
    out.player.sitting_out = in.sitting_out();
    out.player.disconnected = in.disconnected();
    out.player.excluded_hands = in.excluded_hands();
    out.player.waiting = in.waiting();
    out.player.busted = in.busted();
    return out;
}

template <class E>
std::expected<E, std::string> enum_of(std::int64_t value, int last, const char* what) {
    if (value < 0 || value > last)
        return std::unexpected(std::string(what) + " " + std::to_string(value) + " is unknown");
    return static_cast<E>(value);
}

}  // namespace

wire::DirectorOrder to_wire(const engine::DirectorMessage& message) {
    wire::DirectorOrder out;
    out.set_table(engine::addressee(message));
    std::visit(
        [&out](const auto& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<M, engine::OpenTable>) {
                out.set_kind(wire::DirectorOrder::KIND_OPEN_TABLE);
                out.set_number(m.size);
                out.set_variant(static_cast<int>(m.variant));
                out.set_betting(static_cast<int>(m.betting));
                for (const auto& p : m.players)
                    put(*out.add_players(), p.seat, p.player);
            } else if constexpr (std::is_same_v<M, engine::StandUp>) {
                out.set_kind(wire::DirectorOrder::KIND_STAND_UP);
                out.set_number(m.seat);
                out.set_entrant(m.entrant);
                out.set_move(m.move);
                out.set_flag(m.breaking);
            } else if constexpr (std::is_same_v<M, engine::SeatPlayer>) {
                out.set_kind(wire::DirectorOrder::KIND_SEAT_PLAYER);
                out.set_number(m.seat);
                put(*out.add_players(), m.seat, m.player);
                out.set_move(m.move);
                out.set_flag(m.breaking);
            } else if constexpr (std::is_same_v<M, engine::CloseTable>) {
                out.set_kind(wire::DirectorOrder::KIND_CLOSE_TABLE);
            } else if constexpr (std::is_same_v<M, engine::SetLevel>) {
                out.set_kind(wire::DirectorOrder::KIND_SET_LEVEL);
                out.set_number(m.level);
                out.set_small_blind(m.stakes.small_blind);
                out.set_big_blind(m.stakes.big_blind);
                out.set_ante(m.stakes.ante);
                out.set_variant(static_cast<int>(m.stakes.ante_mode));
            } else if constexpr (std::is_same_v<M, engine::StartHand>) {
                out.set_kind(wire::DirectorOrder::KIND_START_HAND);
                out.set_number(m.hand);
                out.set_flag(m.rebuys_open);
            } else if constexpr (std::is_same_v<M, engine::Wait>) {
                out.set_kind(wire::DirectorOrder::KIND_WAIT);
                out.set_value(static_cast<int>(m.reason));
            } else if constexpr (std::is_same_v<M, engine::PauseForBreak>) {
                out.set_kind(wire::DirectorOrder::KIND_PAUSE_FOR_BREAK);
                out.set_value(m.until_ms);
            } else {
                static_assert(std::is_same_v<M, engine::OfferAddOn>);
                out.set_kind(wire::DirectorOrder::KIND_OFFER_ADD_ON);
                out.set_value(m.chips);
            }
        },
        message);
    return out;
}

std::expected<engine::DirectorMessage, std::string> from_wire(const wire::DirectorOrder& in) {
    const engine::TableId table = in.table();
    const auto seat = static_cast<engine::SeatIndex>(in.number());
    switch (in.kind()) {
        case wire::DirectorOrder::KIND_OPEN_TABLE: {
            auto variant = enum_of<engine::Variant>(in.variant(), 2, "variant");
            auto betting = enum_of<engine::Betting>(in.betting(), 2, "betting");
            if (!variant) return std::unexpected(variant.error());
            if (!betting) return std::unexpected(betting.error());
            engine::OpenTable open{table, static_cast<int>(in.number()), *variant, *betting, {}};
            for (const auto& p : in.players())
                open.players.push_back(seat_of(p));
            return open;
        }
        case wire::DirectorOrder::KIND_STAND_UP:
            return engine::StandUp{table, seat, in.entrant(), in.move(), in.flag()};
        case wire::DirectorOrder::KIND_SEAT_PLAYER:
            if (in.players_size() != 1) return std::unexpected(std::string("a SeatPlayer names one player"));
            return engine::SeatPlayer{table, seat, seat_of(in.players(0)).player, in.move(), in.flag()};
        case wire::DirectorOrder::KIND_CLOSE_TABLE:
            return engine::CloseTable{table};
        case wire::DirectorOrder::KIND_SET_LEVEL: {
            auto ante = enum_of<engine::AnteMode>(in.variant(), 2, "ante mode");
            if (!ante) return std::unexpected(ante.error());
            return engine::SetLevel{table, static_cast<int>(in.number()),
                                    engine::Stakes{in.small_blind(), in.big_blind(), in.ante(), *ante}};
        }
        case wire::DirectorOrder::KIND_START_HAND:
            return engine::StartHand{table, static_cast<engine::HandId>(in.number()), in.flag()};
        case wire::DirectorOrder::KIND_WAIT: {
            auto reason = enum_of<engine::WaitReason>(in.value(), 2, "wait reason");
            if (!reason) return std::unexpected(reason.error());
            return engine::Wait{table, *reason};
        }
        case wire::DirectorOrder::KIND_PAUSE_FOR_BREAK:
            return engine::PauseForBreak{table, in.value()};
        case wire::DirectorOrder::KIND_OFFER_ADD_ON:
            return engine::OfferAddOn{table, in.value()};
        default:
            return std::unexpected("director message kind " + std::to_string(in.kind()) + " is unknown");
    }
}

std::vector<wire::WireEntrant> entrants_seated(const std::vector<engine::DirectorMessage>& messages,
                                               const actors::Roster& roster) {
    std::set<engine::EntrantId> seated;
    for (const auto& m : messages) {
        if (const auto* open = std::get_if<engine::OpenTable>(&m))
            for (const auto& p : open->players)
                seated.insert(p.player.entrant);
        else if (const auto* seat = std::get_if<engine::SeatPlayer>(&m))
            seated.insert(seat->player.entrant);
    }
    std::vector<wire::WireEntrant> out;
    for (const engine::EntrantId e : seated) {
        const actors::RosterEntry* entry = roster.find(e);
        if (entry == nullptr) continue;
        wire::WireEntrant& w = out.emplace_back();
        w.set_entrant(e);
        w.set_account(entry->account);
        w.set_registration(persistence::raw(entry->registration));
        w.set_name(entry->name);
    }
    return out;
}

wire::WireMoveNotice to_wire(const actors::MoveNotice& notice) {
    wire::WireMoveNotice out;
    out.set_move(notice.move);
    out.set_account(notice.account);
    if (notice.frame) out.set_frame(*notice.frame);
    return out;
}

actors::MoveNotice from_wire(const wire::WireMoveNotice& notice) {
    return {notice.move(), notice.account(), std::make_shared<const std::string>(notice.frame())};
}

}  // namespace tavolo::server::cluster
