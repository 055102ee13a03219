#include "server/open_files.hpp"

#include <sys/resource.h>

namespace tavolo::server {

namespace {
long as_long(rlim_t value) {
    return value == RLIM_INFINITY ? -1 : static_cast<long>(value);
}
}  // namespace

OpenFiles raise_open_files_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return {};
    if (limit.rlim_cur != limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    return {as_long(limit.rlim_cur), as_long(limit.rlim_max)};
}

}  // namespace tavolo::server
