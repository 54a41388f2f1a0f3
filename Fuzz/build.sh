#!/usr/bin/env bash
# Builds the fuzz targets: Fuzz/build.sh SCRATCH_PATH [PRODUCT]
#
# With libFuzzer and AddressSanitizer (-sanitize=fuzzer,address), in debug so that Swift's
# own checks stay on. Links with the toolchain's lld: the system gold linker crashes on the
# sanitizer objects (an internal error in format_file_lineno). FUZZ_SKIP_BUILD=1 skips the
# build when the product is already there.
set -euo pipefail
build=$1
product=${2:-}
fuzz=$(cd "$(dirname "$0")" && pwd)
if [ "${FUZZ_SKIP_BUILD:-0}" = 1 ] && { [ -z "$product" ] || [ -x "$build/debug/$product" ]; }; then
  exit 0
fi
swiftc=$(command -v swiftc || true)
[ -n "$swiftc" ] || { echo "build.sh: swiftc not found on PATH" >&2; exit 1; }
lld=$(dirname "$(readlink -f "$swiftc")")/ld.lld
[ -x "$lld" ] || { echo "build.sh: no ld.lld next to $swiftc (the toolchain ships one)" >&2; exit 1; }
mkdir -p "$build"
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" >"$build/lld-toolset.json"
args=(-c debug --package-path "$fuzz" --scratch-path "$build" --toolset "$build/lld-toolset.json"
  -Xswiftc -sanitize=fuzzer,address)
[ -z "$product" ] || args+=(--product "$product")
log=$build/build.log
if ! swift build "${args[@]}" >"$log" 2>&1; then
  grep -v "Cannot export local symbol" "$log" | tail -n 40 >&2
  echo "build.sh: the fuzz build failed (log: $log)" >&2
  exit 1
fi
