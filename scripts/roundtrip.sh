#!/usr/bin/env bash
# The amounts' round trip over every locale Foundation lists: for each locale
# and each style coinfmt writes (currency in every display, accounting,
# compact short and long, percent, scientific, number), what coinfmt writes,
# numconv --style S --to C reads back as the number written (for compact, the
# rounded value shown). `swift test` runs the same test on a sample of the
# locales; this runs it on all of them (about 15 minutes on 2 cores).
#
#   scripts/roundtrip.sh            every locale
#   scripts/roundtrip.sh --help     this text
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
    -h | --help)
        sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    "") ;;
    *)
        echo "roundtrip.sh: unknown argument '$1' (see --help)" >&2
        exit 2
        ;;
esac

AMOUNT_LOCALES=all exec swift test --filter AmountRoundTripTests
