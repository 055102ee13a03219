#include "server/metrics/exposition.hpp"

#include <vector>

#include "server/metrics/text_format.hpp"

namespace tavolo::server::metrics {

namespace {

std::vector<Sample> by_label(const LabeledCounter& counter, const std::string& label) {
    std::vector<Sample> out;
    for (std::size_t i = 0; i < counter.size(); ++i)
        out.push_back({{{label, counter.label_value(i)}}, static_cast<double>(counter.value(i))});
    return out;
}

std::vector<Sample> tournaments_by_state(const Instruments& instruments) {
    std::vector<Sample> out;
    // 0 (unspecified) is never a tournament's state: listed from 1.
    for (std::size_t state = 1; state < instruments.tournaments.size(); ++state)
        out.push_back({{{"state", tournament_state_label(static_cast<int>(state))}},
                       static_cast<double>(instruments.tournaments[state].value())});
    return out;
}

double d(auto v) {
    return static_cast<double>(v);
}

}  // namespace

std::string exposition(const ServerGauges& g, const Instruments& instruments) {
    TextWriter w;
    w.gauge("tavolo_connections", "Open WebSocket sessions.", d(g.connections));
    w.gauge("tavolo_players_seated", "Accounts holding at least one seat.", d(g.players_seated));
    w.gauge("tavolo_tables", "Live tables (poker and Polacco).", d(g.tables));
    w.family("tavolo_tournaments", "Tournaments listed in the lobby, by state.", "gauge",
             tournaments_by_state(instruments));
    w.counter("tavolo_hands_total", "Hands committed to the database.", d(g.hands_committed));
    w.histogram("tavolo_action_broadcast_seconds",
                "A player's action taken by its table to its events handed to the send queues, in seconds.",
                instruments.action_broadcast.snapshot());
    w.gauge("tavolo_write_queue_depth", "Writes accepted by the write service and not yet committed.",
            d(g.write_queue_depth));
    w.gauge("tavolo_write_queue_capacity", "Writes the write service accepts at most before refusing.",
            d(g.write_queue_capacity));
    w.counter("tavolo_write_commits_total", "Transactions that committed hands.", d(g.write_commits));
    w.histogram("tavolo_commit_seconds", "A finished hand submitted to its commit, in seconds.",
                instruments.commit.snapshot());
    w.family("tavolo_errors_total", "Protocol errors sent to clients, by ErrorCode.", "counter",
             by_label(instruments.errors, "code"));
    w.gauge("tavolo_database_up", "1 when the write service's last try reached the database, else 0.",
            g.database_up ? 1 : 0);
    w.gauge("tavolo_database_connections", "Connections in the write service's pool (one per worker).",
            d(g.database_connections));
    w.counter("tavolo_database_outages_total", "Times the write service found the database unreachable.",
              d(g.database_outages));
    return w.text();
}

}  // namespace tavolo::server::metrics
