#include "server/actors/table_actor.hpp"

#include "server/actors/table_actor_impl.hpp"

namespace tavolo::server::actors {

namespace asio = boost::asio;

TableActor::TableActor(ActorContext context, TableSetup setup)
    : impl_(std::make_shared<Impl>(context, std::move(setup))) {}

TableActor::~TableActor() = default;

void TableActor::post(session::TableRequest request) {
    asio::post(impl_->strand, [impl = impl_, request = std::move(request)] { impl->handle(request); });
}

void TableActor::inspect(InspectDone done) {
    asio::post(impl_->strand, [impl = impl_, done = std::move(done)] { done(impl->inspection()); });
}

void TableActor::deliver(std::vector<engine::DirectorMessage> messages, std::int64_t level_ends_at_ms,
                         std::vector<MoveNotice> notices) {
    asio::post(impl_->strand, [impl = impl_, messages = std::move(messages), level_ends_at_ms,
                               notices = std::move(notices)]() mutable {
        if (level_ends_at_ms > 0) impl->level_ends_at_ms = level_ends_at_ms;
        for (auto& n : notices)
            impl->notices[n.move] = std::move(n);
        for (auto& m : messages)
            impl->inbox.push_back(std::move(m));
        impl->pump();
    });
}

// A second waiter (a shutdown during a cancellation, or the reverse) is called after the first.
static std::function<void()> both(std::function<void()> first, std::function<void()> second) {
    if (!first) return second;
    return [first = std::move(first), second = std::move(second)] {
        first();
        if (second) second();
    };
}

// Stops dealing; `q` joins whatever already waits for the table to be quiet (at once when closed).
void TableActor::Impl::stop_then_wait(std::function<void()> q) {
    stopping = true;
    quiet = both(std::move(quiet), std::move(q));
    if (closed) {
        auto call = std::move(quiet);
        quiet = nullptr;
        if (call) call();
        return;
    }
    maybe_quiet();
}

void TableActor::stop_dealing(std::function<void()> quiet) {
    asio::post(impl_->strand, [impl = impl_, quiet = std::move(quiet)]() mutable {
        impl->stop_then_wait(std::move(quiet));
    });
}

void TableActor::hold(bool held, std::string reason) {
    asio::post(impl_->strand, [impl = impl_, held, reason = std::move(reason)] {
        if (impl->closed || impl->operator_hold == held) return;
        impl->operator_hold = held;
        impl->hold_logged = false;
        auto message = table_paused_message(impl->setup.address, held);
        message.mutable_tournament_event()->mutable_table_paused()->set_reason(reason);
        const Frame frame = session::serialise(message);
        for (SeatIndex s = 0; s < impl->seats().size(); ++s)
            impl->to_seat(s, frame);
        impl->pump();  // held: a StartHand waiting already logs event=table_held
    });
}

void TableActor::void_and_stop(std::function<void()> quiet) {
    asio::post(impl_->strand, [impl = impl_, quiet = std::move(quiet)]() mutable {
        impl->voided = true;
        impl->clock_timer.cancel();
        impl->pause_timer.cancel();
        impl->purchase_timer.cancel();
        impl->carry_out(impl->core.settle_now());  // a hand over is recorded, not void
        impl->pausing = false;
        impl->stop_then_wait(std::move(quiet));
    });
}

void TableActor::close() {
    if (!impl_) return;
    asio::post(impl_->strand, [impl = impl_] {
        impl->closed = true;
        impl->refuse_held_sanctions("the table closed before the hand in play ended");
        impl->clock_timer.cancel();
        impl->pause_timer.cancel();
        impl->commit_timer.cancel();
        impl->purchase_timer.cancel();
        impl->observers.clear();
        impl->setup.report = nullptr;  // no cycle with the director is left behind
        if (impl->quiet) {
            auto call = std::move(impl->quiet);
            impl->quiet = nullptr;
            call();
        }
    });
}

}  // namespace tavolo::server::actors
