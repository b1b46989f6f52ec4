#!/usr/bin/env bash
# Install or uninstall numtools: the numtools multi-call executable and the
# four tools as links to it, their man pages, the numtools(7) overview and
# bash, zsh and fish completions.
#
#   scripts/install.sh [--prefix DIR] [--bin DIR] [--uninstall]
#
# --bin DIR installs the numtools executable already built in DIR instead of
# building (for packagers, and for the test that installs into a temporary
# prefix).
#
# Install builds the one executable in release mode, on Linux linked
# statically (the Swift runtime, Foundation and the C libraries too: nothing
# for the dynamic loader to do, so a run starts in about a millisecond, and no
# runtime to ship; on macOS, which links no static executable, against the
# system's Swift runtime), strips it (about 59 MB on Linux, most of it ICU's
# data), then copies into
#   PREFIX/bin/                                   numtools, and the symbolic
#                                                 links numgroup numconv
#                                                 phonefmt coinfmt -> numtools
#   PREFIX/share/man/man1/, man7/                 TOOL.1, numtools.7
#   PREFIX/share/bash-completion/completions/     TOOL
#   PREFIX/share/zsh/site-functions/              _TOOL
#   PREFIX/share/fish/vendor_completions.d/       TOOL.fish
# and records every file and directory it created in
# PREFIX/share/numtools/install-manifest (`f FILE`, `l LINK`, each relative to
# PREFIX), so that --uninstall removes exactly those under the PREFIX it is
# given (directories only when they are empty again): a prefix copied or moved
# elsewhere uninstalls its own files, never the original's.
set -euo pipefail

prefix=/usr/local
bin=
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }
                  prefix=$2; shift 2;;
        --prefix=*) prefix=${1#--prefix=}; shift;;
        --bin) [ $# -ge 2 ] || { echo "install.sh: --bin needs a directory" >&2; exit 2; }
               bin=$2; shift 2;;
        --bin=*) bin=${1#--bin=}; shift;;
        --uninstall) uninstall=true; shift;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0;;
        *) echo "install.sh: unknown argument '$1'" >&2; exit 2;;
    esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix";; esac

tools=(numgroup numconv phonefmt coinfmt)
manifest="$prefix/share/numtools/install-manifest"

# A manifest entry as a path under $prefix: entries are relative to the prefix
# (a manifest from before they were also takes absolute ones, but only those
# under $prefix); one that would lead out of it (`..`, another prefix) is
# refused with a warning, so a copied prefix never removes another's files.
inside() {
    local path=$1
    case "$path" in
        .|"$prefix") printf '%s\n' "$prefix"; return 0;;
        "$prefix"/*) path=${path#"$prefix"/};;
        /*) echo "install.sh: not removing $path: outside $prefix" >&2; return 1;;
    esac
    case "/$path/" in
        */../*|*/./*|//) echo "install.sh: not removing $path: not a path inside $prefix" >&2; return 1;;
    esac
    printf '%s\n' "$prefix/$path"
}

if $uninstall; then
    [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall: $manifest not found" >&2; exit 1; }
    files=$(grep '^[fl] ' "$manifest" | cut -c3-)
    dirs=$(grep '^d ' "$manifest.dirs" 2>/dev/null | cut -c3- | sort -r || true)
    while IFS= read -r f; do
        [ -z "$f" ] || { f=$(inside "$f") && rm -f -- "$f"; } || true
    done <<< "$files"
    rm -f -- "$manifest" "$manifest.dirs"
    rmdir -- "$prefix/share/numtools" 2>/dev/null || true
    # Directories install created, deepest first, each only if empty again.
    while IFS= read -r d; do
        [ -z "$d" ] || { d=$(inside "$d") && rmdir -- "$d" 2>/dev/null; } || true
    done <<< "$dirs"
    echo "numtools uninstalled from $prefix"
    exit 0
fi

cd "$(dirname "$0")/.."
# The install build, per system. On Linux, -static-executable links glibc and
# libstdc++ in as well (the linker warns that glibc's user, group and host
# lookups would need its shared libraries at run time: the tools never call
# them) and makes the executable position-dependent: no relocations to apply
# at start-up. Darwin has no static executables and its Swift runtime is
# part of the system: a plain release build there.
case "$(uname -s)" in
    Linux) build=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable) ;;
    *) build=(swift build -c release) ;;
esac
if [ -z "$bin" ]; then
    "${build[@]}" --product numtools
    bin=$("${build[@]}" --show-bin-path)
fi
[ -x "$bin/numtools" ] || { echo "install.sh: $bin/numtools is not an executable" >&2; exit 1; }
command -v "${STRIP:-strip}" >/dev/null || { echo "install.sh: ${STRIP:-strip} not found (binutils)" >&2; exit 1; }

created_dirs=()
installed=()
make_dir() {  # mkdir -p, remembering each directory it creates
    local d=$1 missing=()
    while [ ! -d "$d" ]; do missing+=("$d"); d=$(dirname "$d"); done
    mkdir -p -- "$1"
    created_dirs+=("${missing[@]}")
}
put() {  # put SOURCE DEST MODE
    make_dir "$(dirname "$2")"
    install -m "$3" -- "$1" "$2"
    installed+=("f ${2#"$prefix"/}")
}
link() {  # link NAME DEST: DEST, a symbolic link to NAME in its own directory
    make_dir "$(dirname "$2")"
    rm -f -- "$2"
    ln -s -- "$1" "$2"
    installed+=("l ${2#"$prefix"/}")
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One executable, stripped of its symbols; the tools are relative symbolic
# links to it (it runs the tool it is started as), so that the prefix can be
# staged in one place and moved to another, and a new numtools is seen through
# every link.
"${STRIP:-strip}" -o "$tmp/numtools" -- "$bin/numtools"
put "$tmp/numtools" "$prefix/bin/numtools" 755
for t in "${tools[@]}"; do
    link numtools "$prefix/bin/$t"
    put "man/$t.1" "$prefix/share/man/man1/$t.1" 644
    "$bin/numtools" "$t" --completion bash > "$tmp/$t.bash"
    "$bin/numtools" "$t" --completion zsh > "$tmp/_$t"
    "$bin/numtools" "$t" --completion fish > "$tmp/$t.fish"
    put "$tmp/$t.bash" "$prefix/share/bash-completion/completions/$t" 644
    put "$tmp/_$t" "$prefix/share/zsh/site-functions/_$t" 644
    put "$tmp/$t.fish" "$prefix/share/fish/vendor_completions.d/$t.fish" 644
done
put man/numtools.7 "$prefix/share/man/man7/numtools.7" 644

make_dir "$(dirname "$manifest")"
{ for f in "${installed[@]}"; do echo "$f"; done; } > "$manifest"
# Directories created by an earlier install stay listed (relative to the
# prefix, as the files are; an older manifest's absolute entries under it are
# made relative).
# The prefix itself is `.`; directories above it are not recorded.
relative() {
    case "$1" in
        "$prefix") echo .;;
        "$prefix"/*) echo "${1#"$prefix"/}";;
        /*) ;;
        *) echo "$1";;
    esac
}
{ if [ -f "$manifest.dirs" ]; then
      while IFS= read -r line; do
          d=$(relative "${line#d }")
          [ -z "$d" ] || echo "d $d"
      done < "$manifest.dirs"
  fi
  for d in "${created_dirs[@]}"; do
      [ "$d" = "$prefix/share/numtools" ] && continue
      d=$(relative "$d")
      [ -z "$d" ] || echo "d $d"
  done
} | sort -u > "$manifest.dirs.new"
mv -- "$manifest.dirs.new" "$manifest.dirs"
echo "numtools installed in $prefix (${#installed[@]} files); uninstall with: scripts/install.sh --prefix $prefix --uninstall"
