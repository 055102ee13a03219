#pragma once
// How many random cases a property test runs: the count its file names, in the normal build; a
// fraction of it where the build defines TAVOLO_PROPERTY_DIVISOR (test_engine_ubsan runs a tenth,
// under the undefined-behaviour sanitizer). The slow suite (tests/engine/slow) names its own, larger
// counts. Thresholds on what the cases must have covered scale the same way.
namespace tavolo::engine::testing {

#ifdef TAVOLO_PROPERTY_DIVISOR
inline constexpr int kPropertyDivisor = TAVOLO_PROPERTY_DIVISOR;
#else
inline constexpr int kPropertyDivisor = 1;
#endif

constexpr int property_count(int full) {
    return full / kPropertyDivisor > 0 ? full / kPropertyDivisor : 1;
}

}  // namespace tavolo::engine::testing
