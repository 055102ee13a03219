#include "server/actors/purchase_recovery.hpp"

#include <spdlog/spdlog.h>

#include <map>

namespace tavolo::server::actors {

int pay_back_unplayed_purchases(persistence::Database& db, const persistence::RecoveredTournament& stored,
                                const ResumedTournament& resumed, const engine::RebuyRules& rules) {
    if (!rules.enabled) return 0;
    std::map<std::int64_t, const persistence::Registration*> rows;
    for (const auto& r : stored.registrations)
        rows[persistence::raw(r.id)] = &r;
    persistence::TournamentStore store(db);
    int paid_back = 0;
    for (std::size_t i = 0; i < resumed.start.entrants.size(); ++i) {
        const auto entrant = static_cast<engine::EntrantId>(i);
        const auto it = rows.find(persistence::raw(resumed.start.entrants[i].registration));
        if (it == rows.end()) continue;  // a late entrant's slot
        const persistence::Registration& row = *it->second;
        int rebuys = resumed.director.rebuys_of(entrant);
        int addons = resumed.director.addon_of(entrant) ? 1 : 0;
        for (const auto& t : resumed.tables)
            for (const auto& b : t.report.bought)
                if (b.entrant == entrant) ++(b.kind == engine::Purchase::Rebuy ? rebuys : addons);
        const auto pay_back = [&](bool rebuy, int extra) {
            const engine::BuyIn& price = rebuy ? rules.price : rules.addon_price;
            for (int k = 0; k < extra; ++k) {
                const std::string key = "payback:" + std::to_string(persistence::raw(stored.tournament.id)) +
                                        ":" + std::to_string(persistence::raw(row.id)) +
                                        (rebuy ? ":rebuy:" : ":addon:") + std::to_string(resumed.saved_seq) +
                                        ":" + std::to_string(k);
                auto r = store.pay_back_purchase(row.id, rebuy, price.prize_part, price.fee, key);
                if (r) {
                    ++paid_back;
                    spdlog::warn(
                        "event=unplayed_purchase_paid_back tournament={} registration={} kind={} key={}",
                        persistence::raw(stored.tournament.id), persistence::raw(row.id),
                        rebuy ? "rebuy" : "addon", key);
                } else {
                    spdlog::error("event=unplayed_purchase_not_paid_back registration={} key={} error=\"{}\"",
                                  persistence::raw(row.id), key, r.error().message);
                }
            }
        };
        pay_back(true, row.rebuys - rebuys);
        pay_back(false, row.addons - addons);
    }
    return paid_back;
}

}  // namespace tavolo::server::actors
