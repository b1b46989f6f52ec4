#!/usr/bin/env bash
# Runs numtools on Apache Spark and checks that the result equals one process's.
#
#   scripts/spark-check.sh [--records N] [--partitions N] [--keep]
#
# 1. Java: `java` 11 or later on PATH (else apt-get installs
#    openjdk-17-jre-headless); JAVA_HOME is derived from it when unset or wrong.
# 2. PySpark $PYSPARK_VERSION from PyPI in a virtual environment,
#    .build/spark-venv (made with python3 -m venv; reused when it has that
#    version), a link to ~/.cache/numtools/spark-venv-$PYSPARK_VERSION (or
#    $NUMTOOLS_SPARK_CACHE/...), which every clone reuses: pip runs only
#    when no environment with that version exists. Java is installed only
#    when missing. The system's Python is not changed.
# 3. swift build -c release --product coinfmt, and numgroup.
# 4. scripts/spark-pipe-test.py: the partition logic, without Spark.
# 5. A generated CSV (default 1,000,000 rows after a header; a fixed-seed
#    generator, so the same bytes every run; a byte-order mark before the
#    header; about 1 row in 100 has a value the tool rejects, 1 in 8 a quoted
#    field, 1 in 50 ends with CRLF, 1 in 5000 is an earlier pass's error
#    record, to pass through), then two jobs in local[2] mode on
#    8 partitions, each compared byte for byte with one process on the same
#    file:
#      coinfmt --csv -f 3 --currency EUR --locale de_DE, header, error records
#        to their own dataset (one process: --header --errors FILE)
#      numgroup --csv -f 4, header, error records in place
#    The part files are concatenated in order; the error dataset must hold
#    the one process's error records, record numbers included.
# 6. Prints wall seconds and records/s of each job and of one process.
#
# Exits 0 when everything agrees, 1 on any difference, 2 on a setup failure.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
PYSPARK_VERSION=3.5.9
records=1000000
partitions=8
keep=false
die() { echo "spark-check: $*" >&2; exit 2; }
log() { echo "spark-check: $*" >&2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --records) [ $# -ge 2 ] || die "--records needs a number"; records=$2; shift 2;;
        --partitions) [ $# -ge 2 ] || die "--partitions needs a number"; partitions=$2; shift 2;;
        --keep) keep=true; shift;;
        -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0;;
        *) die "unknown argument '$1' (see --help)";;
    esac
done
[[ "$records" =~ ^[1-9][0-9]*$ ]] || die "--records must be a positive number"
[[ "$partitions" =~ ^[1-9][0-9]*$ ]] || die "--partitions must be a positive number"
export LC_ALL=C
unset LANG LC_NUMERIC LC_MONETARY
t0=$SECONDS

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
    log "installing $* (apt-get)"
    as_root apt-get update -qq >/dev/null && \
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- Java ---------------------------------------------------------------------------
java_major() {  # the major version of the java on PATH, or nothing
    java -version 2>&1 | awk -F'"' '/version/ { split($2, v, "."); print (v[1] == 1 ? v[2] : v[1]); exit }'
}
major=$(command -v java >/dev/null 2>&1 && java_major)
if [ -z "$major" ] || [ "$major" -lt 11 ]; then
    apt_install openjdk-17-jre-headless || die "could not install openjdk-17-jre-headless"
    major=$(java_major)
fi
[ -n "$major" ] && [ "$major" -ge 11 ] || die "no Java 11 or later"
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ]; then
    JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
fi
export JAVA_HOME
log "Java $major ($JAVA_HOME)"

# --- PySpark in .build/spark-venv ----------------------------------------------------
venv=$root/.build/spark-venv
# The environment itself lives in the user's cache, shared by every clone and
# worktree (.build/spark-venv links to it), so a clean clone does not install
# PySpark again; NUMTOOLS_SPARK_CACHE moves it.
cached=${NUMTOOLS_SPARK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/numtools}/spark-venv-$PYSPARK_VERSION
py=$venv/bin/python
has_pyspark() { [ -x "$1/bin/python" ] && "$1/bin/python" -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$PYSPARK_VERSION')" 2>/dev/null; }
t_venv=$SECONDS
# One run at a time installs it (other clones may run this check at once).
mkdir -p "$(dirname "$cached")"
exec 9>"$cached.lock"
command -v flock >/dev/null 2>&1 && flock -w 1200 9
if has_pyspark "$venv"; then
    log "reusing $venv (pyspark $PYSPARK_VERSION)"
elif has_pyspark "$cached"; then
    rm -rf "$venv"
    mkdir -p "$root/.build"
    ln -s "$cached" "$venv"
    log "reusing $cached (pyspark $PYSPARK_VERSION) as $venv"
else
    rm -rf "$venv" "$cached"
    mkdir -p "$root/.build" "$(dirname "$cached")"
    if ! python3 -m venv "$cached" 2>/dev/null; then
        rm -rf "$cached"
        apt_install python3-venv || die "python3 -m venv failed and python3-venv did not install"
        python3 -m venv "$cached" || die "python3 -m venv failed"
    fi
    log "pip install pyspark==$PYSPARK_VERSION into $cached"
    "$cached/bin/python" -m pip install -q --disable-pip-version-check "pyspark==$PYSPARK_VERSION" \
        || { rm -rf "$cached"; die "pip install pyspark failed"; }
    ln -s "$cached" "$venv"
fi
exec 9>&-
venv_seconds=$((SECONDS - t_venv))

# --- The tools -------------------------------------------------------------------------
t_build=$SECONDS
for product in coinfmt numgroup; do
    (cd "$root" && swift build -c release --product "$product" 2>&1 | tail -1) >&2 || die "swift build --product $product failed"
done
bin=$(cd "$root" && swift build -c release --show-bin-path) || die "swift build --show-bin-path failed"
[ -x "$bin/coinfmt" ] && [ -x "$bin/numgroup" ] || die "the tools are not in $bin"
build_seconds=$((SECONDS - t_build))

# --- The partition logic, without Spark ------------------------------------------------
NUMTOOLS_BIN=$bin "$py" "$here/spark-pipe-test.py" || { echo "spark-check: spark-pipe-test.py failed"; exit 1; }

# --- The data ------------------------------------------------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/numtools-spark.XXXXXX")
cleanup() { if $keep; then log "kept $tmp"; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
data=$tmp/data.csv
awk -v n="$records" '
    function rnd(m) { state = (state * 48271) % 2147483647; return int(state / 2147483647 * m) }
    function num(intlen, fraclen,   s, i) {
        s = (1 + rnd(9)) ""
        for (i = 1; i < intlen; i++) s = s rnd(10)
        if (fraclen > 0) { s = s "."; for (i = 0; i < fraclen; i++) s = s rnd(10) }
        return s
    }
    BEGIN {
        state = 20261201
        split("Ada,Grace,Linus,Ken,Barbara,Dennis,Margaret,Edsger,Frances,Niklaus", names, ",")
        print "\357\273\277id,name,amount,qty,note"                           # a byte-order mark
        for (r = 1; r <= n; r++) {
            name = names[1 + rnd(10)]
            q = rnd(8)
            if (q == 0) name = "\"" name ", " names[1 + rnd(10)] "\""         # a comma inside quotes
            else if (q == 1) name = "\"" name " \"\"the\"\" " r "\""          # doubled quotes
            amount = (rnd(10) == 0 ? "-" : "") num(1 + rnd(7), rnd(7))
            k = rnd(100)
            if (k == 0) amount = "N/A"
            else if (k == 1) amount = num(1 + rnd(3), 0) "a"
            else if (k == 2) amount = "\"1,234.5\""                        # grouped: coinfmt rejects it
            qty = num(1 + rnd(9), 0)
            if (rnd(150) == 0) qty = "x" qty
            note = (rnd(4) == 0 ? "" : "n" rnd(1000))
            line = r "," name "," amount "," qty "," note
            if (rnd(5000) == 0)                      # an earlier pass'"'"'s error record
                line = "error\t" (1 + rnd(r)) "\t3\tinvalid-number\tunexpected '"'"'N'"'"'\t" r ",x,N/A,1,"
            printf "%s%s\n", line, (rnd(50) == 0 ? "\r" : "")       # some records end with CRLF
        }
    }' >"$data" || die "could not generate the data"
rows=$((records + 1))
log "data: $rows records, $(wc -c <"$data") bytes, $(grep -c ',N/A,' "$data") N/A amounts, $(grep -c $'\r$' "$data") CRLF, $(grep -c $'^error\t' "$data") error records"

now() { echo "$EPOCHREALTIME"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
failures=0
report=()

# check NAME SPLIT(true|false) TOOL ARGS...: one process, then Spark, then compare.
check() {
    local name=$1 split=$2; shift 2
    local tool=$1; shift
    local single_err=() spark_err=()
    if $split; then single_err=(--errors "$tmp/$name.single.err"); spark_err=(--errors "$tmp/$name.spark.err"); fi
    local a b status
    a=$(now)
    "$bin/$tool" "${single_err[@]}" --header "$@" <"$data" >"$tmp/$name.single.out"
    status=$?
    b=$(now)
    local single_s; single_s=$(elapsed "$a" "$b")
    [ "$status" -le 1 ] || { echo "spark-check: $name: one process exited $status"; failures=$((failures + 1)); return; }
    log "$name: spark-pipe.py in local[2], $partitions partitions"
    a=$(now)
    "$py" "$here/spark-pipe.py" --master 'local[2]' -p "$partitions" --header "${spark_err[@]}" \
        -o "$tmp/$name.spark.out" "$data" -- "$bin/$tool" "$@"
    local spark_status=$?
    b=$(now)
    local spark_s; spark_s=$(elapsed "$a" "$b")
    local parts; parts=$(ls "$tmp/$name.spark.out" 2>/dev/null | grep -c '^part-')
    local verdict=identical
    if [ "$spark_status" -ne "$status" ]; then
        verdict="exit status $spark_status, one process $status"
    elif ! cat "$tmp/$name.spark.out"/part-* | cmp -s - "$tmp/$name.single.out"; then
        verdict="output differs: $(cat "$tmp/$name.spark.out"/part-* | cmp - "$tmp/$name.single.out" 2>&1 | head -1)"
    elif $split && ! cat "$tmp/$name.spark.err"/part-* | cmp -s - "$tmp/$name.single.err"; then
        verdict="error records differ: $(cat "$tmp/$name.spark.err"/part-* | cmp - "$tmp/$name.single.err" 2>&1 | head -1)"
    elif [ "$parts" -ne "$partitions" ]; then
        verdict="$parts part files, not $partitions"
    fi
    local errors
    if $split; then errors=$(wc -l <"$tmp/$name.single.err"); else errors=$(grep -c $'^error\t' "$tmp/$name.single.out"); fi
    [ "$errors" -gt 0 ] || verdict="no error records: the data should have some"
    [ "$verdict" = identical ] || failures=$((failures + 1))
    echo "spark-check: $name: $verdict ($rows records, $errors error records$($split && echo ' in their own dataset' || echo ' in place'))"
    report+=("| \`$tool $*\` | $spark_s s, $(rate "$rows" "$spark_s") records/s | $single_s s, $(rate "$rows" "$single_s") records/s | $verdict |")
}

check coinfmt true coinfmt --csv -f 3 --currency EUR --locale de_DE
check numgroup false numgroup --csv -f 4

echo
echo "spark-check: local[2], $partitions partitions, $rows records; pyspark $PYSPARK_VERSION, Java $major; $(nproc) cores, load $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "| job | Spark local[2] (wall, records/s) | one process | result |"
echo "| --- | ---: | ---: | --- |"
printf '%s\n' "${report[@]}"
echo "spark-check: venv ${venv_seconds} s, build ${build_seconds} s, all $((SECONDS - t0)) s"
if [ "$failures" -gt 0 ]; then
    echo "spark-check: $failures check(s) failed"
    exit 1
fi
echo "spark-check: Spark's output equals one process's"
