#include "tools/client/table_tracker.hpp"

#include "tools/client/card_check.hpp"
#include "tools/client/table_fold.hpp"

namespace tavolo::client {

std::string to_string(ProblemKind kind) {
    switch (kind) {
        case ProblemKind::SequenceGap:
            return "sequence gap";
        case ProblemKind::HiddenCard:
            return "card the player may not see";
        case ProblemKind::Malformed:
            return "malformed message";
    }
    return "unknown problem";
}

TableKey key_of(const v1::TableRef& ref) {
    return TableKey{ref.tournament_id(), ref.table()};
}

std::string to_string(const TableKey& key) {
    return "table " + std::to_string(key.tournament_id) + "/" + std::to_string(key.table);
}

const v1::TableRef* table_of(const v1::ServerMessage& message) {
    switch (message.body_case()) {
        case v1::ServerMessage::kTableSnapshot:
            return &message.table_snapshot().table();
        case v1::ServerMessage::kTableEvent:
            return &message.table_event().table();
        case v1::ServerMessage::kChatLine:
            return &message.chat_line().table();
        case v1::ServerMessage::kError:
            // An error is a table's message only when the table sent it (it then has a sequence number);
            // an error naming a table the server does not know carries table_seq 0.
            return message.error().has_table() && message.table_seq() != 0 ? &message.error().table()
                                                                           : nullptr;
        default:
            return nullptr;
    }
}

// "TableEvent.hand_started", "TableSnapshot": what a problem's message was, for its text.
std::string message_kind(const v1::ServerMessage& message) {
    const auto* body = message.GetDescriptor()->FindFieldByNumber(static_cast<int>(message.body_case()));
    if (body == nullptr) return "an empty message";
    std::string kind = body->message_type() ? body->message_type()->name() : body->name();
    if (message.has_error())
        kind += " " + v1::ErrorCode_Name(message.error().code()) + " \"" + message.error().message() + "\"";
    if (message.has_table_event()) {
        const v1::TableEvent& e = message.table_event();
        if (const auto* event = e.GetDescriptor()->FindFieldByNumber(static_cast<int>(e.event_case())))
            kind += "." + event->name();
    }
    return kind;
}

// ---- TableTracker --------------------------------------------------------------------------------------

std::expected<Folded, Problem> TableTracker::on_message(const v1::ServerMessage& message) {
    const std::uint64_t seq = message.table_seq();
    const bool snapshot = message.has_table_snapshot();
    if (!has_snapshot_ && !snapshot && expect_snapshot_) {
        const TableKey key = table_of(message) ? key_of(*table_of(message)) : TableKey{};
        return std::unexpected(
            Problem{ProblemKind::SequenceGap, to_string(key) + ": table_seq " + std::to_string(seq) +
                                                  " before the snapshot of a table moved to (" +
                                                  message_kind(message) + ")"});
    }
    if (!has_snapshot_ && !snapshot) return Folded::Dropped;
    // A refusal or a chat line is said at the table's current number and does not advance it
    // (proto/tavolo.proto, ServerMessage.table_seq): only the one player refused receives it.
    // An error may also come from a table whose stream this player no longer receives (he busted
    // out, then an action of his was refused): its number is then past the last he saw, never before.
    if (has_snapshot_ && message.has_error() && seq >= last_seq_) return Folded::Applied;
    if (has_snapshot_ && message.has_chat_line() && seq == last_seq_) return Folded::Applied;
    // A second re-attach (a log in after a resume on one connection) sends the table again at the
    // number already seen: the same state, taken as it comes.
    const bool again = has_snapshot_ && snapshot && seq == last_seq_;
    if (again) {
        if (auto checked = check_and_fold(message); !checked) return std::unexpected(checked.error());
        return Folded::Applied;
    }
    // A snapshot numbered below the last replaces the table: a table resumed after a restart, or taken
    // over by another node (docs/SCALING.md), numbers its stream from 1 again. One ahead of the next
    // number is still a gap.
    const bool restarted = has_snapshot_ && snapshot && seq < last_seq_;
    if (has_snapshot_ && !restarted && seq != last_seq_ + 1) {
        const TableKey key = table_of(message) ? key_of(*table_of(message)) : TableKey{};
        return std::unexpected(Problem{ProblemKind::SequenceGap,
                                       to_string(key) + ": table_seq " + std::to_string(seq) + " after " +
                                           std::to_string(last_seq_) + " (" + message_kind(message) + ")"});
    }
    if (auto checked = check_and_fold(message); !checked) return std::unexpected(checked.error());
    has_snapshot_ = true;
    last_seq_ = seq;
    return Folded::Applied;
}

std::expected<void, Problem> TableTracker::check_and_fold(const v1::ServerMessage& message) {
    if (message.has_table_snapshot()) {
        const v1::TableSnapshot& snapshot = message.table_snapshot();
        if (!snapshot.has_poker() && !snapshot.has_polacco())
            return std::unexpected(Problem{
                ProblemKind::Malformed, to_string(key_of(snapshot.table())) + ": a snapshot without a game"});
        if (auto leak = check_snapshot_cards(snapshot)) {
            leak->text = to_string(key_of(snapshot.table())) + ", " + leak->text;
            return std::unexpected(*leak);
        }
        state_ = snapshot;
        draw_ = DrawReplacement{};
        return {};
    }
    if (message.has_table_event()) {
        if (auto leak = check_event_cards(message.table_event(), state_)) {
            leak->text = to_string(key_of(message.table_event().table())) + " seq " +
                         std::to_string(message.table_seq()) + ", " + leak->text;
            return std::unexpected(*leak);
        }
        fold(state_, message.table_event(), draw_);
    }
    return {};  // a chat line or an error: in sequence, nothing to fold
}

std::int64_t TableTracker::hand() const {
    if (state_.has_poker()) return state_.poker().hand();
    if (state_.has_polacco()) return state_.polacco().hand();
    return 0;
}

const v1::PokerLegalActions* TableTracker::poker_legal() const {
    if (!state_.has_poker() || !state_.poker().in_hand() || !state_.poker().has_legal()) return nullptr;
    const auto& t = state_.poker();
    if (t.legal().decision() != t.decision() || t.to_act() != state_.your_seat() || t.to_act() < 0)
        return nullptr;
    return &t.legal();
}

const v1::PolaccoLegalActions* TableTracker::polacco_legal() const {
    if (!state_.has_polacco() || !state_.polacco().in_hand() || !state_.polacco().has_legal()) return nullptr;
    const auto& t = state_.polacco();
    if (t.legal().decision() != t.decision() || t.to_act() != state_.your_player() || t.to_act() < 0)
        return nullptr;
    return &t.legal();
}

std::vector<std::uint32_t> TableTracker::own_cards() const {
    std::vector<std::uint32_t> faces;
    auto collect = [&](const auto& cards) {
        for (const auto& card : cards)
            if (card.has_face()) faces.push_back(card.face());
    };
    if (state_.has_poker())
        for (const auto& seat : state_.poker().seats())
            if (seat.seat() == state_.your_seat() && seat.seat() >= 0) collect(seat.cards());
    if (state_.has_polacco())
        for (const auto& seat : state_.polacco().seats())
            if (seat.player() == state_.your_player() && seat.player() >= 0) collect(seat.cards());
    return faces;
}

// ---- TableBook -----------------------------------------------------------------------------------------

std::expected<Folded, Problem> TableBook::on_message(const v1::ServerMessage& message) {
    if (message.has_tournament_event() && message.tournament_event().has_moved()) {
        // Moved (balancing or breaking): the old table's stream has ended for this player, and the new
        // one starts with the snapshot that follows (he may have sat there before: a fresh start).
        const v1::MovedTable& moved = message.tournament_event().moved();
        tables_.erase(key_of(moved.from()));
        tables_[key_of(moved.to())].expect_snapshot();
        return Folded::Applied;
    }
    const v1::TableRef* table = table_of(message);
    const bool table_body =
        message.has_table_snapshot() || message.has_table_event() || message.has_chat_line();
    if (table == nullptr) {
        if (message.table_seq() != 0 && !message.has_error())
            return std::unexpected(Problem{
                ProblemKind::Malformed,
                "table_seq " + std::to_string(message.table_seq()) + " on a message that is not a table's"});
        return Folded::Applied;
    }
    if (table_body && message.table_seq() == 0)
        return std::unexpected(Problem{ProblemKind::Malformed,
                                       to_string(key_of(*table)) + ": a table message without table_seq"});
    if (table->tournament_id() <= 0 || table->table() < 0)
        return std::unexpected(Problem{
            ProblemKind::Malformed, "a table message naming no table (" + to_string(key_of(*table)) + ")"});
    return tables_[key_of(*table)].on_message(message);
}

const TableTracker* TableBook::find(const TableKey& key) const {
    const auto it = tables_.find(key);
    return it == tables_.end() ? nullptr : &it->second;
}

void TableBook::reset_all() {
    for (auto& [key, tracker] : tables_)
        tracker.reset();
}

}  // namespace tavolo::client
