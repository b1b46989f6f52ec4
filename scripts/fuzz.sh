#!/usr/bin/env bash
# Build and run one libFuzzer target against the core module's sources.
#
#   scripts/fuzz.sh TARGET [SECONDS]     (default 60 seconds)
#   scripts/fuzz.sh --list
#
# Targets are Fuzz/TARGET.swift, each built with the harness of Fuzz/Support/;
# the seed corpus is Fuzz/corpus/TARGET (new inputs that libFuzzer finds go to
# a scratch corpus, not into the repository).
# A crash writes its input to Fuzz/crashes/ and exits non-zero: turn it into a
# regression test. Builds go to .build/fuzz/.
#
# Limits, so that a slow or greedy path is a finding, not a slow run: an input
# may take 2 seconds (-timeout: every input takes milliseconds, and a path
# quadratic in the input's length takes far longer on the long ones) and the
# process 512 MB (-rss_limit_mb, also the largest single allocation). Inputs
# are up to 64 KiB; up to 1 MiB (the default --max-record-bytes) for asyoutype,
# whose bug hid in long records; up to 256 KiB, 10 seconds and 2 GB for the
# stream targets records and coinrecords, which run the engine several times an
# input under AddressSanitizer (a body whose output is large is repeated fewer
# times, to about 4 MiB of output, and past 8 MiB only two runs are checked;
# the output held before a write may reach 2 MiB + 4 x --max-record-bytes +
# twice the output limit).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--list" ]; then ls Fuzz/*.swift | xargs -n1 basename | sed 's/\.swift$//'; exit 0; fi
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-60}
[ -f "Fuzz/$target.swift" ] || { echo "fuzz.sh: no target Fuzz/$target.swift (try --list)" >&2; exit 2; }

mkdir -p .build/fuzz Fuzz/crashes "Fuzz/corpus/$target"
binary=.build/fuzz/$target
sources=$(find Sources/NumToolsCore -name '*.swift' | sort)
support=$(find Fuzz/Support -name '*.swift' | sort)
if [ ! -x "$binary" ] || [ -n "$(find Sources/NumToolsCore Fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
    echo "building $binary"
    # A failed build must not leave the previous binary to be run.
    rm -f "$binary"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name NumToolsCore \
        -l_FoundationICU $sources $support "Fuzz/$target.swift" -o "$binary" 2>&1 | grep -v 'Cannot export local symbol' || true
    [ -x "$binary" ] || { echo "fuzz.sh: build failed" >&2; exit 1; }
fi
scratch=.build/fuzz/corpus-$target
mkdir -p "$scratch"
# Limits that make a quadratic path or unbounded memory a finding. The stream
# targets need inputs long enough to fill several of the engine's 64 KiB slices;
# as-you-type is tried on records up to 1 MiB.
case "$target" in
    asyoutype) max_len=1048576 timeout=2 rss=512 ;;
    records | coinrecords) max_len=262144 timeout=10 rss=2048 ;;
    # The amount reader derives every locale's currency marks first (LLVMFuzzerInitialize).
    amounts) max_len=65536 timeout=10 rss=2048 ;;
    # -j runs each input twice (one thread, then several) on up to 600 KiB
    # repeated from it, with every output and message kept in memory: one
    # input reached 510 MiB under ASan (its quarantine holds the outputs'
    # freed buffers; numgroup -j 3 on the same file: 35 MiB).
    jobs) max_len=65536 timeout=10 rss=2048 ;;
    *) max_len=65536 timeout=2 rss=512 ;;
esac
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" -max_len="$max_len" \
    -artifact_prefix="Fuzz/crashes/$target-" -print_final_stats=1 "$scratch" "Fuzz/corpus/$target"
