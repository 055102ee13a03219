#pragma once
// For the actors' .cpp files only (it includes Asio): the strand type every actor runs on, and the
// persistence::Executor that posts the write service's answers back to it.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <functional>

#include "persistence/executor.hpp"

namespace tavolo::server::actors {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

inline persistence::Executor executor_on(Strand strand) {
    return persistence::Executor{
        [strand](std::function<void()> f) { boost::asio::post(strand, std::move(f)); }};
}

template <class... F>
struct overloaded : F... {
    using F::operator()...;
};

}  // namespace tavolo::server::actors
