#include "server/lobby/store_refusal_code.hpp"

namespace tavolo::server::lobby {

::tavolo::v1::ErrorCode store_refusal_code(persistence::StoreErrc code) {
    using persistence::StoreErrc;
    switch (code) {
        case StoreErrc::unavailable:
        case StoreErrc::queue_full:
        case StoreErrc::shutting_down:
        case StoreErrc::fenced_out:
            return ::tavolo::v1::ERROR_CODE_UNAVAILABLE;
        default:
            return ::tavolo::v1::ERROR_CODE_INTERNAL;
    }
}

}  // namespace tavolo::server::lobby
