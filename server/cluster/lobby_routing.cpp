#include "server/cluster/lobby_routing.hpp"

#include <spdlog/spdlog.h>

#include "server/cluster/cluster_wire.hpp"
#include "server/cluster/subjects.hpp"
#include "server/protocol/envelope.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::cluster {

LobbyRouting::~LobbyRouting() {
    set_host(false);
}

void LobbyRouting::set_local(session::LobbyGateway& gateway, actors::LobbyNotices& notices,
                             std::function<void(session::SessionId)> forget_session) {
    gateway_ = &gateway;
    notices_ = &notices;
    forget_session_ = std::move(forget_session);
}

void LobbyRouting::set_host(bool host) {
    std::lock_guard lock(mutex_);
    if (host && (!gateway_ || !notices_)) {
        spdlog::error("event=cluster_lobby_not_hosted detail=\"no local lobby actor was given\"");
        return;
    }
    if (decided_ && host == host_.load()) return;
    decided_ = true;
    host_ = host;
    if (host) {
        requests_ =
            links_.bus.subscribe(subjects::lobby(), [this](const BusMessage& m) { serve_request(m); });
        notices_subscription_ =
            links_.bus.subscribe(subjects::lobby_notice(), [this](const BusMessage& m) { serve_notice(m); });
    } else {
        links_.bus.unsubscribe(requests_);
        links_.bus.unsubscribe(notices_subscription_);
        requests_ = notices_subscription_ = 0;
    }
    spdlog::info("event=cluster_lobby node={} hosts={}", links_.node, host);
}

void LobbyRouting::forget_remote(session::SessionId stand_in) {
    if (host_.load() && forget_session_) forget_session_(stand_in);
}

void LobbyRouting::submit(session::LobbyRequest request) {
    if (host_.load()) return gateway_->submit(std::move(request));
    if (links_.forwarded) links_.forwarded(request.session);
    std::string data = to_wire(request, links_.node).SerializeAsString();
    const auto session = request.session;
    const auto request_id = request.request_id;
    links_.bus.request(
        subjects::lobby(), std::move(data), links_.request_timeout,
        [&links = links_, session, request_id](RequestResult result) {
            if (result.outcome == RequestOutcome::answered) return;
            spdlog::warn("event=cluster_lobby_unreachable outcome={}",
                         result.outcome == RequestOutcome::no_responders ? "no_responders" : "timed_out");
            const protocol::Refusal refusal{
                v1::ERROR_CODE_UNAVAILABLE,
                "the lobby runs on another node, which cannot be reached now; retry in a moment"};
            links.local.to_session(session, session::serialise(protocol::error_message(refusal, request_id)));
        });
}

void LobbyRouting::serve_request(const BusMessage& message) {
    ::tavolo::cluster::v1::LobbyRequest wire;
    if (!wire.ParseFromString(message.data) || wire.from().node().empty()) {
        spdlog::warn("event=cluster_bad_message subject={} detail=\"not a cluster LobbyRequest\"",
                     message.subject);
        return;
    }
    auto request = from_wire(wire, links_.remote.stand_in(wire.from().node(), wire.from().session()));
    links_.bus.reply(message, request ? kTaken : kNotHere);
    if (request && host_.load()) gateway_->submit(std::move(*request));
}

template <class Fill>
void LobbyRouting::notice(lobby::TournamentId tournament, Fill fill) {
    ::tavolo::cluster::v1::LobbyNotice out;
    out.set_tournament_id(static_cast<std::int64_t>(tournament));
    fill(out);
    if (host_.load()) return serve_notice({subjects::lobby_notice(), {}, out.SerializeAsString()});
    links_.bus.publish(subjects::lobby_notice(), out.SerializeAsString());
}

void LobbyRouting::late_registration_closed(lobby::TournamentId tournament) {
    notice(tournament, [](auto& n) { n.set_late_registration_closed(true); });
}
void LobbyRouting::entry_eliminated(lobby::TournamentId tournament,
                                    persistence::RegistrationId registration) {
    notice(tournament,
           [registration](auto& n) { n.set_entry_eliminated(static_cast<std::int64_t>(registration)); });
}
void LobbyRouting::tournament_finished(lobby::TournamentId tournament) {
    notice(tournament, [](auto& n) { n.set_finished(true); });
}
void LobbyRouting::tournament_cancelled(lobby::TournamentId tournament) {
    notice(tournament, [](auto& n) { n.set_cancelled(true); });
}

void LobbyRouting::serve_notice(const BusMessage& message) {
    ::tavolo::cluster::v1::LobbyNotice wire;
    if (!wire.ParseFromString(message.data) || !notices_) return;
    const auto tournament = lobby::TournamentId{wire.tournament_id()};
    using N = ::tavolo::cluster::v1::LobbyNotice;
    switch (wire.notice_case()) {
        case N::kLateRegistrationClosed:
            return notices_->late_registration_closed(tournament);
        case N::kEntryEliminated:
            return notices_->entry_eliminated(tournament,
                                              persistence::RegistrationId{wire.entry_eliminated()});
        case N::kFinished:
            return notices_->tournament_finished(tournament);
        case N::kCancelled:
            return notices_->tournament_cancelled(tournament);
        case N::NOTICE_NOT_SET:
            return;
    }
}

}  // namespace tavolo::server::cluster
