#include "server/api/tournament_declaration.hpp"

#include <toml++/toml.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <functional>

#include "server/tournament_toml.hpp"

namespace tavolo::server::api {

namespace json = boost::json;

namespace {

// A JSON value as the TOML value it stands for; null has none (the key at fault is named).
std::expected<void, FieldError> add_value(const json::value& v, const std::string& key,
                                          const std::function<void(toml::node&&)>& put);

std::expected<toml::array, FieldError> to_array(const json::array& a, const std::string& key) {
    toml::array out;
    for (const auto& item : a) {
        auto r = add_value(item, key, [&](toml::node&& n) {
            if (auto* t = n.as_table())
                out.push_back(std::move(*t));
            else if (auto* arr = n.as_array())
                out.push_back(std::move(*arr));
            else if (auto* s = n.as_string())
                out.push_back(s->get());
            else if (auto* i = n.as_integer())
                out.push_back(i->get());
            else if (auto* f = n.as_floating_point())
                out.push_back(f->get());
            else if (auto* b = n.as_boolean())
                out.push_back(b->get());
        });
        if (!r) return std::unexpected(r.error());
    }
    return out;
}

std::expected<void, FieldError> add_value(const json::value& v, const std::string& key,
                                          const std::function<void(toml::node&&)>& put) {
    switch (v.kind()) {
        case json::kind::string: {
            toml::value<std::string> s(std::string(v.get_string()));
            put(std::move(s));
            return {};
        }
        case json::kind::int64: {
            toml::value<std::int64_t> i(v.get_int64());
            put(std::move(i));
            return {};
        }
        case json::kind::uint64: {
            if (v.get_uint64() > static_cast<std::uint64_t>(INT64_MAX))
                return std::unexpected(FieldError{key, key + ": the number is too large"});
            toml::value<std::int64_t> i(static_cast<std::int64_t>(v.get_uint64()));
            put(std::move(i));
            return {};
        }
        case json::kind::double_: {
            toml::value<double> d(v.get_double());
            put(std::move(d));
            return {};
        }
        case json::kind::bool_: {
            toml::value<bool> b(v.get_bool());
            put(std::move(b));
            return {};
        }
        case json::kind::array: {
            auto a = to_array(v.get_array(), key);
            if (!a) return std::unexpected(a.error());
            put(std::move(*a));
            return {};
        }
        case json::kind::object: {
            toml::table t;
            for (const auto& [k, item] : v.get_object()) {
                auto r = add_value(item, key,
                                   [&](toml::node&& n) { t.insert_or_assign(std::string(k), std::move(n)); });
                if (!r) return r;
            }
            put(std::move(t));
            return {};
        }
        case json::kind::null:
            break;
    }
    return std::unexpected(
        FieldError{key, key + ": null is not a value; leave the option out for its default"});
}

// "tournament[0].seats: must be ..." -> {"seats", "seats: must be ..."}.
FieldError field_error_of(const std::string& text) {
    std::string message = text;
    const std::string prefix = "tournament[0].";
    if (message.starts_with(prefix)) message = message.substr(prefix.size());
    const auto colon = message.find(':');
    std::string field = colon == std::string::npos ? "body" : message.substr(0, colon);
    if (field.starts_with("tournament")) field = "body";
    return {field, message};
}

}  // namespace

std::expected<TournamentDeclaration, FieldError> declaration_from_json(const json::object& body) {
    if (body.contains("every"))
        return std::unexpected(FieldError{"every",
                                          "every: an operator creates one tournament; declare a recurring "
                                          "schedule in the configuration file instead"});
    toml::table table;
    for (const auto& [k, v] : body) {
        const std::string key(k);
        auto r = add_value(v, key, [&](toml::node&& n) { table.insert_or_assign(key, std::move(n)); });
        if (!r) return std::unexpected(r.error());
    }
    toml::array tournaments;
    tournaments.push_back(std::move(table));
    auto parsed = parse_tournaments(tournaments);
    if (!parsed) return std::unexpected(field_error_of(parsed.error()));
    TournamentDeclaration d = std::move(parsed->front());
    d.source_json = json::serialize(body);
    return d;
}

std::expected<TournamentDeclaration, FieldError> declaration_from_text(const std::string& source_json) {
    auto body = parse_object(source_json, "{\"name\": \"...\", \"game\": \"holdem\"}");
    if (!body) return std::unexpected(body.error());
    return declaration_from_json(*body);
}

}  // namespace tavolo::server::api
