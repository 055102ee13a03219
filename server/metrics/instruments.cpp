#include "server/metrics/instruments.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "vocabulary.pb.h"

namespace tavolo::server::metrics {

namespace {

std::string without_prefix(const std::string& name, std::string_view prefix) {
    return name.starts_with(prefix) ? name.substr(prefix.size()) : name;
}

// Every ErrorCode from 0 to its largest, then a catch-all for a code this build does not know.
std::vector<std::string> error_labels() {
    std::vector<std::string> out;
    for (int code = 0; code <= ::tavolo::v1::ErrorCode_MAX; ++code)
        out.push_back(error_code_label(code));
    out.emplace_back("OTHER");
    return out;
}

}  // namespace

std::string error_code_label(int code) {
    if (!::tavolo::v1::ErrorCode_IsValid(code)) return "CODE_" + std::to_string(code);
    return without_prefix(::tavolo::v1::ErrorCode_Name(static_cast<::tavolo::v1::ErrorCode>(code)),
                          "ERROR_CODE_");
}

std::string tournament_state_label(int state) {
    if (!::tavolo::v1::TournamentState_IsValid(state)) return "state_" + std::to_string(state);
    std::string out =
        without_prefix(::tavolo::v1::TournamentState_Name(static_cast<::tavolo::v1::TournamentState>(state)),
                       "TOURNAMENT_STATE_");
    std::ranges::transform(out, out.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

static_assert(kTournamentStates == ::tavolo::v1::TournamentState_ARRAYSIZE,
              "kTournamentStates follows v1::TournamentState");

Instruments::Instruments() : errors(error_labels()) {}

Instruments& instruments() {
    static Instruments the_instruments;
    return the_instruments;
}

}  // namespace tavolo::server::metrics
