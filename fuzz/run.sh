#!/usr/bin/env bash
# Runs one fuzz target for a bounded time from its committed corpus (the ctest tests labelled fuzz;
# README.md "Fuzzing"). The corpus is read, never written: what the run finds goes to a scratch
# directory that is removed at the end. A crash, leak, UB report, timeout (10 s for one input) or
# out-of-memory (2 GB) fails the run; its input is kept as crash-*/leak-*/timeout-*/oom-* in
# fuzz-artifacts/ of the working directory (ctest's: the build directory's fuzz/), with the command
# that reproduces it.
#   fuzz/run.sh FUZZER CORPUS_DIR SECONDS
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: fuzz/run.sh FUZZER CORPUS_DIR SECONDS" >&2; exit 2; }
fuzzer=$1 corpus=$2 seconds=$3
[ -x "$fuzzer" ] || { echo "fuzz: $fuzzer is not built: run bash fuzz/build.sh" >&2; exit 2; }
[ -d "$corpus" ] || { echo "fuzz: no corpus directory $corpus" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tavolo-fuzz.XXXXXX")
trap 'rm -rf "$scratch" "$scratch.log"' EXIT
artifacts=$(pwd)/fuzz-artifacts/
mkdir -p "$artifacts"
status=0
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$artifacts" "$scratch" "$corpus" 2>"$scratch.log" || status=$?
# libFuzzer's log is long: its last lines carry the figures and, on a failure, the report.
grep -E "^(#[0-9]+ +DONE|stat::|Done|==[0-9]+==|SUMMARY|fuzz check failed|artifact_prefix|Test unit written)" \
  "$scratch.log" | tail -n 20 || true
if [ "$status" -ne 0 ]; then
  echo "fuzz: $(basename "$fuzzer") failed (exit $status); its report:" >&2
  tail -n 60 "$scratch.log" >&2
  echo "fuzz: reproduce with: $fuzzer $artifacts<the crash-* file above>" >&2
fi
rm -f "$scratch.log"
exit "$status"
