#pragma once
// The node's side of fencing (docs/SCALING.md "Fencing"): its id and the fencing token of each
// tournament lease it holds. A Database given a Fence (Database::Options::fence) hands both to
// PostgreSQL on each connection before a transaction (tavolo.node, tavolo.fences; only when they
// changed since that connection last saw them), and the triggers of migration 0012 refuse any write
// of a tournament whose lease names another node or another token: StoreErrc::fenced_out. The
// refusal is also told to the Fence's listener, so the node stops hosting that tournament.
// Thread-safe: the lease keeper changes it while the write service's workers read it.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace tavolo::persistence {

class Fence {
  public:
    using Listener = std::function<void(std::int64_t tournament, const std::string& why)>;

    explicit Fence(std::string node);

    const std::string& node() const { return node_; }

    // From now on this node's writes for `tournament` carry `token` (the lease's current token).
    void hold(std::int64_t tournament, std::int64_t token);
    // This node no longer writes for `tournament`: any write of it is refused.
    void drop(std::int64_t tournament);
    std::optional<std::int64_t> token(std::int64_t tournament) const;
    // The same for a table this node hosts for a director on another node (lease "table:<row>",
    // migration 0014; ' t<row>:<token> ' in the setting).
    void hold_table(std::int64_t row, std::int64_t token);
    void drop_table(std::int64_t row);
    std::map<std::int64_t, std::int64_t> tables() const;  // row -> token

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
    std::map<std::int64_t, std::int64_t> tokens_;
    std::map<std::int64_t, std::int64_t> table_tokens_;
    std::atomic<std::uint64_t> generation_{1};
    Listener listener_;
};

// The tournament a fence refusal names ("fenced out: tournament 12 is leased to ..."), if any.
std::optional<std::int64_t> fenced_tournament(const std::string& message);

}  // namespace tavolo::persistence
