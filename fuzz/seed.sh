#!/usr/bin/env bash
# (Re)builds the committed corpus of every fuzz target (README.md "Fuzzing") from the project's real
# inputs, minimised with libFuzzer's -merge=1 (only inputs that add coverage are kept):
#   session_frames  the client messages of make_session_seeds.cpp (every ClientMessage body)
#   phh_reader      tests/data/phh/ and tests/data/phh-rules/ (the .phh and .phhs files)
#   config_reader   deploy/*.toml, the example's [[tournament]] blocks uncommented, fuzz/seeds/config_reader/
# and whatever the corpus already holds (the inputs of crashes found and fixed stay: regressions/).
# Extra corpus directories given as NAME=DIR (a long run's output) are merged in too.
#   fuzz/seed.sh [session_frames=DIR] [phh_reader=DIR] [config_reader=DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bin=${FUZZ_BUILD_DIR:-build-fuzz}/fuzz
[ -x "$bin/fuzz_session_frames" ] || { echo "seed: build the fuzz tree first: bash fuzz/build.sh" >&2; exit 1; }
declare -A extra=()
for arg in "$@"; do extra[${arg%%=*}]=${arg#*=}; done
work=$(mktemp -d "${TMPDIR:-/tmp}/tavolo-seed.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/session_frames" "$work/phh_reader" "$work/config_reader"
"$bin/make_session_seeds" "$work/session_frames"
find tests/data/phh tests/data/phh-rules -type f \( -name '*.phh' -o -name '*.phhs' \) \
  -exec cp --backup=numbered -t "$work/phh_reader" {} +
cp deploy/*.toml fuzz/seeds/config_reader/*.toml "$work/config_reader/"
# The example's commented [[tournament]] block and its Polacco keys, uncommented (as the tests do).
python3 - "$work/config_reader" <<'PY'
import re, sys
text = open("deploy/tavolo.example.toml").read()
lines = [l[2:] for l in text.splitlines() if l.startswith("# ")]
start = lines.index("[[tournament]]")
block = []
for line in lines[start:]:
    key = re.match(r"^([a-z_]+) = ", line)
    if line == "[[tournament]]" or key:
        block.append(line.split("  #")[0].rstrip())
poker = [l for l in block if not re.match(r"^(mode|clockwise_only|passamano|bonus|turn_seconds) ", l)]
open(sys.argv[1] + "/example_tournament.toml", "w").write("\n".join(poker) + "\n")
keep = ("[[tournament]]", "name ", "game ", "kind ", "seats ", "buy_in ", "fee ", "start ", "mode ",
        "clockwise_only ", "passamano ", "bonus ", "turn_seconds ")
polacco = [l.replace('"holdem"', '"polacco"').replace('"mtt"', '"sng"').replace("seats = 9", "seats = 7")
           for l in block if l.startswith(keep)]
polacco = [l for l in polacco if not l.startswith("start ")]
open(sys.argv[1] + "/example_polacco.toml", "w").write("\n".join(polacco) + "\n")
PY

for name in session_frames phh_reader config_reader; do
  corpus=fuzz/corpus/$name
  mkdir -p "$corpus" "$work/merged-$name"
  sources=("$corpus" "$work/$name")
  [ -n "${extra[$name]:-}" ] && sources+=("${extra[$name]}")
  # Into an empty directory: the result is the minimal set covering all the sources.
  "$bin/fuzz_$name" -merge=1 -timeout=10 -rss_limit_mb=2048 "$work/merged-$name" "${sources[@]}" \
    >"$work/$name.log" 2>&1 || { tail -n 30 "$work/$name.log" >&2; exit 1; }
  # The regression inputs of fixed crashes stay whatever the merge says (corpus/NAME/regressions/).
  find "$corpus" -maxdepth 1 -type f -delete
  cp "$work/merged-$name"/* "$corpus/"
  echo "seed: $name: $(find "$corpus" -maxdepth 1 -type f | wc -l) inputs, $(du -sh "$corpus" | cut -f1)" \
       "($(grep -o 'MERGE-OUTER: [0-9]* new files.*' "$work/$name.log" | tail -n1))"
done
