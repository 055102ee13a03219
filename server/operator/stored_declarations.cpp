#include "server/operator/stored_declarations.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/api/tournament_declaration.hpp"
#include "server/operator/tournament_rows.hpp"

namespace tavolo::server::operators {

std::vector<TournamentDeclaration> with_stored_declarations(const std::string& database_url,
                                                            std::vector<TournamentDeclaration> declared) {
    if (database_url.empty()) return declared;
    persistence::Database db(database_url);
    auto stored = operator_declarations(db);
    if (!stored) {
        spdlog::error("event=operator_declarations_not_read error=\"{}\"", stored.error().message);
        return declared;
    }
    for (const auto& text : *stored) {
        auto d = api::declaration_from_text(text);
        if (!d) {
            spdlog::error("event=operator_declaration_refused error=\"{}\"", d.error().message);
            continue;
        }
        if (std::ranges::any_of(declared, [&](const auto& x) { return x.name == d->name; })) {
            spdlog::warn("event=operator_declaration_shadowed name=\"{}\"", d->name);
            continue;
        }
        declared.push_back(std::move(*d));
    }
    return declared;
}

}  // namespace tavolo::server::operators
