#pragma once
// A table's chat lines as an operator may still remove them (issue 12 item 5): each line numbered from 1
// as it is shown, the newest kept; shared by the poker and the Polacco table actors, on their strands.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "server/protocol/wire_vocabulary.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::actors {

class ChatLog {
  public:
    // The newest lines an operator may still remove: older ones have scrolled out of every client's view.
    static constexpr std::size_t kKept = 500;

    // The line with its id, remembered.
    ::tavolo::v1::ChatLine numbered(::tavolo::v1::ChatLine line) {
        line.set_id(++last_);
        shown_.push_back({last_, line.from() + ": " + line.text()});
        if (shown_.size() > kKept) shown_.pop_front();
        return line;
    }

    // Forgets line `id` and says what it said ("NAME: text"), or nothing when it is not shown (any more).
    std::optional<std::string> remove(std::uint64_t id) {
        const auto it =
            std::find_if(shown_.begin(), shown_.end(), [id](const Shown& s) { return s.id == id; });
        if (it == shown_.end()) return std::nullopt;
        std::string said = std::move(it->said);
        shown_.erase(it);
        return said;
    }

  private:
    struct Shown {
        std::uint64_t id = 0;
        std::string said;
    };
    std::uint64_t last_ = 0;
    std::deque<Shown> shown_;
};

// What a table's viewers receive when an operator removes line `id` (table_seq: the table's current one).
inline ::tavolo::v1::ServerMessage chat_removed_message(const protocol::TableAddress& table,
                                                        std::uint64_t table_seq, std::uint64_t id,
                                                        const std::string& reason) {
    ::tavolo::v1::ServerMessage out;
    out.set_table_seq(table_seq);
    ::tavolo::v1::ChatRemoved* removed = out.mutable_chat_removed();
    protocol::set_table(removed->mutable_table(), table);
    removed->set_id(id);
    removed->set_reason(reason);
    return out;
}

}  // namespace tavolo::server::actors
