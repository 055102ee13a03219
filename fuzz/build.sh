#!/usr/bin/env bash
# Configures and builds the fuzz tree (README.md "Fuzzing"): clang-16, libFuzzer, ASan and UBSan, in
# build-fuzz/ (FUZZ_BUILD_DIR=dir for another), only the fuzz targets and what they need. The
# ordinary build (build/, gcc) is not touched. Extra arguments go to the configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${FUZZ_BUILD_DIR:-build-fuzz}
command -v clang++-16 >/dev/null || {
  echo "fuzz: clang++-16 not found: run deploy/setup.sh (clang-16, libfuzzer-16-dev, libclang-rt-16-dev)" >&2
  exit 1
}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-16 -DTAVOLO_FUZZ=ON \
  "$@" >/dev/null
cmake --build "$dir"
