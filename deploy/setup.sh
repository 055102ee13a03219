#!/usr/bin/env bash
# Installs every Debian 12 package Tavolo needs to build, test and run, with web/'s tools: Node.js 20 or
# newer with npm, and Chromium for its browser tests; clang-16 with libFuzzer and its sanitizer runtimes
# (libclang-rt-16-dev: -fsanitize=fuzzer,address,undefined) for the fuzz targets, and
# nats-server with libnats for running on more than one node. Idempotent: when everything is already installed
# it only checks, in about a second.
# TAVOLO_WEB=0 leaves web/'s tools out (deploy/Dockerfile builds web/ in a Node.js image of its own).
set -euo pipefail

PACKAGES=(
  g++ cmake ninja-build pkg-config ccache git clang-format curl python3 python3-yaml
  libboost1.81-dev libpqxx-dev libpq-dev libprotobuf-dev protobuf-compiler libspdlog-dev
  libssl-dev libsodium-dev libtomlplusplus-dev libcli11-dev libjemalloc-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  postgresql-15
  clang-16 libfuzzer-16-dev libclang-rt-16-dev nats-server libnats-dev iproute2
)
NODE_MIN=20
web=${TAVOLO_WEB:-1}

node_major() {
  command -v node >/dev/null 2>&1 || { echo 0; return; }
  node -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0
}

if [ "$web" != 0 ]; then
  PACKAGES+=(chromium)
  # Debian 12's nodejs is 18: it is installed only where there is no Node.js 20+ (and its npm) already.
  if [ "$(node_major)" -lt "$NODE_MIN" ] || ! command -v npm >/dev/null 2>&1; then
    PACKAGES+=(nodejs npm)
  fi
fi

# web/ needs Node.js 20+ and npm; Debian's own may be too old: then say what to do.
check_node() {
  [ "$web" = 0 ] && return 0
  local major
  major=$(node_major)
  if [ "$major" -lt "$NODE_MIN" ] || ! command -v npm >/dev/null 2>&1; then
    echo "setup: web/ needs Node.js $NODE_MIN or newer with npm; this machine has node $(node --version 2>/dev/null || echo 'none')" \
         "and npm $(npm --version 2>/dev/null || echo 'none'). Install Node.js $NODE_MIN+ (e.g. NodeSource's nodejs" \
         "package for Debian, or nvm), put it first on PATH and run deploy/setup.sh again; or TAVOLO_WEB=0 for the server alone" >&2
    exit 1
  fi
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  check_node
  node_note=""
  if [ "$web" != 0 ]; then node_note=", Node.js $(node --version)"; fi
  echo "setup: all ${#PACKAGES[@]} packages already installed$node_note"
  exit 0
fi

command -v apt-get >/dev/null || {
  echo "setup: apt-get not found: this script is for Debian 12; install these yourself: ${missing[*]}" >&2
  exit 1
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: run as root, or install sudo" >&2; exit 1; }
  SUDO="sudo"
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends --no-upgrade "${missing[@]}" >/dev/null
check_node
echo "setup: done"
