#pragma once
// Turning libpqxx exceptions into typed store errors (internal).
#include <exception>

#include "persistence/store_error.hpp"

namespace tavolo::persistence::detail {

enum class Recovery {
    fail,       // report the error
    retry,      // serialization failure or deadlock: run the transaction again
    reconnect,  // the connection is gone: drop it, and retry on a new one if that is safe
};

struct ClassifiedError {
    StoreError error;
    Recovery recovery;
};

// Call from inside a catch block: classifies the exception being handled.
ClassifiedError classify_current_exception();

}  // namespace tavolo::persistence::detail
