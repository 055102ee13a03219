#include "server/actors/table_refusal.hpp"

namespace tavolo::server::actors {

protocol::Refusal refusal_words(table::Refusal kind, const std::string& message, protocol::Refusal rule) {
    namespace v1 = ::tavolo::v1;
    switch (kind) {
        case table::Refusal::Rule:
            if (!message.empty()) rule.message = message;
            return rule;
        case table::Refusal::NoHandInPlay:
        case table::Refusal::StaleHand:
            return {v1::ERROR_CODE_STALE_DECISION, message};
        case table::Refusal::WrongSeat:
            return {v1::ERROR_CODE_NOT_SEATED, message};
        case table::Refusal::ClockOnly:
        case table::Refusal::ClientSeed:
            return {v1::ERROR_CODE_BAD_FIELD, message};
        case table::Refusal::TableRefused:
            return {v1::ERROR_CODE_ILLEGAL_ACTION, message};
        case table::Refusal::Purchase:
            return {v1::ERROR_CODE_PURCHASE_REFUSED, message};
    }
    return {v1::ERROR_CODE_INTERNAL, message};
}

}  // namespace tavolo::server::actors
