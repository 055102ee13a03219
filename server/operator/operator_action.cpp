#include "server/operator/operator_action.hpp"

#include <spdlog/spdlog.h>

#include "server/json_text.hpp"
#include "server/logging.hpp"

namespace tavolo::server::operators {

std::string audit_details(const OperatorAction& action) {
    return "{\"operator\":" + json_string(action.operator_name) + ",\"before\":" + action.before_json +
           ",\"after\":" + action.after_json + ",\"reason\":" + json_string(action.reason) + "}";
}

persistence::StoreResult<std::int64_t> record_action(persistence::Database& db,
                                                     const OperatorAction& action) {
    return persistence::AuditLog(db).record(action.operator_id, action.action, action.target,
                                            audit_details(action));
}

void log_action(const OperatorAction& action, std::string_view outcome) {
    // Its own logger (logging.hpp): one line at info even at the quiet default; the default logger in
    // tests that set up no logging.
    auto logger = spdlog::get(kOperatorLogger);
    (logger ? logger : spdlog::default_logger())
        ->info("event=operator_action operator={} operator_name={} action={} target={} outcome=\"{}\"",
               raw(action.operator_id), json_string(action.operator_name), action.action, action.target,
               outcome);
}

}  // namespace tavolo::server::operators
