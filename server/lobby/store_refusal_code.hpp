#pragma once
// The wire code a failed database request is refused with, when the failure is not the client's: a
// transient one (the database away or slow, the write queue full, the service stopping, the lease
// moving to another node) is ERROR_CODE_UNAVAILABLE, "retry in a moment"; anything else INTERNAL.
// The lobby and the tables answer with it, so a client retries exactly what waiting can cure.
#include "persistence/store_error.hpp"
#include "tavolo.pb.h"

namespace tavolo::server::lobby {

::tavolo::v1::ErrorCode store_refusal_code(persistence::StoreErrc code);

}  // namespace tavolo::server::lobby
