// `tavolo replay PATH...`: replays PHH hand histories (.phh, .phhs; directories recursively)
// through the engine and compares the finishing stacks (engine/phh/replay.hpp).
// One line per failed hand (`path: reason`, `path[n]: reason` in a .phhs, with `line N: ` before the
// reason when a line of the file is at fault), then a count per skip
// reason, then exactly `replay: N passed, M failed, K skipped` (with --stacks, first a line of
// finishing stacks per passed hand). Exit code 1 when any hand failed.
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/phh/parser.hpp"
#include "engine/phh/replay.hpp"
#include "engine/phh/shown_text.hpp"
#include "tools/commands.hpp"

namespace tavolo::tools {
namespace {

namespace fs = std::filesystem;
namespace phh = engine::phh;

struct Options {
    std::vector<std::string> paths;
    bool check_export = false;
    bool verbose = false;
    bool stacks = false;
};

struct Tally {
    int passed = 0;
    int failed = 0;
    std::array<int, phh::kSkipReasons> skipped{};
    int skipped_total() const {
        int n = 0;
        for (int s : skipped)
            n += s;
        return n;
    }
};

bool is_history_file(const fs::path& p) {
    return p.extension() == ".phh" || p.extension() == ".phhs";
}

// The files to replay, in a stable order; a path that does not exist, or a directory holding no
// hand history, is reported as a failure.
// Text from a file's name or contents, for a message: as it is when it is plain printable text,
// else quoted with its bytes escaped (and cut), like the parser's errors. A directory may hold a file
// whose name carries terminal escape sequences.
std::string shown_name(const std::string& text) {
    const bool plain = std::ranges::all_of(text, [](char c) { return c >= 0x20 && c < 0x7f; });
    return plain ? text : phh::shown_text(text);
}

std::vector<fs::path> collect(const std::vector<std::string>& paths, Tally& tally) {
    std::vector<fs::path> files;
    for (const auto& p : paths) {
        std::error_code ec;
        const fs::path path(p);
        if (fs::is_directory(path, ec)) {
            std::vector<fs::path> found;
            for (auto it = fs::recursive_directory_iterator(path, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (it->is_regular_file(ec) && is_history_file(it->path())) found.push_back(it->path());
            }
            if (ec) {
                std::cout << shown_name(p) << ": cannot read the directory: " << ec.message() << '\n';
                ++tally.failed;
            } else if (found.empty()) {
                std::cout << shown_name(p) << ": no .phh or .phhs files in this directory\n";
                ++tally.failed;
            }
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else if (fs::is_regular_file(path, ec)) {
            files.push_back(path);
        } else if (fs::exists(path, ec)) {
            // A device, pipe or socket: reading one might never end.
            std::cout << shown_name(p)
                      << ": not a file or a directory (a device, pipe or socket): give .phh or "
                         ".phhs files or directories of them\n";
            ++tally.failed;
        } else {
            std::cout << shown_name(p) << ": no such file or directory\n";
            ++tally.failed;
        }
    }
    return files;
}

// `path` for a .phh, `path[name]` for a hand of a .phhs; a long section name is cut.
std::string hand_label(const fs::path& file, const std::string& section) {
    if (section.empty()) return shown_name(file.string());
    const std::string name =
        section.size() <= phh::kShownTextLimit ? shown_name(section) : phh::shown_text(section);
    return shown_name(file.string()) + "[" + name + "]";
}

// `label: stacks NAME=CHIPS ...`: the engine's finishing stack of each player, in position order (pN
// when the file names nobody), so a caller can hold them against what it stored.
void print_stacks(const std::string& label, const phh::HandHistory& hand, const phh::ReplayResult& result) {
    std::cout << label << ": stacks";
    for (std::size_t i = 0; i < result.engine_stacks.size(); ++i) {
        const std::string name =
            i < hand.players.size() ? shown_name(hand.players[i]) : "p" + std::to_string(i + 1);
        std::cout << ' ' << name << '=' << result.engine_stacks[i];
    }
    std::cout << '\n';
}

void replay_file(const fs::path& file, const Options& options, Tally& tally) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        std::cout << shown_name(file.string()) << ": cannot open\n";
        ++tally.failed;
        return;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    auto hands = phh::parse_hands(buffer.str());
    if (!hands) {
        std::cout << shown_name(file.string()) << ": " << hands.error().to_string() << '\n';
        ++tally.failed;
        return;
    }
    for (const auto& parsed : *hands) {
        const std::string label = hand_label(file, parsed.section);
        if (!parsed.hand) {
            std::cout << label << ": " << parsed.hand.error().to_string() << '\n';
            ++tally.failed;
            continue;
        }
        const auto result = phh::replay(*parsed.hand, {.export_hand = options.check_export});
        switch (result.outcome) {
            case phh::Outcome::Skipped:
                ++tally.skipped[static_cast<std::size_t>(*result.skip_reason)];
                if (options.verbose) {
                    std::cout << label << ": skipped, " << phh::describe(*result.skip_reason) << " ("
                              << result.reason << ")\n";
                }
                break;
            case phh::Outcome::Failed:
                std::cout << label << ": ";
                if (result.line > 0) std::cout << "line " << result.line << ": ";
                std::cout << result.reason << '\n';
                ++tally.failed;
                break;
            case phh::Outcome::Passed:
                if (options.check_export) {
                    if (auto problem = phh::check_export(result); !problem.empty()) {
                        std::cout << label << ": " << problem << '\n';
                        ++tally.failed;
                        break;
                    }
                }
                if (options.stacks) print_stacks(label, *parsed.hand, result);
                ++tally.passed;
                break;
        }
    }
}

int run(const Options& options) {
    Tally tally;
    for (const auto& file : collect(options.paths, tally))
        replay_file(file, options, tally);
    for (int r = 0; r < phh::kSkipReasons; ++r) {
        if (tally.skipped[static_cast<std::size_t>(r)] > 0) {
            std::cout << "skipped (" << phh::describe(static_cast<phh::SkipReason>(r))
                      << "): " << tally.skipped[static_cast<std::size_t>(r)] << '\n';
        }
    }
    std::cout << "replay: " << tally.passed << " passed, " << tally.failed << " failed, "
              << tally.skipped_total() << " skipped" << std::endl;
    return tally.failed > 0 ? 1 : 0;
}

}  // namespace

void add_replay_command(CLI::App& app) {
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "replay",
        "Replay PHH hand histories (.phh, .phhs; directories recursively) through the engine "
        "and compare the finishing stacks");
    cmd->add_option("paths", options->paths, "Files or directories")->required();
    cmd->add_flag("--check-export", options->check_export,
                  "Also export each passed hand from the engine's events to PHH and replay that too");
    cmd->add_flag("-v,--verbose", options->verbose, "Also list each skipped hand with its reason");
    cmd->add_flag("--stacks", options->stacks,
                  "Also print each passed hand's finishing stacks as the engine played them "
                  "(`LABEL: stacks NAME=CHIPS ...`)");
    cmd->callback([options] {
        if (const int code = run(*options); code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace tavolo::tools
