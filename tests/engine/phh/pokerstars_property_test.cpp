// Random engine hands (every game and structure, 2 to 10 players, antes, missing small blinds, short
// stacks, sitting-out players), exported to PHH and written as PokerStars-style text, with a hero or
// as the operator's export: the text is well-formed. Read back line by line:
//   - every action, deal, collect and return line names a seated player;
//   - the chips put in (antes, blinds, calls, bets, raises "to Y") less the uncalled bets returned
//     make the total pot; the pots collected make it too, and so do the main and side pots;
//   - the summary's "won (X)" / "collected (X)" are what each player collected;
//   - each player's chips in the seat line, less what he put in, plus what came back, are the
//     engine's finishing stack;
//   - "Dealt to" names only the hero in hold'em and draw (nobody in the operator's export).
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "engine/phh/export.hpp"
#include "engine/phh/pokerstars_text.hpp"
#include "engine/poker/hand.hpp"
#include "tests/engine/phh/random_hand.hpp"

using namespace tavolo::engine;
using namespace tavolo::engine::phh;
using namespace tavolo::engine::phh::testing;

namespace {

struct Ledger {
    std::map<std::string, Chips> start, put_in, street_bet, returned, collected, summary_won;
    Chips total = 0, pots = 0;
};

// The checks above; the result is empty when the text is well-formed, else what is wrong.
std::string check_text(const std::string& text, Variant variant, const std::string& hero,
                       const std::map<std::string, Chips>& finishing) {
    Ledger l;
    std::istringstream in(text);
    std::string line;
    std::smatch m;
    const std::regex seat(R"(^Seat \d+: (.+) \((\d+) in chips\)$)");
    const std::regex action(
        R"(^(.+?): (posts the ante|posts small blind|posts big blind|calls|bets|raises \d+ to|checks|folds|discards \d+ cards?|stands pat|shows|mucks hand|doesn't show hand)(?: (\d+))?.*$)");
    const std::regex collected(R"(^(.+) collected (\d+) from (pot|main pot|side pot|side pot-\d+)$)");
    const std::regex returned(R"(^Uncalled bet \((\d+)\) returned to (.+)$)");
    const std::regex dealt(R"(^Dealt to (.+?) \[)");
    const std::regex total(R"(^Total pot (\d+)((?: (?:Main|Side) pot(?:-\d+)? \d+\.)*) \| Rake 0$)");
    const std::regex pot_part(R"( (?:Main|Side) pot(?:-\d+)? (\d+)\.)");
    const std::regex summary_seat(
        R"(^Seat \d+: (.+?)(?: \((?:button|small blind|big blind)\))* (?:showed \[.*\] and won|collected) \((\d+)\).*$)");
    bool in_summary = false, seats_done = false;
    int line_number = 0, headers = 0;
    auto seated = [&](const std::string& name) { return l.start.contains(name); };
    while (std::getline(in, line)) {
        ++line_number;
        const std::string at = "line " + std::to_string(line_number) + " '" + line + "': ";
        if (line_number == 1) {
            if (!line.starts_with("PokerStars Hand #")) return at + "not a hand header";
            continue;
        }
        if (line == "*** SUMMARY ***") {
            in_summary = true;
            continue;
        }
        if (in_summary) {
            if (std::regex_match(line, m, total)) {
                l.total = std::stoll(m[1]);
                const std::string parts = m[2];
                for (auto it = std::sregex_iterator(parts.begin(), parts.end(), pot_part);
                     it != std::sregex_iterator(); ++it)
                    l.pots += std::stoll((*it)[1]);
                if (!parts.empty() && l.pots != l.total)
                    return at + "the main and side pots do not make the total";
            } else if (std::regex_match(line, m, summary_seat)) {
                if (!seated(m[1])) return at + "names nobody seated";
                l.summary_won[m[1]] += std::stoll(m[2]);
            } else if (!line.starts_with("Seat ") && !line.starts_with("Board [")) {
                return at + "not a summary line";
            }
            continue;
        }
        if (!seats_done && std::regex_match(line, m, seat)) {
            l.start[m[1]] = std::stoll(m[2]);
            continue;
        }
        if (line.starts_with("Table '")) continue;
        seats_done = true;
        if (line.starts_with("*** ")) {
            // The first header (hole cards, dealing hands, stud's 2nd street) comes after the blinds.
            if (headers++ > 0 && line != "*** SHOW DOWN ***") {
                for (auto& [name, bet] : l.street_bet)
                    bet = 0;
            }
            continue;
        }
        if (std::regex_search(line, m, dealt)) {
            if (!seated(m[1])) return at + "names nobody seated";
            if (variant != Variant::FiveCardStud && m[1] != hero)
                return at + "deals to someone who is not the hero";
            continue;
        }
        if (std::regex_match(line, m, returned)) {
            if (!seated(m[2])) return at + "names nobody seated";
            l.returned[m[2]] += std::stoll(m[1]);
            continue;
        }
        if (std::regex_match(line, m, collected)) {
            if (!seated(m[1])) return at + "names nobody seated";
            l.collected[m[1]] += std::stoll(m[2]);
            continue;
        }
        if (!std::regex_match(line, m, action)) return at + "not a line of the format";
        const std::string name = m[1], verb = m[2];
        if (!seated(name)) return at + "names nobody seated";
        const Chips amount = m[3].matched ? std::stoll(m[3]) : 0;
        if (verb == "posts the ante") {
            l.put_in[name] += amount;
        } else if (verb.starts_with("posts") || verb == "calls" || verb == "bets") {
            l.put_in[name] += amount;
            l.street_bet[name] += amount;
        } else if (verb.starts_with("raises")) {
            l.put_in[name] += amount - l.street_bet[name];
            l.street_bet[name] = amount;
        }
    }
    if (!in_summary) return "no summary";
    Chips put = 0, back = 0, won = 0;
    for (const auto& [name, c] : l.put_in)
        put += c;
    for (const auto& [name, c] : l.returned)
        back += c;
    for (const auto& [name, c] : l.collected)
        won += c;
    if (put - back != l.total)
        return "chips put in " + std::to_string(put) + " less returned " + std::to_string(back) +
               " is not the total pot " + std::to_string(l.total);
    if (won != l.total)
        return "collected " + std::to_string(won) + " is not the total pot " + std::to_string(l.total);
    if (l.summary_won != l.collected) return "the summary's winnings are not what was collected";
    for (const auto& [name, start] : l.start) {
        const Chips end = start - l.put_in[name] + l.returned[name] + l.collected[name];
        if (end != finishing.at(name))
            return name + " ends with " + std::to_string(end) + " by the text, " +
                   std::to_string(finishing.at(name)) + " by the engine";
    }
    return {};
}

}  // namespace

TEST(PokerStarsProperty, RandomHandsOfEveryGameAreWellFormedAndAddUp) {
    SeededRandom rng(20261126);
    const Variant variants[] = {Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw};
    const Betting structures[] = {Betting::NoLimit, Betting::PotLimit, Betting::Limit};
    int hands = 0, showdowns = 0, side_pots = 0;
    for (Variant v : variants) {
        for (Betting b : structures) {
            const int max_players = game_for(v).max_players;
            for (int i = 0; i < 150; ++i) {
                const int players =
                    2 + static_cast<int>(rng.uniform_below(static_cast<std::uint64_t>(max_players - 1)));
                const HandSetup setup = random_setup(rng, v, b, players);
                Hand hand(setup, rng);
                ASSERT_TRUE(hand.setup_error().has_value());
                int discards_left = 52 - 5 * players - 1;
                while (!hand.is_over()) {
                    const LegalActions la = hand.legal_actions();
                    ASSERT_TRUE(hand.act(la.seat, random_legal(rng, hand, la, discards_left)).has_value());
                }
                std::vector<std::string> names(10);
                std::map<std::string, Chips> finishing;
                for (const SeatSetup& s : setup.seats) {
                    const auto seat = static_cast<std::size_t>(s.seat);
                    names[seat] = (s.seat % 2 == 0 ? "Player " : "p_") + std::to_string(s.seat);
                    finishing[names[seat]] = hand.stack(s.seat);
                }
                const HandHistory history = history_of_hand(hand, setup, names);
                PokerStarsOptions options;
                if (rng.uniform_below(2) == 0)
                    options.hero = names[static_cast<std::size_t>(
                        setup.seats[rng.uniform_below(setup.seats.size())].seat)];
                auto text = pokerstars_text(history, options);
                ASSERT_TRUE(text) << text.error();
                const std::string problem = check_text(*text, v, options.hero, finishing);
                ASSERT_EQ(problem, "") << *text;
                showdowns += text->find("*** SHOW DOWN ***") != std::string::npos;
                side_pots += text->find("Side pot") != std::string::npos;
                ++hands;
            }
        }
    }
    EXPECT_EQ(hands, 9 * 150);
    // The random play reaches what the checks are about.
    EXPECT_GT(showdowns, 100);
    EXPECT_GT(side_pots, 20);
}
