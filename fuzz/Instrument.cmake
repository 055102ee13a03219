# Compile flags of the libFuzzer tree (TAVOLO_FUZZ=ON, fuzz/README.md): every file of the tree, the
# engine's included, carries libFuzzer's coverage instrumentation, AddressSanitizer and
# UndefinedBehaviorSanitizer (any UB stops the run). Optimised but with assertions: an engine
# invariant that breaks is a finding too.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "TAVOLO_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++-16 "
                      "(deploy/setup.sh installs it), in a build directory of its own (bash fuzz/build.sh)")
endif()
if(NOT TAVOLO_SANITIZE STREQUAL "")
  message(FATAL_ERROR "TAVOLO_FUZZ sets its own sanitizers: leave TAVOLO_SANITIZE empty")
endif()
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -g" CACHE STRING "Release flags of the fuzz tree: assertions on" FORCE)
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                    -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
# Debug information names the build directory: map it to "." so that ccache (which hashes the
# directory when compiling with -g) hits in any build directory of any checkout under its base_dir.
add_compile_options(-fdebug-prefix-map=${CMAKE_BINARY_DIR}=.)
# Debian 12's libstdc++ (GCC 12) declares std::expected only when __cpp_concepts >= 202002L; clang 16
# implements what that needs (P0848, conditionally trivial special members) but still announces
# 201907L (clang 19 raises it). Announce it, or <expected> is empty.
add_compile_options(-Wno-macro-redefined -D__cpp_concepts=202002L)
