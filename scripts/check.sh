#!/usr/bin/env bash
# The slow checks, beyond CI: the whole test suite under AddressSanitizer (with
# LeakSanitizer), the tests that start processes (CLITests: the tools and the
# threads that feed and read them) under ThreadSanitizer, and each fuzz target
# for a while.
#
# ThreadSanitizer works with this toolchain (`swift test --sanitize=thread`
# builds the tools instrumented too). It skips the tests that measure a tool's
# memory or push hundreds of megabytes through it (hundredMegabyteLine,
# millionFields, millionCSVFields): TSan's shadow memory breaks the first's
# bound on resident memory, and the run already covers them under ASan.
#
# UndefinedBehaviorSanitizer is not available: the Swift 6.3 toolchain for Linux
# rejects `-sanitize=undefined` ("unsupported option ... for target
# x86_64-unknown-linux-gnu"). What it would catch in C is trapped by Swift
# itself in the debug build `swift test` runs: integer overflow, out-of-bounds
# indexing, invalid enum values and unsafe casts stop the process.
#
#   scripts/check.sh [--full] [--fuzz-seconds N]     (default 60 seconds a target)
#
# --full first runs `swift test` with the whole sweeps (NUMTOOLS_FULL_SWEEP=1:
# every locale and region where `swift test` and CI check a sample, chosen by
# NUMTOOLS_TEST_SEED, a new one each run; see Tests/NumToolsCoreTests/Sweep.swift).
# The sanitizer runs below check a sample, with the seed they print.
#
# Each sanitizer build goes to its own scratch directory so the normal
# .build stays untouched. See docs/reliability.md for how long each takes.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=60
full=false
while [ $# -gt 0 ]; do
    case "$1" in
        --full) full=true; shift;;
        --fuzz-seconds) fuzz_seconds=$2; shift 2;;
        --fuzz-seconds=*) fuzz_seconds=${1#*=}; shift;;
        *) echo "check.sh: unknown argument '$1'" >&2; exit 2;;
    esac
done

if $full; then
    echo "== swift test, the whole sweeps (NUMTOOLS_FULL_SWEEP=1)"
    start=$(date +%s)
    NUMTOOLS_FULL_SWEEP=1 swift test
    echo "== whole sweeps: passed in $(( $(date +%s) - start )) s"
fi

echo "== swift test --sanitize=address"
start=$(date +%s)
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" SWIFT_BACKTRACE=enable=no \
    swift test --sanitize=address --scratch-path .build/sanitize-address
echo "== address: passed in $(( $(date +%s) - start )) s"

echo "== swift test --sanitize=thread (CLITests)"
start=$(date +%s)
SWIFT_BACKTRACE=enable=no TSAN_OPTIONS="halt_on_error=1" \
    swift test --sanitize=thread --scratch-path .build/sanitize-thread --filter CLITests \
    --skip 'hundredMegabyteLine|millionFields|millionCSVFields'
echo "== thread: passed in $(( $(date +%s) - start )) s"

if [ "$fuzz_seconds" -gt 0 ]; then
    for target in $(scripts/fuzz.sh --list); do
        echo "== fuzz $target for $fuzz_seconds s"
        scripts/fuzz.sh "$target" "$fuzz_seconds" 2>&1 | grep -E '^(stat::number_of_executed_units|==|INFO: Seed|SUMMARY)|invariant' || true
        [ -z "$(ls Fuzz/crashes/"$target"-* 2>/dev/null)" ] || { echo "fuzz $target found a crash: Fuzz/crashes/"; exit 1; }
    done
fi
echo "all checks passed"
