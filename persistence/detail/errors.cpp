#include "persistence/detail/errors.hpp"

#include <pqxx/pqxx>
#include <stdexcept>
#include <string>

#include "persistence/detail/sql_enums.hpp"

namespace tavolo::persistence::detail {

namespace {

bool mentions(const std::string& text, const char* what) {
    return text.find(what) != std::string::npos;
}

ClassifiedError classify_sql(const pqxx::sql_error& e) {
    const std::string state = e.sqlstate();
    const std::string what = e.what();
    if (state == "TVF01")  // migration 0012's fence: another node holds the tournament's lease now
        return {{StoreErrc::fenced_out, what}, Recovery::fail};
    if (state == "40001" || state == "40P01") return {{StoreErrc::database, what}, Recovery::retry};
    if (state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03" ||
        state == "53300")
        return {{StoreErrc::unavailable, "the database connection was lost: " + what}, Recovery::reconnect};
    if (state == "57014")  // statement_timeout: the database is too slow right now, as good as unreachable
        return {{StoreErrc::unavailable, "a statement ran past statement_timeout: " + what}, Recovery::fail};
    if (state == "23514" && mentions(what, "wallets_balance_not_negative"))
        return {{StoreErrc::insufficient_funds, "insufficient funds: a wallet would go negative"},
                Recovery::fail};
    if (state == "23505" && mentions(what, "accounts_name_unique"))
        return {{StoreErrc::duplicate_name, "that account name is taken"}, Recovery::fail};
    if (state == "23505" && mentions(what, "registrations_one_live_entry"))
        return {{StoreErrc::invalid_argument,
                 "the account already holds a live entry in this tournament: eliminate or refund it first"},
                Recovery::fail};
    if (state == "23503") return {{StoreErrc::not_found, what}, Recovery::fail};
    if (state.starts_with("23") || state.starts_with("22"))
        return {{StoreErrc::invalid_argument, what}, Recovery::fail};
    return {{StoreErrc::database, what}, Recovery::fail};
}

}  // namespace

ClassifiedError classify_current_exception() {
    try {
        throw;
    } catch (const pqxx::in_doubt_error& e) {
        return {{StoreErrc::unavailable,
                 std::string("the connection broke while committing; the outcome is unknown, retry with the "
                             "same idempotency key: ") +
                     e.what()},
                Recovery::fail};
    } catch (const pqxx::broken_connection& e) {
        return {{StoreErrc::unavailable, std::string("the database cannot be reached: ") + e.what()},
                Recovery::reconnect};
    } catch (const pqxx::transaction_rollback& e) {
        return {{StoreErrc::database, e.what()}, Recovery::retry};
    } catch (const pqxx::sql_error& e) {
        return classify_sql(e);
    } catch (const StoredValueError& e) {
        return {{StoreErrc::bad_stored_value, e.what()}, Recovery::fail};
    } catch (const std::invalid_argument& e) {
        return {{StoreErrc::invalid_argument, e.what()}, Recovery::fail};
    } catch (const pqxx::conversion_error& e) {
        return {{StoreErrc::invalid_argument, e.what()}, Recovery::fail};
    } catch (const std::exception& e) {
        return {{StoreErrc::database, e.what()}, Recovery::fail};
    }
}

}  // namespace tavolo::persistence::detail
