#!/usr/bin/env bash
# Load at scale (issue 14 item 2): tavolo-server and `tavolo load` on this machine at 1,000, 5,000 and
# 20,000 tables of cash-like Sit&Gos that re-open (accelerated clock), and beside it, in the same run, a
# bare Beast WebSocket echo server (build/bench/echo_server) under the same client (`tavolo load --echo`:
# the same connections, tables and fan-out). For each size it prints
#   load: tables=... players=... hands_per_s=... p50_ms=... p99_ms=... p999_ms=... server_cpu=... server_rss_mb=... errors=...
#   load-detail: ... actions_per_s=A ...
#   echo: ...   (the echo server at the same action rate A)
#   echo: ...   (the echo server as fast as the client drives it)
#   ratio: tables=T p99_tavolo_over_echo=X actions_tavolo_over_echo_max=Y
# and at the end a summary table. Goal: 20,000 tables with p99 < 100 ms.
#
#   bench/load_scale.sh [--sizes 1000,5000,20000] [--seconds 30] [--seats 6] [--speed 10]
#                       [--max-connections 9000] [--ramp-seconds 300] [--echo-seconds 15]
#                       [--think-ms 0] [--warmup-seconds 20] [--keep]
# --think-ms M: the players take a human's pause before each decision (tavolo load --think-ms); by
# default they answer at once and every size runs the machine flat out. --warmup-seconds W: once every
# table is in play, W seconds are played before the measured window (the ramp's last registrations and
# Sit&Go starts settle; tavolo load --warmup-seconds).
#
# Bounded: every step runs under `timeout`; the whole run stops by itself (at most about
# sizes * (ramp + seconds + 2 * echo + 120) seconds). A process here may hold at most `ulimit -Hn`
# descriptors (20,000 on the reference machine, not raisable without CAP_SYS_RESOURCE): the script
# raises the soft limit to it for the server and the client, and `tavolo load` seats each player (one
# account, one connection) at several tables so that connections stay under --max-connections
# (9,000 by default: the server holds one descriptor per client connection too). The connections are
# spread over 127.0.0.1-127.0.0.4 (the server listens on 0.0.0.0), each its own ephemeral port range.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}

sizes=1000,5000,20000
seconds=30
seats=6
speed=10
max_connections=9000
ramp_seconds=300
echo_seconds=15
think_ms=0
warmup_seconds=20
keep=false
while [ $# -gt 0 ]; do
  case $1 in
    --sizes) sizes=${2:?--sizes needs numbers}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    --seats) seats=${2:?}; shift 2 ;;
    --speed) speed=${2:?}; shift 2 ;;
    --max-connections) max_connections=${2:?}; shift 2 ;;
    --ramp-seconds) ramp_seconds=${2:?}; shift 2 ;;
    --echo-seconds) echo_seconds=${2:?}; shift 2 ;;
    --think-ms) think_ms=${2:?}; shift 2 ;;
    --warmup-seconds) warmup_seconds=${2:?}; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "load_scale: unknown option '$1' (--sizes, --seconds, --seats, --speed, --max-connections," \
            "--ramp-seconds, --echo-seconds, --think-ms, --warmup-seconds, --keep)" >&2; exit 2 ;;
  esac
done
for n in ${sizes//,/ } $seconds $seats $max_connections $ramp_seconds $echo_seconds; do
  case $n in '' | *[!0-9]* | 0*) echo "load_scale: '$n' is not a whole number from 1" >&2; exit 2 ;; esac
done
for n in $think_ms $warmup_seconds; do
  case $n in '' | *[!0-9]*) echo "load_scale: '$n' is not a whole number" >&2; exit 2 ;; esac
done

echo_bin=$build_dir/bench/echo_server
if [ ! -x "$echo_bin" ]; then
  cmake --build "$build_dir" --target echo_server >/dev/null
fi
source bench/bench_env.sh
bench_setup load_scale --fast
echo_pid=
cleanup_echo() { [ -n "$echo_pid" ] && kill -TERM "$echo_pid" 2>/dev/null && wait "$echo_pid" 2>/dev/null || true; echo_pid=; }
trap 'cleanup_echo; bench_cleanup' EXIT

hard=$(ulimit -Hn)
ulimit -n "$hard" || true
echo "load_scale: descriptors per process: $(ulimit -n) (hard limit $hard); $(nproc) cores;" \
  "other builds may share this machine: figures are noisy"
hosts=127.0.0.1,127.0.0.2,127.0.0.3,127.0.0.4

# The server's configuration for T tables: D Sit&Gos of `seats` seats re-opened as each starts (the
# load fills D at once), deep stacks and hour-long levels so that the calling bots keep a table for
# the whole run (cash-like), buy-ins of 1.00 from a large play-money wallet.
write_config() {
  local tables=$1 decls=$(( $1 < 200 ? $1 : 200 ))
  {
    printf '[server]\nhost = "0.0.0.0"\nthreads = 0\nshutdown_grace = 5\n\n'
    printf '[database]\nurl = "%s"\nrequired = true\n\n' "$database_url"
    printf '[log]\nlevel = "warn"\n\n[clock]\nspeed = %s\n\n' "$speed"
    printf '[accounts]\nstarting_balance = "1000000.00"\npassword_cost = "minimum"\n\n[lobby]\ndemo = false\n'
    for i in $(seq 1 "$decls"); do
      printf '\n[[tournament]]\nname = "Scale %04d"\ngame = "holdem"\nkind = "sng"\nbetting = "nl"\n' "$i"
      printf 'seats = %s\nmin_players = %s\nmax_players = %s\nbuy_in = "1.00"\nfee = "0.00"\n' "$seats" "$seats" "$seats"
      printf 'level_minutes = 60\nstarting_stack = 100000\n'
    done
  } >"$work/tavolo-$tables.toml"
}

start_server() {
  "$server_bin" --config "$1" --port 0 >"$work/server.out" 2>"$work/server.log" &
  server_pid=$!
  port=
  for _ in $(seq 1 600); do
    port=$(sed -n 's/.*listening on http:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$work/server.out" | head -1)
    [ -n "$port" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || { echo "load_scale: tavolo-server exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "load_scale: tavolo-server did not listen within a minute" >&2
  exit 1
}

stop_server() {
  kill -TERM "$server_pid" 2>/dev/null || true
  timeout 60 tail --pid="$server_pid" -f /dev/null 2>/dev/null || kill -KILL "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}

field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }
summary=()
status=0
for tables in ${sizes//,/ }; do
  echo "== $tables tables of $seats seats, clock x$speed, $seconds s measured after $warmup_seconds s of warm-up, think $think_ms ms"
  write_config "$tables"
  start_server "$work/tavolo-$tables.toml"
  set +e
  timeout $((ramp_seconds + warmup_seconds + seconds + 120)) "$tool_bin" load --url "ws://127.0.0.1:$port/ws" --tables "$tables" \
    --seats "$seats" --seconds "$seconds" --ramp-seconds "$ramp_seconds" --max-connections "$max_connections" \
    --hosts "$hosts" --report-every 10 --think-ms "$think_ms" \
    --warmup-seconds "$warmup_seconds" >"$work/load-$tables.out" 2>"$work/load-$tables.err"
  code=$?
  set -e
  stop_server
  grep -E '^load: ramping|in play after' "$work/load-$tables.err" | tail -3 || true
  line=$(grep '^load: tables=' "$work/load-$tables.out" | tail -1 || true)
  detail=$(grep '^load-detail:' "$work/load-$tables.out" | tail -1 || true)
  echo "$line"
  echo "$detail"
  if [ "$code" -ne 0 ]; then
    echo "load_scale: tavolo load exited with $code; its first errors:" >&2
    grep -v '^load: ramping' "$work/load-$tables.err" | head -5 >&2
    status=1
  fi
  [ -n "$line" ] || { summary+=("$tables no-line - - - - -"); continue; }
  [ -n "$detail" ] || { summary+=("$tables $line (no detail line: no echo run)"); continue; }
  actions=$(field "$detail" actions_per_s)
  connections=$(field "$detail" connections)
  per_player=$(field "$detail" tables_per_player)

  "$echo_bin" --host 0.0.0.0 --port 0 >"$work/echo.out" 2>&1 &
  echo_pid=$!
  echo_port=
  for _ in $(seq 1 100); do
    echo_port=$(sed -n 's/.*listening on [^:]*:\([0-9]*\)$/\1/p' "$work/echo.out")
    [ -n "$echo_port" ] && break
    sleep 0.1
  done
  echo_args=(load --echo --url "ws://127.0.0.1:$echo_port/ws" --tables "$tables" --seats "$seats"
    --tables-per-player "$per_player" --max-connections "$max_connections" --hosts "$hosts"
    --seconds "$echo_seconds" --ramp-seconds 120 --report-every 60)
  set +e
  timeout $((echo_seconds + 200)) "$tool_bin" "${echo_args[@]}" --echo-rate "${actions:-1}" \
    >"$work/echo-rate-$tables.out" 2>"$work/echo-rate-$tables.err"
  timeout $((echo_seconds + 200)) "$tool_bin" "${echo_args[@]}" \
    >"$work/echo-max-$tables.out" 2>"$work/echo-max-$tables.err"
  set -e
  cleanup_echo
  echo_rate=$(grep '^echo: tables=' "$work/echo-rate-$tables.out" | tail -1 || true)
  echo_max=$(grep '^echo: tables=' "$work/echo-max-$tables.out" | tail -1 || true)
  echo "$echo_rate   (echo server, the same $actions actions/s)"
  echo "$echo_max   (echo server, as fast as it goes)"
  p99=$(field "$line" p99_ms)
  echo_p99=$(field "$echo_rate" p99_ms)
  echo_actions=$(field "$echo_max" actions_per_s)
  ratio=$(awk -v t="$p99" -v e="$echo_p99" -v a="$actions" -v m="$echo_actions" 'BEGIN {
    printf "p99_tavolo_over_echo=%s actions_tavolo_over_echo_max=%s",
      (e > 0 ? sprintf("%.1f", t / e) : "na"), (m > 0 ? sprintf("%.3f", a / m) : "na") }')
  echo "ratio: tables=$tables $ratio"
  summary+=("$tables $(field "$line" tables) $connections x$per_player $(field "$line" hands_per_s) $actions \
$(field "$line" p50_ms) $p99 $(field "$line" p999_ms) $(field "$line" server_cpu) $(field "$line" server_rss_mb) \
$(field "$line" errors) ${echo_p99:-na} ${echo_actions:-na} $ratio")
done

echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, shared with other builds: noisy)"
echo "asked in_play connections hands/s actions/s p50 p99 p999 cpu rss_mb errors echo_p99 echo_max_actions/s ratios"
for row in "${summary[@]}"; do echo "$row"; done
exit "$status"
