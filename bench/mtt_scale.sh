#!/usr/bin/env bash
# One live MTT at scale (issue 14, item 2b): `tavolo bots` processes against one scheduled MTT of N
# entrants over WebSocket, played to its end, on this machine.
#
#   bench/mtt_scale.sh [--players N] [--speed X] [--strategy random|calling|tight]
#                      [--per-process M] [--max-registering R] [--addresses K] [--start-seconds S] [--timeout S]
#                      [--nodes K] [--beyond-limit] [--keep]
#
# Starts a throwaway PostgreSQL (deploy/pg.sh --fast), a tavolo-server listening on 0.0.0.0 (so that
# every 127.0.0.K reaches it) with one `kind = "mtt"` of at most N players on nine-seat tables, and
# ceil(N / M) `tavolo bots --tournament ID` processes of at most M bots each (default 5000), process i
# connecting to ws://127.0.0.(1 + i mod K):PORT/ws (default K: one address per process): each
# destination address has its own ephemeral ports. Each process has at most R registrations waiting
# for the server at once (default 32): 20,000 buy-ins at once outran the server's write queue (its
# lobby answered "the database did not answer in time", the retries filled the queue). The MTT starts S real seconds after the server
# (default 60 + N/40: the time to make and register N accounts on this shared machine, where
# 40 to 150 buy-ins a second were seen), with at least 2 entrants.
# Prints the bots' lines (one per process), a progress line every 10 s on standard error, and then
# exactly
#   tournament: entrants=N hands=... wall_s=... max_table_gap=...
#   server_peak_rss_mb=... server_peak_fds=... accounts=... tables=...
# entrants, hands, accounts and tables as the database holds them, wall_s from the bots' start to their
# end, max_table_gap as bench/mtt_1000.sh says, server_peak_rss_mb the server's VmHWM, server_peak_fds
# the most descriptors it was seen holding (sampled every second).
#
# Descriptors: the script raises its limit (inherited by the server and the bots) to what N needs if it
# can (root with CAP_SYS_RESOURCE), else to the hard limit. A server holds N player connections plus
# 15 to 17 of its own (listener, event loop, database connections, log: measured); when the hard limit is lower it says
# which field is the largest that fits and stops, unless --beyond-limit (then the bots that find no
# room are refused and the run shows how far it got). It widens net.ipv4.ip_local_port_range to
# "1024 65000" when it may, and restores it at exit.
# Several nodes (--nodes K, default 1; docs/SCALING.md): a private nats-server and K tavolo-server nodes
# (`[node] id = "nI"`, `[cluster] nats_url`) on the one PostgreSQL; the node that takes the lobby lease
# hosts the MTT, and bots process i connects to node i mod K, so the players on the other nodes play
# over NATS and each node holds about N / K connections: how a field larger than one process's
# descriptors is played here. server_peak_rss_mb and server_peak_fds are then the largest of the nodes',
# and a line `node: id=... peak_rss_mb=... peak_fds=...` per node comes before them.
# Exit code 0 when the bots saw no error, every entrant registered and the MTT finished.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}
name=${MTT_BENCH_NAME:-mtt_scale}

players=20000
speed=20
strategy=random
per_process=5000
max_registering=32
addresses=0
start_seconds=
timeout_s=7200
beyond_limit=false
nodes=1
keep=false
usage="--players N, --speed X, --strategy S, --per-process M, --max-registering R, --addresses K, --start-seconds S, --timeout S, --nodes K, --beyond-limit, --keep"
while [ $# -gt 0 ]; do
  case $1 in
    --players) players=${2:?--players needs a number}; shift 2 ;;
    --speed) speed=${2:?--speed needs a number}; shift 2 ;;
    --strategy) strategy=${2:?--strategy needs random, calling or tight}; shift 2 ;;
    --per-process) per_process=${2:?--per-process needs a number}; shift 2 ;;
    --max-registering) max_registering=${2:?--max-registering needs a number}; shift 2 ;;
    --addresses) addresses=${2:?--addresses needs a number}; shift 2 ;;
    --start-seconds) start_seconds=${2:?--start-seconds needs a number}; shift 2 ;;
    --timeout) timeout_s=${2:?--timeout needs a number of seconds}; shift 2 ;;
    --nodes) nodes=${2:?--nodes needs a number}; shift 2 ;;
    --beyond-limit) beyond_limit=true; shift ;;
    --keep) keep=true; shift ;;
    *) echo "$name: unknown option '$1' ($usage)" >&2; exit 2 ;;
  esac
done
whole() { case $2 in '' | *[!0-9]* | 0*) echo "$name: $1 must be a whole number from 1" >&2; exit 2 ;; esac; }
whole --players "$players"
[ "$players" -ge 2 ] || { echo "$name: --players must be a whole number from 2" >&2; exit 2; }
whole --per-process "$per_process"
whole --timeout "$timeout_s"
whole --max-registering "$max_registering"
whole --nodes "$nodes"
[ "$addresses" = 0 ] || whole --addresses "$addresses"
[ "$addresses" -le 254 ] || { echo "$name: --addresses must be at most 254 (127.0.0.1 to 127.0.0.254)" >&2; exit 2; }
[ -z "$start_seconds" ] || whole --start-seconds "$start_seconds"
case $speed in '' | *[!0-9.]* | *.*.* | .* | *.) echo "$name: --speed must be a number such as 20 or 2.5" >&2; exit 2 ;; esac
[ -n "$start_seconds" ] || start_seconds=$((60 + players / 40))
processes=$(((players + per_process - 1) / per_process))
[ "$addresses" != 0 ] || addresses=$((processes < 254 ? processes : 254))

# ---- Descriptors: what this machine lets one process hold ---------------------------------------------------
server_reserve=20  # the server's own descriptors: 15 to 17 measured (server_peak_fds - connections), and 3 spare
bots_reserve=64
per_node=$(((players + nodes - 1) / nodes))
need=$((per_node + server_reserve))
need_bots=$((per_process + bots_reserve))
[ $need -ge $need_bots ] || need=$need_bots
if [ "$(ulimit -Hn)" != unlimited ] && [ "$(ulimit -Hn)" -lt "$need" ]; then
  ulimit -Hn "$need" 2>/dev/null || true  # root with CAP_SYS_RESOURCE (up to fs.nr_open)
fi
hard=$(ulimit -Hn)
[ "$hard" = unlimited ] && hard=$need
ulimit -Sn "$hard"
fits=$(((hard - server_reserve) * nodes))
if [ "$hard" -lt "$need" ]; then
  echo "$name: a process may hold at most $hard descriptors here (ulimit -Hn; raising it needs CAP_SYS_RESOURCE):" \
    "$nodes server node(s) cannot hold $players player connections and their own ~$server_reserve each; the" \
    "largest field that fits is $fits (--players $fits), or more nodes (--nodes $((nodes + 1)))" >&2
  if [ "$beyond_limit" != true ]; then
    echo "$name: stopping (--beyond-limit runs it anyway, to see how far it gets)" >&2
    exit 2
  fi
  [ "$hard" -ge "$need_bots" ] || { echo "$name: --per-process $per_process exceeds it too: lower it" >&2; exit 2; }
fi

source bench/bench_env.sh
bench_setup "$name" --fast
# Run copies: a rebuild of build/ during a long run replaced the binaries under the running bots.
cp "$server_bin" "$work/tavolo-server" && server_bin=$work/tavolo-server
cp "$tool_bin" "$work/tavolo" && tool_bin=$work/tavolo

bots_pids=()
node_pids=()
nats_pid=
old_port_range=
monitor_pid=
mtt_cleanup() {
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null || true
  for pid in "${bots_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${bots_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "$nats_pid" ] && kill -TERM "$nats_pid" 2>/dev/null && wait "$nats_pid" 2>/dev/null || true
  [ -n "$old_port_range" ] && sysctl -q -w net.ipv4.ip_local_port_range="$old_port_range" 2>/dev/null || true
  bench_cleanup
}
trap mtt_cleanup EXIT

old=$(sysctl -n net.ipv4.ip_local_port_range 2>/dev/null | tr -s '\t ' ' ' || true)
if [ -n "$old" ] && sysctl -q -w net.ipv4.ip_local_port_range="1024 65000" 2>/dev/null; then
  old_port_range=$old
fi

# Keys of deploy/tavolo.example.toml. A 120-second action clock keeps bots that a loaded machine slows
# from timing out at `speed`; log level info for the balancing lines (max_table_gap).
config=$work/tavolo.toml
start_game_s=$(awk -v s="$start_seconds" -v x="$speed" 'BEGIN { printf "%d", s * x }')
cluster_toml=
if [ "$nodes" -gt 1 ]; then
  nats_bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  [ -x "$nats_bin" ] || { echo "$name: --nodes $nodes needs nats-server (bash deploy/setup.sh installs it)" >&2; exit 2; }
  nats_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$nats_bin" -a 127.0.0.1 -p "$nats_port" >"$work/nats.log" 2>&1 &
  nats_pid=$!
  cluster_toml=$(printf '[cluster]\nnats_url = "nats://127.0.0.1:%s"\n' "$nats_port")
fi
{
  printf '[server]\nhost = "0.0.0.0"\nthreads = 0\nshutdown_grace = 30\n\n'
  printf '[database]\nurl = "%s"\nrequired = true\n\n' "$database_url"
  printf '[log]\nlevel = "info"\n\n[clock]\nspeed = %s\n\n' "$speed"
  printf '[accounts]\nstarting_balance = "1000.00"\npassword_cost = "minimum"\n\n[lobby]\ndemo = false\n'
  printf '\n[[tournament]]\nname = "MTT %s"\ngame = "holdem"\nkind = "mtt"\nbetting = "nl"\n' "$players"
  printf 'seats = 9\nbuy_in = "10.00"\nfee = "1.00"\nmin_players = 2\nmax_players = %s\n' "$players"
  printf 'start = "+%ss"\nlevel_minutes = 5\nstarting_stack = 5000\naction_seconds = 120\n' "$start_game_s"
} >"$config"

# Node k (0-based) of `nodes`: its configuration ($work/node-k.toml, or the one above alone), its log
# ($work/server-k.log) and its port (ports[k]).
ports=()
for k in $(seq 0 $((nodes - 1))); do
  node_config=$config
  if [ "$nodes" -gt 1 ]; then
    node_config=$work/node-$k.toml
    { printf '[node]\nid = "n%s"\n%s\n\n' "$k" "$cluster_toml"; cat "$config"; } >"$node_config"
  fi
  "$server_bin" --config "$node_config" --port 0 >"$work/server-$k.out" 2>"$work/server-$k.log" &
  node_pids+=($!)
  port=
  for _ in $(seq 1 600); do
    port=$(sed -n 's/.*listening on http:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$work/server-$k.out" | head -1)
    [ -n "$port" ] && break
    if ! kill -0 "${node_pids[$k]}" 2>/dev/null; then
      echo "$name: tavolo-server (node $k) exited before listening:" >&2
      cat "$work/server-$k.log" "$work/server-$k.out" >&2
      exit 1
    fi
    sleep 0.1
  done
  [ -n "$port" ] || { echo "$name: tavolo-server (node $k) did not say where it listens within a minute" >&2; exit 1; }
  ports+=("$port")
done

query() { psql "$database_url" -At -c "$1" 2>/dev/null || echo "?"; }
fds() { ls "/proc/$1/fd" 2>/dev/null | wc -l; }
status_mb() { awk -v k="$2:" '$1 == k { printf "%d", $2 / 1024 }' "/proc/$1/status" 2>/dev/null || echo 0; }

# Every second each node's descriptors (their peak, $work/peak_fds-k) and RSS high-water mark
# ($work/peak_rss-k: VmHWM is gone with the process); every 10 s a progress line.
(
  declare -a peak
  n=0 t0=$(date +%s)
  while :; do
    alive=0 line=
    for k in $(seq 0 $((nodes - 1))); do
      pid=${node_pids[$k]}
      kill -0 "$pid" 2>/dev/null || continue
      alive=1
      f=$(fds "$pid")
      [ "$f" -gt "${peak[$k]:-0}" ] && peak[$k]=$f && echo "$f" >"$work/peak_fds-$k"
      status_mb "$pid" VmHWM >"$work/peak_rss-$k"
      line="$line node$k: fds=$f rss_mb=$(status_mb "$pid" VmRSS)"
    done
    [ "$alive" = 1 ] || break
    n=$((n + 1))
    if [ $((n % 10)) = 0 ]; then
      echo "$name: t=$(($(date +%s) - t0))s accounts=$(query 'SELECT count(*) FROM accounts')" \
        "registrations=$(query 'SELECT count(*) FROM registrations')" \
        "tables=$(query 'SELECT count(*) FROM tournament_tables')" \
        "hands=$(query 'SELECT count(*) FROM hands')$line" >&2
    fi
    sleep 1
  done
) &
monitor_pid=$!

# The MTT's id: bots given it stop (an error) when its registration closed before they got in, where
# `--tournament any` would wait for another tournament for ever.
tournament=
for _ in $(seq 1 600); do
  tournament=$(query "SELECT min(id) FROM tournaments")
  case $tournament in '' | *[!0-9]*) tournament= ; sleep 0.1 ;; *) break ;; esac
done
[ -n "$tournament" ] || { echo "$name: the server created no tournament within a minute" >&2; exit 1; }

echo "$name: $players bots in $processes process(es) over $addresses address(es) to $nodes node(s); the MTT" \
  "starts in ${start_seconds}s at speed $speed; descriptors per process: $hard" >&2
started=$(date +%s.%N)
left=$players
for i in $(seq 0 $((processes - 1))); do
  count=$((left < per_process ? left : per_process))
  left=$((left - count))
  address=127.0.0.$((1 + i % addresses))
  timeout "$timeout_s" "$tool_bin" bots --url "ws://$address:${ports[$((i % nodes))]}/ws" --count "$count" --strategy "$strategy" \
    --tournament "$tournament" --max-registering "$max_registering" --verbose 2>"$work/bots-$i.log" >"$work/bots-$i.out" &
  bots_pids+=($!)
done
bots_failed=0
for pid in "${bots_pids[@]}"; do wait "$pid" || bots_failed=$((bots_failed + 1)); done
ended=$(date +%s.%N)
errors=0
for i in $(seq 0 $((processes - 1))); do
  line=$(tail -n 1 "$work/bots-$i.out")
  echo "$line"
  e=$(echo "$line" | sed -n 's/.* errors=\([0-9]*\).*/\1/p')
  errors=$((errors + ${e:-1}))
done

entrants=$(query "SELECT count(*) FROM registrations")
hands=$(query "SELECT count(*) FROM hands")
wall_s=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
gap=$(cat "$work"/server-*.log | sed -n 's/.*event=table_balance tournament=.* max_gap=\([0-9]*\).*/\1/p' | tail -n 1)
echo "tournament: entrants=$entrants hands=$hands wall_s=$wall_s max_table_gap=$gap"
peak_fds=0 peak_rss=0
for k in $(seq 0 $((nodes - 1))); do
  f=$(cat "$work/peak_fds-$k" 2>/dev/null || echo 0)
  r=$(status_mb "${node_pids[$k]}" VmHWM)
  [ "$r" != 0 ] || r=$(cat "$work/peak_rss-$k" 2>/dev/null || echo 0)
  [ "$nodes" = 1 ] || echo "node: id=n$k peak_rss_mb=$r peak_fds=$f"
  [ "$f" -gt "$peak_fds" ] && peak_fds=$f
  [ "$r" -gt "$peak_rss" ] && peak_rss=$r
done
echo "server_peak_rss_mb=$peak_rss server_peak_fds=$peak_fds" \
  "accounts=$(query 'SELECT count(*) FROM accounts') tables=$(query 'SELECT count(*) FROM tournament_tables')"

finished=$(cat "$work"/server-*.log | grep -c 'event=tournament_finished' || true)
if [ "$errors" != 0 ]; then
  echo "$name: the bots' first errors (all in $work/bots-*.log with --keep):" >&2
  for i in $(seq 0 $((processes - 1))); do head -3 "$work/bots-$i.log" >&2; done
fi
[ "$entrants" = "$players" ] || echo "$name: only $entrants of $players registered before the start" >&2
[ "$finished" = 1 ] || echo "$name: the MTT did not finish (server logs: $work/server-*.log with --keep)" >&2
[ "$errors" = 0 ] && [ "$finished" = 1 ] && [ "$bots_failed" = 0 ] && [ "$entrants" = "$players" ]
