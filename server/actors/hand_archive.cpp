#include "server/actors/hand_archive.hpp"

#include "engine/view/poker_projection.hpp"
#include "engine/view/polacco_projection.hpp"
#include "server/protocol/poker_events.hpp"
#include "server/protocol/polacco_events.hpp"

namespace tavolo::server::actors {

namespace {

void append_delimited(std::string& out, const protocol::v1::TableEvent& event) {
    const std::string bytes = event.SerializeAsString();
    std::uint64_t n = bytes.size();
    while (n >= 0x80) {
        out.push_back(static_cast<char>((n & 0x7f) | 0x80));
        n >>= 7;
    }
    out.push_back(static_cast<char>(n));
    out += bytes;
}

}  // namespace

std::string encode_poker_events(std::span<const engine::HandEvent> events,
                                const protocol::TableAddress& table, engine::HandId hand) {
    const auto reviewer = engine::view::PokerViewer::operator_after_hand();
    std::string out;
    for (const engine::HandEvent& e : events)
        append_delimited(out, protocol::table_event(engine::view::project(e, reviewer), table, hand));
    return out;
}

std::string encode_polacco_events(const engine::polacco::Events& events, const protocol::TableAddress& table,
                                  std::int64_t hand) {
    const auto reviewer = engine::view::PolaccoViewer::operator_after_hand();
    std::string out;
    for (const engine::polacco::Event& e : events)
        append_delimited(out, protocol::table_event(engine::view::project(e, reviewer), table, hand));
    return out;
}

std::optional<std::vector<protocol::v1::TableEvent>> decode_events(std::string_view bytes) {
    std::vector<protocol::v1::TableEvent> out;
    std::size_t at = 0;
    while (at < bytes.size()) {
        std::uint64_t n = 0;
        int shift = 0;
        for (;;) {
            if (at >= bytes.size() || shift > 56) return std::nullopt;
            const auto b = static_cast<unsigned char>(bytes[at++]);
            n |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if ((b & 0x80) == 0) break;
            shift += 7;
        }
        if (n > bytes.size() - at) return std::nullopt;
        protocol::v1::TableEvent event;
        if (!event.ParseFromArray(bytes.data() + at, static_cast<int>(n))) return std::nullopt;
        out.push_back(std::move(event));
        at += n;
    }
    return out;
}

}  // namespace tavolo::server::actors
