#!/usr/bin/env python3
"""Generates phonefmt's fixture for dialling from another region, the
possible-length reason and the deduplication key, from libphonenumber as
the PyPI package `phonenumbers` carries it (the version the metadata of
scripts/gen_phone_data.py comes from).

    pip install phonenumbers==9.0.43
    python3 scripts/gen_phone_dialing.py

Writes Tests/Fixtures/phone-dialing.tsv, one row a number and a region it
is dialled from (and Tests/Fixtures/phone-match.tsv, pairs of numbers and
their is_number_match, see write_matches):

    input, region (parsed in), from-region, is_possible_number_with_reason,
    format_out_of_country_calling_number, format_number_for_mobile_dialing
    (with formatting; `!` where it answers nothing), key

The key is E.164 with `;ext=` and the extension; the script checks, on
each number written several ways, that two keys are equal exactly when
is_number_match says EXACT_MATCH.

Numbers: every region's example numbers of every type and random numbers
of its patterns (valid, and some cut short or made longer, so that every
reason occurs), with and without an extension, dialled from the number's
own region and from three of a list of regions chosen for their prefixes
(NANPA, 8~10, several international prefixes, MX, CL, UZ and BR's special
cases). Deterministic (fixed seed) for a given phonenumbers version. The
build and the tests never run it; its output is committed.
"""
import os
import random
import sys

import phonenumbers
from phonenumbers import PhoneMetadata, PhoneNumberFormat as PNF, MatchType
from phonenumbers.phonenumberutil import SUPPORTED_REGIONS, ValidationResult

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_phone_data import numbers_for  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FROM = ["US", "CA", "JP", "KR", "GB", "DE", "FR", "AU", "BR", "MX", "CL", "UZ", "RU", "KZ", "CN", "IN",
        "SG", "AR", "HU", "IT", "BY", "TW", "HK", "NZ", "IL", "CO", "ID", "FI", "JM", "PR"]

REASONS = {
    ValidationResult.IS_POSSIBLE: "is-possible",
    ValidationResult.IS_POSSIBLE_LOCAL_ONLY: "local-only",
    ValidationResult.INVALID_COUNTRY_CODE: "invalid-country-code",
    ValidationResult.TOO_SHORT: "too-short",
    ValidationResult.INVALID_LENGTH: "invalid-length",
    ValidationResult.TOO_LONG: "too-long",
}


def key(n):
    k = phonenumbers.format_number(n, PNF.E164)
    if n.extension:
        k += ";ext=" + n.extension
    return k


def main():
    rng = random.Random(20261204)
    rows = []
    seen = set()
    for region in sorted(SUPPORTED_REGIONS):
        m = PhoneMetadata.metadata_for_region(region)
        nsns = numbers_for(region, rng, 2)
        # Cut short and made longer: the other reasons.
        for nsn in list(nsns[:3]):
            nsns.append(nsn[:max(1, len(nsn) - rng.randint(1, 4))])
            nsns.append(nsn + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 3))))
        for nsn in nsns:
            inputs = ["+%d %s" % (m.country_code, nsn)]
            if rng.random() < 0.25:
                inputs.append(inputs[0] + " ext. " + str(rng.randint(1, 99999)))
            for text in inputs:
                try:
                    n = phonenumbers.parse(text, region)
                except phonenumbers.NumberParseException:
                    continue
                froms = {region} | set(rng.sample(FROM, 3))
                for origin in sorted(froms):
                    if (text, origin) in seen:
                        continue
                    seen.add((text, origin))
                    mobile = phonenumbers.format_number_for_mobile_dialing(n, origin, True)
                    rows.append([
                        text, region, origin, REASONS[phonenumbers.is_possible_number_with_reason(n)],
                        phonenumbers.format_out_of_country_calling_number(n, origin), mobile or "!", key(n)])
    # The key is libphonenumber's exact match: one number written several ways.
    for region in ["KR", "US", "GB", "DE", "IT", "JP", "BR", "AR"]:
        m = PhoneMetadata.metadata_for_region(region)
        for nsn in numbers_for(region, rng, 3):
            try:
                a = phonenumbers.parse("+%d %s" % (m.country_code, nsn), region)
            except phonenumbers.NumberParseException:
                continue
            forms = [phonenumbers.format_number(a, f) for f in (PNF.NATIONAL, PNF.INTERNATIONAL, PNF.E164)]
            forms += [forms[1] + " ext. 12", forms[0] + " ext. 13", nsn[:-1] + str((int(nsn[-1]) + 1) % 10)]
            parsed = []
            for f in forms:
                try:
                    parsed.append(phonenumbers.parse(f, region))
                except phonenumbers.NumberParseException:
                    pass
            for x in parsed:
                for y in parsed:
                    exact = phonenumbers.is_number_match(x, y) == MatchType.EXACT_MATCH
                    assert exact == (key(x) == key(y)), (key(x), key(y))
    for row in rows:
        for field in row:
            assert "\t" not in field and "\n" not in field, row
    path = os.path.join(ROOT, "Tests/Fixtures/phone-dialing.tsv")
    with open(path, "w", encoding="utf-8") as out:
        out.write("# generated by scripts/gen_phone_dialing.py from phonenumbers %s, do not edit\n"
                  % phonenumbers.__version__)
        out.write("# input\tregion\tfrom-region\treason\tout-of-country\tmobile-dialing\tkey\n")
        for row in rows:
            out.write("\t".join(row) + "\n")
    print("wrote %s %d rows" % (path, len(rows)))
    write_matches()


MATCHES = {MatchType.EXACT_MATCH: "exact", MatchType.NSN_MATCH: "nsn", MatchType.SHORT_NSN_MATCH: "short-nsn",
           MatchType.NO_MATCH: "none"}


def write_matches():
    """Tests/Fixtures/phone-match.tsv: first, second, region (both parsed
    in it), is_number_match of the two parsed numbers. Pairs from one
    number of each region written several ways: with and without its
    country code, with the national prefix, with an extension (the same,
    another), a digit changed or dropped from the front, in the number's
    region and in another (where the forms without a country code are
    another country's numbers)."""
    rng = random.Random(20261206)
    rows = []
    for region in sorted(SUPPORTED_REGIONS):
        m = PhoneMetadata.metadata_for_region(region)
        for nsn in numbers_for(region, rng, 0)[:2]:
            try:
                n = phonenumbers.parse("+%d %s" % (m.country_code, nsn), region)
            except phonenumbers.NumberParseException:
                continue
            national = phonenumbers.format_number(n, PNF.NATIONAL)
            forms = [phonenumbers.format_number(n, PNF.E164), phonenumbers.format_number(n, PNF.INTERNATIONAL),
                     national, nsn, national + " ext. 12", "+%d %s ext. 13" % (m.country_code, nsn),
                     "+%d %s" % (m.country_code, nsn[:-1] + str((int(nsn[-1]) + 1) % 10)),
                     "+%d %s" % (m.country_code, nsn[1:]) if len(nsn) > 3 else nsn]
            other = rng.choice(sorted(SUPPORTED_REGIONS))
            for parse_region in (region, other):
                for _ in range(6):
                    a, b = rng.choice(forms), rng.choice(forms)
                    try:
                        x = phonenumbers.parse(a, parse_region)
                        y = phonenumbers.parse(b, parse_region)
                    except phonenumbers.NumberParseException:
                        continue
                    rows.append([a, b, parse_region, MATCHES[phonenumbers.is_number_match(x, y)]])
    path = os.path.join(ROOT, "Tests/Fixtures/phone-match.tsv")
    with open(path, "w", encoding="utf-8") as out:
        out.write("# generated by scripts/gen_phone_dialing.py from phonenumbers %s, do not edit\n"
                  % phonenumbers.__version__)
        out.write("# first\tsecond\tregion\tis_number_match\n")
        for row in rows:
            assert all("\t" not in f for f in row), row
            out.write("\t".join(row) + "\n")
    print("wrote %s %d rows" % (path, len(rows)))


if __name__ == "__main__":
    main()
