// The lobby's side of the operator API (lobby_core.hpp, "The operator API"): tournaments an operator
// creates at run time, what the lobby knows of one, and the cancellation of a registering one.
#include <algorithm>

#include "server/lobby/lobby_core.hpp"

namespace tavolo::server::lobby {

std::expected<Effects, std::string> LobbyCore::add_declaration(TournamentDeclaration declaration,
                                                               TimePoint now, std::size_t& out_index) {
    if (stopping_)
        return std::unexpected(std::string("the server is shutting down: create it after the restart"));
    for (const auto& d : declarations_)
        if (d.name == declaration.name)
            return std::unexpected("a tournament named \"" + declaration.name +
                                   "\" is already declared: choose another name");
    declarations_.push_back(std::move(declaration));
    out_index = declarations_.size() - 1;
    Effects out;
    create(out_index, now, out);
    return out;
}

std::optional<TournamentId> LobbyCore::opened_from(std::size_t declaration) const {
    for (const auto& [id, t] : listed_)
        if (t.declaration == declaration) return id;
    return std::nullopt;
}

std::optional<LobbyCore::OperatorView> LobbyCore::operator_view(TournamentId id) const {
    const auto it = listed_.find(id);
    if (it == listed_.end()) return std::nullopt;
    const Listed& t = it->second;
    OperatorView view{t.id, &declaration_of(t), "registering", t.deadline, {}};
    switch (t.phase) {
        case Phase::Registering:
        case Phase::Closing:
            break;
        case Phase::Running:
            view.state = "running";
            break;
        case Phase::Cancelled:
            view.state = "cancelled";
            break;
        case Phase::Finished:
            view.state = "finished";
            break;
    }
    for (const Entry& e : t.entries)
        view.entries.push_back({e.entrant, e.prize_part, e.fee});
    return view;
}

std::expected<Effects, std::string> LobbyCore::cancel_registering(TournamentId id, TimePoint now) {
    Listed* t = find(id);
    if (t == nullptr) return std::unexpected(std::string("not listed by the lobby"));
    if (t->phase != Phase::Registering)
        return std::unexpected(std::string("not registering (it is starting, running or over)"));
    if (in_flight(*t) || !t->joining.empty() ||
        std::ranges::any_of(t->entries, [](const Entry& e) { return e.leaving; }))
        return std::unexpected(std::string("a buy-in or refund is in flight: retry in a moment"));
    Effects out;
    cancel(*t, now, out);
    return out;
}

}  // namespace tavolo::server::lobby
