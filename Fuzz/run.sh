#!/usr/bin/env bash
# Runs one libFuzzer target for a time: Fuzz/run.sh TARGET SECONDS
#
# TARGET is tzif, posix-tz, rule-json, wire-json or eval-line. The script builds the fuzz package with
# -sanitize=fuzzer,address (unless FUZZ_SKIP_BUILD=1), replays the saved regressions in
# Fixtures/fuzz-regressions/TARGET, seeds a corpus from the system tzdata and Fixtures/, and
# fuzzes for SECONDS. On a crash, hang or property violation it minimizes the input, saves it
# in Fixtures/fuzz-regressions/TARGET and exits 1.
#
# Environment:
#   FUZZ_OUT          work folder for corpora and artifacts (default $TMPDIR/dndkit-fuzz)
#   FUZZ_BUILD        scratch path of the build (default $TMPDIR/dndkit-fuzz-build)
#   FUZZ_SKIP_BUILD   1 to use the binaries already built there
#   FUZZ_SEED         libFuzzer's random seed (default 0: a new one each run)
#   TZDIR             the tzdata to seed from and load zones from (default /usr/share/zoneinfo)
set -euo pipefail

usage() {
  echo "usage: Fuzz/run.sh tzif|posix-tz|rule-json|wire-json|eval-line SECONDS" >&2
  exit 2
}
[ $# -eq 2 ] || usage
target=$1
seconds=$2
[[ $seconds =~ ^[0-9]+$ ]] || usage
case $target in
  tzif) product=FuzzTZif max_len=16384 ;;
  posix-tz) product=FuzzPOSIXTZ max_len=256 ;;
  rule-json) product=FuzzRuleJSON max_len=4096 ;;
  wire-json) product=FuzzWireJSON max_len=4096 ;;
  eval-line) product=FuzzEvalLine max_len=4096 ;;
  *) usage ;;
esac

fuzz=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$fuzz")
tmp=${TMPDIR:-/tmp}
out=${FUZZ_OUT:-$tmp/dndkit-fuzz}
build=${FUZZ_BUILD:-$tmp/dndkit-fuzz-build}
zoneinfo=${TZDIR:-/usr/share/zoneinfo}
regressions=$repo/Fixtures/fuzz-regressions/$target

"$fuzz/build.sh" "$build" "$product"
binary=$build/debug/$product

work=$out/$target
seeds=$work/seeds
corpus=$work/corpus
artifacts=$work/artifacts
rm -rf "$seeds" "$artifacts"
mkdir -p "$seeds" "$corpus" "$artifacts"

# The TZif files of the system tzdata and the slim fixtures; of right/ (the same zones with
# leap seconds) only a few.
tzif_files() {
  {
    find "$zoneinfo" "$repo/Fixtures/tzif" -path "$zoneinfo/right" -prune -o -type f -size -64k \
      -print 2>/dev/null
    # sed rather than head: head exits after 16 lines, and with pipefail the SIGPIPE that sort
    # may then get (a race) failed the whole run with status 141.
    find "$zoneinfo/right" -type f -size -64k 2>/dev/null | sort | sed -n '1,16p'
  } | while read -r file; do
    if [ "$(head -c 4 "$file")" = "TZif" ]; then echo "$file"; fi
  done
  return 0
}

# Compacts a JSON file to one line.
one_line() { tr -d '\n\r' <"$1"; }

case $target in
  tzif)
    tzif_files | while read -r file; do
      cp "$file" "$seeds/$(echo "$file" | cksum | cut -d' ' -f1)"
    done
    ;;
  posix-tz)
    tzif_files | while read -r file; do
      footer=$(tail -n 1 "$file")
      if [ -n "$footer" ]; then
        printf '%s' "$footer" >"$seeds/$(printf '%s' "$footer" | cksum | cut -d' ' -f1)"
      fi
    done
    cp "$fuzz/Seeds/posix-tz/"* "$seeds/"
    ;;
  rule-json)
    for file in "$repo"/Fixtures/malformed-rules/*.json "$repo"/Fixtures/cli/*.json \
      "$repo"/Fixtures/recall-malformed/*.json "$fuzz"/Seeds/rule-json/*.json; do
      cp "$file" "$seeds/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    ;;
  wire-json)
    # The rule fixtures and seeds, and the shapes of the weekly schedule and of text.
    for file in "$repo"/Fixtures/malformed-rules/*.json "$repo"/Fixtures/cli/*.json \
      "$fuzz"/Seeds/rule-json/*.json "$fuzz"/Seeds/wire-json/*.json; do
      cp "$file" "$seeds/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    ;;
  eval-line)
    cp "$fuzz/Seeds/eval-line/"* "$seeds/"
    # Every rule fixture as the rule of a push query and, for the DND ones, of a DND query.
    for file in "$repo"/Fixtures/malformed-rules/*.json "$repo"/Fixtures/cli/*.json \
      "$fuzz"/Seeds/rule-json/*.json; do
      name=$(basename "$file" .json)
      [ "$(wc -c <"$file")" -lt 4096 ] || continue
      printf '{"pushRule": %s, "kind": "message", "platform": 9, "onlinePlatforms": [1], "at": 1773025200}\n' \
        "$(one_line "$file")" >"$seeds/push-$name.jsonl"
      printf '{"rule": %s, "at": 1773025200, "savedAt": 1772982000}\n' "$(one_line "$file")" \
        >"$seeds/dnd-$name.jsonl"
    done
    ;;
esac
if [ -d "$regressions" ]; then
  find "$regressions" -type f ! -name 'README*' -exec cp {} "$seeds/" \;
fi

# Swift's own crash backtracer would catch the signals libFuzzer reports from, and hang.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
# FUZZ_SEED fixes libFuzzer's random seed (CI sets it, so a run is reproducible); 0 = random.
options=(-seed="${FUZZ_SEED:-0}" -timeout=25 -rss_limit_mb=2560 -max_len="$max_len" -dict="$fuzz/Dictionaries/$target.dict"
  -artifact_prefix="$artifacts/" -print_final_stats=1)

# 1. The saved regressions, each run once.
if [ -d "$regressions" ]; then
  mapfile -t saved < <(find "$regressions" -type f ! -name 'README*' | sort)
  if [ ${#saved[@]} -gt 0 ]; then
    echo "==> $target: replaying ${#saved[@]} saved regression input(s)"
    if ! "$binary" "${options[@]}" "${saved[@]}" >"$work/replay.log" 2>&1; then
      tail -n 40 "$work/replay.log"
      echo "fuzz $target: a saved regression input fails again (log: $work/replay.log)" >&2
      exit 1
    fi
  fi
fi

# 2. Fuzzing. New inputs go to the first folder (the corpus kept between runs).
echo "==> $target: fuzzing for ${seconds}s ($(find "$seeds" -type f | wc -l) seeds, corpus $corpus)"
log=$work/fuzz.log
set +e
"$binary" "${options[@]}" -max_total_time="$seconds" "$corpus" "$seeds" >"$log" 2>&1
status=$?
set -e
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
coverage=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 || true)
if [ "$status" -eq 0 ]; then
  echo "fuzz $target: ${seconds}s, ${executions:-?} executions (${rate:-?}/s), ${coverage:-cov: ?}," \
    "corpus $(find "$corpus" -type f | wc -l) files, nothing found"
  exit 0
fi

# 3. Something was found: keep the log, minimize the input, save it as a regression.
grep -E 'ERROR|fuzz property|Fatal error|panic|SUMMARY|deadly|timeout|out-of-memory' "$log" | head -n 20 || true
artifact=$(find "$artifacts" -type f | sed -n '1p')
if [ -z "$artifact" ]; then
  tail -n 40 "$log"
  echo "fuzz $target: the fuzzer exited with $status and left no input (log: $log)" >&2
  exit 1
fi
kind=$(basename "$artifact" | cut -d- -f1)
minimized=$work/minimized
if [ "$kind" = crash ]; then
  "$binary" -minimize_crash=1 -max_total_time=60 -timeout=25 -exact_artifact_path="$minimized" \
    "$artifact" >"$work/minimize.log" 2>&1 || true
fi
[ -s "$minimized" ] || cp "$artifact" "$minimized"
mkdir -p "$regressions"
saved=$regressions/$kind-$(sha1sum "$minimized" | cut -c1-12)
cp "$minimized" "$saved"
echo "fuzz $target: FOUND a $kind after ${executions:-?} executions; input saved as" \
  "${saved#"$repo"/} (log: $log)" >&2
exit 1
