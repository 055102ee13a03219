#include "server/cluster/cluster_wire.hpp"

#include <type_traits>

namespace tavolo::server::cluster {

namespace {

template <class>
inline constexpr bool kAlwaysFalse = false;

wire::Origin origin_of(const std::string& node, session::SessionId session, session::AccountIdValue account,
                       const std::string& name) {
    wire::Origin origin;
    origin.set_node(node);
    origin.set_session(session);
    origin.set_account(account);
    origin.set_name(name);
    return origin;
}

}  // namespace

wire::TableAddress to_wire(const protocol::TableAddress& table) {
    wire::TableAddress out;
    out.set_tournament_id(table.tournament_id);
    out.set_table(table.table);
    return out;
}

protocol::TableAddress from_wire(const wire::TableAddress& table) {
    return {table.tournament_id(), table.table()};
}

wire::TableRequest to_wire(const session::TableRequest& request, const std::string& node) {
    wire::TableRequest out;
    *out.mutable_from() = origin_of(node, request.from.session, request.from.account, request.from.name);
    out.set_request_id(request.request_id);
    *out.mutable_table() = to_wire(request.table);
    std::visit(
        [&out](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, v1::Action>)
                *out.mutable_action() = body;
            else if constexpr (std::is_same_v<T, session::SitOutRequest>)
                out.set_sit_out(body.sitting_out);
            else if constexpr (std::is_same_v<T, session::ChatRequest>)
                out.set_chat(body.text);
            else if constexpr (std::is_same_v<T, session::ObserveRequest>)
                out.set_observe(true);
            else if constexpr (std::is_same_v<T, session::StopObservingRequest>)
                out.set_stop_observing(true);
            else if constexpr (std::is_same_v<T, session::ReattachRequest>)
                out.set_reattach(true);
            else if constexpr (std::is_same_v<T, session::AwayNotice>)
                out.set_away(true);
            else if constexpr (std::is_same_v<T, session::ClientSeedRequest>)
                out.set_client_seed(std::string(body.bytes.begin(), body.bytes.end()));
            else if constexpr (std::is_same_v<T, session::PurchaseRequest>) {
                out.mutable_purchase()->set_addon(body.addon);
                out.mutable_purchase()->set_decline(body.decline);
            } else
                static_assert(kAlwaysFalse<T>,
                              "a table request kind has no wire form in proto/cluster.proto");
        },
        request.body);
    return out;
}

std::optional<session::TableRequest> from_wire(const wire::TableRequest& request,
                                               session::SessionId session) {
    session::TableRequest out;
    out.from = {session, request.from().account(), request.from().name()};
    out.request_id = request.request_id();
    out.table = from_wire(request.table());
    switch (request.body_case()) {
        case wire::TableRequest::kAction:
            out.body = request.action();
            break;
        case wire::TableRequest::kSitOut:
            out.body = session::SitOutRequest{request.sit_out()};
            break;
        case wire::TableRequest::kChat:
            out.body = session::ChatRequest{request.chat()};
            break;
        case wire::TableRequest::kObserve:
            out.body = session::ObserveRequest{};
            break;
        case wire::TableRequest::kStopObserving:
            out.body = session::StopObservingRequest{};
            break;
        case wire::TableRequest::kReattach:
            out.body = session::ReattachRequest{};
            break;
        case wire::TableRequest::kAway:
            out.body = session::AwayNotice{};
            break;
        case wire::TableRequest::kClientSeed:
            out.body = session::ClientSeedRequest{
                std::vector<std::uint8_t>(request.client_seed().begin(), request.client_seed().end())};
            break;
        case wire::TableRequest::kPurchase:
            out.body = session::PurchaseRequest{request.purchase().addon(), request.purchase().decline()};
            break;
        case wire::TableRequest::BODY_NOT_SET:
            return std::nullopt;
    }
    return out;
}

wire::LobbyRequest to_wire(const session::LobbyRequest& request, const std::string& node) {
    wire::LobbyRequest out;
    *out.mutable_from() = origin_of(node, request.session, request.account, {});
    out.set_request_id(request.request_id);
    std::visit(
        [&out](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, v1::SubscribeLobby>)
                *out.mutable_subscribe() = body;
            else if constexpr (std::is_same_v<T, v1::UnsubscribeLobby>)
                *out.mutable_unsubscribe() = body;
            else if constexpr (std::is_same_v<T, v1::Register>)
                *out.mutable_register_tournament() = body;
            else if constexpr (std::is_same_v<T, v1::Unregister>)
                *out.mutable_unregister_tournament() = body;
            else if constexpr (std::is_same_v<T, v1::GetWallet>)
                *out.mutable_get_wallet() = body;
            else
                static_assert(kAlwaysFalse<T>,
                              "a lobby request kind has no wire form in proto/cluster.proto");
        },
        request.body);
    return out;
}

std::optional<session::LobbyRequest> from_wire(const wire::LobbyRequest& request,
                                               session::SessionId session) {
    session::LobbyRequest out{session, request.from().account(), request.request_id(), v1::GetWallet{}};
    switch (request.body_case()) {
        case wire::LobbyRequest::kSubscribe:
            out.body = request.subscribe();
            break;
        case wire::LobbyRequest::kUnsubscribe:
            out.body = request.unsubscribe();
            break;
        case wire::LobbyRequest::kRegisterTournament:
            out.body = request.register_tournament();
            break;
        case wire::LobbyRequest::kUnregisterTournament:
            out.body = request.unregister_tournament();
            break;
        case wire::LobbyRequest::kGetWallet:
            out.body = request.get_wallet();
            break;
        case wire::LobbyRequest::BODY_NOT_SET:
            return std::nullopt;
    }
    return out;
}

}  // namespace tavolo::server::cluster
