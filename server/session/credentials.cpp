#include "server/session/credentials.hpp"

#include <algorithm>
#include <string>

namespace tavolo::server::session {

namespace {

namespace v1 = ::tavolo::v1;

bool is_ascii_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

std::unexpected<protocol::Refusal> bad_format(std::string message) {
    return std::unexpected(protocol::Refusal{v1::ERROR_CODE_BAD_CREDENTIALS_FORMAT, std::move(message)});
}

}  // namespace

std::expected<void, protocol::Refusal> verify_account_name(std::string_view name) {
    if (name.size() < kMinNameLength || name.size() > kMaxNameLength)
        return bad_format("an account name has " + std::to_string(kMinNameLength) + " to " +
                          std::to_string(kMaxNameLength) + " characters; this one has " +
                          std::to_string(name.size()) + " bytes");
    const bool allowed = std::ranges::all_of(
        name, [](char c) { return is_ascii_alnum(c) || c == '_' || c == '-' || c == '.'; });
    if (!allowed) return bad_format("an account name uses only letters a-z, A-Z, digits, '_', '-' and '.'");
    if (!is_ascii_alnum(name.front())) return bad_format("an account name starts with a letter or a digit");
    return {};
}

std::expected<void, protocol::Refusal> verify_password(std::string_view password) {
    if (password.size() < kMinPasswordLength)
        return bad_format("a password has at least " + std::to_string(kMinPasswordLength) + " characters");
    if (password.size() > kMaxPasswordLength)
        return bad_format("a password has at most " + std::to_string(kMaxPasswordLength) + " bytes");
    const bool control = std::ranges::any_of(password, [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7f;
    });
    if (control) return bad_format("a password may not contain control characters (tabs, line breaks...)");
    return {};
}

std::expected<void, protocol::Refusal> verify_resume_token(std::string_view token) {
    const bool shaped =
        token.size() >= kMinTokenLength && token.size() <= kMaxTokenLength &&
        std::ranges::all_of(token, [](char c) { return is_ascii_alnum(c) || c == '_' || c == '-'; });
    if (!shaped)
        return std::unexpected(protocol::Refusal{
            v1::ERROR_CODE_BAD_RESUME_TOKEN,
            "this is not a resume token (use the resume_token of a LoggedIn as it was sent); log in again"});
    return {};
}

}  // namespace tavolo::server::session
