#include "engine/tournament/tournament_kind.hpp"

namespace tavolo::engine {

const char* to_string(TournamentKind kind) {
    switch (kind) {
        case TournamentKind::SitAndGo:
            return "sit&go";
        case TournamentKind::ScheduledMtt:
            return "mtt";
        case TournamentKind::HeadsUp:
            return "heads-up";
        case TournamentKind::ShootOut:
            return "shoot-out";
    }
    return "unknown";
}

}  // namespace tavolo::engine
