// `tavolo pokerstars PATH...`: PHH hand histories (.phh, .phhs; directories recursively, in name
// order) as the PokerStars-style text trackers import (engine/phh/pokerstars_text.hpp), on standard
// output, hands separated by two blank lines. A hand that cannot be written is named on standard
// error (`path: reason`, `path[name]: reason` in a .phhs) and the others are still written. Exit
// code 1 when any hand or path failed, 2 for a command-line error.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/phh/parser.hpp"
#include "engine/phh/pokerstars_text.hpp"
#include "engine/phh/shown_text.hpp"
#include "tools/commands.hpp"
#include "tools/integer_option.hpp"

namespace tavolo::tools {
namespace {

namespace fs = std::filesystem;
namespace phh = engine::phh;

struct Options {
    std::vector<std::string> paths;
    phh::PokerStarsOptions stars;
};

std::string shown_name(const std::string& text) {
    const bool plain = std::ranges::all_of(text, [](char c) { return c >= 0x20 && c < 0x7f; });
    return plain ? text : phh::shown_text(text);
}

bool is_history_file(const fs::path& p) {
    return p.extension() == ".phh" || p.extension() == ".phhs";
}

class Converter {
  public:
    explicit Converter(const Options& options) : options_(options) {}

    int run() {
        for (const auto& p : options_.paths)
            path(p);
        return failed_ ? 1 : 0;
    }

  private:
    void fail(const std::string& label, const std::string& reason) {
        std::cerr << label << ": " << reason << '\n';
        failed_ = true;
    }

    void path(const std::string& p) {
        std::error_code ec;
        const fs::path at(p);
        if (fs::is_directory(at, ec)) {
            std::vector<fs::path> found;
            for (auto it = fs::recursive_directory_iterator(at, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (it->is_regular_file(ec) && is_history_file(it->path())) found.push_back(it->path());
            }
            if (ec) return fail(shown_name(p), "cannot read the directory: " + ec.message());
            if (found.empty()) return fail(shown_name(p), "no .phh or .phhs files in this directory");
            std::sort(found.begin(), found.end());
            for (const auto& f : found)
                file(f);
        } else if (fs::is_regular_file(at, ec)) {
            file(at);
        } else if (fs::exists(at, ec)) {
            fail(shown_name(p), "not a file or a directory: give .phh or .phhs files or directories of them");
        } else {
            fail(shown_name(p), "no such file or directory");
        }
    }

    void file(const fs::path& f) {
        const std::string label = shown_name(f.string());
        std::ifstream in(f, std::ios::binary);
        if (!in) return fail(label, "cannot open");
        std::stringstream buffer;
        buffer << in.rdbuf();
        auto hands = phh::parse_hands(buffer.str());
        if (!hands) return fail(label, hands.error().to_string());
        for (const auto& parsed : *hands) {
            const std::string hand_label =
                parsed.section.empty() ? label : label + "[" + shown_name(parsed.section) + "]";
            if (!parsed.hand) {
                fail(hand_label, parsed.hand.error().to_string());
                continue;
            }
            auto text = phh::pokerstars_text(*parsed.hand, options_.stars);
            if (!text) {
                fail(hand_label, text.error());
                continue;
            }
            if (written_ > 0) std::cout << "\n\n";
            std::cout << *text;
            ++written_;
        }
    }

    const Options& options_;
    int written_ = 0;
    bool failed_ = false;
};

}  // namespace

void add_pokerstars_command(CLI::App& app) {
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "pokerstars",
        "Write PHH hand histories (.phh, .phhs; directories recursively) as PokerStars-style text for "
        "trackers, on standard output");
    cmd->add_option("paths", options->paths, "Files or directories")->required();
    cmd->add_option("--hero", options->stars.hero,
                    "The player whose hole cards are dealt to (a name of `players`); without it every "
                    "hand is shown (the operator's export)");
    cmd->add_option("--tournament", options->stars.tournament_id, "Tournament id for the header (digits)")
        ->check(CLI::Validator(
            [](std::string& text) {
                const bool digits = !text.empty() && text.size() <= 18 &&
                                    std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; });
                return digits ? std::string()
                              : std::string("the tournament id is decimal digits (at most 18)");
            },
            "DIGITS"));
    cmd->add_option("--hand-id", options->stars.hand_id,
                    "Hand number for the header (digits; default: the PHH `hand`)")
        ->check(CLI::Validator(
            [](std::string& text) {
                const bool digits = !text.empty() && text.size() <= 18 &&
                                    std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; });
                return digits ? std::string() : std::string("the hand id is decimal digits (at most 18)");
            },
            "DIGITS"));
    cmd->add_option("--buy-in", options->stars.buy_in,
                    "Buy-in as the header writes it, e.g. '$10+$1 USD' "
                    "(default Freeroll)");
    cmd->add_option("--table", options->stars.table_name, "Table name (default 'TOURNAMENT TABLE')");
    add_integer_option(*cmd, "--level", options->stars.level,
                       "Blind level for the header (default: PHH `level`, else 1)", 1, 3999);
    cmd->add_option("--time", options->stars.time,
                    "Start time as written, e.g. '2026/11/26 23:50:00 UTC' (default: the PHH date fields)");
    cmd->callback([options] {
        if (const int code = Converter(*options).run(); code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace tavolo::tools
