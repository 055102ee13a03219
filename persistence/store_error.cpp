#include "persistence/store_error.hpp"

namespace tavolo::persistence {

const char* to_string(StoreErrc code) {
    switch (code) {
        case StoreErrc::insufficient_funds:
            return "insufficient_funds";
        case StoreErrc::duplicate_name:
            return "duplicate_name";
        case StoreErrc::not_found:
            return "not_found";
        case StoreErrc::bad_credentials:
            return "bad_credentials";
        case StoreErrc::expired:
            return "expired";
        case StoreErrc::idempotency_conflict:
            return "idempotency_conflict";
        case StoreErrc::invalid_argument:
            return "invalid_argument";
        case StoreErrc::forbidden:
            return "forbidden";
        case StoreErrc::unavailable:
            return "unavailable";
        case StoreErrc::fenced_out:
            return "fenced_out";
        case StoreErrc::queue_full:
            return "queue_full";
        case StoreErrc::shutting_down:
            return "shutting_down";
        case StoreErrc::bad_stored_value:
            return "bad_stored_value";
        case StoreErrc::database:
            return "database";
    }
    return "unknown";
}

}  // namespace tavolo::persistence
