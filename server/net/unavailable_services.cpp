#include "server/net/unavailable_services.hpp"

#include <variant>

#include "server/protocol/envelope.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::net {

namespace v1 = ::tavolo::v1;

void UnavailableServices::submit(session::AccountRequest request) {
    // `unavailable` is the core's INTERNAL: nothing changed, try again later.
    outbox_.account_result(request.session, {request.request_id, session::AccountFailure::unavailable});
}

session::Routed UnavailableServices::submit(session::TableRequest request) {
    // Notices that nobody waits an answer for (an AwayNotice, a closing session's StopObserving).
    if (request.request_id == 0) return session::Routed::delivered;
    const protocol::Refusal refusal{v1::ERROR_CODE_INTERNAL,
                                    "tables are not served by this server yet; nothing was changed"};
    outbox_.to_session(request.from.session, session::serialise(protocol::error_message(
                                                 refusal, request.request_id, request.table, 0)));
    return session::Routed::delivered;
}

void UnavailableServices::submit(session::LobbyRequest request) {
    const protocol::Refusal refusal{v1::ERROR_CODE_INTERNAL,
                                    "the lobby is not served by this server yet; nothing was changed"};
    outbox_.to_session(request.session,
                       session::serialise(protocol::error_message(refusal, request.request_id)));
}

}  // namespace tavolo::server::net
