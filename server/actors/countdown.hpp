#pragma once
// `done` once all of `n` answers came in: the callback to hand to each of n calls that answer once,
// from any thread (every table of a shutdown, every tournament). With n = 0, `done` runs at once and
// the callback returned does nothing.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>

namespace tavolo::server::actors {

inline std::function<void()> countdown(std::size_t n, std::function<void()> done) {
    if (n == 0) {
        done();
        return [] {};
    }
    auto left = std::make_shared<std::atomic<std::size_t>>(n);
    auto shared = std::make_shared<std::function<void()>>(std::move(done));
    return [left, shared] {
        if (left->fetch_sub(1) == 1) (*shared)();
    };
}

}  // namespace tavolo::server::actors
