#pragma once
// What /readyz answers: whether the server can do its work now, and if not, why (in words for an
// operator; never a library's raw error, which could name internal hosts).
#include <string>

namespace tavolo::server {

struct Readiness {
    bool ready = false;
    std::string reason;  // empty when ready
};

}  // namespace tavolo::server
