// libFuzzer target: the PHH reader (engine/phh/, README.md "phh_reader"). Any text is read as a
// .phh or .phhs file; every hand read is then written back, replayed through the engine and written
// as PokerStars text, as `tavolo replay` and the hand routes do with files from outside.
//
// Besides ASan and UBSan (and the engine's assertions), the oracle checks the reader's promises
// (engine/phh/README.md): a hand written back reads back as the same record (writer.hpp), every
// error says what went wrong, and a replay that passes exports a hand that replays the same
// (replay.hpp check_export).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/phh/parser.hpp"
#include "engine/phh/pokerstars_text.hpp"
#include "engine/phh/replay.hpp"
#include "engine/phh/writer.hpp"
#include "fuzz/fuzz_check.hpp"

namespace phh = tavolo::engine::phh;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto hands = phh::parse_hands(text);
    if (!hands) {
        TAVOLO_FUZZ_CHECK(!hands.error().message.empty(), "a syntax error says what is wrong");
        return 0;
    }
    for (const auto& parsed : *hands) {
        if (!parsed.hand) {
            TAVOLO_FUZZ_CHECK(!parsed.hand.error().message.empty(), "a bad hand says what is wrong");
            continue;
        }
        const phh::HandHistory& hand = *parsed.hand;
        const std::string written = phh::write_hand(hand);
        const auto again = phh::parse_hand(written);
        TAVOLO_FUZZ_CHECK(again.has_value(), "a hand written back reads back");
        TAVOLO_FUZZ_CHECK(again->same_record(hand), "a hand written back reads back as the same record");

        const auto replayed = phh::replay(hand, {.export_hand = true, .keep_events = false});
        if (replayed.outcome == phh::Outcome::Passed) {
            const std::string export_problem = phh::check_export(replayed);
            TAVOLO_FUZZ_CHECK(export_problem.empty(), "a passed replay exports a hand that replays the same");
        } else if (replayed.outcome == phh::Outcome::Skipped) {
            TAVOLO_FUZZ_CHECK(replayed.skip_reason.has_value(), "a skipped replay says why");
        } else {
            TAVOLO_FUZZ_CHECK(!replayed.reason.empty(), "a failed replay says why");
        }
        const auto stars = phh::pokerstars_text(hand);
        if (!stars) TAVOLO_FUZZ_CHECK(!stars.error().empty(), "a hand that cannot be written says why");
    }
    return 0;
}
