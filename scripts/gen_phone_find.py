#!/usr/bin/env python3
"""Generates the fixtures of `phonefmt --find` from libphonenumber's
PhoneNumberMatcher (leniency VALID), as carried by the PyPI package
`phonenumbers`.

    pip install phonenumbers
    python3 scripts/gen_phone_find.py

Writes:
  Tests/Fixtures/phone-find.tsv      free text, region, the numbers found
  Tests/Fixtures/phone-find-ext.tsv  the same for text with extensions and
                                     `x` marks (read once the parser reads
                                     extensions)

Each row: TEXT <TAB> REGION, then one column a number found:
START,END,E164 with START and END the UTF-8 byte offsets of the number's
text in TEXT. The text of every region of the metadata: numbers in
sentences (several a line, national and international forms), next to
dates, times, IP addresses, version numbers, prices, page ranges, in
brackets and touching letters. Deterministic (fixed seed) for a given
phonenumbers version; the build and the tests never run this script.
"""
import os
import random
import sys

import phonenumbers
from phonenumbers import Leniency, NumberParseException, PhoneMetadata, PhoneNumberFormat as PNF
from phonenumbers.phonenumberutil import SUPPORTED_REGIONS

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_phone_data import ROOT, VERSION, SCRIPTS, fullwidth, numbers_for, to_script  # noqa: E402

# Texts around numbers; {a}, {b} are numbers in one of their written forms.
TEMPLATES = [
    "call me at {a} or {b} tomorrow",
    "{a}, {b}",
    "{a} / {b}",
    "{a}; {b}; done",
    "{a} {b}",
    "on 2024-01-15 call {a}",
    "15/01/2024 {a}",
    "meeting 2024-01-15 12:30:45, tel {a}",
    "at 12:30:45 ring {a}",
    "2012-01-02 08:00 log {a}",
    "server 192.168.10.21 and {a}",
    "v1.2.3 build 2024.01.15 {a}",
    "price $1234567 or 1,234,567 KRW, {a}",
    "total: {a}$ and {b}",
    "{a}% of {b}",
    "pp. 211-227 (2003) then {a}",
    "({a}) and [{b}]",
    "({a}",
    "abc{a} def",
    "{a}def and {b}",
    "tel{a}",
    "\uc804\ud654: {a}, \ud734\ub300\ud3f0:{b}",
    "{a}\ubc88\uc73c\ub85c \uc5f0\ub77d\uc8fc\uc138\uc694",
    "\u96fb\u8a71 {a} \u307e\u3067",
    "Name: Kim; Phone: {a}; Fax: {b}",
    "{a}/{b}",
    "{a} - {b}",
    "{a}. {b}.",
    "\u00ab{a}\u00bb \u2014 {b}",
    "\u00e9{a}",
    "order #12 for {a}",
]

# Templates whose numbers carry extensions or `x` marks.
EXT_TEMPLATES = [
    "call {a} ext. 123 now",
    "{a} x123",
    "{a};ext=42",
    "{a} - 503#",
    "{a} extension 7",
    "{a} \u0434\u043e\u0431. 12",
    "{a} anexo 55, {b}",
    "{a} int 99",
    "{a} #45",
    "{a}~12",
    "{a} x12/x34",
    "{a} X 9 and {b}",
]


def forms(region, nsn):
    """Ways a number of `region` is written in text."""
    m = PhoneMetadata.metadata_for_region(region)
    try:
        n = phonenumbers.parse("+%d%s" % (m.country_code, nsn), None)
    except NumberParseException:
        return []
    nat = phonenumbers.format_number(n, PNF.NATIONAL)
    intl = phonenumbers.format_number(n, PNF.INTERNATIONAL)
    e164 = phonenumbers.format_number(n, PNF.E164)
    digits = "".join(c for c in nat if c.isdigit())
    return [nat, intl, e164, digits, nsn, nat.replace("-", " "), nat.replace("-", "."), intl.replace(" ", "-")]


def matches(text, region):
    out = []
    for mt in phonenumbers.PhoneNumberMatcher(text, region, leniency=Leniency.VALID):
        start = len(text[:mt.start].encode("utf-8"))
        end = len(text[:mt.end].encode("utf-8"))
        out.append("%d,%d,%s" % (start, end, phonenumbers.format_number(mt.number, PNF.E164)))
    return out


def main():
    rng = random.Random(20261202)
    rows, ext_rows = [], []
    seen = set()

    def add(text, region, target):
        if (text, region) in seen or "\t" in text or "\n" in text:
            return
        seen.add((text, region))
        target.append([text, region] + matches(text, region))

    for region in sorted(SUPPORTED_REGIONS):
        pool = []
        for nsn in numbers_for(region, rng, 2):
            pool.extend(forms(region, nsn))
        # A few foreign numbers, in international form.
        for other in rng.sample(sorted(SUPPORTED_REGIONS), 3):
            for nsn in numbers_for(other, rng, 0)[:1]:
                f = forms(other, nsn)
                if f:
                    pool.append(f[1])
        if not pool:
            continue
        count = 40 if region in ("KR", "US", "GB", "DE", "JP", "FR", "IN", "BR", "CN") else 12
        for _ in range(count):
            a, b = rng.choice(pool), rng.choice(pool)
            r = rng.random()
            if r < 0.08:
                a = fullwidth(a)
            elif r < 0.14:
                a = to_script(a, rng.choice(SCRIPTS))
            elif r < 0.20:
                a = a[:-1]
            add(rng.choice(TEMPLATES).format(a=a, b=b), region, rows)
        for _ in range(3):
            a, b = rng.choice(pool), rng.choice(pool)
            add(rng.choice(EXT_TEMPLATES).format(a=a, b=b), region, ext_rows)
    # Hostile and edge shapes, in a few regions.
    edge = [
        "", "no numbers here", "1", "12 34", "(((((((((((010 1234 5678", "010 1234 5678)))",
        "+++82 10 1234 5678", "++82 10 1234 5678", "+ +82 10 1234 5678", "010-1234-5678-9999-0000",
        " ".join(["02 123 4567"] * 12), "-".join(["1"] * 60), "0" * 80, "010 1234 5678" + " " * 30 + "x",
        "3/10/2011 010-1234-5678", "010-1234-5678 211-227 (2003)", "[010] 1234 5678", "(02) 123-4567",
        "(010)(1234)(5678)", "(0)(1)(2)(3)(4)(5)", "010\u20131234\u20135678", "010\u30001234\u30005678",
        "\uff10\uff11\uff10\uff0d\uff11\uff12\uff13\uff14\uff0d\uff15\uff16\uff17\uff18",
        "1-800-FLOWERS", "tel:+82-10-1234-5678", "+82 (0)10 1234 5678", "82 10 1234 5678",
        "001 1 650 253 0000", "00 44 20 7031 3000", "10 1234 5678", "2 123 4567", "\u20a9010-1234-5678",
        "010-1234-5678\u20ac", "010-1234-5678%", "_010-1234-5678_", "010-1234-5678.", "a.010-1234-5678.b",
        "650-253-0000/650-253-0001", "(650) 253-0000 (650) 253-0001", "12345 - 650-253-0000 is mine",
        "12345. 650-253-0000 is mine", "3324451234 8002341234", "+1 650 253 0000\u2014+44 20 7031 3000",
    ]
    for text in edge:
        for region in ["KR", "US", "GB", "DE", "JP", "FR", "BR", "IN"]:
            add(text, region, ext_rows if any(c in text for c in "xX~#") else rows)
    for path, data in [("Tests/Fixtures/phone-find.tsv", rows), ("Tests/Fixtures/phone-find-ext.tsv", ext_rows)]:
        with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
            f.write("# generated by scripts/gen_phone_find.py from phonenumbers %s, do not edit\n" % VERSION)
            f.write("# text\tregion\tthen each number found: start,end,e164 (UTF-8 byte offsets)\n")
            for r in data:
                f.write("\t".join(r) + "\n")
        print("wrote", path, len(data), "rows")


if __name__ == "__main__":
    main()
