# test_engine_ubsan: the engine's property tests once more, the engine and the tests compiled with
# the undefined-behaviour sanitizer (-fno-sanitize-recover=all: the first report aborts, so the ctest
# fails), at a tenth of their counts (tests/engine/property_count.hpp), plus the tests of the
# engine's limits (kMaxTotalChips, kMaxTotalCents), whose inputs overflowed signed sums before. Part
# of the normal build and of `deploy/test.sh`; skipped in a TAVOLO_SANITIZE build, which sanitizes
# everything already. Costs about a minute of compilation on two cores with a cold ccache.
if(NOT TAVOLO_SANITIZE STREQUAL "")
  return()
endif()

set(ubsan_engine_dirs . eval poker table tournament polacco)
set(ubsan_sources)
foreach(d ${ubsan_engine_dirs})
  file(GLOB s CONFIGURE_DEPENDS ${TAVOLO_ROOT}/engine/${d}/*.cpp)
  list(APPEND ubsan_sources ${s})
endforeach()
foreach(t poker/pots_property poker/betting_model_property poker/random_hands poker/hostile_commands
          poker/chip_limits polacco/hand_property polacco/money_limits tournament/limits
          tournament/refund_decisions tournament/refunds_by_hand)
  list(APPEND ubsan_sources ${CMAKE_CURRENT_SOURCE_DIR}/engine/${t}_test.cpp)
endforeach()

add_executable(test_engine_ubsan ${ubsan_sources})
target_include_directories(test_engine_ubsan PRIVATE ${TAVOLO_ROOT})
target_compile_features(test_engine_ubsan PRIVATE cxx_std_23)
target_compile_definitions(test_engine_ubsan PRIVATE TAVOLO_PROPERTY_DIVISOR=10)
# -O1: the sanitizer's checks make -O3 slow to compile, and a tenth of the cases runs in seconds.
target_compile_options(test_engine_ubsan PRIVATE -O1 -fsanitize=undefined -fno-sanitize-recover=all
                       -fno-omit-frame-pointer)
target_link_options(test_engine_ubsan PRIVATE -fsanitize=undefined)
target_link_libraries(test_engine_ubsan PRIVATE GTest::gtest GTest::gtest_main GTest::gmock)
add_test(NAME engine_property_ubsan COMMAND test_engine_ubsan)
set_tests_properties(engine_property_ubsan PROPERTIES ENVIRONMENT "UBSAN_OPTIONS=print_stacktrace=1")
