#!/bin/sh
# Regenerates every table of Sources/NumToolsCore/Generated/ that comes from
# the toolchain's ICU (issue 46), with numtools-datagen. Run by hand after a
# toolchain upgrade (LocaleDataTests then shows what changed), and commit
# the result. Needs a Linux toolchain (it carries ICU as _FoundationICU).
#
#   scripts/gen_locale_data.sh [TABLE ...]     (default: every table)
set -eu
cd "$(dirname "$0")/.."
swift build --product numtools-datagen >/dev/null
gen=$(swift build --show-bin-path)/numtools-datagen
"$gen" --versions
tables=${*:-$("$gen" --list | cut -f1)}
for table in $tables; do
    file=$("$gen" --list | awk -F '\t' -v t="$table" '$1 == t { print $2 }')
    [ -n "$file" ] || { echo "gen_locale_data.sh: no table $table" >&2; exit 2; }
    "$gen" "$table" >"Sources/NumToolsCore/Generated/$file.tmp"
    mv "Sources/NumToolsCore/Generated/$file.tmp" "Sources/NumToolsCore/Generated/$file"
    echo "wrote Sources/NumToolsCore/Generated/$file"
done
