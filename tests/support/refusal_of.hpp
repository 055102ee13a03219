#pragma once
// The error of a call the test expects refused: `EXPECT_EQ(refusal_of(f()), Error::X)`.
// f().error() on a result that holds a value is undefined behaviour (it reads storage that holds no
// error, and can even read the expected one): exactly when the code under test wrongly accepts, the
// test could pass. refusal_of() fails the test instead and returns a default error.
#include <gtest/gtest.h>

#include <type_traits>

template <class Result>
auto refusal_of(const Result& result) -> std::remove_cvref_t<decltype(result.error())> {
    if (!result.has_value()) return result.error();
    ADD_FAILURE() << "expected a refusal, but the call was accepted";
    return {};
}
