#!/usr/bin/env bash
# The numtools benchmark: each tool against the program people would use
# instead (its anchor), measured in the same run on the same generated data.
#
#   scripts/bench.sh [--runs N] [--records N] [--quick] [--only LIST]
#                    [--bin DIR] [--no-static] [--install] [--keep]
#
# Prints a few lines about the machine, then one markdown table on stdout
# (progress goes to stderr): per workload the tool's and the anchor's MB/s,
# records/s and peak RSS, the tool/anchor ratio by median wall time and by
# median CPU time, the issue's target, pass or fail, and whether the outputs
# agree. Wall times on a shared machine are noisy: read the ratios and medians.
#
#   --runs N        runs of every command, tool and anchors alternating (default 5)
#   --records N     records a workload (default 1000000); the memory and
#                   scale-out workloads use 10 times as many
#   --quick         --records 100000 --runs 3
#   --only LIST     comma-separated subset of: numgroup numconv amounts units words phonefmt
#                   coinfmt csv width unitsin phoneopts csvopts floor startup hello memory
#                   growth scaleout (default all); scaleout runs each tool with -j 2
#                   against -j 1, then GNU parallel; hello, start-up against a static
#                   Swift hello world; floor, numgroup against a C memchr+copy loop;
#                   growth, every new style at 10^5, 10^6 and 10^7 records
#   --bin DIR       benchmark the executables in DIR instead of building (a
#                   numtools there is installed first, and its links measured)
#   --no-static     measure the plain release build (shared Swift runtime)
#                   instead of the install
#   --install       install the missing anchors first (below); without it a
#                   missing anchor is reported as skipped with the command that
#                   would install it, and nothing is installed
#   --keep          keep the generated data and outputs (the directory is printed)
#   --no-instructions
#                   leave out the instructions a record (by default counted
#                   with valgrind's callgrind when it is installed: the
#                   tool, and the base of the rows that compare the tools
#                   with themselves, on the first $instr_sample records less
#                   an empty input, over those records; the figure a busy
#                   machine does not change)
#
# The generated data and the outputs go to a directory in /dev/shm when it is
# a tmpfs with 4 GiB free that allows executables (so the rows measure the
# tools, not a disk), else in
# /tmp; TMPDIR, when set, is used instead.
#
# Needs: bash 4.3+, awk, the Swift toolchain. It runs `swift build -c release`
# (the Foundation anchors and the plain start-up row) and the install that
# the README has users run, `scripts/install.sh` (its static build of the
# numtools executable), into a temporary prefix, whose links (numgroup ->
# numtools, ...) every other row measures. The data comes from
# scripts/bench/gen.awk (a fixed-seed generator of its own: the same bytes on
# every machine); the Foundation anchors, one FormatStyle call per record, from
# the package's numtools-bench executable. Everything else is an anchor or a
# measuring aid, and optional:
#   numfmt          GNU coreutils; runs with LC_ALL=en_US.UTF-8. If that locale
#                   is missing it is compiled with localedef into the temporary
#                   directory (LOCPATH), which changes nothing on the system; the
#                   locale sources come with Debian's `locales` package
#   mlr             Miller, Debian package `miller`: the CSV field anchor
#   parallel        GNU parallel, Debian package `parallel`: the parallel scale-out rows
#   /usr/bin/time   GNU time, Debian package `time`: peak RSS (without it the
#                   memory rows poll VmHWM in /proc and the others show n/a)
#   python3 + babel, phonenumbers, price-parser, num2words, text2num
#                   the Python anchors (scripts/bench/anchors.py). --install puts
#                   them in a virtual environment, .build/bench-venv, with
#                   `python3 -m venv` and `pip install babel phonenumbers price-parser num2words text2num`; the
#                   system's Python is not changed
# --install runs `apt-get update` and `apt-get install -y --no-install-recommends`
# for the missing Debian packages among time, miller, parallel, locales and
# python3-venv (through sudo when not root). hyperfine is not needed.
#
# Tools that are not built yet (they print "not yet implemented") are reported
# as skipped. Rerun after they land and their rows fill in.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
runs=5
records=1000000
only=all
bin=
static=true
install=false
keep=false
count_instructions=true
instr_sample=5000

die() { echo "bench.sh: $*" >&2; exit 2; }
log() { echo "bench: $*" >&2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) [ $# -ge 2 ] || die "--runs needs a number"; runs=$2; shift 2;;
        --runs=*) runs=${1#*=}; shift;;
        --records) [ $# -ge 2 ] || die "--records needs a number"; records=$2; shift 2;;
        --records=*) records=${1#*=}; shift;;
        --quick) records=100000; runs=3; shift;;
        --only) [ $# -ge 2 ] || die "--only needs a list"; only=$2; shift 2;;
        --only=*) only=${1#*=}; shift;;
        --bin) [ $# -ge 2 ] || die "--bin needs a directory"; bin=$2; shift 2;;
        --bin=*) bin=${1#*=}; shift;;
        --no-static) static=false; shift;;
        --install) install=true; shift;;
        --keep) keep=true; shift;;
        --no-instructions) count_instructions=false; shift;;
        -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0;;
        *) die "unknown argument '$1' (see --help)";;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive number, not '$runs'"
[[ "$records" =~ ^[1-9][0-9]*$ ]] || die "--records must be a positive number, not '$records'"
((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 3))) || die "needs bash 4.3 or later"
wants() { [ "$only" = all ] || [[ ",$only," == *",$1,"* ]]; }

# The data and every output live in memory when they can: a tmpfs /dev/shm
# with 4 GiB free, unless TMPDIR names a place. On a virtual machine's disk
# the writes of the outputs wait on the disk (iowait was seen to take most of
# a run's wall time), and the rows would measure the disk, not the tools.
base=${TMPDIR:-}
if [ -z "$base" ]; then
    base=/tmp
    if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] \
        && ! awk '$2 == "/dev/shm" && $4 ~ /(^|,)noexec(,|$)/ { found = 1 } END { exit !found }' /proc/mounts \
        && [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')" -ge 4194304 ] 2>/dev/null; then
        base=/dev/shm
    fi
fi
tmp=$(mktemp -d "$base/numtools-bench.XXXXXX")
cleanup() { if $keep; then log "data and outputs kept in $tmp"; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Every tool and anchor runs in the C locale (the tools then default to en_US),
# except numfmt, which needs en_US.UTF-8 to group.
export LC_ALL=C PYTHONIOENCODING=utf-8
have() { command -v "$1" >/dev/null 2>&1; }

# --- Anchors: found, installed on request, or skipped with a hint ---------------

py=python3
[ -x "$root/.build/bench-venv/bin/python" ] && py="$root/.build/bench-venv/bin/python"
python_has() { have "$py" && "$py" -c "import $1" >/dev/null 2>&1; }
gnu_time=
[ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null && gnu_time=/usr/bin/time

if $install; then
    packages=()
    [ -n "$gnu_time" ] || packages+=(time)
    have mlr || packages+=(miller)
    have parallel || packages+=(parallel)
    [ -d /usr/share/i18n/locales ] && [ -f /usr/share/i18n/locales/en_US ] || packages+=(locales)
    if ! python_has babel || ! python_has phonenumbers; then
        have python3 || packages+=(python3)
        python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null || packages+=(python3-venv)
    fi
    if [ ${#packages[@]} -gt 0 ]; then
        sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
        log "installing Debian packages: ${packages[*]}"
        $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2 \
            || log "apt-get failed; the anchors it would have installed are skipped"
    fi
    if ! python_has babel || ! python_has phonenumbers || ! python_has price_parser || ! python_has num2words \
        || ! python_has text_to_num; then
        log "installing babel, phonenumbers and price-parser into $root/.build/bench-venv"
        python3 -m venv "$root/.build/bench-venv" >&2 \
            && "$root/.build/bench-venv/bin/pip" install -q babel phonenumbers price-parser num2words text2num >&2 \
            && py="$root/.build/bench-venv/bin/python" \
            || log "pip failed; the Python anchors are skipped"
    fi
    [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null && gnu_time=/usr/bin/time
fi

# en_US.UTF-8 for numfmt: the system's, or compiled into $tmp.
numfmt_env=(env LC_ALL=en_US.UTF-8)
numfmt_skip=
if ! have numfmt; then
    numfmt_skip="numfmt not found (apt-get install coreutils)"
elif [ "$(LC_ALL=en_US.UTF-8 numfmt --grouping 1234 2>/dev/null)" != "1,234" ]; then
    if have localedef && mkdir -p "$tmp/locale" && localedef -i en_US -f UTF-8 "$tmp/locale/en_US.UTF-8" >/dev/null 2>&1 \
        && [ "$(LOCPATH=$tmp/locale LC_ALL=en_US.UTF-8 numfmt --grouping 1234 2>/dev/null)" = "1,234" ]; then
        numfmt_env=(env LOCPATH="$tmp/locale" LC_ALL=en_US.UTF-8)
        log "en_US.UTF-8 is not installed; compiled it into $tmp/locale for numfmt"
    else
        numfmt_skip="locale en_US.UTF-8 missing and cannot be compiled (apt-get install locales, or rerun with --install)"
    fi
fi
mlr_skip=; have mlr || mlr_skip="mlr not found (apt-get install miller, or rerun with --install)"
parallel_skip=; have parallel || parallel_skip="GNU parallel not found (apt-get install parallel, or rerun with --install)"
babel_skip=; python_has babel || babel_skip="Python babel not found (pip install babel, or rerun with --install)"
pp_skip=; python_has price_parser || pp_skip="Python price-parser not found (pip install price-parser, or rerun with --install)"
n2w_skip=; python_has num2words || n2w_skip="Python num2words not found (pip install num2words, or rerun with --install)"
t2n_skip=; python_has text_to_num || t2n_skip="Python text2num not found (pip install text2num, or rerun with --install)"
pn_skip=; python_has phonenumbers || pn_skip="Python phonenumbers not found (pip install phonenumbers, or rerun with --install)"
[ -n "$gnu_time" ] || log "GNU time not found (apt-get install time): peak RSS only in the memory rows, from /proc"

# --- Build ------------------------------------------------------------------------

# The install: scripts/install.sh into $tmp/install, the numtools executable
# it builds (or the one in --bin DIR) and the tools as links to it, as users
# install them. Every row but the plain build's start-up runs those links.
static_bin=
install_tools() {  # install_tools [--bin DIR]
    log "installing: scripts/install.sh --prefix $tmp/install $*"
    if "$root/scripts/install.sh" --prefix "$tmp/install" "$@" >&2; then
        static_bin=$tmp/install/bin
    else
        log "the install failed; the rows measure the plain release build"
    fi
}
built=false
if [ -z "$bin" ]; then
    built=true
    log "building: swift build -c release"
    (cd "$root" && swift build -c release >&2) || die "swift build -c release failed"
    bin=$(cd "$root" && swift build -c release --show-bin-path)
    $static && install_tools
elif [ -x "$bin/numtools" ]; then
    install_tools --bin "$bin"
fi
# The tools measured: the installed ones when there are.
tools=${static_bin:-$bin}
[ -x "$tools/numgroup" ] || die "no numgroup in $tools"

# --- Data -------------------------------------------------------------------------

# gen KIND[-invalid|-crlf] N: N records of KIND; -invalid puts values no tool
# accepts in place of 30% of them, -crlf ends every line with CRLF.
gen() {
    local kind=${1%-invalid} invalid=0 crlf=0
    [ "$kind" != "$1" ] && invalid=30
    [ "${kind%-crlf}" != "$kind" ] && { kind=${kind%-crlf}; crlf=1; }
    LC_ALL=C awk -v kind="$kind" -v n="$2" -v invalid="$invalid" -v crlf="$crlf" -f "$here/bench/gen.awk"
}
data() {  # data KIND [TIMES]: the file of KIND with TIMES x records (default 1)
    local kind=$1 times=${2:-1} file="$tmp/data.$1.${2:-1}"
    if [ ! -s "$file" ]; then
        if [ "$times" = 1 ] || [ "$kind" = csv ]; then  # (one header, however many rows)
            gen "$kind" $((records * times)) >"$file"
        else
            local one; one=$(data "$kind")
            for ((i = 0; i < times; i++)); do cat "$one"; done >"$file"
        fi
    fi
    echo "$file"
}

# --- Measuring --------------------------------------------------------------------

# run_once IN OUT CMD...: runs CMD <IN >OUT and sets R_WALL and R_CPU (seconds),
# R_RSS (KiB, or empty) and R_STATUS; stderr goes to $tmp/stderr.
run_once() {
    local in=$1 out=$2; shift 2
    local TIMEFORMAT='%3R %3U %3S' line
    rm -f "$tmp/rss"
    if [ -n "$gnu_time" ]; then
        { time "$gnu_time" -f %M -o "$tmp/rss" "$@" <"$in" >"$out" 2>"$tmp/stderr"; } 2>"$tmp/time"
    else
        { time "$@" <"$in" >"$out" 2>"$tmp/stderr"; } 2>"$tmp/time"
    fi
    R_STATUS=$?
    read -r line <"$tmp/time"
    R_WALL=$(awk '{ print $1 }' <<<"$line")
    R_CPU=$(awk '{ print $2 + $3 }' <<<"$line")
    R_RSS=
    [ -s "$tmp/rss" ] && R_RSS=$(tail -n 1 "$tmp/rss")
    [[ "$R_RSS" =~ ^[0-9]+$ ]] || R_RSS=
}

# run_polled IN OUT CMD...: as run_once, but the peak RSS is VmHWM read from
# /proc while CMD runs (for machines without GNU time).
run_polled() {
    local in=$1 out=$2; shift 2
    local start end pid hwm=0 v
    start=$EPOCHREALTIME
    "$@" <"$in" >"$out" 2>"$tmp/stderr" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        v=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
        [ -n "$v" ] && hwm=$v
        sleep 0.05
    done
    wait "$pid"
    R_STATUS=$?
    end=$EPOCHREALTIME
    R_WALL=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    R_CPU=
    R_RSS=$hwm
}

median() { tr ' ' '\n' | awk 'NF { v[++n] = $1 } END {
    if (!n) exit
    for (i = 2; i <= n; i++) { x = v[i]; for (j = i - 1; j >= 1 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
    print (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'; }

fmt_mbps() { awk -v b="$1" -v s="$2" 'BEGIN { if (s <= 0) { print "n/a"; exit } r = b / 1e6 / s; printf (r < 10 ? "%.2f" : "%.1f"), r }'; }
fmt_rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s <= 0) { print "n/a"; exit } r = n / s
    if (r >= 1e6) printf "%.2f M", r / 1e6; else if (r >= 1e3) printf "%.1f k", r / 1e3; else printf "%.0f", r }'; }
fmt_rss() { if [ -z "$1" ]; then echo "n/a"; else awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; fi; }
fmt_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a <= 0 || b <= 0) { print "n/a"; exit } r = b / a; printf (r < 10 ? "%.2fx" : "%.1fx"), r }'; }

# compare_outputs A B: "identical", or how many lines differ. A line that is an
# error record in both (the tools' six columns, the anchors' "error<TAB>...")
# counts as agreeing: both rejected the value.
compare_outputs() {
    if cmp -s "$1" "$2"; then echo identical; return; fi
    awk -v other="$2" '
        { n++
          if ((getline line < other) <= 0) { d++; next }
          if ((line "") == ($0 "")) next
          if (line ~ /^error\t/ && $0 ~ /^error\t/) { both++; next }
          d++ }
        END { while ((getline line < other) > 0) { n++; d++ }
              if (d) printf "%d of %d lines differ (%.2f%%)", d, n, n ? 100 * d / n : 0
              else printf "same values"
              if (both) printf "; %d rejected by both", both }' "$1"
}

# check SPEC ratio cpu_ratio records_per_s mb_per_s rss_kib: "pass" or "fail".
# SPEC: comma-separated conditions on those names, such as "ratio>=30,rps>=1e6".
check() {
    [ -n "$1" ] || { echo "—"; return; }
    awk -v spec="$1" -v ratio="${2:-}" -v cpu="${3:-}" -v rps="${4:-}" -v mbps="${5:-}" -v rss="${6:-}" 'BEGIN {
        value["ratio"] = ratio; value["cpu"] = cpu; value["rps"] = rps; value["mbps"] = mbps; value["rss"] = rss
        label["ratio"] = "ratio"; label["cpu"] = "CPU ratio"; label["rps"] = "records/s"; label["mbps"] = "MB/s"
        label["rss"] = "RSS"
        n = split(spec, c, ",")
        failed = ""
        for (i = 1; i <= n; i++) {
            if (!match(c[i], /(>=|<=)/)) { print "?"; exit }
            name = substr(c[i], 1, RSTART - 1); op = substr(c[i], RSTART, 2); want = substr(c[i], RSTART + 2) + 0
            v = value[name]; if (v == "") { print "n/a"; exit }
            if ((op == ">=" && v + 0 < want) || (op == "<=" && v + 0 > want))
                failed = failed (failed == "" ? "" : ", ") label[name]
        }
        print (failed == "" ? "pass" : (n > 1 ? "**fail** (" failed ")" : "**fail**")) }'
}

rows=()
# row CELL...: one table row; spaces around each cell are trimmed. The
# instructions a record of the tool and of the row's base (ins_tool,
# ins_base, when the row sets them) go after each one's peak RSS.
ins_tool=; ins_base=
row() {
    local out="|" c cells=("$@")
    cells=("${cells[@]:0:4}" "${ins_tool:-—}" "${cells[@]:4:4}" "${ins_base:-—}" "${cells[@]:8}")
    for c in "${cells[@]}"; do c=${c#"${c%%[! ]*}"}; c=${c%"${c##*[! ]}"}; out+=" $c |"; done
    rows+=("$out")
    ins_tool=; ins_base=
}

# instructions FILE CMD...: the instructions CMD spends a record, as
# callgrind counts them (the same on a busy machine as on an idle one): CMD
# on the first $instr_sample records of FILE, less CMD on an empty input,
# over those records. "n/a" without valgrind or with --no-instructions.
ir_total() {  # ir_total IN CMD...: callgrind's total of instructions
    local in=$1; shift
    rm -f "$tmp/cg.out"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$@" <"$in" >/dev/null 2>"$tmp/cg.err"
    awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.out" 2>/dev/null
}
instructions() {
    local file=$1; shift
    { $count_instructions && have valgrind; } || { echo "n/a"; return; }
    head -n "$instr_sample" "$file" >"$tmp/instr.in"
    local n full empty
    n=$(wc -l <"$tmp/instr.in")
    full=$(ir_total "$tmp/instr.in" "$@"); empty=$(ir_total /dev/null "$@")
    awk -v f="$full" -v e="$empty" -v n="$n" 'BEGIN {
        if (f == "" || e == "" || n <= 0) { print "n/a"; exit }
        r = (f - e) / n
        if (r >= 1e6) printf "%.2f M", r / 1e6; else if (r >= 1e4) printf "%.1f k", r / 1e3; else printf "%.0f", r }'
}
skip_row() {  # skip_row WORKLOAD ANCHOR TARGET REASON
    row " $1 " " — " " — " " — " " $2 " " — " " — " " — " " — " " — " " $3 " " skipped " " $4 "
}

# tool_ready DATAFILE CMD...: empty when CMD handles the first records of DATAFILE,
# else why not.
tool_ready() {
    local file=$1; shift
    head -n 3 "$file" >"$tmp/probe.in"
    "$@" <"$tmp/probe.in" >"$tmp/probe.out" 2>"$tmp/probe.err"
    local status=$?
    if grep -qi "not yet implemented" "$tmp/probe.out" "$tmp/probe.err"; then
        echo "tool not implemented"
    elif [ "$status" -ge 2 ]; then
        echo "tool failed (exit $status: $(head -c 160 "$tmp/probe.err" | head -n 1))"
    elif [ "$(wc -l <"$tmp/probe.out")" -lt 3 ]; then
        echo "tool wrote $(wc -l <"$tmp/probe.out") lines for 3 records"
    fi
}

# throughput WORKLOAD DATAFILE RECORDS TOOL... -- ANCHOR_NAME ANCHOR_SKIP TARGET_TEXT TARGET_SPEC ANCHOR... [-- ...]
# Runs the tool and each anchor $runs times, alternating, on DATAFILE and adds a
# row per anchor.
throughput() {
    local workload=$1 file=$2 count=$3; shift 3
    local tool=() a names=() skips=() ttexts=() tspecs=() n=0
    while [ $# -gt 0 ] && [ "$1" != -- ]; do tool+=("$1"); shift; done
    declare -A acmd
    while [ $# -gt 0 ]; do
        shift  # the --
        names+=("$1"); skips+=("$2"); ttexts+=("$3"); tspecs+=("$4"); shift 4
        acmd[$n]=
        local args=()
        while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
        acmd[$n]=$(printf '%q ' "${args[@]}")
        n=$((n + 1))
    done

    local why; why=$(tool_ready "$file" "${tool[@]}")
    if [ -n "$why" ]; then
        for ((a = 0; a < n; a++)); do skip_row "$workload" "${names[$a]}" "${ttexts[$a]}" "skipped: $why"; done
        log "$workload: skipped: $why"
        return
    fi

    local bytes; bytes=$(wc -c <"$file")
    local tins=
    # Only the tools are counted (not GNU parallel running them).
    [[ "${tool[0]}" == "$tools"/* ]] && tins=$(instructions "$file" "${tool[@]}")
    local tw= tc= tr= tstatus=0 aw=() ac=() ar=() astatus=()
    for ((a = 0; a < n; a++)); do aw[$a]=; ac[$a]=; ar[$a]=; astatus[$a]=0; done
    for ((r = 1; r <= runs; r++)); do
        log "$workload: run $r of $runs"
        run_once "$file" "$tmp/out.tool" "${tool[@]}"
        tw+=" $R_WALL"; tc+=" $R_CPU"; tr+=" $R_RSS"
        [ "$R_STATUS" -lt 2 ] || { tstatus=$R_STATUS; cp "$tmp/stderr" "$tmp/stderr.tool"; }
        for ((a = 0; a < n; a++)); do
            [ -z "${skips[$a]}" ] || continue
            eval "run_once \"\$file\" \"\$tmp/out.anchor.$a\" ${acmd[$a]}"
            aw[$a]+=" $R_WALL"; ac[$a]+=" $R_CPU"; ar[$a]+=" $R_RSS"
            [ "$R_STATUS" -lt 2 ] || { astatus[$a]=$R_STATUS; cp "$tmp/stderr" "$tmp/stderr.anchor.$a"; }
        done
    done

    local twm tcm trm
    twm=$(median <<<"$tw"); tcm=$(median <<<"$tc"); trm=$(median <<<"$tr")
    local t_mbps t_rate t_rss
    t_mbps=$(fmt_mbps "$bytes" "$twm"); t_rate=$(fmt_rate "$count" "$twm"); t_rss=$(fmt_rss "$trm")
    local rps mbps
    rps=$(awk -v n="$count" -v s="$twm" 'BEGIN { print (s > 0 ? n / s : "") }')
    mbps=$(awk -v b="$bytes" -v s="$twm" 'BEGIN { print (s > 0 ? b / 1e6 / s : "") }')
    if [ "$tstatus" -ge 2 ]; then
        for ((a = 0; a < n; a++)); do
            skip_row "$workload" "${names[$a]}" "${ttexts[$a]}" "tool failed: exit $tstatus: $(head -n 1 "$tmp/stderr.tool")"
        done
        return
    fi
    for ((a = 0; a < n; a++)); do
        ins_tool=$tins
        # An anchor that is one of the tools (scale-out's -j 1) is counted too.
        [[ "${acmd[$a]}" == "$(printf '%q' "$tools")"/* ]] && ins_base=$(eval "instructions \"\$file\" ${acmd[$a]}")
        if [ -n "${skips[$a]}" ]; then
            row " $workload " " $t_mbps " " $t_rate " " $t_rss " " ${names[$a]} " " — " " — " " — " " — " " — " \
                " ${ttexts[$a]} " " skipped " " ${skips[$a]} "
            continue
        fi
        if [ "${astatus[$a]}" -ge 2 ]; then
            row " $workload " " $t_mbps " " $t_rate " " $t_rss " " ${names[$a]} " " — " " — " " — " " — " " — " \
                " ${ttexts[$a]} " " skipped " " anchor failed: exit ${astatus[$a]}: $(head -n 1 "$tmp/stderr.anchor.$a") "
            continue
        fi
        local awm acm arm ratio cratio result same
        awm=$(median <<<"${aw[$a]}"); acm=$(median <<<"${ac[$a]}"); arm=$(median <<<"${ar[$a]}")
        ratio=$(awk -v t="$twm" -v x="$awm" 'BEGIN { print (t > 0 ? x / t : "") }')
        cratio=$(awk -v t="$tcm" -v x="$acm" 'BEGIN { print (t > 0 ? x / t : "") }')
        result=$(check "${tspecs[$a]}" "$ratio" "$cratio" "$rps" "$mbps" "$trm")
        same=$(compare_outputs "$tmp/out.tool" "$tmp/out.anchor.$a")
        row " $workload " " $t_mbps " " $t_rate " " $t_rss " " ${names[$a]} " " $(fmt_mbps "$bytes" "$awm") " \
            " $(fmt_rate "$count" "$awm") " " $(fmt_rss "$arm") " " $(fmt_ratio "$twm" "$awm") " \
            " $(fmt_ratio "$tcm" "$acm") " " ${ttexts[$a]} " " $result " " $same "
    done
}

# variant WORKLOAD KIND SHAPE TARGET_TEXT TARGET_SPEC TOOL...: the tool on the
# data of KIND in SHAPE (invalid: 30% of the values rejected; crlf: CRLF lines)
# against the same tool on KIND as it is (all valid, LF), $runs times each,
# alternating; ratio is the plain data's median time over the shape's (the
# same number of records: records/s of the shape over records/s of the plain).
variant() {
    local workload=$1 kind=$2 shape=$3 ttext=$4 tspec=$5; shift 5
    local file base; file=$(data "$kind-$shape"); base=$(data "$kind")
    local why; why=$(tool_ready "$file" "$@")
    if [ -n "$why" ]; then skip_row "$workload" "the same, all valid and LF" "$ttext" "skipped: $why"; return; fi
    local tw= tc= tr= bw= bc= br= r
    for ((r = 1; r <= runs; r++)); do
        log "$workload: run $r of $runs"
        run_once "$file" "$tmp/out.tool" "$@"
        tw+=" $R_WALL"; tc+=" $R_CPU"; tr+=" $R_RSS"
        run_once "$base" "$tmp/out.base" "$@"
        bw+=" $R_WALL"; bc+=" $R_CPU"; br+=" $R_RSS"
    done
    local twm tcm bwm bcm bytes bbytes ratio cratio same
    twm=$(median <<<"$tw"); tcm=$(median <<<"$tc"); bwm=$(median <<<"$bw"); bcm=$(median <<<"$bc")
    bytes=$(wc -c <"$file"); bbytes=$(wc -c <"$base")
    ratio=$(awk -v t="$twm" -v x="$bwm" 'BEGIN { print (t > 0 ? x / t : "") }')
    cratio=$(awk -v t="$tcm" -v x="$bcm" 'BEGIN { print (t > 0 ? x / t : "") }')
    ins_tool=$(instructions "$file" "$@"); ins_base=$(instructions "$base" "$@")
    if [ "$shape" = crlf ]; then
        if tr -d '\r' <"$tmp/out.tool" | cmp -s - "$tmp/out.base"; then same="the plain output, CRLF-ended"
        else same="**differs** from the plain output"; fi
    else
        same="$(grep -c '^error' "$tmp/out.tool") error records"
    fi
    row " $workload " " $(fmt_mbps "$bytes" "$twm") " " $(fmt_rate "$records" "$twm") " " $(fmt_rss "$(median <<<"$tr")") " \
        " the same, all valid and LF " " $(fmt_mbps "$bbytes" "$bwm") " " $(fmt_rate "$records" "$bwm") " \
        " $(fmt_rss "$(median <<<"$br")") " " $(fmt_ratio "$twm" "$bwm") " " $(fmt_ratio "$tcm" "$bcm") " " $ttext " \
        " $(check "$tspec" "$ratio" "$cratio") " " $same "
}
# pair WORKLOAD KIND TARGET SPEC BASEKIND BASE_CMD -- CMD...: CMD on the data of
# KIND against BASE_CMD on the same numbers written plainly (BASEKIND): how
# much a notation costs (the amount styles against plain numconv); or, with
# the same KIND twice, how much an option costs. The base's column reads
# "plain numbers: BASE_CMD", or $pair_label when it is set
# (pair_label=TEXT pair ...).
pair() {
    local workload=$1 kind=$2 ttext=$3 tspec=$4 basekind=$5; shift 5
    local base_cmd=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do base_cmd+=("$1"); shift; done
    shift
    local file base; file=$(data "$kind"); base=$(data "$basekind")
    local blabel=${pair_label:-"plain numbers: ${base_cmd[*]##*/}"}
    local why; why=$(tool_ready "$file" "$@")
    if [ -n "$why" ]; then skip_row "$workload" "$blabel" "$ttext" "skipped: $why"; return; fi
    local tw= tc= tr= bw= bc= br= r
    for ((r = 1; r <= runs; r++)); do
        log "$workload: run $r of $runs"
        run_once "$file" "$tmp/out.tool" "$@"
        tw+=" $R_WALL"; tc+=" $R_CPU"; tr+=" $R_RSS"
        run_once "$base" "$tmp/out.base" "${base_cmd[@]}"
        bw+=" $R_WALL"; bc+=" $R_CPU"; br+=" $R_RSS"
    done
    local twm tcm bwm bcm ratio cratio same
    twm=$(median <<<"$tw"); tcm=$(median <<<"$tc"); bwm=$(median <<<"$bw"); bcm=$(median <<<"$bc")
    ratio=$(awk -v t="$twm" -v x="$bwm" 'BEGIN { print (t > 0 ? x / t : "") }')
    cratio=$(awk -v t="$tcm" -v x="$bcm" 'BEGIN { print (t > 0 ? x / t : "") }')
    ins_tool=$(instructions "$file" "$@"); ins_base=$(instructions "$base" "${base_cmd[@]}")
    if cmp -s "$tmp/out.tool" "$tmp/out.base"; then same="same output"
    else same="$(grep -c '^error' "$tmp/out.tool") error records; outputs differ"; fi
    row " $workload " " $(fmt_mbps "$(wc -c <"$file")" "$twm") " " $(fmt_rate "$records" "$twm") " " $(fmt_rss "$(median <<<"$tr")") " \
        " $blabel " " $(fmt_mbps "$(wc -c <"$base")" "$bwm") " " $(fmt_rate "$records" "$bwm") " \
        " $(fmt_rss "$(median <<<"$br")") " " $(fmt_ratio "$twm" "$bwm") " " $(fmt_ratio "$tcm" "$bcm") " " $ttext " \
        " $(check "$tspec" "$ratio" "$cratio") " " $same "
}

# padded WORKLOAD KIND WIDTH TARGET_TEXT TARGET_SPEC TOOL...: the tool with
# --width WIDTH against the same run without it, on the data of KIND, $runs
# times each, alternating; ratio is the plain run's median time over the
# padded one's. The outputs agree when the padded one, less the spaces
# before each line, is the plain one.
padded() {
    local workload=$1 kind=$2 width=$3 ttext=$4 tspec=$5; shift 5
    local file; file=$(data "$kind")
    local why; why=$(tool_ready "$file" "$@" --width "$width")
    if [ -n "$why" ]; then skip_row "$workload" "the same without --width" "$ttext" "skipped: $why"; return; fi
    local tw= tc= tr= bw= bc= br= r
    for ((r = 1; r <= runs; r++)); do
        log "$workload: run $r of $runs"
        run_once "$file" "$tmp/out.tool" "$@" --width "$width"
        tw+=" $R_WALL"; tc+=" $R_CPU"; tr+=" $R_RSS"
        run_once "$file" "$tmp/out.base" "$@"
        bw+=" $R_WALL"; bc+=" $R_CPU"; br+=" $R_RSS"
    done
    local twm tcm bwm bcm bytes ratio cratio same
    twm=$(median <<<"$tw"); tcm=$(median <<<"$tc"); bwm=$(median <<<"$bw"); bcm=$(median <<<"$bc")
    bytes=$(wc -c <"$file")
    ratio=$(awk -v t="$twm" -v x="$bwm" 'BEGIN { print (t > 0 ? x / t : "") }')
    cratio=$(awk -v t="$tcm" -v x="$bcm" 'BEGIN { print (t > 0 ? x / t : "") }')
    ins_tool=$(instructions "$file" "$@" --width "$width"); ins_base=$(instructions "$file" "$@")
    if sed 's/^ *//' "$tmp/out.tool" | cmp -s - "$tmp/out.base"; then same="the plain output, padded"
    else same="**differs** from the plain output"; fi
    row " $workload " " $(fmt_mbps "$bytes" "$twm") " " $(fmt_rate "$records" "$twm") " " $(fmt_rss "$(median <<<"$tr")") " \
        " the same without --width " " $(fmt_mbps "$bytes" "$bwm") " " $(fmt_rate "$records" "$bwm") " \
        " $(fmt_rss "$(median <<<"$br")") " " $(fmt_ratio "$twm" "$bwm") " " $(fmt_ratio "$tcm" "$bcm") " " $ttext " \
        " $(check "$tspec" "$ratio" "$cratio") " " $same "
}

# shapes WORKLOAD KIND TOOL...: the 30%-invalid and CRLF rows of a workload.
shapes() {
    local workload=$1 kind=$2; shift 2
    variant "$workload, 30% invalid" "$kind" invalid "≥0.5x of all valid" "ratio>=0.5" "$@"
    variant "$workload, CRLF" "$kind" crlf "≥0.9x of LF" "ratio>=0.9" "$@"
}

# --- The machine --------------------------------------------------------------------

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
swift_version=$(swift --version 2>/dev/null | head -n 1)
load_start=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)
started=$(date -u '+%Y-%m-%d %H:%M UTC')
t_start=$SECONDS

# --- Workloads ----------------------------------------------------------------------

bench_cmd=("$bin/numtools-bench")
fs_skip=
[ -x "$bin/numtools-bench" ] || fs_skip="numtools-bench not built (swift build -c release)"
anchors_py=("$py" "$here/bench/anchors.py")

if wants numgroup; then
    f=$(data plain)
    throughput "numgroup, plain numbers" "$f" "$records" "$tools/numgroup" \
        -- "numfmt --grouping" "$numfmt_skip" "≥10x" "ratio>=10" "${numfmt_env[@]}" numfmt --grouping
    f=$(data price)
    throughput "numgroup, prices" "$f" "$records" "$tools/numgroup" \
        -- "numfmt --grouping" "$numfmt_skip" "≥600 MB/s" "mbps>=600" "${numfmt_env[@]}" numfmt --grouping
    shapes "numgroup, plain numbers" plain "$tools/numgroup"
fi

if wants numconv; then
    for pair in "en_US ar_EG en_US" "en_US ne en_US" "de_DE en_US de_DE"; do
        set -- $pair
        f=$(data "$3")
        throughput "numconv $1 → $2" "$f" "$records" "$tools/numconv" --from "$1" --to "$2" \
            -- "FormatStyle per record" "$fs_skip" "≥30x" "ratio>=30" "${bench_cmd[@]}" numconv "$1" "$2" \
            -- "Babel parse+format_decimal" "$babel_skip" "≥100x" "ratio>=100" "${anchors_py[@]}" numconv "$1" "$2"
    done
    f=$(data price)
    throughput "numconv en_US → de_DE, prices" "$f" "$records" "$tools/numconv" --from en_US --to de_DE \
        -- "FormatStyle per record" "$fs_skip" "≥25M rec/s" "rps>=25000000" "${bench_cmd[@]}" numconv en_US de_DE
    shapes "numconv en_US → ar_EG" en_US "$tools/numconv" --from en_US --to ar_EG
fi

if wants amounts; then
    # numconv's amount styles against plain numconv on the same numbers, and
    # against price-parser on the same cells (issue 27: within 1.5x of plain,
    # 50x price-parser; issue 31: 0.66x of plain).
    nc="$tools/numconv"
    pair "numconv --style currency, de_DE amounts" de_DE_eur_minus "≥0.66x of plain" "ratio>=0.66" de_DE \
        "$nc" --from de_DE --to C -- "$nc" --style currency --from de_DE --to C
    pair "numconv --style accounting, de_DE amounts" de_DE_eur "≥0.66x of plain" "ratio>=0.66" de_DE \
        "$nc" --from de_DE --to C -- "$nc" --style accounting --from de_DE --to C
    pair "numconv --style auto, en_US amounts" en_US_usd "≥0.66x of plain" "ratio>=0.66" en_US \
        "$nc" --from en_US --to C -- "$nc" --style auto --from en_US --to C
    pair "numconv --style compact, 1234.5K" plain_k "≥0.66x of plain" "ratio>=0.66" plain \
        "$nc" --from en_US --to C -- "$nc" --style compact --from en_US --to C
    pair "numconv --style scientific, 1234.5E3" plain_e "≥0.66x of plain" "ratio>=0.66" plain \
        "$nc" --from en_US --to C -- "$nc" --style scientific --from en_US --to C
    f=$(data de_DE_eur)
    throughput "numconv --style currency --code, de_DE amounts" "$f" "$records" \
        "$nc" --style accounting --from de_DE --to C --code \
        -- "price-parser Price.fromstring" "$pp_skip" "≥50x" "ratio>=50" "${anchors_py[@]}" priceparser
fi

if wants units; then
    # coinfmt's unit styles against GNU numfmt on the same byte counts (issue
    # 28: 10x), with numfmt's rounding so that the outputs agree; numconv's
    # readings of them against plain numconv on the same numbers (issue 31:
    # 0.66x of plain).
    f=$(data bytes)
    throughput "coinfmt --style si, byte counts" "$f" "$records" "$tools/coinfmt" --style si --rounding up \
        -- "numfmt --to=si" "$numfmt_skip" "≥10x" "ratio>=10" "${numfmt_env[@]}" numfmt --to=si
    throughput "coinfmt --style iec, byte counts" "$f" "$records" "$tools/coinfmt" --style iec --rounding up \
        -- "numfmt --to=iec" "$numfmt_skip" "≥10x" "ratio>=10" "${numfmt_env[@]}" numfmt --to=iec
    throughput "coinfmt --style bytes, byte counts" "$f" "$records" "$tools/coinfmt" --style bytes \
        -- "numfmt --to=si --suffix=B" "$numfmt_skip" "" "" "${numfmt_env[@]}" numfmt --to=si --suffix=B
    nc="$tools/numconv"
    pair "numconv --style si, 1234.5K" plain_k "≥0.66x of plain" "ratio>=0.66" plain \
        "$nc" --from en_US --to C -- "$nc" --style si --from en_US --to C
    pair "numconv --style iec-i, 1234.5Ki" plain_ki "≥0.66x of plain" "ratio>=0.66" plain \
        "$nc" --from en_US --to C -- "$nc" --style iec-i --from en_US --to C
    pair "numconv --style bytes, 1234.5 GB" plain_gb "≥0.66x of plain" "ratio>=0.66" plain \
        "$nc" --from en_US --to C -- "$nc" --style bytes --from en_US --to C
fi

if wants words; then
    # coinfmt's words against num2words on the same integers (issue 29: ≥1M
    # values/s; issue 31: ≥100x num2words).
    f=$(data integers)
    throughput "coinfmt --style words, en_US integers" "$f" "$records" "$tools/coinfmt" --style words --locale en_US \
        -- "num2words(lang=en)" "$n2w_skip" "≥100x and ≥1M rec/s" "ratio>=100,rps>=1000000" \
        "${anchors_py[@]}" num2words en
    throughput "coinfmt --style words, ko_KR integers" "$f" "$records" "$tools/coinfmt" --style words --locale ko_KR \
        -- "num2words(lang=ko)" "$n2w_skip" "≥100x and ≥1M rec/s" "ratio>=100,rps>=1000000" \
        "${anchors_py[@]}" num2words ko
    # numconv reading what coinfmt wrote: every value distinct (each read by
    # the search over the rules), then a column of 1,000 amounts repeated
    # (read once each, then from the converter's cache), and ko_KR's words
    # against plain numconv on the same integers.
    words_en=$tmp/data.words-en_US
    [ -s "$words_en" ] || "$tools/coinfmt" --style words --locale en_US <"$f" >"$words_en"
    throughput "numconv --style words, en_US words, all distinct" "$words_en" "$records" \
        "$tools/numconv" --style words --from en_US --to C \
        -- "text2num(lang=en)" "$t2n_skip" "≥100x and ≥1M rec/s" "ratio>=100,rps>=1000000" \
        "${anchors_py[@]}" text2num en
    words_rep=$tmp/data.words-en_US-1000
    [ -s "$words_rep" ] || awk -v n="$records" 'NR <= 1000 { v[NR] = $0 } END { for (i = 0; i < n; i++) print v[i % 1000 + 1] }' \
        "$words_en" >"$words_rep"
    throughput "numconv --style words, en_US words, 1,000 amounts repeated" "$words_rep" "$records" \
        "$tools/numconv" --style words --from en_US --to C \
        -- "text2num(lang=en)" "$t2n_skip" "≥100x and ≥1M rec/s" "ratio>=100,rps>=1000000" \
        "${anchors_py[@]}" text2num en
    words_ko=$tmp/data.words-ko_KR.1  # (data words-ko_KR)
    [ -s "$words_ko" ] || "$tools/coinfmt" --style words --locale ko_KR <"$f" >"$words_ko"
    pair "numconv --style words, ko_KR words, all distinct" words-ko_KR "≥1M rec/s" "" integers \
        "$tools/numconv" --from en_US --to C -- "$tools/numconv" --style words --from ko_KR --to C
fi

if wants phonefmt; then
    f=$(data phone)
    throughput "phonefmt KR, pasted shapes" "$f" "$records" "$tools/phonefmt" --region KR --format national \
        -- "phonenumbers parse+valid+format" "$pn_skip" "≥100x and ≥2M rec/s" "ratio>=100,rps>=2000000" \
        "${anchors_py[@]}" phonefmt KR national
    shapes "phonefmt KR" phone "$tools/phonefmt" --region KR --format national
fi

if wants coinfmt; then
    f=$(data price)
    throughput "coinfmt USD, 2-6 fraction digits" "$f" "$records" \
        "$tools/coinfmt" --currency USD --min-fraction 2 --max-fraction 6 \
        -- "FormatStyle.Currency per record" "$fs_skip" "≥20x and ≥25M rec/s" "ratio>=20,rps>=25000000" "${bench_cmd[@]}" coinfmt USD en_US 2 6 \
        -- "Babel format_currency" "$babel_skip" "≥100x" "ratio>=100" "${anchors_py[@]}" coinfmt USD en_US 2 6
    shapes "coinfmt USD" price "$tools/coinfmt" --currency USD --min-fraction 2 --max-fraction 6
fi

if wants csv; then
    f=$(data csv)
    throughput "CSV: numgroup --csv -f 3, 6 columns" "$f" "$records" "$tools/numgroup" --csv --header -f 3 \
        -- "mlr --csv (regex loop on field 3)" "$mlr_skip" "≥100 MB/s and ≥25x" "mbps>=100,ratio>=25" \
        mlr --csv put 'while ($amount =~ "^(-?[0-9]+)([0-9]{3})(.*)$") { $amount = "\1,\2\3" }'
fi

if wants width; then
    # --width against the same run without it (issue 28: at most 10% more).
    padded "coinfmt USD --width 14" price 14 "≥0.9x of without" "ratio>=0.9" \
        "$tools/coinfmt" --currency USD --min-fraction 2 --max-fraction 6
    padded "numconv en_US → de_DE --width 14" en_US 14 "≥0.9x of without" "ratio>=0.9" \
        "$tools/numconv" --from en_US --to de_DE
    padded "numgroup, plain numbers --width 16" plain 16 "≥0.9x of without" "ratio>=0.9" "$tools/numgroup"
fi

if wants unitsin; then
    # numconv reading numfmt's notations against numfmt --from on the same
    # file (issue 31: numconv 10x numfmt). numfmt rounds to an integer where
    # numconv keeps every digit (1.2345K is 1234.5 to numconv, 1235 to
    # numfmt), so the outputs differ on the values with fraction digits.
    f=$(data plain_k)
    throughput "numconv --style si, 1234.5K" "$f" "$records" "$tools/numconv" --style si --from en_US --to C \
        -- "numfmt --from=si" "$numfmt_skip" "≥10x" "ratio>=10" "${numfmt_env[@]}" numfmt --from=si
    f=$(data plain_ki)
    throughput "numconv --style iec-i, 1234.5Ki" "$f" "$records" "$tools/numconv" --style iec-i --from en_US --to C \
        -- "numfmt --from=iec-i" "$numfmt_skip" "≥10x" "ratio>=10" "${numfmt_env[@]}" numfmt --from=iec-i
fi

if wants phoneopts; then
    # phonefmt's other formats and fields against --format e164 on the same
    # numbers (issue 31: at least 0.8x of it); --match on two columns of those
    # numbers (every other row the same number twice) against --format e164
    # on both columns.
    pf="$tools/phonefmt"
    pair_label="phonefmt --format e164" pair "phonefmt KR --short --format e164" phone "≥0.8x of e164" "ratio>=0.8" phone \
        "$pf" --region KR --format e164 -- "$pf" --region KR --short --format e164
    pair_label="phonefmt --format e164" pair "phonefmt KR --format out-of-country --from-region US" phone \
        "≥0.8x of e164" "ratio>=0.8" phone \
        "$pf" --region KR --format e164 -- "$pf" --region KR --format out-of-country --from-region US
    pair_label="phonefmt --format e164" pair "phonefmt KR --format key" phone "≥0.8x of e164" "ratio>=0.8" phone \
        "$pf" --region KR --format e164 -- "$pf" --region KR --format key
    pairs=$tmp/data.phone_pairs.1  # (data phone_pairs)
    [ -s "$pairs" ] || awk '{ print $0 "," (NR % 2 ? $0 : prev); prev = $0 }' "$(data phone)" >"$pairs"
    pair_label="phonefmt --csv -f 1,2 --format e164" pair "phonefmt KR --csv -f 1,2 --match" phone_pairs \
        "≥0.8x of e164" "ratio>=0.8" phone_pairs \
        "$pf" --region KR --csv -f 1,2 --format e164 -- "$pf" --region KR --csv -f 1,2 --match
fi

if wants csvopts; then
    # The CSV options against the same job without them (issue 31: within
    # 10%): a field by its header name, the result appended as a field of its
    # own, and a bad cell kept in place (on the CSV with 30% bad amounts,
    # against error records).
    ng="$tools/numgroup"
    pair_label="numgroup --csv --header -f 3" pair "CSV: numgroup --csv --header -f amount" csv \
        "≥0.9x of -f 3" "ratio>=0.9" csv "$ng" --csv --header -f 3 -- "$ng" --csv --header -f amount
    pair_label="numgroup --csv --header -f 3" pair "CSV: numgroup --csv --header -f 3 --append" csv \
        "≥0.9x of without" "ratio>=0.9" csv "$ng" --csv --header -f 3 -- "$ng" --csv --header -f 3 --append
    pair_label="numgroup --csv --header -f 3 (error records)" pair \
        "CSV, 30% bad amounts: numgroup --csv --header -f 3 --on-error field" csv-invalid \
        "≥0.9x of without" "ratio>=0.9" csv-invalid "$ng" --csv --header -f 3 -- "$ng" --csv --header -f 3 --on-error field
fi

if wants floor; then
    # numgroup against the floor of its job on the same file: a C program
    # that finds each line with memchr and copies it out
    # (scripts/bench/floor.c; issue 31: numgroup within 1.25x of it). The
    # floor writes its input unchanged, so the outputs differ where numgroup
    # groups.
    floor_bin=$tmp/floor floor_skip=
    if ! have cc; then floor_skip="no C compiler (cc)"
    elif ! cc -O2 -o "$floor_bin" "$here/bench/floor.c" 2>"$tmp/cc.err"; then
        floor_skip="cc -O2 scripts/bench/floor.c failed: $(head -n 1 "$tmp/cc.err")"
    fi
    for spec in "plain|plain numbers" "price|prices"; do
        IFS='|' read -r kind name <<<"$spec"
        throughput "numgroup, $name, against the floor" "$(data "$kind")" "$records" "$tools/numgroup" \
            -- "C memchr+copy floor" "$floor_skip" "within 1.25x (≥0.80x)" "ratio>=0.8" "$floor_bin"
    done
fi

# startup NAME CMD...: median seconds for 200 runs of CMD (output discarded).
startup_time() {
    local samples= r i start end
    for ((r = 1; r <= runs; r++)); do
        start=$EPOCHREALTIME
        for ((i = 0; i < 200; i++)); do "$@" >/dev/null 2>&1; done
        end=$EPOCHREALTIME
        samples+=" $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')"
    done
    median <<<"$samples"
}
per_run() { awk -v s="$1" 'BEGIN { printf "%.0f runs/s (%.2f ms a run)", 200 / s, s / 200 * 1000 }'; }
# startup_row LABEL TARGET COMPARE ANCHOR_LABEL CMD... -- ANCHOR...: 200 runs
# of CMD against 200 of ANCHOR, one sample each in turn, $runs times; TARGET
# is the most times ANCHOR's start-up CMD may take ("" to report only);
# COMPARE true compares their outputs.
startup_row() {
    local label=$1 target=$2 compare=$3 alabel=$4; shift 4
    local cmd=() r ts= as= tm am trss arss same=— want=report spec=
    while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
    shift
    if [ -n "$target" ]; then
        want="within ${target}x (≥$(awk -v t="$target" 'BEGIN { printf "%.2f", 1 / t }')x)"
        spec="ratio>=$(awk -v t="$target" 'BEGIN { print 1 / t - 0.00005 }')"
    fi
    log "$label"
    for ((r = 1; r <= runs; r++)); do  # alternate, one sample each
        ts+=" $(runs=1 startup_time "${cmd[@]}")"
        as+=" $(runs=1 startup_time "$@")"
    done
    tm=$(median <<<"$ts"); am=$(median <<<"$as")
    run_once /dev/null "$tmp/out.tool" "${cmd[@]}"; trss=$R_RSS
    run_once /dev/null "$tmp/out.anchor" "$@"; arss=$R_RSS
    # rss_margin (KiB), when set: the most the tool's peak RSS may exceed the anchor's.
    if [ -n "${rss_margin:-}" ] && [ -n "$arss" ]; then
        want+=", peak RSS ≤ anchor's + $((rss_margin / 1024)) MiB"
        spec+="${spec:+,}rss<=$((arss + rss_margin))"
    fi
    $compare && same=$(compare_outputs "$tmp/out.tool" "$tmp/out.anchor")
    row " $label " " — " " $(per_run "$tm") " " $(fmt_rss "$trss") " " $alabel ×200 " " — " \
        " $(per_run "$am") " " $(fmt_rss "$arss") " " $(fmt_ratio "$tm" "$am") " " — " " $want " \
        " $(check "$spec" "$(awk -v t="$tm" -v x="$am" 'BEGIN { print x / t }')" "" "" "" "$trss") " " $same "
}
if wants startup; then
    # NAME|TARGET RATIO|TOOL ARGUMENTS: each run against numfmt in the same loop.
    specs=("numgroup|2|numgroup 1234" "numconv|3|numconv --from en_US --to de_DE 1234"
           "phonefmt|2|phonefmt -r KR 01012345678" "coinfmt|3|coinfmt -c USD 1234")
    # The installed links; and, for comparison, numgroup of the plain build
    # (shared Swift runtime), when this run built it.
    builds=()
    if [ -n "$static_bin" ]; then
        $built && [ -x "$bin/numgroup" ] && builds+=("$bin|swift build -c release|${specs[0]}")
        for spec in "${specs[@]}"; do builds+=("$static_bin|installed numtools, link|$spec"); done
    else
        for spec in "${specs[@]}"; do
            builds+=("$bin|$($built && echo "swift build -c release" || echo "--bin $bin")|$spec")
        done
    fi
    for b in "${builds[@]}"; do
        IFS='|' read -r dir build name target cmdline <<<"$b"
        read -ra cmd <<<"$cmdline"
        cmd[0]="$dir/${cmd[0]}"
        label="start-up: $cmdline ×200 ($build)"
        if [ -n "$numfmt_skip" ]; then
            skip_row "$label" "numfmt --grouping 1234 ×200" "within ${target}x" "$numfmt_skip"; continue
        fi
        # Only numgroup's output is numfmt's to compare.
        startup_row "$label" "$target" "$([ "$name" = numgroup ] && echo true || echo false)" \
            "numfmt --grouping 1234" "${cmd[@]}" -- "${numfmt_env[@]}" numfmt --grouping 1234
    done
fi

if wants hello; then
    # Each installed tool against a static Swift hello world (swiftc -O
    # -static-executable, as the install links numtools), the least a Swift
    # program's start-up costs (issue 46: each tool within 1.2x of it, its
    # peak RSS at most 8 MiB over the hello world's).
    hello=$tmp/hello hello_skip=
    printf 'print("1,234")\n' >"$tmp/hello.swift"
    log "building a static Swift hello world"
    swiftc -O -static-executable -o "$hello" "$tmp/hello.swift" >"$tmp/hello.err" 2>&1 \
        || hello_skip="swiftc -O -static-executable failed: $(head -n 1 "$tmp/hello.err")"
    for spec in "numgroup|1.2|numgroup 1234" "numconv|1.2|numconv --from en_US --to de_DE 1234" \
                "phonefmt|1.2|phonefmt -r KR 01012345678" "coinfmt|1.2|coinfmt -c USD 1234"; do
        IFS='|' read -r name target cmdline <<<"$spec"
        read -ra cmd <<<"$cmdline"
        cmd[0]="$tools/${cmd[0]}"
        label="start-up: $cmdline ×200, against a static Swift hello world"
        if [ -n "$hello_skip" ]; then skip_row "$label" "hello world ×200" "${target:-report}" "$hello_skip"; continue; fi
        rss_margin=8192 startup_row "$label" "$target" false "static Swift hello world" "${cmd[@]}" -- "$hello"
    done
    # The installed executable's size (stripped, as scripts/install.sh
    # leaves it) against the hello world's, and the ICU symbols in it
    # (issue 46: at most 20 MB, none).
    label="size: the installed numtools executable, stripped"
    if [ -n "$hello_skip" ] || [ -z "$static_bin" ]; then
        skip_row "$label" "static Swift hello world" "≤ 20 MB, no ICU symbol" \
            "${hello_skip:-no install (--no-static): only the install is the shipped size}"
    else
        strip -o "$tmp/hello.stripped" "$hello" 2>/dev/null || cp "$hello" "$tmp/hello.stripped"
        exe=$(readlink -f "$static_bin/numtools")
        tsize=$(wc -c <"$exe"); hsize=$(wc -c <"$tmp/hello.stripped")
        # The symbols are counted in the build the install stripped ($bin, the
        # same path: scripts/install.sh's build replaces the plain one there).
        icu=$({ nm "$bin/numtools" 2>/dev/null || true; } | grep -cE 'icu_[0-9]|swift_u[a-z0-9]*_|icudt' || true)
        mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
        result=pass
        { [ "$tsize" -le 20000000 ] && [ "$icu" = 0 ]; } || result="**fail**"
        row " $label " " — " " $(mb "$tsize") " " — " " static Swift hello world, stripped " " — " \
            " $(mb "$hsize") " " — " " $(fmt_ratio "$hsize" "$tsize") " " — " " ≤ 20 MB, no ICU symbol " \
            " $result " " $icu ICU symbols (nm of the unstripped build) "
    fi
fi

if wants memory; then
    big=$((records * 10))
    for spec in "numgroup|plain|numgroup" "numconv|en_US|numconv --from en_US --to ar_EG" \
                "phonefmt|phone|phonefmt --region KR --format national" \
                "coinfmt|price|coinfmt --currency USD --min-fraction 2 --max-fraction 6" \
                "numgroup --csv|csv|numgroup --csv --header -f 3"; do
        IFS='|' read -r name kind cmdline <<<"$spec"
        read -ra cmd <<<"$cmdline"
        cmd[0]="$tools/${cmd[0]}"
        label="memory: $name, $(awk -v n="$big" 'BEGIN { printf "%gM", n / 1e6 }') records"
        why=$(tool_ready "$(data "$kind")" "${cmd[@]}")
        if [ -n "$why" ]; then skip_row "$label" "—" "peak RSS ≤ 32 MiB" "skipped: $why"; log "$label: skipped: $why"; continue; fi
        f=$(data "$kind" 10)
        log "$label"
        if [ -n "$gnu_time" ]; then run_once "$f" /dev/null "${cmd[@]}"; else run_polled "$f" /dev/null "${cmd[@]}"; fi
        bytes=$(wc -c <"$f")
        row " $label " " $(fmt_mbps "$bytes" "$R_WALL") " " $(fmt_rate "$big" "$R_WALL") " " $(fmt_rss "$R_RSS") " \
            " — " " — " " — " " — " " — " " — " " peak RSS ≤ 32 MiB " " $(check "rss<=32768" "" "" "" "" "$R_RSS") " \
            " one run; exit $R_STATUS "
    done
fi

# loop_time N IN CMD...: wall seconds of N runs of CMD <IN >/dev/null in a row.
loop_time() {
    local n=$1 in=$2 i start; shift 2
    start=$EPOCHREALTIME
    for ((i = 0; i < n; i++)); do "$@" <"$in" >/dev/null 2>&1; done
    awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f", b - a }'
}
if wants growth; then
    # Every style this round added, on 10^5, 10^6 and 10^7 records (the first
    # tenth of the 1M file, the file, the file 10 times): the time a record
    # at each size past the first 1,000 (the run's time less a run on those
    # 1,000 alone: start-up, and what the first values derive once, such as
    # a locale's byte labels), flat within 15% (the ratio column: the
    # largest over the smallest), and the peak RSS at 10^7 (issue 31: ≤ 32
    # MiB). The 1,000 and 10^5 are timed as 10 runs in a row, the median of
    # $runs such loops; 10^6 the median of $runs runs; 10^7 one run.
    words_en=$tmp/data.words-en_US.1  # (data words-en_US)
    [ -s "$words_en" ] || "$tools/coinfmt" --style words --locale en_US <"$(data integers)" >"$words_en"
    nc="numconv --from en_US --to C"
    for spec in "numconv --style currency|de_DE_eur_minus|numconv --style currency --from de_DE --to C" \
                "numconv --style accounting|de_DE_eur|numconv --style accounting --from de_DE --to C" \
                "numconv --style auto|en_US_usd|$nc --style auto" "numconv --style compact|plain_k|$nc --style compact" \
                "numconv --style scientific|plain_e|$nc --style scientific" "numconv --style si|plain_k|$nc --style si" \
                "numconv --style iec-i|plain_ki|$nc --style iec-i" "numconv --style bytes|plain_gb|$nc --style bytes" \
                "numconv --style words|words-en_US|$nc --style words" \
                "coinfmt --style si|bytes|coinfmt --style si" "coinfmt --style iec|bytes|coinfmt --style iec" \
                "coinfmt --style bytes|bytes|coinfmt --style bytes" \
                "coinfmt --style words|integers|coinfmt --style words --locale en_US"; do
        IFS='|' read -r name kind cmdline <<<"$spec"
        read -ra cmd <<<"$cmdline"
        cmd[0]="$tools/${cmd[0]}"
        label="growth: $name, 10^5 to 10^7 records"
        one=$(data "$kind")
        why=$(tool_ready "$one" "${cmd[@]}")
        if [ -n "$why" ]; then skip_row "$label" "—" "flat within 15%" "skipped: $why"; log "$label: skipped: $why"; continue; fi
        head -n 1000 "$one" >"$tmp/growth.first"
        head -n $((records / 10)) "$one" >"$tmp/growth.small"
        big=$(data "$kind" 10)
        log "$label"
        e= s= m=
        for ((r = 1; r <= runs; r++)); do
            e+=" $(loop_time 10 "$tmp/growth.first" "${cmd[@]}")"
            s+=" $(loop_time 10 "$tmp/growth.small" "${cmd[@]}")"
            m+=" $(loop_time 1 "$one" "${cmd[@]}")"
        done
        run_once "$big" /dev/null "${cmd[@]}"
        per=$(awk -v e="$(median <<<"$e")" -v s="$(median <<<"$s")" -v m="$(median <<<"$m")" -v b="$R_WALL" -v n="$records" 'BEGIN {
            e /= 10; s /= 10
            a[1] = (s - e) / (n / 10 - 1000) * 1e9; a[2] = (m - e) / (n - 1000) * 1e9; a[3] = (b - e) / (n * 10 - 1000) * 1e9
            lo = a[1]; hi = a[1]
            for (i = 2; i <= 3; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
            printf "%.0f / %.0f / %.0f ns|%s", a[1], a[2], a[3], (lo > 0 ? hi / lo : "") }')
        spread=${per#*|}
        row " $label " " $(fmt_mbps "$(wc -c <"$big")" "$R_WALL") " " $(fmt_rate $((records * 10)) "$R_WALL") " \
            " $(fmt_rss "$R_RSS") " " a record at 10^5 / 10^6 / 10^7, past the first 1,000 " " — " " ${per%|*} " " — " \
            " $(awk -v x="$spread" 'BEGIN { printf (x == "" ? "n/a" : "%.2fx"), x }') " " — " \
            " peak RSS ≤ 32 MiB; flat within 15% " " $(check "ratio<=1.15,rss<=32768" "$spread" "" "" "" "$R_RSS") " \
            " exit $R_STATUS at 10^7 "
        rm -f "$big"
    done
fi

if wants scaleout; then
    big=$((records * 10))
    for spec in "numgroup|plain|numgroup" "numconv en_US → ar_EG|en_US|numconv --from en_US --to ar_EG" \
                "phonefmt|phone|phonefmt --region KR --format national" \
                "coinfmt|price|coinfmt --currency USD --min-fraction 2 --max-fraction 6"; do
        IFS='|' read -r name kind cmdline <<<"$spec"
        read -ra cmd <<<"$cmdline"
        cmd[0]="$tools/${cmd[0]}"
        label="scale-out: $name, $(awk -v n="$big" 'BEGIN { printf "%gM", n / 1e6 }') records, parallel --pipe -k -j2"
        why=$(tool_ready "$(data "$kind")" "${cmd[@]}")
        if [ -n "$why" ]; then skip_row "$label" "one process" "report" "skipped: $why"; log "$label: skipped: $why"; continue; fi
        f=$(data "$kind" 10)
        # The tool's own threads: -j 2 against one thread, same output.
        # numgroup is bound by its input and output, the others by the CPU.
        target="≥1.7x"; spec="ratio>=1.7"
        [ "$name" = numgroup ] && { target="report"; spec=""; }
        throughput "scale-out: $name, $(awk -v n="$big" 'BEGIN { printf "%gM", n / 1e6 }') records, -j 2" "$f" "$big" \
            "${cmd[@]}" -j 2 -- "-j 1" "" "$target" "$spec" "${cmd[@]}" -j 1
        [ -n "$parallel_skip" ] && { skip_row "$label" "one process" "report" "$parallel_skip"; continue; }
        # Exit 1 means some records were errors (phonefmt's data has invalid
        # numbers); GNU parallel would count every such job as failed.
        job="$(printf '%q ' "${cmd[@]}"); test \$? -le 1"
        throughput "$label" "$f" "$big" parallel --will-cite --pipe -k -j2 --block 8M "$job" \
            -- "one process" "" "report" "" "${cmd[@]}"
        # Not in the issue, for comparison: --pipepart splits the file by seeking
        # instead of passing every byte through parallel.
        throughput "${label/--pipe -k/--pipepart -a FILE --block -1 -k}" "$f" "$big" \
            parallel --will-cite --pipepart -a "$f" --block -1 -k -j2 "$job" \
            -- "one process" "" "report" "" "${cmd[@]}"
    done
fi

# --- Report -------------------------------------------------------------------------

load_end=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)
echo "numtools benchmark, $started, $((SECONDS - t_start)) s"
echo
echo "- machine: ${cpu:-unknown CPU}, $(nproc 2>/dev/null || echo '?') cores, ${mem:-? GiB}; $(uname -srm)"
commit=$(git -C "$root" describe --always --dirty 2>/dev/null)
echo "- ${swift_version:-swift: unknown}; tools: $tools${commit:+ (source tree at $commit)}"
echo "- $records records a workload (memory and scale-out: $((records * 10))), $runs runs each, tool and anchors alternating; medians"
echo "- load average at start $load_start, at end $load_end; data and outputs in $base ($(stat -f -c %T "$base" 2>/dev/null || echo '?'))"
echo "- ratio: anchor's median time / tool's (above 1 the tool is faster); CPU ratio: the same with user+sys time"
if $count_instructions && have valgrind; then
    echo "- instr/record: callgrind's instructions a record on the first $instr_sample records, less start-up (the tool's, and the anchor's where the anchor is one of the tools)"
else
    echo "- instr/record: not counted ($($count_instructions && echo "no valgrind" || echo "--no-instructions"))"
fi
echo
echo "| workload | tool MB/s | tool records/s | tool peak RSS | tool instr/record | anchor | anchor MB/s | anchor records/s | anchor peak RSS | anchor instr/record | ratio | CPU ratio | target | result | output vs anchor |"
echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
