#!/usr/bin/env bash
# Configures and builds everything into build/ (Release, Ninja, ccache).
# Extra arguments go to the configure step, e.g. -DTAVOLO_SANITIZE=address.
# BUILD_TARGETS="a b" builds only those targets (default: everything).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
extra=()
[ "${CI:-}" = "true" ] && extra+=(-DTAVOLO_WERROR=ON)
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}" "$@" >/dev/null
targets=()
for t in ${BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$BUILD_DIR" "${targets[@]}"
