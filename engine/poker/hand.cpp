// The hand's life cycle: setup, the phase loop, command dispatch and the state queries.
#include "engine/poker/hand.hpp"
#include "engine/poker/setup_limits.hpp"

namespace tavolo::engine {

namespace {
// The most cards a hand of this game can deal to this many players (burns, draws and all), so
// the deck draws no more randomness than the hand can use (lazy_deck.hpp).
constexpr int max_cards_dealt(const Game& game, int players) {
    int cards = 0;
    for (int i = 0; i < game.street_count; ++i) {
        const Street& st = game.streets[i];
        cards += (st.burn ? 1 : 0) + (st.hole_down + st.hole_up) * players + st.board;
        if (st.draw) cards += game.max_hole_cards * players;
    }
    return cards;
}

// The random words a hand draws, by variant and players dealt in (computed at compile time).
using WordTable = std::array<std::array<std::uint8_t, kMaxSeats + 1>, 3>;
constexpr WordTable random_words_table() {
    WordTable t{};
    for (Variant v : {Variant::Holdem, Variant::FiveCardStud, Variant::FiveCardDraw})
        for (int n = 0; n <= kMaxSeats; ++n)
            t[static_cast<std::size_t>(v)][static_cast<std::size_t>(n)] =
                static_cast<std::uint8_t>(LazyDeck::random_words_for(max_cards_dealt(game_for(v), n)));
    return t;
}
constexpr WordTable kRandomWords = random_words_table();
}  // namespace

Hand::Hand() {
    events_.reserve(128);
}

Hand::Hand(const HandSetup& setup, RandomSource& rng, std::span<const Card> stacked_top, HandOptions options)
    : options_(options) {
    events_.reserve(128);
    (void)reset(setup, rng, stacked_top);
}

std::expected<void, SetupError> Hand::validate(const HandSetup& setup) {
    const Game& g = game_for(setup.variant);
    const int n = static_cast<int>(setup.seats.size());
    if (n < g.min_players) return std::unexpected(SetupError::TooFewPlayers);
    if (setup.table_size < 2 || setup.table_size > kMaxSeats) return std::unexpected(SetupError::BadSeat);
    if (n > g.max_players || n > setup.table_size) return std::unexpected(SetupError::TooManyPlayers);
    SeatIndex prev = kNoSeat;
    SeatMask mask = 0;
    for (const SeatSetup& s : setup.seats) {
        if (s.seat <= prev || s.seat >= setup.table_size) return std::unexpected(SetupError::BadSeat);
        if (s.stack <= 0) return std::unexpected(SetupError::EmptyStack);
        prev = s.seat;
        mask |= SeatMask{1} << s.seat;
    }
    if (setup.big_blind <= 0 || setup.small_blind < 0 || setup.ante < 0 ||
        setup.small_blind > setup.big_blind)
        return std::unexpected(SetupError::BadBlinds);
    if (setup.button < 0 || setup.button >= setup.table_size) return std::unexpected(SetupError::BadButton);
    if (setup.big_blind_seat != kNoSeat && (setup.big_blind_seat < 0 || setup.big_blind_seat >= kMaxSeats ||
                                            !has_seat(mask, setup.big_blind_seat)))
        return std::unexpected(SetupError::BlindSeatNotDealtIn);
    if (setup.small_blind_seat != kNoSeat &&
        (setup.small_blind_seat < 0 || setup.small_blind_seat >= kMaxSeats ||
         !has_seat(mask, setup.small_blind_seat) || setup.small_blind_seat == setup.big_blind_seat))
        return std::unexpected(SetupError::BlindSeatNotDealtIn);
    return verify_setup_limits(setup);
}

std::expected<void, SetupError> Hand::reset(const HandSetup& setup, RandomSource& rng,
                                            std::span<const Card> stacked_top) {
    events_.clear();
    phase_ = Phase::Ended;
    to_act_ = -1;
    count_ = 0;
    setup_error_ = validate(setup);
    if (!setup_error_) return setup_error_;

    game_ = &game_for(setup.variant);
    variant_ = setup.variant;
    betting_ = setup.betting;
    ante_mode_ = setup.ante == 0 ? AnteMode::None : setup.ante_mode;
    small_blind_ = setup.small_blind;
    big_blind_ = setup.big_blind;
    ante_ = setup.ante;
    hand_id_ = setup.hand_id;
    button_ = setup.button;
    small_blind_seat_ = setup.small_blind_seat;
    big_blind_seat_ = setup.big_blind_seat;
    table_size_ = setup.table_size;

    index_of_seat_.fill(-1);
    static constexpr Player kFreshPlayer{};
    for (const SeatSetup& s : setup.seats) {
        Player& pl = players_[count_];
        pl = kFreshPlayer;  // from a constant: a temporary built on the stack stalled the copy
        pl.seat = s.seat;
        pl.stack = s.stack;
        pl.auto_act = s.auto_act;
        pl.always_show = s.always_show;
        index_of_seat_[s.seat] = static_cast<std::int8_t>(count_);
        ++count_;
    }
    first_left_of_button_ = first_left_of_seat(button_);

    street_ = 0;
    current_bet_ = 0;
    min_increment_ = big_blind_;
    full_level_ = 0;
    bet_unit_ = big_blind_;
    raises_ = 0;
    uncapped_ = false;
    last_aggressor_ = -1;
    draw_first_ = -1;
    pot_chips_ = 0;
    dead_money_ = 0;
    pot_count_ = 0;
    exposed_ = false;
    showdown_ = false;
    folded_since_collect_ = false;
    uncontested_winner_ = kNoSeat;
    board_count_ = 0;
    pile_count_ = 0;
    stub_count_ = 0;
    stub_next_ = 0;

    deck_.reset(rng, stacked_top,
                kRandomWords[static_cast<std::size_t>(variant_)][static_cast<std::size_t>(count_)]);
    decision_ = 1;
    live_count_ = count_;
    can_bet_count_ = count_;

    phase_ = Phase::ForcedBets;
    run();
    return {};
}

// The phase loop: each phase does its work and names its successor. Betting and Draw wait for a
// command unless the player to act is sitting out (auto_act), who acts at once with no clock.
void Hand::run() {
    for (;;) {
        switch (phase_) {
            case Phase::ForcedBets:
                phase_ = post_forced_bets();
                break;
            case Phase::Deal:
                phase_ = deal_street();
                break;
            case Phase::Draw:
            case Phase::Betting:
                if (to_act_ < 0) {
                    phase_ = phase_ == Phase::Draw ? begin_betting() : Phase::Collect;
                    break;
                }
                if (!players_[to_act_].auto_act) return;
                apply(to_act_, Timeout{}, true);
                break;
            case Phase::Collect:
                phase_ = collect_bets();
                break;
            case Phase::Showdown:
                phase_ = showdown();
                break;
            case Phase::Award:
                phase_ = award();
                break;
            case Phase::Ended:
                return;
        }
    }
}

HandPhase Hand::phase() const {
    if (phase_ == Phase::Betting) return HandPhase::Betting;
    if (phase_ == Phase::Draw) return HandPhase::Drawing;
    return HandPhase::Over;
}

SeatIndex Hand::to_act() const {
    if ((phase_ != Phase::Betting && phase_ != Phase::Draw) || to_act_ < 0) return kNoSeat;
    return players_[to_act_].seat;
}

int Hand::first_left_of_seat(SeatIndex seat) const {
    for (int i = 0; i < count_; ++i)
        if (players_[i].seat > seat) return i;
    return 0;
}

void Hand::set_all_in(Player& pl) {
    if (pl.all_in) return;
    pl.all_in = true;
    --can_bet_count_;
}

bool Hand::dealt_in(SeatIndex seat) const {
    return player_index(seat) >= 0;
}

Chips Hand::stack(SeatIndex seat) const {
    const int p = player_index(seat);
    return p < 0 ? 0 : players_[p].stack;
}

Chips Hand::bet(SeatIndex seat) const {
    const int p = player_index(seat);
    return p < 0 ? 0 : players_[p].bet;
}

Chips Hand::committed(SeatIndex seat) const {
    const int p = player_index(seat);
    return p < 0 ? 0 : players_[p].committed;
}

bool Hand::folded(SeatIndex seat) const {
    const int p = player_index(seat);
    return p >= 0 && players_[p].folded;
}

bool Hand::all_in(SeatIndex seat) const {
    const int p = player_index(seat);
    return p >= 0 && players_[p].all_in;
}

std::span<const Card> Hand::hole_cards(SeatIndex seat) const {
    const int p = player_index(seat);
    if (p < 0) return {};
    return {players_[p].cards.data(), players_[p].card_count};
}

bool Hand::card_face_up(SeatIndex seat, int index) const {
    const int p = player_index(seat);
    return p >= 0 && ((players_[p].up_mask >> index) & 1U);
}

bool Hand::shown(SeatIndex seat) const {
    const int p = player_index(seat);
    return p >= 0 && players_[p].shown;
}

bool Hand::mucked(SeatIndex seat) const {
    const int p = player_index(seat);
    return p >= 0 && players_[p].mucked;
}

Chips Hand::total_chips() const {
    Chips total = pot_chips_;
    for (int i = 0; i < count_; ++i)
        total += players_[i].stack;
    return total;
}

std::array<Chips, kMaxSeats> Hand::stacks_by_seat() const {
    std::array<Chips, kMaxSeats> out{};
    for (int i = 0; i < count_; ++i)
        out[players_[i].seat] = players_[i].stack;
    return out;
}

}  // namespace tavolo::engine
