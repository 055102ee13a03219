#pragma once
// The process's open files limit: every connection is a descriptor, and the soft limit is often 1,024
// (Debian's default) while the hard one allows far more. A server holds its connections plus a few
// dozen of its own (listener, event loop, database connections, log).

namespace tavolo::server {

struct OpenFiles {
    long soft = 0;  // after raising it; -1 unlimited
    long hard = 0;  // -1 unlimited
};

// Raises the soft limit of open files to the hard one (a process may without privileges) and returns
// both; {0, 0} if the system would not say.
OpenFiles raise_open_files_limit();

}  // namespace tavolo::server
