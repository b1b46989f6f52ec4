#!/usr/bin/env bash
# The libFuzzer targets of Fuzz/, all in one binary built once from the core
# module's sources (.build/fuzz/numtools-fuzz; rebuilt when a source is newer).
#
#   scripts/fuzz.sh --smoke [TARGET...]  deterministic: what .ci/run runs
#   scripts/fuzz.sh TARGET [SECONDS]     random-seeded exploration (default 60 s)
#   scripts/fuzz.sh --build              build the binary only
#   scripts/fuzz.sh --list               the targets
#
# Targets are Fuzz/TARGET.swift, each built with the harness of Fuzz/Support/
# (Targets.swift lists them; the binary fuzzes the target named by
# NUMTOOLS_FUZZ_TARGET). The seed corpus of a target is Fuzz/corpus/TARGET.
#
# --smoke (every target, or those named) passes or fails the same way every
# run: each target replays its committed corpus, then runs a fixed number of
# inputs mutated from it with a fixed seed (-seed=4545, -runs below; with
# SWIFT_DETERMINISTIC_HASHING=1, -use_cmp=0 and, where setarch can, no address
# randomisation, the inputs are the same every run);
# the inputs it finds go to a scratch directory that is then deleted. It
# prints one line a target and exits non-zero when any target fails.
#
# TARGET [SECONDS] explores with a random seed (libFuzzer prints it: "INFO:
# Seed: N") for that long, keeping what it finds in .build/fuzz/corpus-TARGET.
# A crash writes its input to Fuzz/crashes/ and exits non-zero. Replay it with
#   NUMTOOLS_FUZZ_TARGET=TARGET .build/fuzz/numtools-fuzz Fuzz/crashes/FILE
# What exploration finds becomes a corpus seed with its fix: the fix, a
# regression test in Tests/, and the input copied to Fuzz/corpus/TARGET (so
# that every later --smoke replays it).
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
targets() { ls Fuzz/*.swift | xargs -n1 basename | sed 's/\.swift$//'; }
smoke_seed=4545
binary=.build/fuzz/numtools-fuzz

build() {
    mkdir -p .build/fuzz
    if [ -x "$binary" ] && [ -z "$(find Sources/NumToolsCore Sources/NumToolsPhonePrefixes Fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
        return 0
    fi
    echo "building $binary (all targets)" >&2
    local sources support
    sources=$(find Sources/NumToolsCore -name '*.swift' | sort)
    # NumToolsPhonePrefixes (phone's --format fields) joins the one module:
    # copies without their `import NumToolsCore`, which would import itself.
    rm -rf .build/fuzz/prefixes && mkdir -p .build/fuzz/prefixes
    for f in $(find Sources/NumToolsPhonePrefixes -name '*.swift' | sort); do
        sed '/^import NumToolsCore$/d' "$f" > ".build/fuzz/prefixes/$(basename "$f")"
    done
    sources="$sources $(find .build/fuzz/prefixes -name '*.swift' | sort)"
    support=$(find Fuzz/Support -name '*.swift' | sort)
    # A failed build must not leave the previous binary to be run.
    rm -f "$binary" "$binary.new"
    # shellcheck disable=SC2046
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name NumToolsCore -package-name numtools \
        -l_FoundationICU $sources $support $(ls Fuzz/*.swift) -o "$binary.new" 2>&1 \
        | grep -v 'Cannot export local symbol' >&2 || true
    [ -x "$binary.new" ] || { echo "fuzz.sh: build failed" >&2; exit 1; }
    mv "$binary.new" "$binary"
}

# Each target's limits (see the header) and the number of inputs --smoke runs
# after its corpus (a few seconds to half a minute a target, about 2 minutes
# in all on this 2-core machine once built, about 3 more to build: the stream
# targets run about 5-30 inputs a second under ASan, the others thousands).
limits() {
    threads=no
    case "$1" in
        asyoutype) max_len=1048576 timeout=2 rss=512 smoke_runs=8000 ;;
        records | coinrecords) max_len=262144 timeout=10 rss=2048 smoke_runs=400 ;;
        # The amount reader derives every locale's currency marks first (initializeAmounts).
        amounts) max_len=65536 timeout=10 rss=2048 smoke_runs=8000 ;;
        # -j runs each input twice (one thread, then several) on up to 600 KiB
        # repeated from it, with every output and message kept in memory: one
        # input reached 510 MiB under ASan (its quarantine holds the outputs'
        # freed buffers; numgroup -j 3 on the same file: 35 MiB).
        # (Its threads make its coverage vary: see --smoke below.)
        jobs) max_len=65536 timeout=10 rss=2048 smoke_runs=200 threads=yes ;;
        *) max_len=65536 timeout=2 rss=512 smoke_runs=30000 ;;
    esac
}

known() { [ -f "Fuzz/$1.swift" ] || { echo "fuzz.sh: no target Fuzz/$1.swift (try --list)" >&2; exit 2; }; }

case "${1:-}" in
    --list) targets; exit 0 ;;
    --build) build; exit 0 ;;
    --smoke)
        shift
        list=("$@")
        [ ${#list[@]} -gt 0 ] || mapfile -t list < <(targets)
        for t in "${list[@]}"; do known "$t"; done
        build
        mkdir -p Fuzz/crashes
        # The same inputs every run: Swift's hashing seeded the same, no
        # address randomisation where setarch can turn it off, and no
        # comparison tracing (-use_cmp=0: its dictionary picks up addresses).
        no_aslr=()
        if setarch "$(uname -m)" -R true 2>/dev/null; then no_aslr=(setarch "$(uname -m)" -R); fi
        failed=()
        for t in "${list[@]}"; do
            limits "$t"
            seeds=$(find "Fuzz/corpus/$t" -type f 2>/dev/null | wc -l)
            scratch=$(mktemp -d "${TMPDIR:-/tmp}/numtools-fuzz-$t.XXXXXX")
            out=$scratch.log
            start=$SECONDS
            # -runs counts the corpus's inputs too (and the empty input libFuzzer tries first).
            common=(-seed=$smoke_seed -use_cmp=0 -runs=$((seeds + 1 + smoke_runs)) -max_len="$max_len")
            limits=(-timeout="$timeout" -rss_limit_mb="$rss" -artifact_prefix="Fuzz/crashes/$t-")
            if [ "$threads" = yes ]; then
                # The threads make each run's coverage differ, and with it what
                # libFuzzer tries next: the inputs are made first, by mutation
                # of the corpus without running the target (NUMTOOLS_FUZZ_SAVE),
                # then each is run once.
                mkdir -p "$scratch/inputs" "$scratch/corpus"
                NUMTOOLS_FUZZ_SAVE=$scratch/inputs SWIFT_DETERMINISTIC_HASHING=1 "${no_aslr[@]}" "$binary" \
                    "${common[@]}" -keep_seed=1 "$scratch/corpus" "Fuzz/corpus/$t" >"$out" 2>&1
                run=("$binary" "${limits[@]}" "$scratch"/inputs/*)
            else
                run=("$binary" "${common[@]}" "${limits[@]}" -print_final_stats=1 "$scratch" "Fuzz/corpus/$t")
            fi
            if NUMTOOLS_FUZZ_TARGET=$t SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 \
                "${no_aslr[@]}" "${run[@]}" >>"$out" 2>&1; then
                if [ "$threads" = yes ]; then
                    executed=$(grep -c '^Executed ' "$out" || true)
                else
                    executed=$(grep -Eo 'number_of_executed_units: [0-9]+' "$out" | grep -Eo '[0-9]+' || echo '?')
                fi
                echo "fuzz $t: passed ($seeds corpus inputs, then $smoke_runs from seed $smoke_seed;" \
                    "$executed executed, $((SECONDS - start)) s)"
            else
                tail -40 "$out"
                echo "fuzz $t: FAILED (seed $smoke_seed; the input is in Fuzz/crashes/$t-*)"
                failed+=("$t")
            fi
            rm -rf "$scratch" "$out"
        done
        if [ ${#failed[@]} -gt 0 ]; then echo "fuzz smoke: failed: ${failed[*]}"; exit 1; fi
        echo "fuzz smoke: ${#list[@]} targets passed"
        exit 0
        ;;
esac

target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS] | --smoke [TARGET...] | --build | --list}
seconds=${2:-60}
known "$target"
build
limits "$target"
mkdir -p Fuzz/crashes "Fuzz/corpus/$target"
scratch=.build/fuzz/corpus-$target
mkdir -p "$scratch"
NUMTOOLS_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb="$rss" -max_len="$max_len" \
    -artifact_prefix="Fuzz/crashes/$target-" -print_final_stats=1 "$scratch" "Fuzz/corpus/$target"
