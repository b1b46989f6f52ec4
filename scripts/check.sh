#!/usr/bin/env bash
# The slow checks, beyond CI: the whole test suite under AddressSanitizer and
# UndefinedBehaviorSanitizer, and each fuzz target for a while.
#
#   scripts/check.sh [--fuzz-seconds N]     (default 60 seconds a target)
#
# Each sanitizer build goes to its own scratch directory so the normal
# .build stays untouched. See README, "Reliability", for how long each takes.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=60
while [ $# -gt 0 ]; do
    case "$1" in
        --fuzz-seconds) fuzz_seconds=$2; shift 2;;
        --fuzz-seconds=*) fuzz_seconds=${1#*=}; shift;;
        *) echo "check.sh: unknown argument '$1'" >&2; exit 2;;
    esac
done

for sanitizer in address undefined; do
    echo "== swift test --sanitize=$sanitizer"
    start=$(date +%s)
    SWIFT_BACKTRACE=enable=no swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer"
    echo "== $sanitizer: passed in $(( $(date +%s) - start )) s"
done

if [ "$fuzz_seconds" -gt 0 ]; then
    for target in $(scripts/fuzz.sh --list); do
        echo "== fuzz $target for $fuzz_seconds s"
        scripts/fuzz.sh "$target" "$fuzz_seconds" 2>&1 | grep -E '^(stat::number_of_executed_units|==|INFO: Seed|SUMMARY)|invariant' || true
        [ -z "$(ls Fuzz/crashes/"$target"-* 2>/dev/null)" ] || { echo "fuzz $target found a crash: Fuzz/crashes/"; exit 1; }
    done
fi
echo "all checks passed"
