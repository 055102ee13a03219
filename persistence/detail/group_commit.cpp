#include "persistence/detail/group_commit.hpp"

#include "persistence/detail/finish_work.hpp"
#include "persistence/detail/hand_work.hpp"
#include "persistence/detail/transact.hpp"

namespace tavolo::persistence::detail {

StoreResult<std::vector<Registration>> commit_group(Database& db, std::span<const HandRecord> hands,
                                                    std::span<const Finish> finishes) {
    using Result = std::vector<Registration>;
    return transact(db, [&](pqxx::work& tx) -> StoreResult<Result> {
        commit_hands(tx, hands);
        Result out;
        out.reserve(finishes.size());
        for (const auto& finish : finishes) {
            auto entry = record_finish(tx, finish);
            if (!entry) return std::unexpected(entry.error());
            out.push_back(std::move(*entry));
        }
        return out;
    });
}

}  // namespace tavolo::persistence::detail
