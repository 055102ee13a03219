#!/usr/bin/env bash
# Installs every Debian 12 package Tavolo needs to build, test and run. Idempotent: when
# everything is already installed it only checks, in about a second.
set -euo pipefail

PACKAGES=(
  g++ cmake ninja-build pkg-config ccache git clang-format curl python3 python3-yaml
  libboost1.81-dev libpqxx-dev libpq-dev libprotobuf-dev protobuf-compiler libspdlog-dev
  libssl-dev libsodium-dev libtomlplusplus-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  postgresql-15
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
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
echo "setup: done"
