// A poker table's side of moderation (issue 12): chat lines numbered, checked against the chat guard
// (mutes, the rate limit), removed by an operator; sanctions of RULES.md §6 applied to its core.
#include "server/actors/table_actor_impl.hpp"

namespace tavolo::server::actors {

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

void TableActor::Impl::moderate(ModerationRequest request) {
    using Status = ModerationAnswer::Status;
    if (closed || voided) {
        request.done({Status::refused, "the table has closed or its tournament is being cancelled", {}, 0});
        return;
    }
    if (const auto* remove = std::get_if<RemoveChatLine>(&request.what)) {
        auto said = chat_log.remove(remove->line);  // for the audit's "before"
        if (!said) {
            request.done({Status::unknown_line,
                          "no chat line " + std::to_string(remove->line) + " is shown at this table",
                          {},
                          0});
            return;
        }
        to_everyone(session::serialise(chat_removed_message(
            setup.address, static_cast<std::uint64_t>(core.seq()), remove->line, remove->reason)));
        request.done({Status::applied, *said, {}, 0});
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
