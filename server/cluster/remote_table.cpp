#include "server/cluster/remote_table.hpp"

#include <spdlog/spdlog.h>

#include "engine/tournament/table_report_text.hpp"
#include "server/cluster/cluster_wire.hpp"
#include "server/cluster/subjects.hpp"
#include "server/cluster/table_wire.hpp"

namespace tavolo::server::cluster {

namespace {

std::int64_t ms(std::chrono::milliseconds d) {
    return d.count();
}
template <class D>
std::int64_t ms(D d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

}  // namespace

RemoteTable::RemoteTable(NatsBus& bus, std::string director_node, std::string host, actors::TableSetup setup,
                         actors::TablePlacement::OpenLocally local,
                         actors::TablePlacement::TakeBack take_back)
    : bus_(bus),
      director_node_(std::move(director_node)),
      host_(std::move(host)),
      setup_(std::move(setup)),
      open_locally_(std::move(local)),
      take_back_(std::move(take_back)) {}

bool RemoteTable::away() {
    std::lock_guard lock(mutex_);
    return hosted_elsewhere();
}

bool RemoteTable::closing() {
    std::lock_guard lock(mutex_);
    return state_ == State::closed && commands_.unacknowledged() > 0;
}

bool RemoteTable::finished() {
    std::lock_guard lock(mutex_);
    return state_ == State::local || state_ == State::taken_back ||
           (state_ == State::closed && commands_.unacknowledged() == 0);
}

void RemoteTable::taking_back() {
    std::lock_guard lock(mutex_);
    if (state_ == State::remote) state_ = State::taking_back;
}

void RemoteTable::taken_back(engine::CommittedTable table) {
    {
        std::lock_guard lock(mutex_);
        if (!hosted_elsewhere()) return;
        state_ = State::taken_back;
        quiet_ = nullptr;  // the director asks the reopened table again
        voided_ = nullptr;
    }
    if (!take_back_) spdlog::error("event=table_not_taken_over detail=\"no director to tell\"");
    if (take_back_) take_back_(std::move(table));
}

void RemoteTable::gone(const std::string& why) {
    std::lock_guard lock(mutex_);
    if (!hosted_elsewhere() && state_ != State::closed) return;
    state_ = State::taken_back;
    spdlog::warn("event=remote_table_gone tournament={} table={} host={} reason=\"{}\"",
                 setup_.address.tournament_id, setup_.address.table + 1, host_, why);
    answer_waits();
}

void RemoteTable::answer_waits() {
    // Each only posts to the director's strand: nothing comes back here.
    if (auto quiet = std::exchange(quiet_, nullptr)) quiet();
    if (auto voided = std::exchange(voided_, nullptr)) voided();
}

void RemoteTable::send(wire::TableCommand command) {
    if (state_ == State::taking_back || state_ == State::taken_back) return;  // its host is gone
    command.set_director_node(director_node_);
    *command.mutable_table() = to_wire(setup_.address);
    const std::uint64_t seq = commands_.next();
    command.set_seq(seq);
    std::string bytes = command.SerializeAsString();
    if (!bus_.publish(subjects::tables_of(host_), bytes))
        spdlog::error("event=table_command_not_sent tournament={} table={} node={} then=\"sent again\"",
                      setup_.address.tournament_id, setup_.address.table + 1, host_);
    commands_.keep(seq, std::move(bytes), OutgoingLink::Clock::now());
}

void RemoteTable::acknowledge() {
    wire::TableCommand ack;
    ack.set_director_node(director_node_);
    *ack.mutable_table() = to_wire(setup_.address);
    ack.set_ack(news_.acknowledge());
    (void)bus_.publish(subjects::tables_of(host_), ack.SerializeAsString());
}

void RemoteTable::resend_due(std::chrono::milliseconds after) {
    std::lock_guard lock(mutex_);
    if (state_ != State::remote && state_ != State::closed) return;
    const auto again = commands_.due(OutgoingLink::Clock::now(), after);
    if (!again.empty())
        spdlog::warn("event=table_commands_sent_again tournament={} table={} node={} commands={}",
                     setup_.address.tournament_id, setup_.address.table + 1, host_, again.size());
    for (const auto& bytes : again)
        (void)bus_.publish(subjects::tables_of(host_), bytes);
}

void RemoteTable::granted(std::int64_t token) {
    std::lock_guard lock(mutex_);
    if (state_ != State::waiting) return;
    wire::TableCommand command;
    wire::HostTable& host = *command.mutable_host();
    host.set_row(persistence::raw(setup_.stored));
    host.set_token(token);
    host.set_clock_base_ms(ms(setup_.clock.base));
    host.set_clock_bank_start_ms(ms(setup_.clock.bank_start));
    host.set_clock_bank_per_level_ms(ms(setup_.clock.bank_per_level));
    host.set_clock_bank_cap_ms(ms(setup_.clock.bank_cap));
    host.set_clock_final_warning_ms(ms(setup_.clock.final_warning));
    host.set_pause_between_hands_ms(ms(setup_.pause_between_hands));
    host.set_roster_size(static_cast<std::int32_t>(setup_.roster->entrants.size()));
    send(std::move(command));
    state_ = State::remote;
    spdlog::info("event=table_placed tournament={} table={} node={} token={}", setup_.address.tournament_id,
                 setup_.address.table + 1, host_, token);
    for (auto& call : std::exchange(waiting_, {}))
        call();
}

void RemoteTable::not_granted(const std::string& why) {
    std::lock_guard lock(mutex_);
    if (state_ != State::waiting) return;
    spdlog::warn("event=table_not_placed tournament={} table={} node={} error=\"{}\": it opens here",
                 setup_.address.tournament_id, setup_.address.table + 1, host_, why);
    local_ = open_locally_();
    state_ = State::local;
    for (auto& call : std::exchange(waiting_, {}))
        call();
}

void RemoteTable::run_or_keep(Call call) {
    if (state_ == State::waiting)
        waiting_.push_back(std::move(call));
    else
        call();
}

void RemoteTable::deliver(std::vector<engine::DirectorMessage> messages, std::int64_t level_ends_at_ms,
                          std::vector<actors::MoveNotice> notices) {
    std::lock_guard lock(mutex_);
    run_or_keep(
        [this, messages = std::move(messages), level_ends_at_ms, notices = std::move(notices)]() mutable {
            if (state_ == State::local)
                return local_->deliver(std::move(messages), level_ends_at_ms, std::move(notices));
            wire::TableCommand command;
            wire::Deliver& d = *command.mutable_deliver();
            for (const auto& e : entrants_seated(messages, *setup_.roster))
                *d.add_entrants() = e;
            for (const auto& m : messages)
                *d.add_messages() = to_wire(m);
            d.set_level_ends_at_ms(level_ends_at_ms);
            for (const auto& n : notices)
                *d.add_notices() = to_wire(n);
            send(std::move(command));
        });
}

void RemoteTable::stop_dealing(std::function<void()> quiet) {
    std::lock_guard lock(mutex_);
    run_or_keep([this, quiet = std::move(quiet)]() mutable {
        if (state_ == State::local) return local_->stop_dealing(std::move(quiet));
        quiet_ = std::move(quiet);
        wire::TableCommand command;
        command.set_stop_dealing(true);
        send(std::move(command));
    });
}

void RemoteTable::hold(bool held, std::string reason) {
    std::lock_guard lock(mutex_);
    run_or_keep([this, held, reason = std::move(reason)]() mutable {
        if (state_ == State::local) return local_->hold(held, std::move(reason));
        wire::TableCommand command;
        command.mutable_hold()->set_held(held);
        command.mutable_hold()->set_reason(reason);
        send(std::move(command));
    });
}

void RemoteTable::void_and_stop(std::function<void()> quiet) {
    std::lock_guard lock(mutex_);
    run_or_keep([this, quiet = std::move(quiet)]() mutable {
        if (state_ == State::local) return local_->void_and_stop(std::move(quiet));
        voided_ = std::move(quiet);
        wire::TableCommand command;
        command.set_void_and_stop(true);
        send(std::move(command));
    });
}

void RemoteTable::close() {
    std::lock_guard lock(mutex_);
    run_or_keep([this] {
        if (state_ == State::local) return local_->close();
        wire::TableCommand command;
        command.set_close(true);
        send(std::move(command));
        if (state_ == State::remote) state_ = State::closed;
        answer_waits();
    });
}

void RemoteTable::heard(const wire::TableNews& news) {
    std::function<void()> call;
    {
        std::lock_guard lock(mutex_);
        if (state_ != State::remote && state_ != State::closed) return;
        if (news.body_case() == wire::TableNews::kAck) {
            commands_.acknowledged(news.ack());
            return;
        }
        if (state_ == State::closed) return;  // closed: only its acknowledgements matter
        const auto verdict = news_.take(news.seq());
        acknowledge();  // what it has, so a resend stops or fills the gap
        if (verdict != IncomingLink::Verdict::next) return;
        switch (news.body_case()) {
            case wire::TableNews::kReport: {
                auto report = engine::decode_table_report(news.report());
                if (!report) {
                    spdlog::error(
                        "event=cluster_bad_message detail=\"a table report that does not read: {}\"",
                        engine::describe(report.error()));
                    return;
                }
                if (setup_.report) setup_.report(std::move(*report));
                return;
            }
            case wire::TableNews::kQuiet:
                call = std::exchange(quiet_, nullptr);
                break;
            case wire::TableNews::kVoided:
                call = std::exchange(voided_, nullptr);
                break;
            default:
                return;
        }
    }
    if (call) call();
}

}  // namespace tavolo::server::cluster
