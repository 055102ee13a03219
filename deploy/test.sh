#!/usr/bin/env bash
# Installs, builds, starts a throwaway PostgreSQL and runs the whole test suite through ctest.
# Arguments go to ctest, e.g. deploy/test.sh -L postgres, or -LE slow to skip the slow tests.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${BUILD_DIR:-build}
bash deploy/setup.sh
bash deploy/build.sh
# The fuzz targets (fuzz/README.md): a tree of their own (clang-16, libFuzzer, ASan, UBSan), each run
# for 60 s from its committed corpus beside the suite (ctest label fuzz, one at a time). On by default
# when no ctest arguments are given; TAVOLO_FUZZ=0 skips them, TAVOLO_FUZZ=1 forces them.
fuzz=${TAVOLO_FUZZ:-$([ $# -eq 0 ] && echo 1 || echo 0)}
fuzz_dir=$(realpath -m "${FUZZ_BUILD_DIR:-build-fuzz}")
[ "$fuzz" = 1 ] && FUZZ_BUILD_DIR=$fuzz_dir bash fuzz/build.sh

# A run killed outright (SIGKILL, a closed container) leaves its cluster running: stop those whose
# process is gone. Each cluster's directory ends in the process id of the test.sh (pg-test-PID) or of
# the test that started a private one (test-restart-PID, tests/persistence/server_restart_test.cpp).
for stale in "$root"/.tavolo/pg-test-* "$root"/.tavolo/test-restart-*; do
  pid=${stale##*-}
  case $pid in '' | *[!0-9]*) continue ;; esac
  [ -d "/proc/$pid" ] && continue
  echo "test: removing the cluster of an earlier run that did not finish ($stale)"
  bash deploy/pg.sh stop "$stale"
  # The WAL-full fault test (tests/server/faults) mounts a tmpfs there.
  if mountpoint -q "$stale/wal" 2>/dev/null; then umount -l "$stale/wal" || true; fi
  rm -rf "$stale"
done

pgdir=$root/.tavolo/pg-test-$$
trap 'bash "$root/deploy/pg.sh" stop "$pgdir"; rm -rf "$pgdir"' EXIT
TAVOLO_TEST_DATABASE_URL=$(bash deploy/pg.sh start "$pgdir" --fast)
export TAVOLO_TEST_DATABASE_URL
fuzz_pid=
if [ "$fuzz" = 1 ]; then
  ctest --test-dir "$fuzz_dir" -L fuzz --output-on-failure -j1 >"$fuzz_dir/fuzz-ctest.log" 2>&1 &
  fuzz_pid=$!
fi
cd "$build_dir"
status=0
ctest --output-on-failure -j2 "$@" || status=$?
if [ -n "$fuzz_pid" ]; then
  fuzz_status=0
  wait "$fuzz_pid" || fuzz_status=$?
  echo "test: the fuzz targets ($fuzz_dir/fuzz-ctest.log):"
  cat "$fuzz_dir/fuzz-ctest.log"
  [ "$status" -eq 0 ] && status=$fuzz_status
fi
exit "$status"
