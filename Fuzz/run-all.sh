#!/usr/bin/env bash
# Runs every fuzz target for a time each: Fuzz/run-all.sh SECONDS
#
# Builds once, then runs Fuzz/run.sh for tzif, posix-tz, rule-json, wire-json and eval-line in turn (one
# at a time: libFuzzer uses one core). Goes on after a finding and exits 1 at the end if any
# target found something. Same environment as Fuzz/run.sh.
set -euo pipefail
[ $# -eq 1 ] && [[ $1 =~ ^[0-9]+$ ]] || {
  echo "usage: Fuzz/run-all.sh SECONDS" >&2
  exit 2
}
fuzz=$(cd "$(dirname "$0")" && pwd)
build=${FUZZ_BUILD:-${TMPDIR:-/tmp}/dndkit-fuzz-build}
export FUZZ_BUILD=$build

started=$(date +%s)
"$fuzz/build.sh" "$build"
echo "==> built the fuzz targets in $(($(date +%s) - started))s"
export FUZZ_SKIP_BUILD=1
failed=()
for target in tzif posix-tz rule-json wire-json eval-line; do
  "$fuzz/run.sh" "$target" "$1" || failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]} (see Fixtures/fuzz-regressions/)" >&2
  exit 1
fi
echo "fuzz: all targets ran ${1}s each with nothing found ($(($(date +%s) - started))s in all)"
