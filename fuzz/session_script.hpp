#pragma once
// The input language of the session_frames target (README.md "session_frames"): a script of what a
// connection's shell may feed SessionCore, one record after another, so that one input is a whole
// connection: frames of any bytes, and the services' answers, the clock, the registry and the
// shutdown in between. The seed generator (make_session_seeds.cpp) writes the same records.
//
//   record := op:1 byte, then by op % 8:
//     0 binary frame   length:2 bytes little-endian, then that many bytes (fewer at the end of input);
//                      the clock moves op / 8 * 10 ms first (0 to 310 ms: floods and paced clients)
//     1 text frame     the clock moves op / 8 * 10 ms first
//     2 account answer  how:1 byte (below)
//     3 clock           ms:2 bytes little-endian, added to the session's clock
//     4 superseded      (a newer connection of the account)
//     5 frame too large (the WebSocket's read limit)
//     6 send overflow   (the client reads too slowly)
//     7 shutdown
//   An account answer answers the oldest request the fake AccountService holds: how % 8 is 0-3 a
//   failure (name_taken, wrong_credentials, bad_resume_token, unavailable), 4-7 a grant seated at
//   (how % 8 - 4) tables; how >= 128 answers with another request id than the one asked.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tavolo::fuzz {

enum class Op : std::uint8_t {
    binary_frame = 0,
    text_frame = 1,
    account_answer = 2,
    clock = 3,
    superseded = 4,
    frame_too_large = 5,
    send_overflow = 6,
    shutdown = 7,
};

// Appends one record to a script (the seed generator).
// `tens_of_ms`: how far the clock moves before the frame, 0 to 31 (the default paces 25 frames a
// second, under the rate limit).
inline void add_frame(std::string& script, std::string_view bytes, std::uint8_t tens_of_ms = 4) {
    script.push_back(static_cast<char>(static_cast<std::uint8_t>(Op::binary_frame) | (tens_of_ms << 3)));
    script.push_back(static_cast<char>(bytes.size() & 0xFF));
    script.push_back(static_cast<char>((bytes.size() >> 8) & 0xFF));
    script.append(bytes);
}
inline void add_op(std::string& script, Op op) {
    script.push_back(static_cast<char>(op));
}
inline void add_account_answer(std::string& script, std::uint8_t how) {
    add_op(script, Op::account_answer);
    script.push_back(static_cast<char>(how));
}
inline void add_clock(std::string& script, std::uint16_t ms) {
    add_op(script, Op::clock);
    script.push_back(static_cast<char>(ms & 0xFF));
    script.push_back(static_cast<char>(ms >> 8));
}

// Reads a script record by record; every byte string is a valid script (missing bytes read as 0).
class ScriptReader {
  public:
    explicit ScriptReader(std::string_view input) : input_(input) {}
    [[nodiscard]] bool done() const { return pos_ >= input_.size(); }
    std::uint8_t byte() { return pos_ < input_.size() ? static_cast<std::uint8_t>(input_[pos_++]) : 0; }
    std::uint16_t u16() {
        const std::uint16_t low = byte();
        return static_cast<std::uint16_t>(low | (byte() << 8));
    }
    std::string_view bytes(std::size_t n) {
        const std::size_t take = std::min(n, input_.size() - std::min(pos_, input_.size()));
        const auto view = input_.substr(std::min(pos_, input_.size()), take);
        pos_ += take;
        return view;
    }

  private:
    std::string_view input_;
    std::size_t pos_ = 0;
};

}  // namespace tavolo::fuzz
