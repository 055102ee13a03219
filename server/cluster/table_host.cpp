#include "server/cluster/table_host.hpp"

#include <spdlog/spdlog.h>

#include <condition_variable>
#include <vector>

#include "engine/tournament/table_report_text.hpp"
#include "persistence/leases.hpp"
#include "server/actors/countdown.hpp"
#include "server/cluster/cluster_wire.hpp"
#include "server/cluster/subjects.hpp"
#include "server/cluster/table_wire.hpp"

namespace tavolo::server::cluster {

namespace {

// What the table tells its director, to the director's node: numbered, and kept until acknowledged.
void tell(NatsBus& bus, const std::string& director_node, const protocol::TableAddress& address,
          const std::shared_ptr<HostedNews>& news, const std::function<void(wire::TableNews&)>& body) {
    wire::TableNews message;
    *message.mutable_table() = to_wire(address);
    body(message);
    std::lock_guard lock(news->mutex);  // numbered and sent in one order
    const std::uint64_t seq = news->link.next();
    message.set_seq(seq);
    std::string bytes = message.SerializeAsString();
    bus.publish(subjects::directors_of(director_node), bytes);
    news->link.keep(seq, std::move(bytes), OutgoingLink::Clock::now());
}

// The commands of a table taken in order so far, to its director's node.
void acknowledge(NatsBus& bus, const std::string& director_node, const protocol::TableAddress& address,
                 std::uint64_t seq) {
    wire::TableNews ack;
    *ack.mutable_table() = to_wire(address);
    ack.set_ack(seq);
    bus.publish(subjects::directors_of(director_node), ack.SerializeAsString());
}

}  // namespace

TableHost::TableHost(actors::ActorContext context, NatsBus& bus, std::string node,
                     actors::TableRegistry& registry, std::shared_ptr<persistence::Fence> fence,
                     std::chrono::milliseconds lease)
    : context_(context),
      bus_(bus),
      node_(std::move(node)),
      registry_(registry),
      fence_(std::move(fence)),
      lease_(lease) {
    subscription_ = bus_.subscribe(subjects::tables_of(node_), [this](const BusMessage& m) { command(m); });
}

TableHost::~TableHost() {
    bus_.unsubscribe(subscription_);
    std::lock_guard lock(mutex_);
    for (auto& [key, hosted] : tables_) {
        hosted.actor->close();
        registry_.remove({key.first, key.second});
    }
}

std::size_t TableHost::hosted() const {
    std::lock_guard lock(mutex_);
    return tables_.size();
}

void TableHost::lost(std::int64_t row) {
    std::lock_guard lock(mutex_);
    for (auto it = tables_.begin(); it != tables_.end(); ++it) {
        if (it->second.row != row) continue;
        it->second.actor->close();
        registry_.remove({it->first.first, it->first.second});
        spdlog::warn("event=table_unhosted node={} tournament={} table={} reason=\"its lease was taken\"",
                     node_, it->first.first, it->first.second + 1);
        end(it);
        return;
    }
}

void TableHost::stop_tournament(std::int64_t tournament, std::chrono::milliseconds wait) {
    std::vector<Hosted> stopping;
    {
        std::lock_guard lock(mutex_);
        for (auto it = tables_.begin(); it != tables_.end();) {
            if (it->first.first != tournament) {
                ++it;
                continue;
            }
            registry_.remove({it->first.first, it->first.second});
            stopping.push_back(it->second);
            end(it++);
        }
    }
    if (stopping.empty()) return;
    struct Left {
        std::mutex mutex;
        std::condition_variable done;
        std::size_t tables = 0;
    };
    auto left = std::make_shared<Left>();
    left->tables = stopping.size();
    for (const Hosted& h : stopping)
        h.actor->void_and_stop([left] {
            std::lock_guard lock(left->mutex);
            --left->tables;
            left->done.notify_all();
        });
    bool still = false;
    {
        std::unique_lock lock(left->mutex);
        still = !left->done.wait_for(lock, wait, [&] { return left->tables == 0; });
    }
    for (const Hosted& h : stopping) {
        h.actor->close();
        if (fence_) fence_->drop_table(h.row);
    }
    if (still)
        spdlog::error(
            "event=hosted_tables_not_still node={} tournament={} detail=\"a hand's commit did not end in "
            "time: the recovery may read the table before it\"",
            node_, tournament);
    spdlog::warn("event=hosted_tables_stopped node={} tournament={} tables={}", node_, tournament,
                 stopping.size());
}

void TableHost::end(std::map<std::pair<std::int64_t, std::int32_t>, Hosted>::iterator it) {
    ended_[it->first] = Ended{it->second.token, it->second.commands.acknowledge(), it->second.director_node};
    tables_.erase(it);
}

void TableHost::stop_all(std::function<void()> quiet) {
    std::vector<std::shared_ptr<actors::TableActor>> tables;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        for (const auto& [key, hosted] : tables_)
            tables.push_back(hosted.actor);
    }
    spdlog::info("event=hosted_tables_stopping node={} tables={}", node_, tables.size());
    const auto one_quiet = actors::countdown(tables.size(), [node = node_, quiet = std::move(quiet)] {
        spdlog::info("event=hosted_tables_quiet node={}", node);
        quiet();
    });
    for (const auto& table : tables)
        table->stop_dealing(one_quiet);
}

void TableHost::resend_due(std::chrono::milliseconds after) {
    std::lock_guard lock(mutex_);
    for (const auto& [key, hosted] : tables_) {
        std::lock_guard news(hosted.news->mutex);
        const auto again = hosted.news->link.due(OutgoingLink::Clock::now(), after);
        if (!again.empty())
            spdlog::warn("event=table_news_sent_again node={} tournament={} table={} news={}", node_,
                         key.first, key.second + 1, again.size());
        for (const auto& bytes : again)
            bus_.publish(subjects::directors_of(hosted.director_node), bytes);
    }
}

void TableHost::command(const BusMessage& message) {
    wire::TableCommand command;
    if (!command.ParseFromString(message.data) || !command.has_table() || command.director_node().empty()) {
        spdlog::warn("event=cluster_bad_message subject={} detail=\"not a TableCommand\"", message.subject);
        return;
    }
    const protocol::TableAddress address = from_wire(command.table());
    const auto key = std::make_pair(address.tournament_id, address.table);
    std::lock_guard lock(mutex_);
    // A table hosted here before: its late or resent commands are acknowledged and nothing more (a
    // HostTable with a newer token, a new grant, may host it again).
    if (const auto ended = ended_.find(key);
        ended != ended_.end() && !tables_.contains(key) &&
        !(command.has_host() && command.host().token() > ended->second.token)) {
        if (command.body_case() != wire::TableCommand::kAck)
            acknowledge(bus_, ended->second.director_node, address, ended->second.last_seq);
        return;
    }
    if (command.has_host()) {
        const wire::HostTable& h = command.host();
        if (const auto told = tables_.find(key); told != tables_.end()) {
            if (told->second.token == h.token())  // told again: the first stands
                acknowledge(bus_, told->second.director_node, address, told->second.commands.acknowledge());
            else
                spdlog::warn(
                    "event=cluster_bad_message subject={} detail=\"a HostTable with token {} for a table "
                    "hosted here with token {}\"",
                    message.subject, h.token(), told->second.token);
            return;
        }
        if (registry_.contains(address)) {  // e.g. this node took the tournament over and resumed it
            spdlog::warn(
                "event=table_not_hosted node={} tournament={} table={} reason=\"a table of that "
                "address runs here already\"",
                node_, address.tournament_id, address.table + 1);
            return;
        }
        Hosted hosted;
        if (hosted.commands.take(command.seq()) != IncomingLink::Verdict::next) {
            spdlog::warn("event=cluster_bad_message subject={} detail=\"a HostTable numbered {}, not 1\"",
                         message.subject, command.seq());
            return;
        }
        ended_.erase(key);  // hosted again (a newer grant)
        hosted.roster = std::make_shared<actors::Roster>();
        hosted.roster->entrants.resize(static_cast<std::size_t>(std::max(0, h.roster_size())));
        hosted.director_node = command.director_node();
        hosted.row = h.row();
        hosted.token = h.token();
        // Granted a moment ago by the director's node: half a lease is safe until this node's keeper
        // renews it (its next round, within a third of a lease).
        if (fence_) fence_->hold_table(h.row(), h.token(), std::chrono::steady_clock::now() + lease_ / 2);
        actors::TableSetup setup;
        setup.address = address;
        setup.stored = persistence::TableId{h.row()};
        using std::chrono::milliseconds;
        setup.clock.base = milliseconds(h.clock_base_ms());
        setup.clock.bank_start = milliseconds(h.clock_bank_start_ms());
        setup.clock.bank_per_level = milliseconds(h.clock_bank_per_level_ms());
        setup.clock.bank_cap = milliseconds(h.clock_bank_cap_ms());
        setup.clock.final_warning = milliseconds(h.clock_final_warning_ms());
        setup.pause_between_hands = milliseconds(h.pause_between_hands_ms());
        setup.roster = hosted.roster;
        setup.report = [bus = &bus_, director = hosted.director_node, address,
                        news = hosted.news](engine::TableReport report) {
            const std::string text = engine::encode_table_report(report);
            tell(*bus, director, address, news, [&text](wire::TableNews& n) { n.set_report(text); });
        };
        hosted.actor = std::make_shared<actors::TableActor>(context_, std::move(setup));
        if (stopping_) hosted.actor->stop_dealing([] {});  // this node is shutting down
        registry_.add(address, hosted.actor);
        spdlog::info("event=table_hosted node={} tournament={} table={} director={} token={}", node_,
                     address.tournament_id, address.table + 1, hosted.director_node, hosted.token);
        acknowledge(bus_, hosted.director_node, address, hosted.commands.acknowledge());
        tables_.emplace(key, std::move(hosted));
        return;
    }
    const auto it = tables_.find(key);
    if (it == tables_.end()) {
        if (command.body_case() != wire::TableCommand::kAck)
            spdlog::warn("event=table_command_unknown_table node={} tournament={} table={}", node_,
                         address.tournament_id, address.table + 1);
        return;
    }
    Hosted& hosted = it->second;
    if (command.body_case() == wire::TableCommand::kAck) {
        std::lock_guard news(hosted.news->mutex);
        hosted.news->link.acknowledged(command.ack());
        return;
    }
    const auto verdict = hosted.commands.take(command.seq());
    acknowledge(bus_, hosted.director_node, address, hosted.commands.acknowledge());
    if (verdict != IncomingLink::Verdict::next) return;  // had it already, or one before it was lost
    switch (command.body_case()) {
        case wire::TableCommand::kDeliver: {
            const wire::Deliver& d = command.deliver();
            for (const auto& e : d.entrants()) {
                if (e.entrant() < 0 ||
                    static_cast<std::size_t>(e.entrant()) >= hosted.roster->entrants.size())
                    continue;
                actors::RosterEntry& entry = hosted.roster->entrants[static_cast<std::size_t>(e.entrant())];
                if (entry.account != 0) continue;  // written once: the table may be reading it
                entry.name = e.name();
                entry.registration = persistence::RegistrationId{e.registration()};
                entry.account = e.account();
            }
            std::vector<engine::DirectorMessage> messages;
            for (const auto& order : d.messages()) {
                auto m = from_wire(order);
                if (!m) {
                    spdlog::error("event=cluster_bad_message subject={} detail=\"{}\"", message.subject,
                                  m.error());
                    continue;
                }
                messages.push_back(std::move(*m));
            }
            std::vector<actors::MoveNotice> notices;
            for (const auto& n : d.notices())
                notices.push_back(from_wire(n));
            hosted.actor->deliver(std::move(messages), d.level_ends_at_ms(), std::move(notices));
            return;
        }
        case wire::TableCommand::kHold:
            hosted.actor->hold(command.hold().held(), command.hold().reason());
            return;
        case wire::TableCommand::kStopDealing:
            hosted.actor->stop_dealing(
                [bus = &bus_, director = hosted.director_node, address, news = hosted.news] {
                    tell(*bus, director, address, news, [](wire::TableNews& n) { n.set_quiet(true); });
                });
            return;
        case wire::TableCommand::kVoidAndStop:
            hosted.actor->void_and_stop(
                [bus = &bus_, director = hosted.director_node, address, news = hosted.news] {
                    tell(*bus, director, address, news, [](wire::TableNews& n) { n.set_voided(true); });
                });
            return;
        case wire::TableCommand::kClose: {
            hosted.actor->close();
            registry_.remove(address);
            if (fence_) fence_->drop_table(hosted.row);
            // Released after the table's last writes (the same lane): another node may take it at once.
            (void)context_.writes.submit<void>(
                persistence::TableId{hosted.row},
                [resource = persistence::table_lease(persistence::TableId{hosted.row}), node = node_,
                 lease = lease_, token = hosted.token](persistence::Database& db) {
                    return persistence::LeaseStore(db, node, lease).release(resource, token);
                },
                [](persistence::StoreResult<void>) {}, persistence::Executor::service_thread());
            spdlog::info("event=table_unhosted node={} tournament={} table={}", node_, address.tournament_id,
                         address.table + 1);
            end(it);
            return;
        }
        default:
            return;
    }
}

}  // namespace tavolo::server::cluster
