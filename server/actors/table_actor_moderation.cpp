// A poker table's side of moderation (issue 12): chat lines numbered, checked against the chat guard
// (mutes, the rate limit), removed by an operator; sanctions of RULES.md §6 applied to its core.
#include "server/actors/table_actor_impl.hpp"

namespace tavolo::server::actors {

namespace {
// The newest lines an operator may still remove: older ones have scrolled out of every client's view.
constexpr std::size_t kChatLinesKept = 500;
}  // namespace

void TableActor::moderate(ModerationRequest request) {
    asio::post(impl_->strand, [impl = impl_, request = std::move(request)]() mutable {
        impl->moderate(std::move(request));
    });
}

bool TableActor::Impl::chat_admitted() {
    if (ctx.chat == nullptr || current == nullptr) return true;
    const auto verdict = ctx.chat->admit(current->from.account, std::chrono::system_clock::now());
    if (verdict.allowed()) return true;
    reply({verdict.refusal == operators::ChatVerdict::Refusal::muted ? v1::ERROR_CODE_MUTED
                                                                     : v1::ERROR_CODE_CHAT_RATE_LIMITED,
           verdict.message});
    return false;
}

v1::ChatLine TableActor::Impl::numbered(v1::ChatLine line) {
    line.set_id(++chat_lines);
    chat_shown.push_back({chat_lines, line.from(), line.text()});
    if (chat_shown.size() > kChatLinesKept) chat_shown.pop_front();
    return line;
}

void TableActor::Impl::moderate(ModerationRequest request) {
    using Status = ModerationAnswer::Status;
    if (closed || voided) {
        request.done({Status::refused, "the table has closed or its tournament is being cancelled", {}, 0});
        return;
    }
    if (const auto* remove = std::get_if<RemoveChatLine>(&request.what)) {
        const auto it = std::find_if(chat_shown.begin(), chat_shown.end(),
                                     [&](const ShownLine& l) { return l.id == remove->line; });
        if (it == chat_shown.end()) {
            request.done({Status::unknown_line,
                          "no chat line " + std::to_string(remove->line) + " is shown at this table",
                          {},
                          0});
            return;
        }
        const std::string said = it->from + ": " + it->text;  // for the audit's "before"
        chat_shown.erase(it);
        v1::ServerMessage out;
        out.set_table_seq(static_cast<std::uint64_t>(core.seq()));
        v1::ChatRemoved* removed = out.mutable_chat_removed();
        protocol::set_table(removed->mutable_table(), setup.address);
        removed->set_id(remove->line);
        removed->set_reason(remove->reason);
        to_everyone(session::serialise(out));
        request.done({Status::applied, said, {}, 0});
        return;
    }
    const auto& s = std::get<SanctionAtTable>(request.what);
    const bool disqualify = s.kind == engine::SanctionKind::Disqualification;
    if (disqualify && (core.in_hand() || core.settling())) {
        held_sanctions.push_back(std::move(request));  // at the hand's end, before the next deal
        return;
    }
    apply_sanction(std::move(request), false);
}

void TableActor::Impl::apply_sanction(ModerationRequest request, bool held_back) {
    using Status = ModerationAnswer::Status;
    const auto& s = std::get<SanctionAtTable>(request.what);
    const auto held = seat_of(s.account);
    if (!held) {
        request.done({Status::not_seated, "the player holds no seat at this table", {}, 0});
        return;
    }
    table::Effects effects;
    auto outcome = core.sanction(held->entrant, s.kind, s.orbits, effects);
    if (!outcome) {
        request.done({Status::refused,
                      std::string("the table refused: ") + engine::to_string(outcome.error()),
                      {},
                      held->entrant});
        return;
    }
    spdlog::info("event=sanction_applied table={}:{} entrant={} hands={} chips_removed={}",
                 setup.address.tournament_id, setup.address.table, held->entrant, outcome->excluded_hands,
                 outcome->chips_removed);
    carry_out(effects);
    request.done({Status::applied, "", *outcome, held->entrant, held_back});
}

void TableActor::Impl::apply_held_sanctions() {
    if (held_sanctions.empty() || core.in_hand() || core.settling()) return;
    auto held = std::move(held_sanctions);
    held_sanctions.clear();
    for (auto& r : held)
        apply_sanction(std::move(r), true);
}

void TableActor::Impl::refuse_held_sanctions(const std::string& why) {
    auto held = std::move(held_sanctions);
    held_sanctions.clear();
    for (auto& r : held)
        r.done({ModerationAnswer::Status::refused, why, {}, 0});
}

}  // namespace tavolo::server::actors
