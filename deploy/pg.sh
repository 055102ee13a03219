#!/usr/bin/env bash
# A private PostgreSQL 15 cluster in a directory of the project's.
#
#   deploy/pg.sh start DIR [--fast]   initialise if needed, start on a free port, print the URL
#   deploy/pg.sh stop DIR             stop it (the data stays, unless it was --fast)
#   deploy/pg.sh url DIR              print the URL of a running cluster
#
# --fast is for tests only: fsync and synchronous commit off, data thrown away at stop.
# Without it the cluster is durable. Run as root, the server runs as the `postgres` user.
set -euo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
cmd=${1:-}; dir=${2:-}; flavour=${3:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { sed -n '2,10p' "$0" >&2; exit 2; }
[ -x "$PGBIN/pg_ctl" ] || { echo "pg.sh: PostgreSQL 15 is not installed (run deploy/setup.sh)" >&2; exit 1; }

# A mistyped flavour (--fsat) must not silently give the other kind of cluster.
case "$flavour" in
  '' | --fast) ;;
  *) echo "pg.sh: unknown option '$flavour' (the only one is --fast)" >&2; exit 2 ;;
esac
case "$cmd" in
  start) mkdir -p "$dir" ;;
  stop) [ -d "$dir" ] || exit 0 ;;  # nothing there: nothing to stop (and no directory left behind)
  url) [ -d "$dir" ] || { echo "pg.sh: no cluster in $dir (start one with: deploy/pg.sh start $dir)" >&2; exit 1; } ;;
  *) echo "pg.sh: unknown command '$cmd' (start, stop, url)" >&2; exit 2 ;;
esac
dir=$(cd "$dir" && pwd)
data="$dir/data"
sock="$dir/sock"

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

url_of() { echo "postgresql:///tavolo?host=$sock&port=$(cat "$dir/port")&user=postgres"; }

running() { [ -f "$data/postmaster.pid" ] && as_pg "$PGBIN/pg_ctl" -D "$data" status >/dev/null 2>&1; }

url() {
  if ! running || [ ! -f "$dir/port" ]; then
    echo "pg.sh: the cluster in $dir is not running (start it with: deploy/pg.sh start $dir)" >&2
    exit 1
  fi
  url_of
}

# When run as root, the postgres user must be able to reach the directory.
make_reachable() {
  [ "$(id -u)" -eq 0 ] || return 0
  chown postgres:postgres "$dir"
  local p="$dir"
  while [ "$p" != "/" ]; do
    p=$(dirname "$p")
    if ! runuser -u postgres -- test -x "$p"; then chmod o+x "$p"; fi
  done
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  if running; then
    url_of; return 0
  fi
  make_reachable
  if [ ! -f "$data/PG_VERSION" ]; then
    as_pg mkdir -p "$data" "$sock"
    as_pg "$PGBIN/initdb" -D "$data" -U postgres -E UTF8 --locale=C.UTF-8 \
      --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
  fi
  as_pg mkdir -p "$sock"
  local opts="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$sock"
  if [ "$flavour" = "--fast" ]; then
    opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c wal_level=minimal -c max_wal_senders=0"
    touch "$dir/fast"
  fi
  for attempt in 1 2 3 4 5 6 7 8; do
    local port=$((20000 + (RANDOM % 20000)))
    port_free "$port" || continue
    if as_pg "$PGBIN/pg_ctl" -D "$data" -l "$dir/postgres.log" -o "-p $port $opts" -w -t 30 start >/dev/null; then
      echo "$port" >"$dir/port"
      for _ in $(seq 1 50); do
        as_pg "$PGBIN/psql" -h "$sock" -p "$port" -U postgres -d postgres -Atqc "SELECT 1" >/dev/null 2>&1 && break
        sleep 0.1
      done
      if ! as_pg "$PGBIN/psql" -h "$sock" -p "$port" -U postgres -d postgres -Atqc \
          "SELECT 1 FROM pg_database WHERE datname='tavolo'" | grep -q 1; then
        as_pg "$PGBIN/psql" -h "$sock" -p "$port" -U postgres -d postgres -qc "CREATE DATABASE tavolo" >/dev/null
      fi
      url_of
      return 0
    fi
    echo "pg.sh: start on port $port failed (attempt $attempt), retrying" >&2
  done
  echo "pg.sh: could not start PostgreSQL; see $dir/postgres.log" >&2
  exit 1
}

stop() {
  [ -f "$data/PG_VERSION" ] || return 0
  as_pg "$PGBIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
  if [ -f "$dir/fast" ]; then rm -rf "$dir"; fi
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  url) url ;;
esac
