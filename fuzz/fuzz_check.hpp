#pragma once
// What a fuzz target does when its oracle fails: print what was expected and abort, so libFuzzer
// saves the input as a crash (README.md "When a target fails").
#include <cstdio>
#include <cstdlib>

#define TAVOLO_FUZZ_CHECK(condition, what)                                                            \
    do {                                                                                              \
        if (!(condition)) {                                                                           \
            std::fprintf(stderr, "fuzz check failed: %s (%s) at %s:%d\n", what, #condition, __FILE__, \
                         __LINE__);                                                                   \
            std::abort();                                                                             \
        }                                                                                             \
    } while (false)
