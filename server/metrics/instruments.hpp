#pragma once
// Tavolo's own instruments (server/metrics/README.md): the process's counters and histograms that the
// actors and sessions update from their strands, read by every /metrics scrape. One set per process
// (as a Prometheus client's default registry): the code that counts reaches it without wiring.
// What the server can ask at scrape time (sessions, seats, tables, the write queue) is not here but
// in ServerGauges (exposition.hpp).
#include <array>
#include <chrono>
#include <cstdint>
#include <utility>

#include "server/metrics/counter.hpp"
#include "server/metrics/histogram.hpp"
#include "server/metrics/labeled_counter.hpp"

namespace tavolo::server::metrics {

// v1::TournamentState's values (proto/vocabulary.proto), 0 (unspecified) to 5 (cancelled).
inline constexpr std::size_t kTournamentStates = 6;

struct Instruments {
    Instruments();
    // A player's action taken by the table actor → its events handed to the sessions' send queues.
    Histogram action_broadcast{latency_buckets()};
    // A finished hand submitted to the write service → its commit callback (committed hands only).
    Histogram commit{latency_buckets()};
    // Protocol errors (v1::Error) serialised for a client, by v1::ErrorCode.
    LabeledCounter errors;
    // The lobby's tournaments by v1::TournamentState, as the lobby actor last listed them.
    std::array<Gauge, kTournamentStates> tournaments;
};

Instruments& instruments();

// The label value of a v1::ErrorCode: its name without ERROR_CODE_ ("NOT_YOUR_TURN"), as in the HTTP
// error bodies (CODE_<n> for a number the enum does not name); and of a v1::TournamentState: its name without
// the prefix, in lower case ("running").
std::string error_code_label(int code);
std::string tournament_state_label(int state);

// One v1::Error sent (session::serialise counts every one).
inline void count_error(int code) {
    instruments().errors.add(static_cast<std::size_t>(code));
}

// Wraps a hand's commit callback: times submit → callback and observes it when the hand committed.
// `Done` takes a StoreResult<void> (anything testable as a bool).
template <class Done>
auto timed_commit(Done done) {
    return [started = std::chrono::steady_clock::now(), done = std::move(done)](auto result) mutable {
        if (result) instruments().commit.observe_since(started);
        done(std::move(result));
    };
}

}  // namespace tavolo::server::metrics
