#include "server/actors/director_watch.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

namespace tavolo::server::actors {

void DirectorWatch::after_report(const engine::TournamentDirector& director, engine::TableId table) {
    const engine::Floor& floor = director.floor();
    if (!floor.open(table) || director.finished()) return;
    const int players = floor.table(table).player_count();
    const int smallest = floor.smallest_size();
    const bool round = director.hand_for_hand_round() && director.tables_in_hand() > 0;
    if (!round) max_gap_ = std::max(max_gap_, players - smallest);
    ++reports_;
    // After every hand of every table: debug, never at the default level (logs are quiet by default);
    // the tournament's end says the largest gap at info (after_decision).
    spdlog::debug(
        "event=table_balanced tournament={} table={} players={} smallest={} largest={} tables={} round={}",
        tournament_, table, players, smallest, floor.largest_size(), floor.open_tables(), round ? 1 : 0);
}

void DirectorWatch::after_decision(const engine::TournamentDirector& director) {
    const engine::Floor& floor = director.floor();
    if (director.stage() != stage_) {
        stage_ = director.stage();
        final_table_ = false;
        if (stage_ > 1)
            spdlog::info("event=stage_drawn tournament={} stage={} tables={} players={}", tournament_, stage_,
                         floor.open_tables(), floor.players());
    }
    if (director.broken() != broken_) {
        spdlog::info("event=tables_broken tournament={} broken={} tables={} players={}", tournament_,
                     director.broken(), floor.open_tables(), floor.players());
        broken_ = director.broken();
    }
    if (director.hand_for_hand_round() && !hand_for_hand_)
        spdlog::info("event=hand_for_hand tournament={} players={} tables={} paid={}", tournament_,
                     floor.players(), floor.open_tables(), director.payout_table().paid_places());
    hand_for_hand_ = director.hand_for_hand_round();
    if (!final_table_ && !director.finished() && floor.open_tables() == 1 && director.most_tables() > 1) {
        final_table_ = true;
        spdlog::info("event=final_table tournament={} players={}", tournament_, floor.players());
    }
    if (director.on_break() && !on_break_)
        spdlog::info("event=tournament_break tournament={} level={} ends_ms={}", tournament_,
                     director.level(),
                     std::chrono::duration_cast<std::chrono::milliseconds>(director.break_ends()).count());
    on_break_ = director.on_break();
    if (director.finished() && !summarised_) {
        summarised_ = true;
        spdlog::info("event=table_balance tournament={} reports={} max_gap={}", tournament_, reports_,
                     max_gap_);
    }
}

void DirectorWatch::after_tick(const engine::TournamentDirector& director) {
    after_decision(director);
    const engine::Floor& floor = director.floor();
    if (director.finished() || director.on_break() || director.tables_in_hand() > 0 || floor.players() < 2) {
        stalled_ = false;
        return;
    }
    if (stalled_) return;
    stalled_ = true;
    spdlog::warn(
        "event=director_stalled tournament={} players={} tables={} level={} hand_for_hand={} "
        "error=\"no hand is in play and none was started: the tournament does not go on\"",
        tournament_, floor.players(), floor.open_tables(), director.level(), director.hand_for_hand_round());
}

}  // namespace tavolo::server::actors
