#include "tools/bots/fleet.hpp"

#include <fstream>
#include <iostream>
#include <random>

#include "tools/bots/bot.hpp"

namespace tavolo::bots {

std::string summary_line(const Tally& tally) {
    return "bots: players=" + std::to_string(tally.players) + " hands=" + std::to_string(tally.hands.size()) +
           " actions=" + std::to_string(tally.actions) + " refused=" + std::to_string(tally.refused) +
           " reconnects=" + std::to_string(tally.reconnects) +
           " finished=" + std::to_string(tally.finished.size()) + " errors=" + std::to_string(tally.errors);
}

Fleet::Fleet(BotsOptions options, client::Endpoint endpoint, std::shared_ptr<client::TlsContext> tls)
    : options_(std::move(options)),
      endpoint_(std::move(endpoint)),
      tls_(std::move(tls)),
      deadline_(io_),
      signals_(io_, SIGINT, SIGTERM) {}

Fleet::~Fleet() = default;

const Tally& Fleet::run() {
    std::uint64_t seed = options_.seed;
    if (seed == 0) seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    std::mt19937_64 seeds(seed);
    for (int i = 0; i < options_.count; ++i)
        bots_.push_back(std::make_unique<Bot>(*this, i, seeds()));
    running_ = options_.count;
    if (options_.seconds) {
        deadline_.expires_after(std::chrono::seconds(*options_.seconds));
        deadline_.async_wait([this](boost::system::error_code ec) {
            if (ec) return;
            deadline_passed_ = true;
            for (auto& bot : bots_)
                bot->on_deadline();
        });
    }
    signals_.async_wait([this](boost::system::error_code ec, int) {
        if (ec) return;
        for (auto& bot : bots_)
            bot->stop();
    });
    for (auto& bot : bots_)
        bot->start();
    io_.run();
    if (!options_.latency_report.empty()) {
        std::ofstream out(options_.latency_report, std::ios::trunc);
        std::set<std::pair<std::int64_t, std::int32_t>> tables;
        for (const auto& [tournament, table, hand] : tally_.hands)
            tables.emplace(tournament, table);
        out << latency_report(latency_, static_cast<std::int64_t>(tables.size()),
                              static_cast<std::int64_t>(tally_.hands.size()));
        if (!out) {
            std::cerr << "tavolo bots: cannot write the latency report to " << options_.latency_report
                      << "\n";
            ++tally_.errors;
        }
    }
    return tally_;
}

void Fleet::error(const std::string& bot, const std::string& what) {
    ++tally_.errors;
    if (options_.verbose) std::cerr << "error: " << bot << ": " << what << "\n";
}

void Fleet::note(const std::string& bot, const std::string& what) {
    if (options_.verbose) std::cerr << "note: " << bot << ": " << what << "\n";
}

bool Fleet::take_register_slot(int index) {
    if (options_.max_registering <= 0) return true;
    if (registering_ < options_.max_registering) {
        ++registering_;
        return true;
    }
    waiting_to_register_.push_back(index);
    return false;
}

void Fleet::release_register_slot() {
    if (options_.max_registering <= 0) return;
    --registering_;
    // The next waiting bot that still looks for a tournament takes it (the others let it pass).
    while (!waiting_to_register_.empty() && registering_ < options_.max_registering) {
        const int next = waiting_to_register_.front();
        waiting_to_register_.pop_front();
        ++registering_;
        if (!bot(next).slot_granted()) --registering_;
    }
}

void Fleet::bot_done() {
    if (--running_ > 0) return;
    // Every bot has closed its connection. A stream that failed under a read (the peer vanished) can
    // keep a handler of Beast's pending with no work left in it: nothing more is to be done.
    deadline_.cancel();
    signals_.cancel();
    io_.stop();
}

}  // namespace tavolo::bots
