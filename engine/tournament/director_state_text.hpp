#pragma once
// A TournamentDirector as versioned text (state_text.hpp): what a server saves after each decision
// so that a restart resumes the tournament where its decisions stood (RULES.md §7). The structure is
// not in it: it is the tournament's declaration, given back at restore (and checked against a few
// numbers the text keeps). Version 1, records in this order:
//
//     tavolo.tournament_director version=1
//     director entrants=60 unranked=41 payments=60 tables=7 table_size=9 paid_places=9 pace=0
//     money prize_parts=60000 chips_in_play=90000
//     clock now_ms=... stage_start_ms=0 level=3 on_break=0 break_ends_ms=0 addon_offered=0
//     hands next_hand=130 tables_in_hand=4 round_hand_for_hand=0
//     results winner=-1 stage=1 moves=12 move_number=12 broken=2 most_tables=7 rebuys=0 addons=0
//     payment entrant=0 paid=1100 prize_parts=1000 rebuys=0 addon=0        (each entrant slot that paid)
//     placing entrant=17 place=60 shared=1                                  (in ranking order)
//     table table=0 open=1 bucket_pos=2 playing=128 seat_changes=5 in_hand=1 button=3 anchor=5
//     seat seat=0 entrant=7 stack=... sitting_out=0 disconnected=0 excluded_hands=0 waiting=0 busted=0
//     arrival entrant=9 from_table=4 from_seat=2 to_table=0 to_seat=-1 breaking=1 stack=... (and flags)
//     round_elimination entrant=3 start_chips=... table=2 seat_from_button=1
//     idle table=5
//     in_transit entrant=9 move=12
//
// (`seat` and `arrival` lines follow their table's line; -1 is "none"). The same director always
// gives the same bytes, and a restored director decides exactly as the saved one would have, given
// the same reports, times and random source. Decoding refuses malformed text (a StateTextError) and
// a state no director can be in (`invalid` says why), never undefined behaviour.
#include <cstddef>
#include <expected>
#include <string>
#include <string_view>

#include "engine/table/state_text.hpp"
#include "engine/tournament/tournament_director.hpp"

namespace tavolo::engine {

inline constexpr std::string_view kDirectorStateKind = "tavolo.tournament_director";
inline constexpr int kDirectorStateVersion = 2;  // 2: late entries (entered, reentries)
// About 110 bytes a player: room for a field of a million.
inline constexpr std::size_t kMaxDirectorStateBytes = std::size_t{256} << 20;

struct DirectorStateError {
    StateTextError text{};          // the text's own error, when `invalid` is null
    const char* invalid = nullptr;  // the text reads, but no director of this config is in that state
};
// What is wrong and what to do (cancel the tournament, RULES.md §7, or repair the saved row).
std::string describe(const DirectorStateError& error);

std::string encode_director_state(const TournamentDirector& director);
// The director saved as `text`, under the tournament's `config` (the one it was started with).
std::expected<TournamentDirector, DirectorStateError> decode_director_state(std::string_view text,
                                                                            DirectorConfig config);

}  // namespace tavolo::engine
