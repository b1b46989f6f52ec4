#!/usr/bin/env python3
"""Generates the differential fixtures of coinfmt's and numconv's unit styles
(`--style si|iec|iec-i`, and `auto` for reading) from GNU numfmt 9.1.

    python3 scripts/gen_numfmt_fixtures.py

Writes:
  Tests/Fixtures/numfmt-write.tsv  coinfmt --style si|iec|iec-i: numfmt --to
                                   and the exact answer
  Tests/Fixtures/numfmt-padding.tsv  a sample of those with numfmt --padding=N
                                   (coinfmt --width N)
  Tests/Fixtures/numfmt-read.tsv   numconv --style ... --to C: numfmt --from
                                   and the exact count (a count a prefix
                                   scaled rounded to a whole one away from
                                   zero, as numfmt does, except under auto)

Each case is run through GNU numfmt (LC_ALL=C, many values a process) and
computed again by an exact decimal implementation of the rules (below), which
is the `expected` column; `numfmt` is what numfmt printed (`!error` when it
refused). numfmt computes in long double and knows prefixes only up to Y, so
some rows disagree; the script fails (exit 1, fixtures left untouched) when a
disagreement is not explained by one of those limits. Deterministic (fixed
seed) for a given numfmt; only Python's standard library is used. The build
and the tests never run this script; its output is committed.

Writing, exactly: v = x * from_unit / to_unit; p = the largest power of the
base (<= 10) with |v| / base^p >= 1 (p = 0 below the base); m = v / base^p;
f = N, or by default 1 if p > 0 and |m| < 10 else 0; r = m rounded to f
fraction digits; if |r| >= base (and p < 10) the next prefix, r = +-1; shown
digits N, or by default 1 if p > 0 and |r| < 10 else 0; "-" if v < 0; the
prefix (K M G T P E Z Y R Q, with "i" under iec-i); the suffix.
"""
import decimal
import os
import random
import re
import subprocess
import sys
from collections import Counter, namedtuple
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WRITE_TSV = os.path.join(ROOT, "Tests", "Fixtures", "numfmt-write.tsv")
READ_TSV = os.path.join(ROOT, "Tests", "Fixtures", "numfmt-read.tsv")
PADDING_TSV = os.path.join(ROOT, "Tests", "Fixtures", "numfmt-padding.tsv")
PADDINGS = (-10, -6, 4, 7, 10)
SCRIPT = "scripts/gen_numfmt_fixtures.py"
NUMFMT = os.environ.get("NUMFMT", "numfmt")
NUMFMT_VERSION = "9.1"
SEED = 20240917
ENV = dict(os.environ, LC_ALL="C")
ERROR = "!error"

BASES = {"si": 1000, "iec": 1024, "iec-i": 1024}
LETTERS = "KMGTPEZYRQ"  # p = 1..10
MAX_POWER = len(LETTERS)
NUMFMT_MAX_POWER = 8    # numfmt 9.1 stops at Y
# (coinfmt name, numfmt --round name, Python rounding of |m| and sign)
ROUNDINGS = [
    ("up", "from-zero", decimal.ROUND_UP),
    ("down", "towards-zero", decimal.ROUND_DOWN),
    ("ceiling", "up", decimal.ROUND_CEILING),
    ("floor", "down", decimal.ROUND_FLOOR),
    ("half-up", "nearest", decimal.ROUND_HALF_UP),
]
PY_ROUNDING = {name: py for name, _, py in ROUNDINGS}
NUMFMT_ROUND = {name: nf for name, nf, _ in ROUNDINGS}
HALF_RULES = {"half-up", "half-even", "half-down"}
POWERS_OF_1000 = {1000 ** k for k in range(1, len(LETTERS) + 1)}

# Every arithmetic step is exact: an inexact one raises.
EXACT = decimal.Context(prec=500, traps=[decimal.Inexact, decimal.InvalidOperation,
                                         decimal.DivisionByZero, decimal.Overflow])
ROUNDING_CONTEXT = decimal.Context(prec=500)
decimal.setcontext(EXACT)

WriteCase = namedtuple("WriteCase", "scale rounding fraction suffix from_unit to_unit input")
ReadCase = namedtuple("ReadCase", "scale suffix input")


# ---------------------------------------------------------------- exact rules

def prefix(scale, p):
    """The unit prefix of power p under a scale ("" for p = 0)."""
    if p == 0:
        return ""
    return LETTERS[p - 1] + ("i" if scale == "iec-i" else "")


def scaled(scale, v):
    """(p, m): the power of the base and the mantissa of v (rules 1-2)."""
    base = BASES[scale]
    p = 0
    while abs(v) / Decimal(base) ** p >= base and p < MAX_POWER:
        p += 1
    return p, v / Decimal(base) ** p


def fraction_digits(p, m, fraction):
    """The fraction digits m is rounded to (rule 3)."""
    if fraction is not None:
        return fraction
    return 1 if p > 0 and abs(m) < 10 else 0


def exact_value(case):
    """v = input * from_unit / to_unit, exactly."""
    return Decimal(case.input) * case.from_unit / case.to_unit


def expected_write(case, rounding=None):
    """coinfmt's text for a write case, by the exact rules."""
    base = BASES[case.scale]
    v = exact_value(case)
    p, m = scaled(case.scale, v)
    f = fraction_digits(p, m, case.fraction)
    r = m.quantize(Decimal(1).scaleb(-f), rounding=PY_ROUNDING[rounding or case.rounding],
                   context=ROUNDING_CONTEXT)
    if abs(r) >= base and p < MAX_POWER:
        p += 1
        r = r / base
        assert abs(r) == 1, (case, r)
    if case.fraction is not None:
        shown = case.fraction
    else:
        shown = 1 if p > 0 and abs(r) < 10 else 0
    digits = abs(r).quantize(Decimal(1).scaleb(-shown))  # exact: only zeros change
    sign = "-" if v < 0 else ""
    return f"{sign}{digits:f}{prefix(case.scale, p)}{case.suffix}"


def significant_digits(text):
    """The digits of a decimal string, leading zeros not counted."""
    digits = re.sub(r"[^0-9]", "", text).lstrip("0")
    return len(digits)


def near_boundary(case):
    """Whether m * 10^f is within 1e-12 relative of a rounding boundary: a tie
    for the half rules, an integer for the directed ones."""
    v = exact_value(case)
    p, m = scaled(case.scale, v)
    y = abs(m) * Decimal(10) ** fraction_digits(p, m, case.fraction)
    if y == 0:
        return False
    whole = y.to_integral_value(rounding=decimal.ROUND_FLOOR)
    if case.rounding in HALF_RULES:
        distance = abs(y - whole - Decimal("0.5"))
    else:
        distance = min(y - whole, whole + 1 - y)
    return distance <= y * Decimal("1e-12")


def write_reason(case, numfmt, expected):
    """Why numfmt's output may differ from the exact answer (None: no reason)."""
    if numfmt == ERROR:
        return "numfmt refused (too large or beyond Y)"
    if "(error)" in numfmt:
        return "numfmt has no prefix beyond Y: printed (error)"
    if significant_digits(case.input) > 18 or abs(exact_value(case)) >= 2 ** 63:
        return "more than 18 significant digits or |v| >= 2^63"
    if near_boundary(case):
        return "within 1e-12 of a rounding boundary (long double)"
    return None


# ---------------------------------------------------------------- write cases

def decimal_text(d):
    """A Decimal as plain text, no exponent and no trailing fraction zeros."""
    d = Decimal(d)
    if d == d.to_integral_value():
        return f"{d.quantize(Decimal(1)):f}"
    return f"{d.normalize(ROUNDING_CONTEXT):f}"


def random_integer(rng, digits):
    """A random integer with exactly `digits` digits."""
    if digits == 1:
        return rng.randrange(10)
    return rng.randrange(10 ** (digits - 1), 10 ** digits)


EDGE_MANTISSAS = ["1", "1.04", "1.05", "1.15", "1.25", "1.45", "1.95", "2.5", "9.94",
                  "9.95", "9.96", "9.99", "10.5", "99.4", "99.5", "99.96", "999.4",
                  "999.5", "999.94", "999.95", "999.96", "999.99", "1023.4", "1023.5",
                  "1023.94", "1023.95", "1023.96", "1023.99"]


def edge_values(scale, max_power):
    """Values around each power of the base: base^k - 1, base^k, base^k + 1,
    10 * base^k - 1, and mantissas next to rounding boundaries (9.95, 999.96,
    1023.96 ...) times base^k, with the integers on either side of each."""
    base = BASES[scale]
    values = set()
    for k in range(1, max_power + 1):
        b = Decimal(base) ** k
        values.update([b - 1, b, b + 1, 10 * b - 1, 10 * b, 100 * b - 1])
        for text in EDGE_MANTISSAS:
            exact = Decimal(text) * b
            floor = exact.to_integral_value(rounding=decimal.ROUND_FLOOR)
            values.update([exact, floor, floor + 1])
    values.update(Decimal(n) for n in range(0, 12))
    values.update(Decimal(base + d) for d in (-2, -1, 0, 1))
    return sorted(values)


def usable(case):
    """numfmt's own double rounding at p = 0 and --format at p = 0 are not the
    rules: keep only cases where v is an integer or p >= 1, and N only at
    p >= 1."""
    v = exact_value(case)
    p, _ = scaled(case.scale, v)
    if p == 0 and v != v.to_integral_value():
        return False
    if case.fraction is not None and p == 0:
        return False
    return True


def write_cases_for(rng, scale, rounding):
    """The cases of one scale and one rounding rule."""
    base = BASES[scale]
    default = []
    for digits in range(1, 28):          # integers of every magnitude, 0 .. ~10^26
        default += [str(random_integer(rng, digits)) for _ in range(8)]
    default += [decimal_text(v) for v in edge_values(scale, NUMFMT_MAX_POWER)]
    for _ in range(40):                  # fractional values >= base
        whole = rng.randrange(base, 10 ** rng.randrange(4, 16))
        places = rng.randrange(1, 7)
        default.append(f"{whole}.{rng.randrange(10 ** places):0{places}d}")
    default += ["-" + t for t in default if t != "0" and rng.random() < 0.25]
    cases = [WriteCase(scale, rounding, None, "", 1, 1, t) for t in default]
    pool = [t for t in default if significant_digits(t) <= 18]
    cases += [WriteCase(scale, rounding, None, "B", 1, 1, t) for t in rng.sample(pool, 20)]
    for from_unit, to_unit in [(1024, 1), (1000, 1), (1, 1000), (1, 1024)]:
        cases += [WriteCase(scale, rounding, None, "", from_unit, to_unit, t)
                  for t in rng.sample(pool, 25)]
    for n in (1, 2, 3):
        cases += [WriteCase(scale, rounding, n, rng.choice(["", "", "B"]), 1, 1, t)
                  for t in rng.sample(pool, 25)]
    cases += beyond_cases(rng, scale, rounding)
    return [c for c in cases if usable(c)]


def beyond_cases(rng, scale, rounding):
    """Cases beyond numfmt's range (R, Q, beyond Q, rounding into R) or its
    precision (more than 18 digits next to a boundary)."""
    base = Decimal(BASES[scale])
    texts = ["1049999999999999999999", "1050000000000000000001", "9949999999999999999999",
             "999999999999999999999999999", "1" + "0" * 27, "1" + "0" * 27 + "1",
             "1500000000000000000000000000000", "1" + "0" * 33, "1234" + "0" * 33,
             "12345678901234567890123456789012345678", "-" + "7" * 31]
    texts += [decimal_text(base ** 8 * Decimal(t)) for t in ("999.4", "999.96", "1023.96")]
    texts += [decimal_text(base ** k + d) for k in (9, 10, 11) for d in (-1, 0, 1)]
    texts += [decimal_text(base ** 10 * Decimal(t)) for t in ("999.5", "1023.5", "1500.25")]
    texts += [str(random_integer(rng, d)) for d in range(28, 40, 2)]
    cases = [WriteCase(scale, rounding, None, "", 1, 1, t) for t in texts]
    cases += [WriteCase(scale, rounding, 2, "", 1, 1, t) for t in texts[3:9]]
    cases += [WriteCase(scale, rounding, None, "", 1024, 1, "1" + "0" * 25),
              WriteCase(scale, rounding, None, "", 1000, 1, "999960000000000000000000"),
              WriteCase(scale, rounding, None, "B", 1, 1000, "1" + "0" * 31)]
    return cases


def write_cases(rng):
    """All write cases, deduplicated, in a stable order."""
    cases = []
    for scale in BASES:
        for rounding, _, _ in ROUNDINGS:
            cases += write_cases_for(rng, scale, rounding)
    return list(dict.fromkeys(cases))


# ---------------------------------------------------------------- read rules

def read_table(scale):
    """The unit texts a scale reads, each with its multiplier."""
    table = {}
    for i, letter in enumerate(LETTERS, start=1):
        if scale in ("si", "auto"):
            table[letter] = 1000 ** i
        if scale == "iec":
            table[letter] = 1024 ** i
        if scale in ("iec-i", "auto"):
            table[letter + "i"] = 1024 ** i
    if scale == "si":
        table["k"] = 1000
    return table


def parse_read(case):
    """(number, unit text) of a read input, or None when it is malformed."""
    match = re.fullmatch(r"(-?[0-9]+(?:\.[0-9]+)?)(.*)", case.input)
    if not match:
        return None
    number, unit = match.groups()
    if case.suffix and unit.endswith(case.suffix):
        unit = unit[:-len(case.suffix)]
    return number, unit


def expected_read(case):
    """The exact count in C notation, or !error."""
    parsed = parse_read(case)
    if parsed is None:
        return ERROR
    number, unit = parsed
    table = read_table(case.scale)
    if unit and unit not in table:
        return ERROR
    count = Decimal(number) * table.get(unit, 1)
    if unit and case.scale != "auto":
        # A number a prefix scaled is a whole count: rounded away from zero,
        # as numfmt's default --round=from-zero (7.1M under iec is 7444890).
        count = count.quantize(Decimal(1), rounding=decimal.ROUND_UP, context=ROUNDING_CONTEXT)
    return c_notation(count)


def c_notation(d):
    """Plain C notation: integer digits, a fraction only when not zero."""
    if d == 0:
        return "0"
    return decimal_text(d)


def read_reason(case, numfmt, expected):
    """Why numfmt may differ from the exact count (None: no reason)."""
    parsed = parse_read(case)
    unit = parsed[1] if parsed else ""
    if numfmt == ERROR and unit[:1] in ("R", "Q"):
        return "R and Q unknown to numfmt 9.1"
    if numfmt == ERROR and unit == "" and case.scale == "iec-i":
        return "numfmt --from=iec-i refuses a number without a unit"
    if numfmt == ERROR and unit == "k":
        return "numfmt rejects lowercase k"
    if numfmt == ERROR and expected != ERROR and abs(Decimal(expected)) >= Decimal("9.99e18"):
        return "numfmt refuses to print unscaled values >= 1e19"
    if expected != ERROR and numfmt != ERROR:
        number = Decimal(parsed[0])
        inexact = (significant_digits(parsed[0]) > 18 or abs(Decimal(expected)) >= 2 ** 64
                   or (number * 2 ** 64) != (number * 2 ** 64).to_integral_value())
        if inexact and abs(Decimal(strip_suffix(numfmt, case.suffix)) - Decimal(expected)) <= 1:
            return "long double product off by one (inexact binary, rounded from zero)"
    return None


def strip_suffix(out, suffix):
    """numfmt appends --suffix to every output: the number without it."""
    if suffix and out.endswith(suffix):
        return out[:-len(suffix)]
    return out


# ---------------------------------------------------------------- read cases

def integer_mantissa(rng):
    """A mantissa text with no fraction."""
    return str(rng.choice([0, 1, 2, 9, 10, 999, 1000, 1023, rng.randrange(1, 1000),
                           rng.randrange(1, 1000), rng.randrange(1, 10 ** 6)]))


def fraction_mantissa(rng, multiplier):
    """A mantissa with a fraction whose product with multiplier is an integer:
    at most 3k decimal places for 1000^k, a binary fraction n / 2^e with
    e <= 10k for 1024^k."""
    if multiplier in POWERS_OF_1000:
        places = rng.randrange(1, min(len(str(multiplier)) - 1, 6) + 1)
        return decimal_text(Decimal(rng.randrange(1, 10 ** (places + 3))) / 10 ** places)
    e = rng.randrange(1, min(multiplier.bit_length() - 1, 12) + 1)
    return decimal_text(Decimal(rng.randrange(1, 2 ** e * 1000, 2)) / 2 ** e)


def read_cases(rng):
    """All read cases: every unit of every scale with integer and fractional
    mantissas, negatives, --suffix=B, plain numbers, and malformed units."""
    cases = []
    for scale in ("si", "iec", "iec-i", "auto"):
        for unit, multiplier in read_table(scale).items():
            for _ in range(24):
                if rng.random() < 0.5:
                    number = integer_mantissa(rng)
                else:
                    number = fraction_mantissa(rng, multiplier)
                if rng.random() < 0.25 and number != "0":
                    number = "-" + number
                suffix = "B" if rng.random() < 0.15 else ""
                cases.append(ReadCase(scale, suffix, number + unit + suffix))
            cases.append(ReadCase(scale, "B", "1" + unit))   # suffix optional
        for _ in range(20):
            number = str(rng.randrange(10 ** rng.randrange(1, 19)))
            cases.append(ReadCase(scale, "", rng.choice(["", "-"]) + number))
        bad = ["1X", "5X", "1m", "2.5m", "1Xi", "1KB", "K", "1.5KiB", "1iK"]
        bad += {"iec": ["1Ki", "3Mi"], "iec-i": ["1K", "1M", "1ki"], "si": ["1Ki"],
                "auto": ["1mi"]}[scale]
        cases += [ReadCase(scale, "", t) for t in bad]
        cases.append(ReadCase(scale, "B", "1KC"))
    return list(dict.fromkeys(cases))


def inexact_read_cases(rng):
    """Read cases under si, iec and iec-i whose product is no whole number
    (7.1M under iec: 7444889.6), which numfmt rounds away from zero; drawn
    from their own generator, so that the other cases stay as they were."""
    cases = []
    for scale in ("si", "iec", "iec-i"):
        for unit, multiplier in read_table(scale).items():
            if multiplier > 1024 ** 4:
                continue  # beyond long double's exact products
            for _ in range(6):
                places = len(str(multiplier)) + rng.randrange(0, 3)
                number = decimal_text(Decimal(rng.randrange(1, 10 ** (places + 2))) / 10 ** places)
                if rng.random() < 0.3:
                    number = "-" + number
                cases.append(ReadCase(scale, "", number + unit))
        cases += [ReadCase(scale, "", t) for t in
                  {"si": ["7.1M", "1.2345K", "0.0005K", "-0.0001K"], "iec": ["7.1M", "-7.1M", "9.99K", "0.001K"],
                   "iec-i": ["7.1Mi", "0.3Ki", "-1.0001Ki"]}[scale]]
    return list(dict.fromkeys(cases))


# ---------------------------------------------------------------- numfmt

def run_numfmt(args, values, suffix=""):
    """numfmt's output line for each value (read from stdin, one a line), or
    !error. A value numfmt refuses comes back unchanged (--invalid=warn), or
    without the --suffix it ends with; each value that came back so from a
    batch with diagnostics is run again on its own, to tell a refusal from an
    output equal to the input. The refusals found must number the diagnostics."""
    proc = subprocess.run([NUMFMT, *args, "--invalid=warn"], input="".join(v + "\n" for v in values),
                          capture_output=True, text=True, env=ENV, check=True)
    outputs = proc.stdout.split("\n")[:-1]
    assert len(outputs) == len(values), (args, len(outputs), len(values))
    diagnostics = proc.stderr.splitlines()
    if diagnostics:
        for i, (value, out) in enumerate(zip(values, outputs)):
            if out in (value, strip_suffix(value, suffix)):
                one = subprocess.run([NUMFMT, *args], input=value + "\n",
                                     capture_output=True, text=True, env=ENV)
                outputs[i] = one.stdout.rstrip("\n") if one.returncode == 0 else ERROR
    refused = outputs.count(ERROR)
    assert refused == len(diagnostics), (args, refused, diagnostics)
    return outputs


def write_args(case):
    """numfmt's options for a write case."""
    args = [f"--to={case.scale}", f"--round={NUMFMT_ROUND[case.rounding]}"]
    if case.fraction is not None:
        args.append(f"--format=%.{case.fraction}f")
    if case.suffix:
        args.append(f"--suffix={case.suffix}")
    if case.from_unit != 1:
        args.append(f"--from-unit={case.from_unit}")
    if case.to_unit != 1:
        args.append(f"--to-unit={case.to_unit}")
    return args


def read_args(case):
    """numfmt's options for a read case."""
    return [f"--from={case.scale}"] + ([f"--suffix={case.suffix}"] if case.suffix else [])


def run_batched(cases, args_of):
    """numfmt's output for each case, one process per set of options."""
    groups = {}
    for i, case in enumerate(cases):
        groups.setdefault(tuple(args_of(case)), []).append(i)
    outputs = [None] * len(cases)
    for args, indexes in groups.items():
        suffix = cases[indexes[0]].suffix
        for i, out in zip(indexes, run_numfmt(list(args), [cases[i].input for i in indexes], suffix)):
            outputs[i] = out
    return outputs


def numfmt_version():
    """The version numfmt reports (its first line's last word)."""
    out = subprocess.run([NUMFMT, "--version"], capture_output=True, text=True, env=ENV, check=True)
    return out.stdout.splitlines()[0].split()[-1]


# ---------------------------------------------------------------- main

def compare(cases, outputs, expected_of, reason_of, normalize):
    """Rows (case, numfmt, expected, agrees), the reasons, and the failures."""
    rows, reasons, failures = [], Counter(), []
    for case, out in zip(cases, outputs):
        expected = expected_of(case)
        agrees = normalize(out, case) == expected
        if not agrees:
            reason = reason_of(case, out, expected)
            if reason is None:
                failures.append((case, out, expected))
            else:
                reasons[(case.scale, reason)] += 1
        rows.append((case, out, expected, agrees))
    return rows, reasons, failures


def write_tsv(path, header, rows, fields_of):
    """Writes one fixture: a # header, then one tab-separated row a case."""
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(header + "\n")
        for case, out, expected, agrees in rows:
            fields = [*fields_of(case), out, expected, "yes" if agrees else "no"]
            assert all("\t" not in x and "\n" not in x for x in fields), fields
            f.write("\t".join(fields) + "\n")


def padding_rows(rng, wrows):
    """numfmt --padding=N (coinfmt --width N) on a sample of the write cases
    numfmt computes exactly, without suffix or units: (case, N, numfmt's
    output). The output is ASCII, so numfmt's bytes are display columns: the
    expected text is the exact one padded with spaces to |N|, on the left for
    N > 0, on the right for N < 0; every row must agree, or the script fails."""
    pool = [(c, e) for c, _, e, agrees in wrows
            if agrees and not c.suffix and c.from_unit == 1 and c.to_unit == 1 and c.fraction is None]
    sample = rng.sample(pool, 1500)
    groups = {}
    for case, expected in sample:
        groups.setdefault((case.scale, case.rounding, rng.choice(PADDINGS)), []).append((case, expected))
    rows, failures = [], []
    for (scale, rounding, n), members in sorted(groups.items()):
        args = [f"--to={scale}", f"--round={NUMFMT_ROUND[rounding]}", f"--padding={n}"]
        outputs = run_numfmt(args, [c.input for c, _ in members])
        for (case, expected), out in zip(members, outputs):
            padded = expected.rjust(n) if n > 0 else expected.ljust(-n)
            if out != padded:
                failures.append((case, out, padded))
            rows.append((case, n, out))
    return rows, failures


def summarize(title, rows, reasons):
    """Prints cases, agreements and explained disagreements per scale."""
    print(title)
    for scale in dict.fromkeys(r[0].scale for r in rows):
        mine = [r for r in rows if r[0].scale == scale]
        agree = sum(1 for r in mine if r[3])
        print(f"  {scale:6} {len(mine):6} cases, {agree:6} agree, {len(mine) - agree:5} differ")
        for (s, reason), n in sorted(reasons.items()):
            if s == scale:
                print(f"           {n:5}  {reason}")


def main():
    version = numfmt_version()
    if version != NUMFMT_VERSION:
        sys.exit(f"{SCRIPT}: needs GNU numfmt {NUMFMT_VERSION}, found {version}")
    rng = random.Random(SEED)
    header = f"# generated by {SCRIPT} (seed {SEED}) from GNU numfmt (coreutils) {version}, LC_ALL=C"

    wcases = write_cases(rng)
    wrows, wreasons, wfail = compare(wcases, run_batched(wcases, write_args), expected_write,
                                     write_reason, lambda out, case: out)
    rcases = read_cases(rng)
    rcases += [c for c in inexact_read_cases(random.Random(SEED + 1)) if c not in set(rcases)]
    rrows, rreasons, rfail = compare(rcases, run_batched(rcases, read_args), expected_read,
                                     read_reason,
                                     lambda out, case: out if out == ERROR else strip_suffix(out, case.suffix))
    summarize(f"numfmt-write.tsv: {len(wrows)} cases", wrows, wreasons)
    summarize(f"numfmt-read.tsv: {len(rrows)} cases", rrows, rreasons)

    prows, pfail = padding_rows(rng, wrows)
    print(f"numfmt-padding.tsv: {len(prows)} cases, {len(prows) - len(pfail)} agree")

    failures = wfail + rfail + pfail
    if failures:
        print(f"\n{len(failures)} unexplained disagreements (fixtures not written):", file=sys.stderr)
        for case, out, expected in failures:
            print(f"  {case}: numfmt {out!r}, expected {expected!r}", file=sys.stderr)
        sys.exit(1)

    write_tsv(WRITE_TSV, header + "; columns: scale rounding fraction suffix from_unit to_unit "
              "input numfmt expected agrees", wrows,
              lambda c: [c.scale, c.rounding, "" if c.fraction is None else str(c.fraction),
                         c.suffix, str(c.from_unit), str(c.to_unit), c.input])
    write_tsv(READ_TSV, header + "; columns: scale suffix input numfmt expected agrees "
              "(numfmt appends --suffix to its output: agrees compares without it)", rrows,
              lambda c: [c.scale, c.suffix, c.input])
    with open(PADDING_TSV, "w", encoding="utf-8", newline="\n") as f:
        f.write(header + "; columns: scale rounding padding input numfmt (numfmt --padding=N, "
                "coinfmt --width N; every row is the exact answer padded)\n")
        for case, n, out in prows:
            f.write("\t".join([case.scale, case.rounding, str(n), case.input, out]) + "\n")


if __name__ == "__main__":
    main()
