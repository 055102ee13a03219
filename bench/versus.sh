#!/usr/bin/env bash
# Random 7-card evaluation side by side (issue 14, item 6): Tavolo against SKPokerEval and OMPEval,
# in one process, on the same 10 million pre-generated hands (bench/bench_versus.cpp).
#
#   bench/versus.sh [--dir DIR] [--rounds R] [--hands N]
#
# DIR (default $TAVOLO_VERSUS_DIR, else /work/ext) must hold copies of the two evaluators, kept
# outside this repository (their code is never copied into it):
#   git clone https://github.com/kennethshackleton/SKPokerEval DIR/SKPokerEval
#   git clone https://github.com/zekyll/OMPEval DIR/OMPEval
# Configures the build directory ($BUILD_DIR, default build) with -DTAVOLO_VERSUS_DIR=DIR, builds
# bench_versus (Release flags, the same for the three) and runs it pinned to one core when taskset
# exists. Prints a line per round and then
#   versus: hands=... rounds=... tavolo=...M/s skpokereval=...M/s ompeval=...M/s ratio=...
# ratio: Tavolo over the faster of the other two, round by round, median (target 1.15).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
dir=${TAVOLO_VERSUS_DIR:-/work/ext}
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --dir) dir=${2:?--dir needs a folder}; shift 2 ;;
    --rounds|--hands) args+=("$1" "${2:?$1 needs a number}"); shift 2 ;;
    *) echo "versus: unknown option '$1' (--dir DIR, --rounds R, --hands N)" >&2; exit 2 ;;
  esac
done
for need in SKPokerEval/src/SevenEval.h OMPEval/omp/HandEvaluator.cpp; do
  if [ ! -f "$dir/$need" ]; then
    echo "versus: $dir/$need is missing. Get the copies (outside this repository):" >&2
    echo "  git clone https://github.com/kennethshackleton/SKPokerEval $dir/SKPokerEval" >&2
    echo "  git clone https://github.com/zekyll/OMPEval $dir/OMPEval" >&2
    echo "or name another folder with --dir or TAVOLO_VERSUS_DIR." >&2
    exit 2
  fi
done
dir=$(cd "$dir" && pwd)
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DTAVOLO_VERSUS_DIR="$dir" >/dev/null
cmake --build "$build_dir" --target bench_versus >/dev/null
for repo in SKPokerEval OMPEval; do
  rev=$(git -C "$dir/$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
  echo "versus: $repo at $rev ($dir/$repo)"
done
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi
exec "${pin[@]}" "$build_dir/bench/bench_versus" "${args[@]}"
