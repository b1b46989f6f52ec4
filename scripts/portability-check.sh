#!/usr/bin/env bash
# Fails on what cannot build on Darwin (macOS, iOS) or musl (the Static
# Linux SDK), naming FILE:LINE, so that the sources stay portable by
# construction though only Linux (glibc) is built and tested here (issue 46).
#
#   scripts/portability-check.sh [ROOT]     (ROOT: the package, default this one)
#
# In Sources/**/*.swift (comment lines skipped; a block is `#if ... #endif`):
#   - an import of a private or underscored module (`import _FoundationICU`)
#     outside a branch `#if canImport(THAT_MODULE)`;
#   - a libc import (`import Glibc`, `Musl`, `Darwin`) in a block whose
#     branches do not cover all three (`canImport(Glibc)`, `canImport(Musl)`,
#     `canImport(Darwin)`), unless inside a branch guarded by a private
#     module's canImport (development-time code that only builds on Linux);
#   - a module-qualified libc call (`Glibc.read(`) or a libc's own field name
#     (glibc's `__sigaction_handler`, Darwin's `__sigaction_u`, musl's
#     `__sa_handler`) or `environ` outside the platform file,
#     Sources/NumToolsCLI/Platform.swift (peak-rss, which links no library of
#     the package, may use `environ` inside an `#if` of its own);
#   - `/proc` anywhere but in an `os(Linux)` branch of the platform file or
#     of peak-rss.
# In the sources the tools and the library link (NumToolsCore, NumToolsCLI,
# NumToolsTools, NumToolsPhonePrefixes and the five tools' executables),
# which link the Swift standard library and libc alone, no Foundation and
# never ICU:
#   - an import of Foundation, FoundationEssentials or any Foundation module
#     (FoundationEssentials alone is 7 MB of a static binary; Foundation
#     brings FoundationInternationalization, and with it ICU's code and data);
#   - the name `FoundationInternationalization` anywhere outside a comment.
# In Package.swift: a `linkedLibrary("_...")` (a toolchain's private
# library) without `.when(platforms: [.linux])` on its line.
#
# scripts/portability-exceptions.txt lists the files (one path a line, with
# a `# reason:`) known not to be portable yet: their findings are printed as
# warnings. A listed file with no finding left fails the check too, so that
# the list only shrinks: remove its line.
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root"
platform_file=Sources/NumToolsCLI/Platform.swift
exceptions_file=scripts/portability-exceptions.txt

findings=$(mktemp)
trap 'rm -f "$findings"' EXIT

find Sources -name '*.swift' | LC_ALL=C sort | tr '\n' '\0' | xargs -0 awk -v platform="$platform_file" '
function guarded(pattern,    i) {  # whether an enclosing branch condition matches pattern
    for (i = 1; i <= depth; i++) if (cond[i] ~ pattern) return 1
    return 0
}
function report(message) { print FILENAME ":" FNR ": " message }
function close_block(    i, all) {
    all = branches[depth] ~ /canImport\(Glibc\)/ && branches[depth] ~ /canImport\(Musl\)/ \
        && branches[depth] ~ /canImport\(Darwin\)/
    for (i = 1; i <= pending[depth]; i++)
        if (!all) print pending_at[depth, i] ": libc import in a block without canImport(Glibc), canImport(Musl) and canImport(Darwin) branches"
    pending[depth] = 0
    depth--
}
FNR == 1 {
    while (depth > 0) close_block(); depth = 0
    tool = FILENAME ~ /^Sources\/(NumToolsCore|NumToolsCLI|NumToolsTools|NumToolsPhonePrefixes|numtools|numgroup|numconv|phonefmt|coinfmt)\//
}
{
    t = $0
    sub(/^[ \t]+/, "", t)
    if (t ~ /^\/\//) next
    sub(/[ \t]\/\/.*$/, "", t)
    if (t ~ /^#if[ \t(!]/) { depth++; cond[depth] = substr(t, 4); branches[depth] = cond[depth]; pending[depth] = 0; next }
    if (t ~ /^#elseif[ \t(!]/) { cond[depth] = substr(t, 8); branches[depth] = branches[depth] " " cond[depth]; next }
    if (t ~ /^#else/) { cond[depth] = "#else"; next }
    if (t ~ /^#endif/) { if (depth > 0) close_block(); next }
    if (tool && t ~ /FoundationInternationalization/)
        report("FoundationInternationalization in a source the tools link (it brings ICU)")
    if (t ~ /^(@[A-Za-z_]+(\([^)]*\))?[ \t]+)*import[ \t]/) {
        module = t
        sub(/^(@[A-Za-z_]+(\([^)]*\))?[ \t]+)*import[ \t]+((typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?/, "", module)
        sub(/[^A-Za-z0-9_].*$/, "", module)
        if (tool && module ~ /^Foundation/)
            report("import " module " in a source the tools link (they link the Swift standard library and libc alone)")
        if (module ~ /^_/ && !guarded("canImport\\(" module "\\)"))
            report("import of the private module " module " outside #if canImport(" module ")")
        if (module ~ /^(Glibc|Musl|Darwin)$/ && !guarded("canImport\\(_")) {
            if (depth == 0) report("libc import outside #if canImport(Glibc) / canImport(Musl) / canImport(Darwin)")
            else { pending[depth]++; pending_at[depth, pending[depth]] = FILENAME ":" FNR }
        }
        next
    }
    if (FILENAME != platform) {
        if (t ~ /(^|[^A-Za-z0-9_.])(Glibc|Musl|Darwin)\./)
            report("libc call qualified by its module outside " platform)
        if (t ~ /__sigaction_handler|__sigaction_u|__sa_handler/)
            report("a libc'"'"'s own field name outside " platform)
        if (t ~ /(^|[^A-Za-z0-9_."])environ([^A-Za-z0-9_]|$)/ && !(FILENAME ~ /^Sources\/peak-rss\// && depth > 0))
            report("environ outside " platform)
    }
    if (t ~ /\/proc([\/"]|$)/ && !((FILENAME == platform || FILENAME ~ /^Sources\/peak-rss\//) && guarded("os\\(Linux\\)")))
        report("/proc outside an os(Linux) branch of " platform " or peak-rss")
}
END { while (depth > 0) close_block() }
' > "$findings"

awk '/linkedLibrary\("_/ && !/\.when\(platforms: *\[\.linux\]\)/ {
    print FILENAME ":" FNR ": a private library linked without .when(platforms: [.linux])"
}' Package.swift >> "$findings"

# The known exceptions: paths, each with its reason in a comment.
excepted=()
if [ -f "$exceptions_file" ]; then
    while IFS= read -r line; do
        path=${line%%#*}
        path=$(printf '%s' "$path" | tr -d ' \t')
        [ -n "$path" ] && excepted+=("$path")
    done < "$exceptions_file"
fi
is_excepted() {
    local e
    for e in "${excepted[@]+"${excepted[@]}"}"; do [ "$e" = "$1" ] && return 0; done
    return 1
}

failed=0
while IFS= read -r finding; do
    [ -n "$finding" ] || continue
    if is_excepted "${finding%%:*}"; then
        echo "warning: known, not yet portable: $finding"
    else
        echo "error: $finding"
        failed=1
    fi
done < "$findings"
for e in "${excepted[@]+"${excepted[@]}"}"; do
    if ! grep -q "^$e:" "$findings"; then
        echo "error: $e: listed in $exceptions_file but has nothing left to except: remove its line"
        failed=1
    fi
done
files=$(find Sources -name '*.swift' | wc -l | tr -d ' ')
if [ "$failed" -ne 0 ]; then
    echo "portability check failed ($files Swift files and Package.swift checked)"
    exit 1
fi
echo "portability: $files Swift files and Package.swift build by design on Linux (glibc, musl) and Darwin (${#excepted[@]} known exceptions)"
