#include "fairness/proof.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "engine/phh/concat.hpp"
#include "engine/phh/export.hpp"
#include "engine/phh/shown_text.hpp"

namespace tavolo::fairness {
namespace {

using engine::phh::concat;
using engine::phh::Field;
using engine::phh::HandHistory;
using engine::phh::Value;

const Field* find_field(const HandHistory& h, std::string_view key) {
    for (const Field& f : h.other) {
        if (f.key == key) return &f;
    }
    return nullptr;
}

// A string field, or why not. `missing` ends the sentence when the field is absent.
std::expected<const Field*, Failure> text_field(const HandHistory& h, std::string_view key,
                                                std::string_view missing) {
    const Field* f = find_field(h, key);
    if (f == nullptr) return std::unexpected(Failure{concat({"no ", key, " field: ", missing}), h.line});
    if (f->value.kind != Value::Kind::String)
        return std::unexpected(Failure{concat({key, " must be a string of hex digits"}), f->line});
    return f;
}

std::expected<std::vector<ClientSeed>, Failure> client_seeds_of(const HandHistory& h) {
    std::vector<ClientSeed> seeds;
    const Field* f = find_field(h, engine::phh::kClientSeedsField);
    if (f == nullptr) return seeds;  // no client sent a seed
    if (f->value.kind != Value::Kind::Array) {
        return std::unexpected(Failure{
            concat({engine::phh::kClientSeedsField, " must be an array of \"SEAT:HEX\" strings"}), f->line});
    }
    for (const Value& item : f->value.items) {
        auto seed = item.kind == Value::Kind::String
                        ? parse_client_seed(item.text)
                        : std::unexpected(std::string("a client seed must be a \"SEAT:HEX\" string"));
        if (!seed) return std::unexpected(Failure{seed.error(), f->line});
        seeds.push_back(std::move(*seed));
    }
    return seeds;
}

// When the file reveals the server secret: the seed must be its mix with the client seeds.
std::expected<void, Failure> check_mix(const HandHistory& h, const Seed& seed) {
    const Field* f = find_field(h, engine::phh::kServerSecretField);
    if (f == nullptr) return {};
    const auto bytes = f->value.kind == Value::Kind::String ? from_hex(f->value.text) : std::nullopt;
    if (!bytes || bytes->size() != kSeedBytes) {
        return std::unexpected(
            Failure{concat({engine::phh::kServerSecretField, " must be 64 hex digits (32 bytes)"}), f->line});
    }
    ServerSecret secret;
    std::ranges::copy(*bytes, secret.begin());
    auto clients = client_seeds_of(h);
    if (!clients) return std::unexpected(clients.error());
    const auto mixed = mix_seed(secret, *clients);
    if (!mixed) return std::unexpected(Failure{describe(mixed.error()), f->line});
    if (*mixed != seed) {
        return std::unexpected(
            Failure{concat({"the seed is not the mix of the server secret and the client seeds (they give ",
                            to_hex(*mixed), ")"}),
                    f->line});
    }
    return {};
}

bool same_hex(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'F' ? static_cast<char>(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

}  // namespace

std::expected<Seed, Failure> checked_seed(const HandHistory& h) {
    auto seed_field =
        text_field(h, engine::phh::kSeedField,
                   "the hand was not dealt with a provably fair shuffle, or its seed is not revealed");
    if (!seed_field) return std::unexpected(seed_field.error());
    const auto seed = seed_from_hex((*seed_field)->value.text);
    if (!seed) {
        return std::unexpected(
            Failure{concat({engine::phh::kSeedField, " must be 64 hex digits (32 bytes), found ",
                            engine::phh::shown_text((*seed_field)->value.text)}),
                    (*seed_field)->line});
    }
    auto commitment_field = text_field(h, engine::phh::kCommitmentField,
                                       "without the commitment published at the hand's start "
                                       "nothing proves the seed was fixed before the deal");
    if (!commitment_field) return std::unexpected(commitment_field.error());
    const std::string expected = commitment(*seed);
    if (!same_hex((*commitment_field)->value.text, expected)) {
        return std::unexpected(
            Failure{concat({"the commitment does not match the seed: the seed commits to ", expected,
                            ", the file says ", engine::phh::shown_text((*commitment_field)->value.text)}),
                    (*commitment_field)->line});
    }
    if (auto mix = check_mix(h, *seed); !mix) return std::unexpected(mix.error());
    return *seed;
}

std::string client_seed_text(const ClientSeed& seed) {
    return concat({std::to_string(seed.seat + 1), ":", to_hex(seed.bytes)});
}

std::expected<ClientSeed, std::string> parse_client_seed(std::string_view text) {
    const auto colon = text.find(':');
    const std::string bad =
        concat({"a client seed must be \"SEAT:HEX\" (SEAT from 1), found ", engine::phh::shown_text(text)});
    if (colon == std::string_view::npos) return std::unexpected(bad);
    int seat = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + colon, seat);
    if (ec != std::errc() || end != text.data() + colon || seat < 1) return std::unexpected(bad);
    auto bytes = from_hex(text.substr(colon + 1));
    if (!bytes) return std::unexpected(bad);
    return ClientSeed{.seat = seat - 1, .bytes = std::move(*bytes)};
}

}  // namespace tavolo::fairness
