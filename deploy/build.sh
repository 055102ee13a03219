#!/usr/bin/env bash
# Configures and builds everything into build/ (Release, Ninja, ccache), then the web client into
# web/dist (npm ci when web/node_modules is missing or older than package-lock.json, npm run build).
# Extra arguments go to the configure step, e.g. -DTAVOLO_SANITIZE=address.
# BUILD_TARGETS="a b" builds only those targets (default: everything); the web client is built too
# when they include tavolo-server (deploy/run.sh serves it) or the name "web" (the web client alone).
# TAVOLO_WEB=0 never builds the web client.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

targets=()
build_web=yes
if [ -n "${BUILD_TARGETS:-}" ]; then
  build_web=no
  for t in $BUILD_TARGETS; do
    case $t in
      web) build_web=yes ;;
      tavolo-server) build_web=yes; targets+=(--target "$t") ;;
      *) targets+=(--target "$t") ;;
    esac
  done
fi
[ "${TAVOLO_WEB:-1}" = 0 ] && build_web=no

if [ -z "${BUILD_TARGETS:-}" ] || [ ${#targets[@]} -gt 0 ]; then
  extra=()
  [ "${CI:-}" = "true" ] && extra+=(-DTAVOLO_WERROR=ON)
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}" "$@" >/dev/null
  cmake --build "$BUILD_DIR" "${targets[@]}"
fi

if [ "$build_web" = yes ]; then
  command -v npm >/dev/null || {
    echo "build: npm not found: run deploy/setup.sh (web/ needs Node.js 20+), or TAVOLO_WEB=0 to skip the web client" >&2
    exit 1
  }
  cd web
  # npm ci records what it installed in node_modules/.package-lock.json: older than the lock, reinstall.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
  npm run --silent build
fi
