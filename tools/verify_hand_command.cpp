// `tavolo verify-hand FILE...`: checks provably fair hands (fairness/README.md). For each hand of each
// .phh / .phhs file: the commitment is the seed's, and every card the history deals and shows is what
// the seed deals (fairness/verify_hand.hpp). One line per hand (`FILE: verified ...`, `FILE[name]:
// FAILED, line N: reason`), then exactly `verify-hand: N verified, M failed`. Exit code 1 when any hand
// failed (or a file could not be read), 2 for a usage error (no file, a path that is not a file).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/phh/parser.hpp"
#include "engine/phh/shown_text.hpp"
#include "fairness/verify_hand.hpp"
#include "tools/commands.hpp"

namespace tavolo::tools {
namespace {

namespace phh = engine::phh;

struct Tally {
    int verified = 0;
    int failed = 0;
};

// `file`, or `file[name]` for a hand of a .phhs: the name as written when it is short plain text, else
// quoted with its bytes escaped and cut (as `tavolo replay` shows it).
std::string hand_label(const std::string& file, const std::string& section) {
    if (section.empty()) return file;
    const bool plain = section.size() <= phh::kShownTextLimit &&
                       std::ranges::all_of(section, [](char c) { return c >= 0x20 && c < 0x7f; });
    return file + "[" + (plain ? section : phh::shown_text(section)) + "]";
}

void report_failure(const std::string& label, int line, const std::string& reason, Tally& tally) {
    std::cout << label << ": FAILED, ";
    if (line > 0) std::cout << "line " << line << ": ";
    std::cout << reason << '\n';
    ++tally.failed;
}

void verify_file(const std::string& file, Tally& tally) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return report_failure(file, 0, "cannot open the file", tally);
    std::stringstream buffer;
    buffer << in.rdbuf();
    auto hands = phh::parse_hands(buffer.str());
    if (!hands) return report_failure(file, hands.error().line, hands.error().message, tally);
    for (const auto& parsed : *hands) {
        const std::string label = hand_label(file, parsed.section);
        if (!parsed.hand) {
            report_failure(label, parsed.hand.error().line, parsed.hand.error().message, tally);
            continue;
        }
        const fairness::Verdict v = fairness::verify_hand(*parsed.hand);
        if (!v.verified) {
            report_failure(label, v.failure.line, v.failure.reason, tally);
            continue;
        }
        std::cout << label << ": verified, " << v.cards_checked << " cards checked against the seed";
        if (v.hidden_cards > 0) std::cout << " (" << v.hidden_cards << " hidden cards not checked)";
        std::cout << ", commitment " << v.commitment << '\n';
        ++tally.verified;
    }
}

}  // namespace

void add_verify_hand_command(CLI::App& app) {
    auto files = std::make_shared<std::vector<std::string>>();
    auto* cmd = app.add_subcommand(
        "verify-hand",
        "Check provably fair hands in PHH files (.phh, .phhs): the commitment matches the revealed seed and "
        "every card dealt is what the seed deals");
    cmd->add_option("files", *files, "Hand history files exported with their seed")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->callback([files] {
        Tally tally;
        for (const auto& file : *files)
            verify_file(file, tally);
        std::cout << "verify-hand: " << tally.verified << " verified, " << tally.failed << " failed"
                  << std::endl;
        if (tally.failed > 0) throw CLI::RuntimeError(1);
    });
}

}  // namespace tavolo::tools
