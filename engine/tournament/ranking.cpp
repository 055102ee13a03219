#include "engine/tournament/ranking.hpp"

#include <algorithm>
#include <map>

#include "engine/tournament/payouts.hpp"

namespace tavolo::engine {

const char* to_string(RankingError e) {
    switch (e) {
        case RankingError::UnknownEntrant:
            return "not an entrant of this tournament";
        case RankingError::AlreadyRanked:
            return "the entrant is already ranked";
        case RankingError::NobodyLeft:
            return "a hand cannot eliminate every player still in the tournament";
        case RankingError::NotTheLast:
            return "only the last player left can be crowned";
    }
    return "unknown ranking error";
}

Ranking::Ranking(std::span<const EntrantId> roster) : roster_(roster.begin(), roster.end()) {
    std::sort(roster_.begin(), roster_.end());
    roster_.erase(std::unique(roster_.begin(), roster_.end()), roster_.end());
    unranked_ = static_cast<int>(roster_.size());
}

std::expected<void, RankingError> Ranking::check_and_mark(std::span<const EntrantId> ids, bool last) {
    std::vector<EntrantId> sorted(ids.begin(), ids.end());
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const EntrantId id = sorted[i];
        if (id < 0) return std::unexpected(RankingError::UnknownEntrant);
        if (!roster_.empty() && !std::binary_search(roster_.begin(), roster_.end(), id))
            return std::unexpected(RankingError::UnknownEntrant);
        if ((i > 0 && sorted[i - 1] == id) || ranked_.contains(id))
            return std::unexpected(RankingError::AlreadyRanked);
    }
    const auto n = static_cast<int>(ids.size());
    if (last ? unranked_ != 1 : n >= unranked_)
        return std::unexpected(last ? RankingError::NotTheLast : RankingError::NobodyLeft);
    ranked_.insert(ids.begin(), ids.end());
    return {};
}

std::expected<void, RankingError> Ranking::eliminate_in_hand(std::span<const Elimination> eliminated) {
    std::vector<EntrantId> ids;
    for (const auto& e : eliminated)
        ids.push_back(e.entrant);
    if (auto ok = check_and_mark(ids, false); !ok) return ok;
    int place = unranked_ - static_cast<int>(eliminated.size()) + 1;
    for (const auto& e : eliminated)
        placings_.push_back(Placing{e.entrant, place++, 1});
    unranked_ -= static_cast<int>(eliminated.size());
    return {};
}

std::expected<void, RankingError> Ranking::eliminate_in_round(std::vector<RoundElimination> eliminated) {
    std::vector<EntrantId> ids;
    for (const auto& e : eliminated)
        ids.push_back(e.entrant);
    if (auto ok = check_and_mark(ids, false); !ok) return ok;
    std::sort(eliminated.begin(), eliminated.end(), [](const RoundElimination& a, const RoundElimination& b) {
        if (a.start_chips != b.start_chips) return a.start_chips > b.start_chips;
        if (a.table != b.table) return a.table < b.table;
        return a.seat_from_button < b.seat_from_button;
    });
    int place = unranked_ - static_cast<int>(eliminated.size()) + 1;
    std::size_t i = 0;
    while (i < eliminated.size()) {
        // A cluster of equal starting chips. Within one table, seat order decides; across tables,
        // the j-th of each table form a tier that shares its places.
        std::size_t j = i;
        while (j < eliminated.size() && eliminated[j].start_chips == eliminated[i].start_chips)
            ++j;
        std::map<int, std::vector<const RoundElimination*>> by_table;  // already in seat order
        for (std::size_t x = i; x < j; ++x)
            by_table[eliminated[x].table].push_back(&eliminated[x]);
        for (std::size_t tier = 0;; ++tier) {
            std::vector<const RoundElimination*> members;
            for (auto& [table, list] : by_table)
                if (tier < list.size()) members.push_back(list[tier]);
            if (members.empty()) break;
            const int shared = static_cast<int>(members.size());
            for (const auto* m : members)
                placings_.push_back(Placing{m->entrant, place, shared});
            place += shared;
        }
        i = j;
    }
    unranked_ -= static_cast<int>(eliminated.size());
    return {};
}

std::expected<void, RankingError> Ranking::crown(EntrantId winner) {
    if (auto ok = check_and_mark(std::span<const EntrantId>(&winner, 1), true); !ok) return ok;
    placings_.push_back(Placing{winner, 1, 1});
    unranked_ -= 1;
    return {};
}

std::vector<Cents> prizes_for_placings(const std::vector<Placing>& placings,
                                       const std::vector<Cents>& prizes) {
    std::vector<Cents> out(placings.size(), 0);
    std::size_t i = 0;
    while (i < placings.size()) {
        const auto& p = placings[i];
        if (p.shared <= 1) {
            if (p.place >= 1 && p.place <= static_cast<int>(prizes.size()))
                out[i] = prizes[static_cast<std::size_t>(p.place - 1)];
            ++i;
            continue;
        }
        // A tie is recorded as `shared` consecutive placings with the same place.
        const auto shares = shared_prizes(prizes, p.place, p.shared);
        for (int s = 0; s < p.shared && i < placings.size(); ++s, ++i)
            out[i] = shares[static_cast<std::size_t>(s)];
    }
    return out;
}

void Ranking::add_entrant(EntrantId entrant) {
    ++unranked_;
    for (Placing& p : placings_)
        ++p.place;
    if (!roster_.empty()) roster_.insert(std::upper_bound(roster_.begin(), roster_.end(), entrant), entrant);
}

}  // namespace tavolo::engine
