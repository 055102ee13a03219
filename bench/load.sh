#!/usr/bin/env bash
# The load figure of issue 10: 500 bots on 50 ten-seat hold'em Sit&Gos, on this machine.
#
#   bench/load.sh [--tables N] [--speed X] [--strategy random|calling|tight] [--keep]
#
# Starts a throwaway PostgreSQL (deploy/pg.sh, as deploy/test.sh does), a tavolo-server with a
# generated configuration (N `[[tournament]]` Sit&Gos of ten seats, `[clock] speed` X, no demo lobby),
# and `tavolo bots --count 10N` (one tournament each) with --latency-report; then prints exactly
#   load: tables=50 players=500 hands_per_s=... p50_ms=... p99_ms=...
# latency: an action sent -> the table's next message received by every bot seated at that table.
# Then what it checked. Exit code 0 when the bots saw no error and every tournament finished.
# Needs the server's WebSocket play (issue 10); --keep keeps the work directory (logs, config).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}

tables=50
speed=10
strategy=random
keep=false
while [ $# -gt 0 ]; do
  case $1 in
    --tables) tables=${2:?--tables needs a number}; shift 2 ;;
    --speed) speed=${2:?--speed needs a number}; shift 2 ;;
    --strategy) strategy=${2:?--strategy needs random, calling or tight}; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "load: unknown option '$1' (--tables N, --speed X, --strategy S, --keep)" >&2; exit 2 ;;
  esac
done
case $tables in '' | *[!0-9]* | 0*) echo "load: --tables must be a whole number from 1" >&2; exit 2 ;; esac
players=$((tables * 10))

source bench/bench_env.sh
bench_setup load --fast

# The configuration: keys of deploy/tavolo.example.toml. Ten-minute levels at `speed` play a level in
# 600/speed seconds; the 30-second action clock runs 30/speed seconds, which 500 bots starting at once
# on two cores can overrun above about 10 (a timeout, then a stale action refused).
config=$work/tavolo.toml
{
  printf '[server]\nhost = "127.0.0.1"\nthreads = 0\nshutdown_grace = 30\n\n'
  printf '[database]\nurl = "%s"\nrequired = true\n\n' "$database_url"
  printf '[log]\nlevel = "warn"\n\n[clock]\nspeed = %s\n\n' "$speed"
  # 500 accounts at once: the cheapest Argon2id libsodium allows (for load benches only, never production).
  printf '[accounts]\nstarting_balance = "1000.00"\npassword_cost = "minimum"\n\n[lobby]\ndemo = false\n'
  for i in $(seq 1 "$tables"); do
    printf '\n[[tournament]]\nname = "Load %03d"\ngame = "holdem"\nkind = "sng"\nbetting = "nl"\n' "$i"
    printf 'seats = 10\nbuy_in = "10.00"\nfee = "1.00"\nmin_players = 10\nmax_players = 10\nlevel_minutes = 10\n'
  done
} >"$config"

"$server_bin" --config "$config" --port 0 >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
port=
for _ in $(seq 1 600); do  # up to a minute for migrations and the listening line
  port=$(sed -n 's/.*listening on http:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$work/server.out" | head -1)
  [ -n "$port" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "load: tavolo-server exited before listening:" >&2
    cat "$work/server.log" "$work/server.out" >&2
    exit 1
  fi
  sleep 0.1
done
[ -n "$port" ] || { echo "load: tavolo-server did not say where it listens within a minute" >&2; exit 1; }

report=$work/latency.txt
set +e
timeout 3600 "$tool_bin" bots --url "ws://127.0.0.1:$port/ws" --count "$players" --strategy "$strategy" \
  --latency-report "$report" --verbose 2>"$work/bots.log" >"$work/bots.out"
bots_code=$?
set -e
summary=$(tail -n 1 "$work/bots.out")
if [ "$bots_code" -eq 124 ]; then echo "load: the bots did not finish within an hour" >&2; fi
if [ ! -s "$report" ]; then
  echo "load: the bots wrote no latency report (exit code $bots_code): $summary" >&2
  head -20 "$work/bots.log" >&2
  exit 1
fi

value() { sed -n "s/^$1=//p" "$report"; }
field() { echo "$summary" | sed -n "s/.* $1=\([0-9]*\).*/\1/p"; }
seen_tables=$(value tables)
hands=$(value hands)
play_seconds=$(value play_seconds)
hands_per_s=$(awk -v h="$hands" -v s="$play_seconds" 'BEGIN { if (s > 0) printf "%.1f", h / s; else print 0 }')
echo "load: tables=$seen_tables players=$(field players) hands_per_s=$hands_per_s p50_ms=$(value p50_ms) p99_ms=$(value p99_ms)"

errors=$(field errors)
finished=$(field finished)
echo "checked: $summary"
echo "checked: every message each bot received parsed, kept its table's sequence (no gap after the snapshot)"
echo "         and carried no card its player may not see (RULES.md §8): errors=$errors"
echo "checked: tournaments finished: $finished of $tables; latency samples: $(value samples)" \
  "(dropped probes: $(value dropped)), max_ms=$(value max_ms), over ${play_seconds}s of play"
if [ "$errors" != 0 ]; then
  echo "load: the bots' first errors (all in $work/bots.log with --keep):" >&2
  head -5 "$work/bots.log" >&2
fi
[ "$errors" = 0 ] && [ "$finished" = "$tables" ] && [ "$bots_code" -eq 0 ]
