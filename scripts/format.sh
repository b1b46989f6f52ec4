#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's `swift format` and the
# repository's .swift-format, or checks them (`--lint`, as CI does).
#
#   scripts/format.sh           format Sources, Tests, Fuzz and Examples in place
#   scripts/format.sh --lint    report what is not formatted; exit 1 if anything
#
# Generated data (Sources/NumToolsCore/Generated) is left as its generator
# wrote it.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(find Sources Tests Fuzz Examples -name '*.swift' -not -path '*/Generated/*' -not -path '*/.build/*' | sort)
if [ "${1:-}" = "--lint" ]; then
    out=$(swift format lint --strict --parallel $files 2>&1) || true
    if [ -n "$out" ]; then
        echo "$out"
        echo "format.sh: $(echo "$out" | wc -l) findings; run scripts/format.sh" >&2
        exit 1
    fi
    echo "format.sh: $(echo $files | wc -w) files formatted"
else
    swift format format --in-place --parallel $files
fi
