#pragma once
// A tournament's entrants as the actors know them: entrant number (EntrantId, the index, in
// registration order) -> the account that plays it, its registration and its name. The director
// builds it before the first table opens and shares it, read-only, with its tables (a
// shared_ptr<const Roster>), which need accounts to send frames, names for snapshots and
// registrations for the persisted table snapshots.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "persistence/ids.hpp"
#include "server/session/services.hpp"

namespace tavolo::server::actors {

struct RosterEntry {
    session::AccountIdValue account = 0;
    persistence::RegistrationId registration{};
    std::string name;
};

struct Roster {
    std::vector<RosterEntry> entrants;  // by EntrantId

    const RosterEntry* find(std::int64_t entrant) const {
        if (entrant < 0 || static_cast<std::size_t>(entrant) >= entrants.size()) return nullptr;
        return &entrants[static_cast<std::size_t>(entrant)];
    }
    std::string name_of(std::int64_t entrant) const {
        const RosterEntry* e = find(entrant);
        return e ? e->name : std::string{};
    }
    // The entrant this account plays (an account holds one live entry per tournament).
    std::optional<std::int64_t> entrant_of(session::AccountIdValue account) const {
        for (std::size_t i = entrants.size(); i-- > 0;)  // the latest entry, were there re-entries
            if (entrants[i].account == account) return static_cast<std::int64_t>(i);
        return std::nullopt;
    }
};

}  // namespace tavolo::server::actors
