#!/usr/bin/env bash
# Issue 14's faults, the long run: `kill -9` of the server at K random moments of a running N-player MTT
# (default 1,000 players, 20 kills), restarted on the same port each time; `tavolo bots` resume their
# seats; the MTT must finish.
#
#   bench/faults_kill9.sh [--players N] [--kills K] [--seed S] [--speed X] [--keep]
#
# Each moment is drawn from a seeded generator (the seed is printed; --seed S replays the draw, the
# timing of the machine aside): a third are a random delay of 0.05-3 s after the restarted server
# resumed its tables (mostly mid-hand), the others the n-th next occurrence (n from 1 to 3) of one of
# the server's debug log events: a hand committed, a player moving between tables, a balancing step,
# a break starting, a prize paid, hand-for-hand (an event that does not come within 5 s gives way to
# the time). Prints a line per kill, the bots' line, then what it checked, each as `checked: ...`, and
# last exactly
#   faults_kill9: players=N kills=K seed=S hands=H void_hands=V wall_s=W result=ok|FAILED
# Checks: each restart resumed the tournament (event=tables_resumed, no recovery failure, no report
# refused), the bots saw no error and the MTT finished; the ledger sums to zero, every wallet is its
# grant - buy-ins + prizes + refunds, the prize pool paid out to the cent, every entrant ranked once,
# the chips on the open tables = entrants x starting stack, no hand number committed twice, and the
# hand numbers missing (hands voided by a kill: in play, never committed) at most the tables open at
# the kills. Exit code 0 when every check holds.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}

players=1000
kills=20
seed=
speed=30
keep=false
while [ $# -gt 0 ]; do
  case $1 in
    --players) players=${2:?--players needs a number}; shift 2 ;;
    --kills) kills=${2:?--kills needs a number}; shift 2 ;;
    --seed) seed=${2:?--seed needs a number}; shift 2 ;;
    --speed) speed=${2:?--speed needs a number}; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "faults_kill9: unknown option '$1' (--players N, --kills K, --seed S, --speed X, --keep)" >&2; exit 2 ;;
  esac
done
for v in "$players" "$kills"; do
  case $v in '' | *[!0-9]* | 0*) echo "faults_kill9: --players and --kills are whole numbers from 1" >&2; exit 2 ;; esac
done
[ -n "$seed" ] || seed=$(( (RANDOM << 15 | RANDOM) ))
case $seed in *[!0-9]*) echo "faults_kill9: --seed must be a whole number" >&2; exit 2 ;; esac
RANDOM=$seed  # bash's generator, seeded: the same draw of moments for the same seed
echo "faults_kill9: seed=$seed (replay: bash bench/faults_kill9.sh --players $players --kills $kills --seed $seed)"

source bench/bench_env.sh
bench_setup faults_kill9 --fast

stack=10000
config=$work/tavolo.toml
{
  printf '[server]\nhost = "127.0.0.1"\nshutdown_grace = 10\n\n'
  printf '[database]\nurl = "%s"\nrequired = true\n\n' "$database_url"
  printf '[log]\nlevel = "debug"\n\n[clock]\nspeed = %s\n\n' "$speed"
  printf '[accounts]\nstarting_balance = "1000.00"\npassword_cost = "minimum"\n\n[lobby]\ndemo = false\n\n'
  printf '[[tournament]]\nname = "Kill9 MTT"\ngame = "holdem"\nkind = "mtt"\nseats = 9\n'
  printf 'min_players = %d\nmax_players = %d\nstart = "+600s"\nlevel_minutes = 6\n' "$players" "$players"
  printf 'starting_stack = %d\nbuy_in = "10.00"\nfee = "1.00"\naction_seconds = 120\n' "$stack"
} >"$config"

run=0
log=
port=0
# Starts the server (run number $run) on $port (0 the first time); sets $server_pid, $log and $port.
start_server() {
  run=$((run + 1))
  log=$work/server$run.log
  "$server_bin" --config "$config" --port "$port" >"$work/server$run.out" 2>"$log" &
  server_pid=$!
  for _ in $(seq 1 600); do
    p=$(sed -n 's/.*listening on http:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$work/server$run.out" 2>/dev/null | head -1 || true)
    if [ -n "$p" ]; then port=$p; return 0; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "faults_kill9: the server (run $run) did not start:" >&2
  tail -20 "$log" >&2
  exit 1
}
count() { grep -c -- "$1" "$log" || true; }
# Waits until the current log holds $1 at least $2 times (true), or $3 tenths of a second passed (false).
wait_log() {
  for _ in $(seq 1 "$3"); do
    [ "$(count "$1")" -ge "$2" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || return 1
    sleep 0.02
  done
  return 1
}
query() { psql "$database_url" -At -c "$1"; }

start_server
started=$(date +%s.%N)
"$tool_bin" bots --url "ws://127.0.0.1:$port/ws" --count "$players" --strategy calling --tournament any \
  --verbose >"$work/bots.out" 2>"$work/bots.log" &
bots_pid=$!
wait_log 'event=hand_committed' 20 36000 || { echo "faults_kill9: no hand committed" >&2; tail "$log" >&2; exit 1; }

events=(event=hand_committed event=player_moving event=table_balanced event=break_started event=prize_paid
  event=hand_for_hand)
failed=0
in_play=0
for kill in $(seq 1 "$kills"); do
  if [ $((RANDOM % 3)) -eq 0 ]; then
    ms=$((50 + RANDOM % 2950))
    sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
    moment="after $ms ms"
  else
    event=${events[$((RANDOM % ${#events[@]}))]}
    n=$(($(count "$event") + 1 + RANDOM % 3))
    if wait_log "$event" "$n" 250; then moment="at $event #$n"; else moment="5 s after waiting for $event"; fi
  fi
  if [ "$(count 'event=tournament_finished')" -gt 0 ]; then
    echo "faults_kill9: the MTT finished after $((kill - 1)) kills: make it longer (--speed lower)" >&2
    failed=1
    break
  fi
  in_play=$((in_play + $(query "SELECT count(*) FROM tournament_tables WHERE state = 'open'")))
  kill -KILL "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  grep -q 'event=report_refused' "$log" && { echo "checked: FAILED a report refused before kill $kill" >&2; failed=1; }
  echo "kill $kill: $moment"
  start_server
  if ! wait_log 'event=tables_resumed' 1 30000; then
    echo "faults_kill9: the MTT did not resume after kill $kill ($moment):" >&2
    grep -v 'hand_committed\|table_balanced' "$log" | tail -20 >&2
    exit 1
  fi
  grep -q 'event=recovery_failed\|event=resume_report_refused' "$log" && { echo "checked: FAILED recovery after kill $kill" >&2; failed=1; }
done

set +e
wait "$bots_pid"
bots_code=$?
set -e
bots_pid=
ended=$(date +%s.%N)
summary=$(tail -n 1 "$work/bots.out")
echo "$summary"
kill -TERM "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=

check() {  # check NAME VALUE EXPECTED
  if [ "$2" = "$3" ]; then echo "checked: $1 ($2)"; else echo "checked: FAILED $1: $2, expected $3"; failed=1; fi
}
# No bot error, not even for a bot whose connection dropped after the server exchanged its resume token
# and before the LoggedIn arrived: the token it spent stays good until it uses the fresh one.
errors=$(echo "$summary" | sed -n 's/.* errors=\([0-9]*\).*/\1/p')
token_lost=$(grep -c 'resume refused: ERROR_CODE_BAD_RESUME_TOKEN' "$work/bots.log" || true)
{ grep '^error: ' "$work/bots.log" || true; } | head -5 | sed 's/^/bots: /'
check "bots errors" "${errors:-?}" 0
check "bots resumes refused for their token" "$token_lost" 0
check "bots exit code" "$bots_code" 0
check "tournaments finished" "$(query "SELECT count(*) FROM tournaments WHERE state = 'finished'")" 1
check "ledger sum" "$(query "SELECT coalesce(sum(amount), 0) FROM ledger_entries")" 0
check "wallets off (grant - buy-ins + prizes + refunds)" "$(query "SELECT count(*) FROM accounts a JOIN wallets w ON w.account_id = a.id LEFT JOIN (SELECT account_id, sum(paid_cents) AS paid, sum(prize_cents) AS prizes, sum(refund_cents) AS refunds FROM registrations GROUP BY account_id) r ON r.account_id = a.id WHERE w.balance <> 100000 - coalesce(r.paid, 0) + coalesce(r.prizes, 0) + coalesce(r.refunds, 0)")" 0
check "prize pools not paid out" "$(query "SELECT count(*) FROM (SELECT t.id FROM tournaments t JOIN registrations r ON r.tournament_id = t.id WHERE t.state = 'finished' GROUP BY t.id HAVING sum(r.prize_cents) <> sum(r.prize_part_cents)) bad")" 0
check "entrants not ranked once" "$(query "SELECT count(*) FROM (SELECT t.id FROM tournaments t JOIN registrations r ON r.tournament_id = t.id WHERE t.state = 'finished' GROUP BY t.id HAVING count(*) <> count(DISTINCT r.finishing_place) OR min(r.finishing_place) <> 1 OR max(r.finishing_place) <> count(*) OR count(*) FILTER (WHERE r.state = 'winner') <> 1) bad")" 0
check "chips on the open tables" "$(query "SELECT coalesce(sum((s->>'stack')::bigint), 0) FROM tournament_tables tt, jsonb_array_elements(tt.seats) s WHERE tt.state = 'open'")" "$((players * stack))"
check "hand numbers committed twice" "$(query "SELECT count(*) FROM (SELECT t.tournament_id, h.hand_number FROM hands h JOIN tournament_tables t ON t.id = h.table_id GROUP BY 1, 2 HAVING count(*) > 1) twice")" 0
hands=$(query "SELECT count(*) FROM hands")
void=$(query "SELECT coalesce(max(hand_number), 0) - count(DISTINCT hand_number) FROM hands")
if [ "$void" -le "$in_play" ]; then
  echo "checked: hand numbers voided by the kills ($void, at most the $in_play tables open at the kills)"
else
  echo "checked: FAILED $void hand numbers missing, more than the $in_play tables open at the kills"
  failed=1
fi
grep -q 'event=report_refused' "$log" && { echo "checked: FAILED a report refused" >&2; failed=1; }
wall_s=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
result=ok
[ "$failed" -eq 0 ] || result=FAILED
echo "faults_kill9: players=$players kills=$kills seed=$seed hands=$hands void_hands=$void wall_s=$wall_s result=$result"
[ "$failed" -eq 0 ]
