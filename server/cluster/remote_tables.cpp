#include "server/cluster/remote_tables.hpp"

#include <spdlog/spdlog.h>

#include <limits>
#include <set>

#include "server/cluster/cluster_wire.hpp"
#include "server/cluster/subjects.hpp"
#include "server/protocol/envelope.hpp"
#include "server/session/session_api.hpp"
#include "server/session/session_core.hpp"

namespace tavolo::server::cluster {

namespace {

// What the asking session hears when no node took its request: as on one node, unknown_table; and
// when the host did not answer in time, that it may retry. The server's own requests (away notices,
// request id 0) have nobody to tell.
void answer_not_taken(ClusterLinks& links, const session::TableRequest& request, RequestOutcome outcome) {
    if (request.request_id == 0) return;
    protocol::Refusal refusal = session::unknown_table(request.table);
    if (outcome == RequestOutcome::timed_out || outcome == RequestOutcome::not_sent)
        refusal = {v1::ERROR_CODE_UNAVAILABLE, std::string("the node hosting table ") +
                                                   std::to_string(request.table.table) + " of tournament " +
                                                   std::to_string(request.table.tournament_id) +
                                                   " did not answer in time; retry in a moment"};
    v1::ServerMessage answer = protocol::error_message(refusal, request.request_id);
    protocol::set_table(answer.mutable_error()->mutable_table(), request.table);
    links.local.to_session(request.from.session, session::serialise(answer));
}

}  // namespace

session::Routed RemoteTables::submit(session::TableRequest request) {
    if (local_.submit(request) == session::Routed::delivered) return session::Routed::delivered;
    // A stand-in's request came over NATS for a table this node does not have: never sent on again.
    if (RemoteSessions::is_stand_in(request.from.session)) return session::Routed::unknown_table;
    if (links_.forwarded) links_.forwarded(request.from.session);
    const std::string subject = subjects::table(request.table.tournament_id, request.table.table);
    std::string data = to_wire(request, links_.node).SerializeAsString();
    links_.bus.request(subject, std::move(data), links_.request_timeout,
                       [&links = links_, request = std::move(request)](RequestResult result) {
                           if (result.outcome == RequestOutcome::answered && result.reply.data == kTaken)
                               return;
                           if (result.outcome == RequestOutcome::timed_out)
                               spdlog::warn("event=cluster_table_request_timed_out tournament={} table={}",
                                            request.table.tournament_id, request.table.table);
                           answer_not_taken(links, request, result.outcome);
                       });
    return session::Routed::delivered;
}

TableHosting::TableHosting(ClusterLinks& links, actors::TableRegistry& local) : links_(links), local_(local) {
    local_.set_listener([this](const protocol::TableAddress& table, bool added) { changed(table, added); });
}

TableHosting::~TableHosting() {
    local_.set_listener({});
    std::lock_guard lock(mutex_);
    for (auto& [table, subscription] : tables_)
        links_.bus.unsubscribe(subscription);
}

std::size_t TableHosting::hosted() const {
    std::lock_guard lock(mutex_);
    std::set<std::int64_t> tournaments;
    for (const auto& [table, subscription] : tables_)
        tournaments.insert(table.first);
    return tournaments.size();
}

void TableHosting::changed(const protocol::TableAddress& table, bool added) {
    std::lock_guard lock(mutex_);
    const auto key = std::make_pair(table.tournament_id, table.table);
    const bool first_of_tournament = [&] {
        const auto it = tables_.lower_bound({table.tournament_id, std::numeric_limits<std::int32_t>::min()});
        return it == tables_.end() || it->first.first != table.tournament_id;
    }();
    if (added) {
        if (tables_.contains(key)) return;
        tables_[key] = links_.bus.subscribe(subjects::table(table.tournament_id, table.table),
                                            [this](const BusMessage& message) { serve(message); });
        if (first_of_tournament)
            spdlog::info("event=cluster_hosting tournament={} node={}", table.tournament_id, links_.node);
        return;
    }
    const auto it = tables_.find(key);
    if (it == tables_.end()) return;
    links_.bus.unsubscribe(it->second);
    tables_.erase(it);
    const auto left = tables_.lower_bound({table.tournament_id, std::numeric_limits<std::int32_t>::min()});
    if (left == tables_.end() || left->first.first != table.tournament_id)
        spdlog::info("event=cluster_not_hosting tournament={} node={}", table.tournament_id, links_.node);
}

void TableHosting::serve(const BusMessage& message) {
    ::tavolo::cluster::v1::TableRequest wire;
    if (!wire.ParseFromString(message.data) || wire.from().node().empty()) {
        spdlog::warn("event=cluster_bad_message subject={} detail=\"not a cluster TableRequest\"",
                     message.subject);
        return;
    }
    const auto stand_in = links_.remote.stand_in(wire.from().node(), wire.from().session());
    auto request = from_wire(wire, stand_in);
    if (!request) {
        links_.bus.reply(message, kNotHere);
        return;
    }
    const auto routed = local_.submit(std::move(*request));
    links_.bus.reply(message, routed == session::Routed::delivered ? kTaken : kNotHere);
}

}  // namespace tavolo::server::cluster
