#!/usr/bin/env bash
# Installs, builds, starts a durable local PostgreSQL in .tavolo/pg and runs tavolo-server
# with its default configuration (http://127.0.0.1:8080). Ctrl-C stops both; the data stays.
# Arguments go to tavolo-server, e.g. deploy/run.sh --config deploy/tavolo.example.toml
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bash deploy/setup.sh
BUILD_TARGETS="tavolo-server tavolo" bash deploy/build.sh
TAVOLO_DATABASE_URL=$(bash deploy/pg.sh start .tavolo/pg)
export TAVOLO_DATABASE_URL
trap 'bash "$root/deploy/pg.sh" stop "$root/.tavolo/pg"' EXIT
echo "run: PostgreSQL at $TAVOLO_DATABASE_URL"
"${BUILD_DIR:-build}/server/tavolo-server" "$@"
