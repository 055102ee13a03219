#pragma once
// The node's side of fencing (docs/SCALING.md "Fencing"): its id and the fencing token of each
// tournament lease it holds. A Database given a Fence (Database::Options::fence) hands both to
// PostgreSQL on each connection before a transaction (tavolo.node, tavolo.fences; only when they
// changed since that connection last saw them), and the triggers of migration 0012 refuse any write
// of a tournament whose lease names another node or another token: StoreErrc::fenced_out. The
// refusal is also told to the Fence's listener, so the node stops hosting that tournament.
// It also says until when this node may act on what it holds (acting()): a node that stalled past its
// lease must not deal, take actions or run clocks when it wakes, before its keeper learns the lease
// is gone; nothing it does then would commit, but its players would see it.
// Thread-safe: the lease keeper changes it while the write service's workers and the actors read it.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace tavolo::persistence {

class Fence {
  public:
    using Listener = std::function<void(std::int64_t tournament, const std::string& why)>;

    explicit Fence(std::string node);

    const std::string& node() const { return node_; }

    // By this node's steady clock: the moment its acquisition or last renewal of a lease was asked, plus
    // the lease's length, is never later than the lease's expiry in the database.
    using Deadline = std::chrono::steady_clock::time_point;

    // From now on this node's writes for `tournament` carry `token` (the lease's current token), and
    // it acts on the tournament until `until` (unless extended).
    void hold(std::int64_t tournament, std::int64_t token, Deadline until = Deadline::max());
    // The lease was renewed: act until `until`.
    void extend(std::int64_t tournament, Deadline until);
    // This node no longer writes for `tournament`: any write of it is refused, and it acts on it no more.
    void drop(std::int64_t tournament);
    std::optional<std::int64_t> token(std::int64_t tournament) const;
    // The same for a table this node hosts for a director on another node (lease "table:<row>",
    // migration 0014; ' t<row>:<token> ' in the setting).
    void hold_table(std::int64_t row, std::int64_t token, Deadline until = Deadline::max());
    void extend_table(std::int64_t row, Deadline until);
    void drop_table(std::int64_t row);
    std::map<std::int64_t, std::int64_t> tables() const;  // row -> token

    // May this node act now (deal, apply an action, run a clock) on the table of row `row` of
    // `tournament`? By the table's lease when it holds one for it (hosted for another node's
    // director), else by the tournament's while it holds it: until its deadline. Not once dropped
    // (either). A tournament no lease placed yet (the lobby just started it here) may act.
    bool acting(std::int64_t tournament, std::int64_t row) const;

    // What a connection sets: ' <tournament>:<token> ... ' with a space before and after each pair,
    // and the generation it belongs to (grows at every hold or drop).
    struct Setting {
        std::uint64_t generation = 0;
        std::string fences;
    };
    Setting setting() const;
    std::uint64_t generation() const { return generation_.load(); }

    // Called (on the writing thread) for every write the database refused by the fence.
    void set_listener(Listener listener);
    // A refused write: `message` is the database's, which names the tournament.
    void refused(const std::string& message) const;

  private:
    const std::string node_;
    mutable std::mutex mutex_;
    struct Held {
        std::int64_t token = 0;
        Deadline until;  // acts until then
    };
    // The leases of one kind held (tournament or table row -> its token and deadline), and the ones
    // held, then dropped; under mutex_.
    struct Leases {
        std::map<std::int64_t, Held> held;
        std::set<std::int64_t> dropped;
        void hold(std::int64_t id, std::int64_t token, Deadline until);
        void extend(std::int64_t id, Deadline until);
        bool drop(std::int64_t id);  // true: the setting changed
    };
    Leases tournaments_;
    Leases tables_;
    std::atomic<std::uint64_t> generation_{1};
    Listener listener_;
};

// The tournament a fence refusal names ("fenced out: tournament 12 is leased to ..."), if any.
std::optional<std::int64_t> fenced_tournament(const std::string& message);

}  // namespace tavolo::persistence
