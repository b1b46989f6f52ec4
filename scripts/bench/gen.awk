# Deterministic benchmark data for scripts/bench.sh.
#
#   LC_ALL=C awk -v kind=KIND -v n=RECORDS [-v seed=S] -f scripts/bench/gen.awk
#
# KIND is one of:
#   plain   numbers as typed: 1-15 digits, about 40% with a fraction, 10% negative
#   en_US   the same numbers grouped the en_US way (1,234,567.891)
#   de_DE   the same numbers grouped the de_DE way (1.234.567,891)
#   de_DE_eur        the de_DE numbers as euro amounts, negatives in
#                    parentheses: 1.234,56 EUR-sign, (70 EUR-sign), NBSP before the sign
#   de_DE_eur_minus  the same with a minus sign: -70 EUR-sign
#   en_US_usd        the en_US numbers as dollar amounts: $1,234.56, ($70)
#   plain_k, plain_e the plain numbers with a compact unit (1234.5K) or an
#                    exponent (1234.5E3)
#   plain_ki, plain_gb  the plain numbers with an IEC prefix (1234.5Ki) or a
#                    byte unit after a space (1234.5 GB)
#   bytes   byte counts: whole numbers of 1 to 13 digits (file and disk sizes)
#   phone   Korean phone numbers in the shapes people paste them in
#   price   prices with 1-9 integer digits and 2-8 fraction digits (1234.56789)
#   csv     a header and N rows of a 6-column CSV; column 3 is a plain number;
#           about 1 row in 8 has a quoted field holding a comma or a quote
#
# With every kind, -v invalid=P puts a value no tool accepts (N/A, 12.34.56,
# 1234x, ...; for phone, numbers too short or no number at all) in place of
# P% of the values, and -v crlf=1 ends each line with CRLF instead of LF.
#
# The random numbers come from our own MINSTD generator (Park-Miller, 48271),
# not awk's rand(): mawk, gawk and busybox awk seed rand() differently, and the
# data must be byte-identical on every machine. Every product stays below 2^53,
# so plain awk numbers (doubles) compute it exactly. Run it under LC_ALL=C so the
# UTF-8 literals below are written as bytes.

function rnd(m) {            # uniform integer in [0, m)
    state = (state * 48271) % 2147483647
    return int(state / 2147483647 * m)
}

function digits(len, first_nonzero,   s, i) {
    s = first_nonzero ? (1 + rnd(9)) "" : rnd(10) ""
    for (i = 1; i < len; i++) s = s rnd(10)
    return s
}

function group(int_part, sep,   out, i) {   # 3-digit grouping, as en_US and de_DE do
    out = ""
    while (length(int_part) > 3) {
        out = sep substr(int_part, length(int_part) - 2) out
        int_part = substr(int_part, 1, length(int_part) - 3)
    }
    return int_part out
}

# Sets NEG, INT and FRAC (FRAC empty for an integer).
function number(   total, f) {
    total = 1 + rnd(15)
    f = 0
    if (total >= 2 && rnd(10) < 4) {
        f = 1 + rnd(total - 1 < 6 ? total - 1 : 6)
    }
    INT = digits(total - f, total - f > 1)
    FRAC = f > 0 ? digits(f, 0) : ""
    NEG = rnd(10) == 0 ? "-" : ""
}

function fullwidth(s,   out, i, c) {     # ASCII digits and '-' to their full-width forms
    out = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c ~ /[0-9]/) out = out FW[c]
        else if (c == "-") out = out "\357\274\215"   # U+FF0D
        else out = out c
    }
    return out
}

function phone(   area, a, b, shape, nat, intl) {
    # Area: 010 mobile most of the time, else Seoul (02), a regional code or 070.
    a = rnd(10)
    if (a < 6) { area = "010"; b = 4 }
    else if (a < 8) { area = "02"; b = 3 + rnd(2) }
    else if (a < 9) { area = AREAS[1 + rnd(NAREAS)]; b = 3 + rnd(2) }
    else { area = "070"; b = 4 }
    mid = (2 + rnd(8)) digits(b - 1, 0)
    last = digits(4, 0)
    intl = substr(area, 2)
    shape = rnd(10)
    if (shape == 0) return area "-" mid "-" last
    if (shape == 1) return area mid last
    if (shape == 2) return "(" area ") " mid "-" last
    if (shape == 3) return "+82 " intl " " mid " " last
    if (shape == 4) return "+82-" intl "-" mid "-" last
    if (shape == 5) return area "." mid "." last
    if (shape == 6) return "Tel: " area mid last
    if (shape == 7) return fullwidth(area "-" mid "-" last)
    if (shape == 8) return area " " mid " " last
    return "+82" intl mid last
}

function price(   i, f) {
    i = digits(1 + rnd(9), 1)
    if (rnd(10) < 2) i = "0"
    f = digits(2 + rnd(7), 0)
    return i "." f
}

# A value every tool rejects, of varied shapes and lengths (numbers: none is a
# number in any notation; phone: none is a valid number anywhere).
function bad(kind,   r) {
    if (kind == "phone") {
        r = rnd(6)
        if (r == 0) return "N/A"
        if (r == 1) return digits(2 + rnd(4), 1)
        if (r == 2) return "010-" digits(2, 0)
        if (r == 3) return "Tel: none"
        if (r == 4) return "+82 0"
        return "call me"
    }
    r = rnd(8)
    if (r == 0) return "N/A"
    if (r == 1) return "n/a"
    if (r == 2) return "-"
    if (r == 3) return "#VALUE!"
    if (r == 4) return digits(1 + rnd(3), 1) "." digits(2, 0) "." digits(2, 0)
    if (r == 5) return digits(1 + rnd(9), 1) "x"
    if (r == 6) return "TBD"
    return "--" digits(1 + rnd(6), 1)
}

function csv_row(k,   amount, desc, q, d) {
    number()
    amount = NEG INT (FRAC != "" ? "." FRAC : "")
    if (invalid > 0 && rnd(100) < invalid) amount = bad("csv")
    d = rnd(16)
    if (d == 0) desc = "\"" WORDS[1 + rnd(NWORDS)] ", " WORDS[1 + rnd(NWORDS)] "\""
    else if (d == 1) desc = "\"the \"\"" WORDS[1 + rnd(NWORDS)] "\"\" model\""
    else desc = WORDS[1 + rnd(NWORDS)]
    q = 1 + rnd(999)
    return k ",2026-" sprintf("%02d-%02d", 1 + rnd(12), 1 + rnd(28)) "," amount "," CUR[1 + rnd(4)] "," desc "," q
}

BEGIN {
    if (n == "") n = 1000000
    state = (seed == "" ? 20261129 : seed) % 2147483647
    if (state <= 0) state = 1
    split("\357\274\220 \357\274\221 \357\274\222 \357\274\223 \357\274\224 \357\274\225 \357\274\226 \357\274\227 \357\274\230 \357\274\231", fw, " ")
    for (i = 0; i < 10; i++) FW[i ""] = fw[i + 1]
    NAREAS = split("031 032 033 041 042 043 044 051 052 053 054 055 061 062 063 064", AREAS, " ")
    NWORDS = split("widget gadget sprocket bolt nut washer bracket hinge lever spring gear pulley", WORDS, " ")
    split("USD EUR KRW JPY", CUR, " ")

    ORS = crlf ? "\r\n" : "\n"
    if (kind == "csv") print "id,date,amount,currency,description,quantity"
    for (k = 1; k <= n; k++) {
        if (invalid > 0 && kind != "csv" && rnd(100) < invalid) { print bad(kind); continue }
        if (kind == "plain") { number(); print NEG INT (FRAC != "" ? "." FRAC : "") }
        else if (kind == "integers") { number(); print NEG INT }
        else if (kind == "en_US") { number(); print NEG group(INT, ",") (FRAC != "" ? "." FRAC : "") }
        else if (kind == "de_DE") { number(); print NEG group(INT, ".") (FRAC != "" ? "," FRAC : "") }
        else if (kind == "de_DE_eur") {
            # The de_DE numbers as a German export's amounts: `1.234,56 €`, negatives `(1.234,56 €)`.
            number(); a = group(INT, ".") (FRAC != "" ? "," FRAC : "") "\302\240\342\202\254"
            print (NEG != "" ? "(" a ")" : a)
        }
        else if (kind == "de_DE_eur_minus") {
            # The same amounts with a minus sign: `-1.234,56 €` (what --style currency reads).
            number(); print NEG group(INT, ".") (FRAC != "" ? "," FRAC : "") "\302\240\342\202\254"
        }
        else if (kind == "en_US_usd") {
            # The en_US numbers as US amounts: `$1,234.56`, negatives `($1,234.56)`.
            number(); a = "$" group(INT, ",") (FRAC != "" ? "." FRAC : "")
            print (NEG != "" ? "(" a ")" : a)
        }
        else if (kind == "plain_k") { number(); print NEG INT (FRAC != "" ? "." FRAC : "") "K" }
        else if (kind == "plain_e") { number(); print NEG INT (FRAC != "" ? "." FRAC : "") "E3" }
        else if (kind == "plain_ki") { number(); print NEG INT (FRAC != "" ? "." FRAC : "") "Ki" }
        else if (kind == "plain_gb") { number(); print NEG INT (FRAC != "" ? "." FRAC : "") " GB" }
        else if (kind == "bytes") print digits(1 + rnd(13), 1)
        else if (kind == "phone") print phone()
        else if (kind == "price") print price()
        else if (kind == "csv") print csv_row(k)
        else { print "gen.awk: unknown kind '" kind "'" > "/dev/stderr"; exit 2 }
    }
}
