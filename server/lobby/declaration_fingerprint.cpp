#include "server/lobby/declaration_fingerprint.hpp"

#include <cstdint>
#include <cstdio>
#include <type_traits>

namespace tavolo::server::lobby {

namespace {

// Every term as "key=value;", in a fixed order: the text hashed.
class Terms {
  public:
    template <class T>
    void add(const char* key, const T& value) {
        text_ += key;
        text_ += '=';
        if constexpr (std::is_same_v<T, std::string>)
            text_ += value;
        else if constexpr (std::is_same_v<T, bool>)
            text_ += value ? "1" : "0";
        else if constexpr (std::is_enum_v<T>)
            text_ += std::to_string(static_cast<long long>(value));
        else
            text_ += std::to_string(value);
        text_ += ';';
    }
    template <class Rep, class Period>
    void add(const char* key, std::chrono::duration<Rep, Period> d) {
        add(key, static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(d).count()));
    }
    void add_payouts(const std::optional<engine::PayoutTable>& table) {
        if (!table) return add("payouts", std::string("default"));
        std::string shares;
        for (auto share : table->shares)
            shares += std::to_string(share) + ",";
        add("payouts", shares);
    }
    const std::string& text() const { return text_; }

  private:
    std::string text_;
};

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

void add_poker(Terms& t, const PokerTournament& p) {
    const engine::TournamentStructure& s = p.structure;
    t.add("variant", s.variant);
    t.add("betting", s.betting);
    t.add("table_size", s.table_size);
    t.add("stack", s.starting_stack);
    t.add("prize_part", s.buy_in.prize_part);
    t.add("fee", s.buy_in.fee);
    std::string levels;
    for (const auto& l : s.blinds.levels)
        levels += std::to_string(l.small_blind) + "/" + std::to_string(l.big_blind) + "/" +
                  std::to_string(l.ante) + ",";
    t.add("blinds", levels);
    t.add("ante_mode", s.blinds.ante_mode);
    t.add("level", s.level_duration);
    t.add("breaks", s.breaks);
    t.add("rebuys", s.rebuys.enabled);
    t.add("rebuy_levels", s.rebuys.period_levels);
    t.add("max_rebuys", s.rebuys.max_rebuys);
    t.add("rebuy_price", s.rebuys.price.prize_part);
    t.add("rebuy_fee", s.rebuys.price.fee);
    t.add("addon", s.rebuys.addon);
    t.add("addon_price", s.rebuys.addon_price.prize_part);
    t.add("addon_fee", s.rebuys.addon_price.fee);
    t.add("addon_chips", s.rebuys.addon_chips);
    t.add("late", s.late_registration);
    t.add("late_levels", s.late_registration_levels);
    t.add("reentry", s.reentry);
    t.add("freeroll", s.freeroll);
    t.add("guarantee", s.guarantee);
    t.add("min", s.min_players);
    t.add("max", s.max_players);
    t.add("deadline", s.deadline ? s.deadline->count() : -1LL);
    t.add_payouts(p.payout_table);
    t.add("clock_base", p.clock.base);
    t.add("bank_start", p.clock.bank_start);
    t.add("bank_per_level", p.clock.bank_per_level);
    t.add("bank_cap", p.clock.bank_cap);
    t.add("final_warning", p.clock.final_warning);
}

void add_polacco(Terms& t, const PolaccoTournament& p) {
    t.add("mode", p.config.rules.mode);
    t.add("clockwise_only", p.config.rules.clockwise_only);
    t.add("passamano", p.config.rules.passamano);
    t.add("bonus", p.config.rules.bonus);
    t.add("turn_seconds", p.config.rules.turn_seconds);
    t.add("prize_part", p.buy_in.prize_part);
    t.add("fee", p.buy_in.fee);
    t.add("guarantee", p.config.guarantee);
    t.add("freeroll", p.freeroll);
    t.add("seats", p.seats);
    t.add("min", p.min_players);
    t.add("max", p.max_players);
    t.add_payouts(p.config.payout_table);
}

}  // namespace

std::string declaration_fingerprint(const TournamentDeclaration& declaration) {
    Terms t;
    t.add("name", declaration.name);
    t.add("game", std::string(to_string(declaration.game)));
    t.add("kind", declaration.kind);
    t.add("start", to_string(declaration.start));
    t.add("every", declaration.every ? declaration.every->count() : 0LL);
    if (const auto* poker = std::get_if<PokerTournament>(&declaration.rules))
        add_poker(t, *poker);
    else
        add_polacco(t, std::get<PolaccoTournament>(declaration.rules));
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(t.text())));
    return std::string("v1-") + hex;
}

std::string declaration_config_json(const TournamentDeclaration& declaration) {
    const std::string fingerprint =
        R"({"declaration_fingerprint": ")" + declaration_fingerprint(declaration) + "\"";
    // An operator's tournament carries its declaration (valid JSON: the API serialised it).
    if (!declaration.source_json.empty())
        return fingerprint + R"(, "operator_declaration": )" + declaration.source_json + "}";
    return fingerprint + "}";
}

bool config_names(const std::string& config_json, const std::string& fingerprint) {
    return config_json.find('"' + fingerprint + '"') != std::string::npos;
}

}  // namespace tavolo::server::lobby
