#include "server/demo_lobby.hpp"

namespace tavolo::server {

namespace {

using engine::Betting;
using engine::TournamentKind;

constexpr int kDemoSeats = 6;  // six-max fills quickly with a few bots; draw seats at most six anyway
constexpr engine::BuyIn kDemoBuyIn{1000, 100};

TournamentDeclaration sit_and_go(const char* name, TournamentGame game, Betting betting) {
    TournamentDeclaration d = default_declaration(name, game, TournamentKind::SitAndGo, betting);
    if (auto* poker = std::get_if<PokerTournament>(&d.rules)) {
        poker->structure.table_size = poker->structure.min_players = poker->structure.max_players =
            kDemoSeats;
        poker->structure.buy_in = kDemoBuyIn;
        return d;
    }
    auto& polacco = std::get<PolaccoTournament>(d.rules);
    polacco.seats = polacco.min_players = polacco.max_players = kDemoSeats;
    polacco.buy_in = kDemoBuyIn;
    polacco.config.prize_part = kDemoBuyIn.prize_part;
    return d;
}

}  // namespace

std::vector<TournamentDeclaration> demo_lobby() {
    std::vector<TournamentDeclaration> lobby = {
        sit_and_go("Hold'em No-Limit Sit&Go", TournamentGame::Holdem, Betting::NoLimit),
        sit_and_go("Hold'em Pot-Limit Sit&Go", TournamentGame::Holdem, Betting::PotLimit),
        sit_and_go("Hold'em Limit Sit&Go", TournamentGame::Holdem, Betting::Limit),
        sit_and_go("Five-card Stud Limit Sit&Go", TournamentGame::Stud, Betting::Limit),
        sit_and_go("Five-card Draw Pot-Limit Sit&Go", TournamentGame::Draw, Betting::PotLimit),
        sit_and_go("Poker Polacco Sit&Go", TournamentGame::Polacco, Betting::NoLimit),
    };
    TournamentDeclaration heads_up = default_declaration("Hold'em No-Limit Heads-Up", TournamentGame::Holdem,
                                                         TournamentKind::HeadsUp, Betting::NoLimit);
    std::get<PokerTournament>(heads_up.rules).structure.buy_in = kDemoBuyIn;
    lobby.push_back(std::move(heads_up));
    return lobby;
}

std::vector<TournamentDeclaration> lobby_tournaments(const Config& config) {
    if (!config.tournaments.empty()) return config.tournaments;
    return config.lobby_demo ? demo_lobby() : std::vector<TournamentDeclaration>{};
}

}  // namespace tavolo::server
