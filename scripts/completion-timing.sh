#!/usr/bin/env bash
# How long a TAB takes: the bash completion function each tool generates
# (`TOOL --completion bash`), called as bash calls it (COMP_WORDS, COMP_CWORD),
# for values completed from --complete-values (locales, currencies, regions).
# The issue's budget is 50 ms a TAB; `swift test` checks what the completions
# offer, never how fast (no timings in the test suite), so the time is measured
# here.
#
#   scripts/completion-timing.sh [--bin DIR] [--runs N]
#
# --bin DIR   the tools in DIR (default: .build/release if built, else
#             .build/debug; the installed tools are a static release build)
# --runs N    TABs a case (default 20)
#
# Prints, for each case, the median and the slowest time of a TAB in ms, and
# for comparison what one `--list-locales` (the listing the completions used
# to run) takes.
set -euo pipefail

bin=
runs=20
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) bin=$2; shift 2;;
        --bin=*) bin=${1#--bin=}; shift;;
        --runs) runs=$2; shift 2;;
        --runs=*) runs=${1#--runs=}; shift;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0;;
        *) echo "completion-timing.sh: unknown argument '$1'" >&2; exit 2;;
    esac
done
cd "$(dirname "$0")/.."
if [ -z "$bin" ]; then
    if [ -x .build/release/numgroup ]; then bin=.build/release; else bin=.build/debug; fi
fi
bin=$(cd "$bin" && pwd)
[ -x "$bin/numgroup" ] || { echo "completion-timing.sh: no tools in $bin (swift build first)" >&2; exit 1; }
export PATH="$bin:$PATH"
echo "tools: $bin"

# ms since the epoch, to the microsecond (bash 5's EPOCHREALTIME).
now() { local t=${EPOCHREALTIME/[.,]/}; echo "$t"; }

time_case() {  # time_case WORDS...: the TAB after the last word
    local tool=$1 times=() start end k
    source <("$tool" --completion bash)
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    for ((k = 0; k < runs; k++)); do
        COMPREPLY=()
        start=$(now); "_$tool"; end=$(now)
        times+=($((end - start)))
    done
    local sorted
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    local median slowest
    median=$(sed -n "$(((runs + 1) / 2))p" <<< "$sorted")
    slowest=$(tail -1 <<< "$sorted")
    printf '%-34s %3d matches  median %6.1f ms  slowest %6.1f ms\n' "$*" "${#COMPREPLY[@]}" \
        "$(awk "BEGIN{print $median/1000}")" "$(awk "BEGIN{print $slowest/1000}")"
}

time_case numgroup --locale = de_C
time_case numconv --to de_DE,fr_C
time_case numconv --to =
time_case coinfmt --currency EU
time_case phonefmt --region = K
start=$(now); numgroup --list-locales > /dev/null; end=$(now)
printf '%-34s             once   %6.1f ms\n' "numgroup --list-locales" "$(awk "BEGIN{print ($end-$start)/1000}")"
