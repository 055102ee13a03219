# Sourced by the bench scripts (load.sh, mtt_1000.sh, recovery.sh), after they parsed their options:
#   bench_setup NAME [--fast]
# checks (or builds) tavolo-server and tavolo ($server_bin, $tool_bin), makes a work directory
# ($work, .tavolo/NAME-PID) and a private PostgreSQL in it ($pgdir, $database_url; --fast: a
# throwaway, non-durable cluster), and at exit stops the bots ($bots_pid) and the server ($server_pid)
# they started, the cluster, and removes the work directory unless $keep is true.
# Expects $root (the project) and $build_dir; the caller's cwd is $root.

bench_setup() {
  bench_name=$1
  shift
  server_bin=$build_dir/server/tavolo-server
  tool_bin=$build_dir/tools/tavolo
  if [ ! -x "$server_bin" ] || [ ! -x "$tool_bin" ]; then
    echo "$bench_name: building tavolo-server and tavolo"
    BUILD_TARGETS="tavolo-server tavolo" bash deploy/build.sh >/dev/null
  fi
  work=$root/.tavolo/$bench_name-$$
  mkdir -p "$work"
  pgdir=$work/pg
  server_pid=
  bots_pid=
  trap bench_cleanup EXIT
  database_url=$(bash deploy/pg.sh start "$pgdir" "$@")
}

bench_cleanup() {
  [ -n "$bots_pid" ] && kill -TERM "$bots_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  bash "$root/deploy/pg.sh" stop "$pgdir" >/dev/null 2>&1 || true
  if [ "${keep:-false}" = true ]; then echo "$bench_name: kept $work"; else rm -rf "$work"; fi
}
