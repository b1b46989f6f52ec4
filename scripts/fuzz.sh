#!/usr/bin/env bash
# Build and run one libFuzzer target against the core module's sources.
#
#   scripts/fuzz.sh TARGET [SECONDS]     (default 60 seconds)
#   scripts/fuzz.sh --list
#
# Targets are Fuzz/TARGET.swift; the seed corpus is Fuzz/corpus/TARGET (new
# inputs that libFuzzer finds go to a scratch corpus, not into the repository).
# A crash writes its input to Fuzz/crashes/ and exits non-zero: turn it into a
# regression test. Builds go to .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--list" ]; then ls Fuzz/*.swift | xargs -n1 basename | sed 's/\.swift$//' | grep -v Support; exit 0; fi
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-60}
[ -f "Fuzz/$target.swift" ] || { echo "fuzz.sh: no target Fuzz/$target.swift (try --list)" >&2; exit 2; }

mkdir -p .build/fuzz Fuzz/crashes "Fuzz/corpus/$target"
binary=.build/fuzz/$target
sources=$(find Sources/NumToolsCore -name '*.swift' | sort)
if [ ! -x "$binary" ] || [ -n "$(find Sources/NumToolsCore Fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
    echo "building $binary"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name NumToolsCore \
        $sources Fuzz/Support.swift "Fuzz/$target.swift" -o "$binary" 2>&1 | grep -v 'Cannot export local symbol' || true
    [ -x "$binary" ] || { echo "fuzz.sh: build failed" >&2; exit 1; }
fi
scratch=.build/fuzz/corpus-$target
mkdir -p "$scratch"
# The stream targets need inputs long enough to fill the engine's 64 KiB slices.
case $target in records|coinrecords) max_len=-max_len=262144;; *) max_len=;; esac
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 $max_len \
    -artifact_prefix="Fuzz/crashes/$target-" -print_final_stats=1 "$scratch" "Fuzz/corpus/$target"
