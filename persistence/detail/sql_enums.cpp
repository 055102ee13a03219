#include "persistence/detail/sql_enums.hpp"

#include <array>
#include <utility>

namespace tavolo::persistence::detail {

namespace {

using engine::Betting;
using engine::TournamentKind;
using engine::Variant;

template <class E, std::size_t N>
using Words = std::array<std::pair<E, const char*>, N>;

constexpr Words<TournamentKind, 4> kKinds{{{TournamentKind::SitAndGo, "sng"},
                                           {TournamentKind::ScheduledMtt, "mtt"},
                                           {TournamentKind::HeadsUp, "headsup"},
                                           {TournamentKind::ShootOut, "shootout"}}};
constexpr Words<TournamentState, 6> kTournamentStates{{{TournamentState::announced, "announced"},
                                                       {TournamentState::registering, "registering"},
                                                       {TournamentState::running, "running"},
                                                       {TournamentState::paused, "paused"},
                                                       {TournamentState::finished, "finished"},
                                                       {TournamentState::cancelled, "cancelled"}}};
constexpr Words<RegistrationState, 6> kRegistrationStates{{{RegistrationState::registered, "registered"},
                                                           {RegistrationState::playing, "playing"},
                                                           {RegistrationState::eliminated, "eliminated"},
                                                           {RegistrationState::winner, "winner"},
                                                           {RegistrationState::unregistered, "unregistered"},
                                                           {RegistrationState::refunded, "refunded"}}};
constexpr Words<Variant, 3> kVariants{
    {{Variant::Holdem, "holdem"}, {Variant::FiveCardStud, "stud"}, {Variant::FiveCardDraw, "draw"}}};
constexpr Words<Betting, 3> kBettings{
    {{Betting::NoLimit, "nl"}, {Betting::PotLimit, "pl"}, {Betting::Limit, "limit"}}};
// The words of a seat's status in a snapshot's seats (hand_store.cpp's JSON).
constexpr Words<SeatStatus, 5> kSeatStatuses{{{SeatStatus::active, "active"},
                                              {SeatStatus::sitting_out, "sitting_out"},
                                              {SeatStatus::disconnected, "disconnected"},
                                              {SeatStatus::excluded, "excluded"},
                                              {SeatStatus::busted, "busted"}}};
constexpr Words<Role, 3> kRoles{
    {{Role::player, "player"}, {Role::operator_, "operator"}, {Role::admin, "admin"}}};
constexpr const char* kPolacco = "polacco";
constexpr const char* kNoBetting = "none";

// Every enumerator is in its table (the tests read each one back), so the fallback is never reached.
template <class E, std::size_t N>
const char* word_of(const Words<E, N>& words, E value) {
    for (const auto& [e, word] : words)
        if (e == value) return word;
    return "?";
}

template <class E, std::size_t N>
std::optional<E> value_of(const Words<E, N>& words, std::string_view text) {
    for (const auto& [e, word] : words)
        if (text == word) return e;
    return std::nullopt;
}

}  // namespace

const char* to_sql(TournamentKind kind) {
    return word_of(kKinds, kind);
}
const char* to_sql(TournamentState state) {
    return word_of(kTournamentStates, state);
}
const char* to_sql(RegistrationState state) {
    return word_of(kRegistrationStates, state);
}
const char* to_sql(SeatStatus status) {
    return word_of(kSeatStatuses, status);
}
const char* to_sql(Role role) {
    return word_of(kRoles, role);
}

const char* game_to_sql(const TournamentGame& game) {
    if (const auto* poker = std::get_if<PokerGame>(&game)) return word_of(kVariants, poker->variant);
    return kPolacco;
}
const char* betting_to_sql(const TournamentGame& game) {
    if (const auto* poker = std::get_if<PokerGame>(&game)) return word_of(kBettings, poker->betting);
    return kNoBetting;
}

template <>
std::optional<TournamentKind> from_sql(std::string_view text) {
    return value_of(kKinds, text);
}
template <>
std::optional<TournamentState> from_sql(std::string_view text) {
    return value_of(kTournamentStates, text);
}
template <>
std::optional<RegistrationState> from_sql(std::string_view text) {
    return value_of(kRegistrationStates, text);
}
template <>
std::optional<SeatStatus> from_sql(std::string_view text) {
    return value_of(kSeatStatuses, text);
}

template <>
std::optional<Role> from_sql(std::string_view text) {
    return value_of(kRoles, text);
}

std::optional<TournamentGame> game_from_sql(std::string_view game, std::string_view betting) {
    std::optional<TournamentGame> out;
    if (game == kPolacco) {
        if (betting == kNoBetting) out.emplace(PolaccoGame{});
        return out;
    }
    auto variant = value_of(kVariants, game);
    auto structure = value_of(kBettings, betting);
    if (variant && structure) out.emplace(PokerGame{*variant, *structure});
    return out;
}

}  // namespace tavolo::persistence::detail

namespace tavolo::persistence {

const char* to_string(TournamentState state) {
    return detail::to_sql(state);
}
const char* to_string(RegistrationState state) {
    return detail::to_sql(state);
}
const char* to_string(SeatStatus status) {
    return detail::to_sql(status);
}
std::optional<SeatStatus> seat_status_from(std::string_view text) {
    return detail::from_sql<SeatStatus>(text);
}
const char* to_string(Role role) {
    return detail::to_sql(role);
}

}  // namespace tavolo::persistence
