// Adoption at a restart (lobby_adoption.hpp, server/lobby/README.md "Adoption at a restart"): which
// declaration a stored tournament belongs to, and how the lobby takes it back.
#include "server/lobby/lobby_adoption.hpp"

#include <algorithm>

#include "server/lobby/declaration_fingerprint.hpp"
#include "server/lobby/lobby_core.hpp"

namespace tavolo::server::lobby {

namespace {

bool single_table(engine::TournamentKind kind) {
    return kind == engine::TournamentKind::SitAndGo || kind == engine::TournamentKind::HeadsUp;
}

}  // namespace

std::optional<std::size_t> declaration_named(const std::vector<TournamentDeclaration>& declarations,
                                             const std::string& name) {
    for (std::size_t i = 0; i < declarations.size(); ++i)
        if (declarations[i].name == name) return i;
    return std::nullopt;
}

AdoptionVerdict adoption_of(const std::vector<TournamentDeclaration>& declarations,
                            const persistence::Tournament& stored, TimePoint now,
                            std::chrono::milliseconds grace) {
    const std::string& name = stored.spec.name;
    const auto index = declaration_named(declarations, name);
    if (!index) return {std::nullopt, "no tournament named \"" + name + "\" is configured any more"};
    if (!config_names(stored.spec.config_json, declaration_fingerprint(declarations[*index])))
        return {std::nullopt, "the declaration of \"" + name +
                                  "\" changed since the tournament opened (its terms are not those its "
                                  "players registered for)"};
    if (stored.spec.starts_at) {
        const auto start = std::chrono::time_point_cast<std::chrono::milliseconds>(*stored.spec.starts_at);
        if (now > start + grace) {
            const auto late = std::chrono::duration_cast<std::chrono::minutes>(now - start).count();
            return {std::nullopt,
                    "its start time passed " + std::to_string(late) +
                        " minutes ago while the server was down, more than the " +
                        std::to_string(std::chrono::duration_cast<std::chrono::minutes>(grace).count()) +
                        " minutes a late start is allowed"};
        }
    }
    return {index, {}};
}

Effects LobbyCore::adopt(std::vector<AdoptedTournament> adopted, TimePoint now) {
    (void)now;
    Effects out;
    for (AdoptedTournament& a : adopted) {
        if (a.declaration >= declarations_.size() || listed_.contains(a.id)) continue;
        Listed& t = listed_[a.id];
        t.id = a.id;
        t.declaration = a.declaration;
        t.deadline = a.starts_at;
        t.adopted = true;
        t.phase = a.running ? Phase::Running : Phase::Registering;
        t.late_open = a.running && a.late_open;
        using persistence::RegistrationState;
        for (const persistence::Registration& r : a.registrations) {
            // Every committed buy-in numbers the next key (`buyin:<t>:<account>:<n>`) and entrant.
            ++t.buy_ins[r.account];
            ++t.entries_made;
            if (r.state == RegistrationState::unregistered || r.state == RegistrationState::refunded)
                continue;
            t.entries.push_back(Entry{{r.account, r.id, r.entry_number},
                                      r.prize_part,
                                      r.fee,
                                      false,
                                      r.state == RegistrationState::eliminated});
        }
        publish(t, out);
    }
    return out;
}

bool LobbyCore::stands_for(std::size_t declaration) const {
    const bool one_table = single_table(declarations_[declaration].kind);
    return std::ranges::any_of(listed_, [&](const auto& entry) {
        const Listed& t = entry.second;
        // A Sit&Go always has one copy to join: a running one stands for none.
        return t.adopted && t.declaration == declaration && (!one_table || t.phase == Phase::Registering);
    });
}

// The next copy of a recurring declaration after its adopted ones: one period after the latest
// opened (relative start), or when the latest starts (fixed start: when it opened is not stored),
// or at once if that moment passed while the server was down; a fixed start goes on from the latest.
LobbyCore::Recurring LobbyCore::schedule_after_adoption(std::size_t declaration, TimePoint now) const {
    const TournamentDeclaration& d = declarations_[declaration];
    const std::chrono::milliseconds every = *d.every;
    std::optional<TimePoint> latest;
    for (const auto& [id, t] : listed_)
        if (t.adopted && t.declaration == declaration && t.deadline && (!latest || *t.deadline > *latest))
            latest = t.deadline;
    TimePoint next_open = now;
    int copies = 1;
    if (latest) {
        if (const auto* after = std::get_if<StartAfter>(&d.start)) {
            next_open = *latest - after->delay + every;
        } else if (const auto* at = std::get_if<StartAt>(&d.start)) {
            next_open = *latest;
            copies = std::max(1, static_cast<int>((*latest - at->time + every / 2) / every) + 1);
        }
    }
    next_open = std::max(next_open, now);
    return Recurring{next_open - copies * every, copies};
}

}  // namespace tavolo::server::lobby
