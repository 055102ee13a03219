#!/usr/bin/env bash
# The restart figure of issue 11: with 200 live tables, the time from the server's process start to
# every table resumed, on this machine.
#
#   bench/recovery.sh [--tables N] [--keep]
#
# Starts a throwaway durable PostgreSQL (deploy/pg.sh without --fast), a tavolo-server with one MTT of
# 9N players (N nine-seat tables; [log] debug, so each committed hand is a log line), and
# `tavolo bots --count 9N`. Once the tournament is live (every table has committed a hand on
# average), the server is killed with SIGKILL and the bots are stopped; then the server is started
# again and the script prints exactly
#   recovery: tables=200 seconds=...
# seconds: from the restarted process's start to its `event=tables_resumed` line (the tournament read
# back, the director and every table restored, the first decision saved and delivered to the tables).
# Exit code 0 when the tournament resumed with every table. --keep keeps the work directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}

tables=200
keep=false
while [ $# -gt 0 ]; do
  case $1 in
    --tables) tables=${2:?--tables needs a number}; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "recovery: unknown option '$1' (--tables N, --keep)" >&2; exit 2 ;;
  esac
done
case $tables in '' | *[!0-9]* | 0*) echo "recovery: --tables must be a whole number from 1" >&2; exit 2 ;; esac
players=$((tables * 9))

source bench/bench_env.sh
bench_setup recovery

config=$work/tavolo.toml
{
  printf '[server]\nhost = "127.0.0.1"\nshutdown_grace = 10\n\n'
  printf '[database]\nurl = "%s"\nrequired = true\n\n' "$database_url"
  printf '[log]\nlevel = "debug"\n\n[clock]\nspeed = 10\n\n'
  printf '[accounts]\nstarting_balance = "1000.00"\npassword_cost = "minimum"\n\n[lobby]\ndemo = false\n\n'
  printf '[[tournament]]\nname = "Recovery MTT"\ngame = "holdem"\nkind = "mtt"\nseats = 9\n'
  printf 'min_players = %d\nmax_players = %d\nstart = "+15m"\nlevel_minutes = 20\n' "$players" "$players"
} >"$config"

# Waits (up to $2 tenths of a second) for the server's listening line in $1; prints the port.
wait_port() {
  for _ in $(seq 1 "$2"); do
    p=$(sed -n 's/.*listening on http:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$1" | head -1)
    if [ -n "$p" ]; then echo "$p"; return 0; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  return 1
}

"$server_bin" --config "$config" --port 0 >"$work/server1.out" 2>"$work/server1.log" &
server_pid=$!
port=$(wait_port "$work/server1.out" 600) || { echo "recovery: the server did not start" >&2; cat "$work/server1.log" >&2; exit 1; }
"$tool_bin" bots --url "ws://127.0.0.1:$port/ws" --count "$players" --strategy calling >"$work/bots.out" 2>&1 &
bots_pid=$!

# Live: a committed hand per table on average (at most 20 minutes).
for _ in $(seq 1 12000); do
  [ "$(grep -c 'event=hand_committed' "$work/server1.log" || true)" -ge "$tables" ] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "recovery: the server died" >&2; tail "$work/server1.log" >&2; exit 1; }
  sleep 0.1
done
kill -KILL "$server_pid"
wait "$server_pid" 2>/dev/null || true
kill -TERM "$bots_pid" 2>/dev/null || true
wait "$bots_pid" 2>/dev/null || true
bots_pid=

start_ns=$(date +%s%N)
"$server_bin" --config "$config" --port 0 >"$work/server2.out" 2>"$work/server2.log" &
server_pid=$!
resumed=
for _ in $(seq 1 600000); do
  if grep -q 'event=tables_resumed' "$work/server2.log"; then resumed=$(date +%s%N); break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.005
done
[ -n "$resumed" ] || { echo "recovery: the tournament did not resume" >&2; grep -v hand_committed "$work/server2.log" | tail >&2; exit 1; }
seen=$(sed -n 's/.*event=tables_resumed tournament=[0-9]* tables=\([0-9]*\).*/\1/p' "$work/server2.log" | head -1)
seconds=$(awk -v a="$start_ns" -v b="$resumed" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
echo "recovery: tables=$seen seconds=$seconds"
grep -E 'event=(recovery|tournament_resumed)' "$work/server2.log" | sed 's/^/checked: /'
[ "$seen" = "$tables" ]
