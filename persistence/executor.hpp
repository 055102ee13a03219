#pragma once
// Where the write service delivers a result: a small type-erased "post this function", so an actor
// receives its results on its own strand while this layer knows nothing of Boost.Asio. In the server:
//
//     Executor on_strand{[strand](std::function<void()> f) { asio::post(strand, std::move(f)); }};
#include <functional>
#include <utility>

namespace tavolo::persistence {

class Executor {
  public:
    using Post = std::function<void(std::function<void()>)>;

    // `post` must run each function it is given exactly once, later or at once; an empty one runs
    // them at once, as service_thread() does.
    explicit Executor(Post post) : post_(std::move(post)) {}

    // Runs a result at once on the service's worker thread that produced it: for tests, tools and
    // callers that hand it on themselves. Such a callback must be quick and never block: the worker
    // commits nothing while it runs.
    static Executor service_thread() { return Executor{Post{}}; }

    void post(std::function<void()> f) const {
        if (post_)
            post_(std::move(f));
        else
            f();
    }

  private:
    Post post_;
};

}  // namespace tavolo::persistence
