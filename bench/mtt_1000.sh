#!/usr/bin/env bash
# The MTT figure of issue 11: `tavolo bots` against a 1,000-player scheduled MTT, on this machine.
#
#   bench/mtt_1000.sh [--players N] [--speed X] [--strategy random|calling|tight] [--keep]
#
# Starts a throwaway PostgreSQL (deploy/pg.sh --fast), a tavolo-server with one `kind = "mtt"` of N
# players (default 1000) on nine-seat tables starting 10 game minutes after the server, and
# `tavolo bots --count N --tournament any` (they register before the start time and wait for it);
# prints the bots' usual line and then exactly
#   tournament: entrants=1000 hands=... wall_s=... max_table_gap=...
# entrants and hands as the database holds them (registrations, hands committed), wall_s from the bots'
# start to their end, max_table_gap the largest difference between a table that reported a hand and the
# smallest table after the director's balancing step (the server's `event=table_balance ... max_gap=`
# line at the tournament's end: the largest over its debug `event=table_balanced` lines with round=0;
# 1 when balancing holds). Exit code 0 when the bots saw no error and the MTT finished.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}

players=1000
speed=20
strategy=random
keep=false
while [ $# -gt 0 ]; do
  case $1 in
    --players) players=${2:?--players needs a number}; shift 2 ;;
    --speed) speed=${2:?--speed needs a number}; shift 2 ;;
    --strategy) strategy=${2:?--strategy needs random, calling or tight}; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "mtt_1000: unknown option '$1' (--players N, --speed X, --strategy S, --keep)" >&2; exit 2 ;;
  esac
done
case $players in '' | *[!0-9]* | 0* | 1) echo "mtt_1000: --players must be a whole number from 2" >&2; exit 2 ;; esac

source bench/bench_env.sh
bench_setup mtt_1000 --fast

# Keys of deploy/tavolo.example.toml. The start is 10 game minutes away (600/speed real seconds):
# time for N accounts to be made and registered. A 120-second action clock keeps bots that a loaded
# machine slows from timing out at `speed`.
config=$work/tavolo.toml
{
  printf '[server]\nhost = "127.0.0.1"\nthreads = 0\nshutdown_grace = 30\n\n'
  printf '[database]\nurl = "%s"\nrequired = true\n\n' "$database_url"
  printf '[log]\nlevel = "info"\n\n[clock]\nspeed = %s\n\n' "$speed"
  printf '[accounts]\nstarting_balance = "1000.00"\npassword_cost = "minimum"\n\n[lobby]\ndemo = false\n'
  printf '\n[[tournament]]\nname = "MTT %s"\ngame = "holdem"\nkind = "mtt"\nbetting = "nl"\n' "$players"
  printf 'seats = 9\nbuy_in = "10.00"\nfee = "1.00"\nmin_players = %s\nmax_players = %s\n' "$players" "$players"
  printf 'start = "+600s"\nlevel_minutes = 5\nstarting_stack = 5000\naction_seconds = 120\n'
} >"$config"

"$server_bin" --config "$config" --port 0 >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
port=
for _ in $(seq 1 600); do
  port=$(sed -n 's/.*listening on http:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$work/server.out" | head -1)
  [ -n "$port" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "mtt_1000: tavolo-server exited before listening:" >&2
    cat "$work/server.log" "$work/server.out" >&2
    exit 1
  fi
  sleep 0.1
done
[ -n "$port" ] || { echo "mtt_1000: tavolo-server did not say where it listens within a minute" >&2; exit 1; }

started=$(date +%s.%N)
set +e
timeout 7200 "$tool_bin" bots --url "ws://127.0.0.1:$port/ws" --count "$players" --strategy "$strategy" \
  --tournament any --verbose 2>"$work/bots.log" >"$work/bots.out"
bots_code=$?
set -e
ended=$(date +%s.%N)
summary=$(tail -n 1 "$work/bots.out")
echo "$summary"

query() { psql "$database_url" -At -c "$1"; }
entrants=$(query "SELECT count(*) FROM registrations")
hands=$(query "SELECT count(*) FROM hands")
wall_s=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
gap=$(sed -n 's/.*event=table_balance tournament=.* max_gap=\([0-9]*\).*/\1/p' "$work/server.log" | tail -n 1)
echo "tournament: entrants=$entrants hands=$hands wall_s=$wall_s max_table_gap=$gap"

errors=$(echo "$summary" | sed -n 's/.* errors=\([0-9]*\).*/\1/p')
finished=$(grep -c 'event=tournament_finished' "$work/server.log" || true)
if [ "$errors" != 0 ]; then
  echo "mtt_1000: the bots' first errors (all in $work/bots.log with --keep):" >&2
  head -5 "$work/bots.log" >&2
fi
[ "$errors" = 0 ] && [ "$finished" = 1 ] && [ "$bots_code" -eq 0 ]
