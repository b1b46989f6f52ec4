#!/usr/bin/env python3
"""Generates phonefmt's numbering-plan data and test fixtures from the
metadata of libphonenumber, as carried by the PyPI package `phonenumbers`.

    pip install phonenumbers
    python3 scripts/gen_phone_data.py

Writes:
  Sources/NumToolsCore/Generated/PhoneMetadataData.swift  (compiled in)
  Tests/Fixtures/phone-parse.tsv       input, region, expected verdict
  Tests/Fixtures/phone-asyoutype.tsv   input, region, AsYouTypeFormatter output
  Tests/Fixtures/phone-asyoutype-spaces.tsv   the same, inputs with spaces around
  Tests/Fixtures/phone-ext-vanity.tsv  extensions, vanity numbers, letters after
                                       digits: phonefmt's verdict and libphonenumber's

The build and the tests never run this script; its output is committed.
The fixtures are deterministic (fixed random seed) for a given phonenumbers
version.
"""
import os
import random
import re
import unicodedata

import phonenumbers
from phonenumbers import PhoneMetadata, NumberParseException, PhoneNumberFormat as PNF
from phonenumbers.phonenumberutil import COUNTRY_CODE_TO_REGION_CODE, SUPPORTED_REGIONS, ValidationResult
from phonenumbers import PhoneNumberType as PNT

try:
    import re._parser as sre_parse  # Python 3.11+
    import re._constants as sre_constants
except ImportError:  # pragma: no cover
    import sre_parse
    import sre_constants

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION = phonenumbers.__version__

# Order matters: it is the order of PhoneNumberDescKind in Swift.
DESCS = ["general_desc", "fixed_line", "mobile", "toll_free", "premium_rate",
         "shared_cost", "personal_number", "voip", "pager", "uan", "voicemail"]
# The descriptions compiled in: the types' and, last, the numbers that
# cannot be dialled from abroad (not a type: the fixtures sample DESCS).
DATA_DESCS = DESCS + ["no_international_dialling"]

TYPE_NAMES = {
    PNT.FIXED_LINE: "fixed-line", PNT.MOBILE: "mobile",
    PNT.FIXED_LINE_OR_MOBILE: "fixed-line-or-mobile", PNT.TOLL_FREE: "toll-free",
    PNT.PREMIUM_RATE: "premium-rate", PNT.SHARED_COST: "shared-cost", PNT.VOIP: "voip",
    PNT.PERSONAL_NUMBER: "personal-number", PNT.PAGER: "pager", PNT.UAN: "uan",
    PNT.VOICEMAIL: "voicemail", PNT.UNKNOWN: "unknown",
}

NONE = "@"


def rule(s):
    """A Python replacement string (\\1) in the data's own $1 notation."""
    if s is None:
        return NONE
    return re.sub(r"\\(\d)", r"$\1", s)


def opt(s):
    return NONE if s is None else s


def check(s):
    if s == NONE:
        return s
    for c in ";!@\n":
        assert c not in s, (c, s)
    return s


def encode_region(m):
    """The records of one region (or non-geographic entity), one a line."""
    lines = []
    fields = ["R", m.id, str(m.country_code), opt(m.international_prefix),
              opt(m.national_prefix), opt(m.national_prefix_for_parsing),
              rule(m.national_prefix_transform_rule), opt(m.leading_digits)]
    lines.append(";".join(check(f) for f in fields))
    if m.preferred_international_prefix is not None:
        # P = the prefix to dial out of the region, when its international
        # prefix is a pattern of several (`00|[0-9]{2}` ...).
        lines.append(";".join(["P", check(m.preferred_international_prefix)]))
    if m.preferred_extn_prefix is not None:
        # X = the region's own extension prefix (" x" for GB), when it has one.
        lines.append(";".join(["X", check(m.preferred_extn_prefix)]))
    for i, name in enumerate(DATA_DESCS):
        d = getattr(m, name)
        if d is None:
            continue
        fields = ["D", str(i), opt(d.national_number_pattern),
                  ",".join(str(x) for x in (d.possible_length or ())),
                  ",".join(str(x) for x in (d.possible_length_local_only or ())),
                  opt(d.example_number)]
        lines.append(";".join(check(f) for f in fields))
    for kind, formats in (("N", m.number_format), ("I", m.intl_number_format)):
        for f in formats:
            for ldp in f.leading_digits_pattern:
                check(ldp)
            fields = [kind, f.pattern, rule(f.format), "!".join(f.leading_digits_pattern),
                      rule(f.national_prefix_formatting_rule),
                      "1" if f.national_prefix_optional_when_formatting else "0",
                      rule(f.domestic_carrier_code_formatting_rule)]
            lines.append(";".join(fields))
    text = "\n".join(lines)
    assert '"""#' not in text and "\\#" not in text
    return text


def encode_metadata():
    """Per region, per non-geographic entity and per country code, what the
    Swift lookups return."""
    regions = [(r, encode_region(PhoneMetadata.metadata_for_region(r))) for r in sorted(SUPPORTED_REGIONS)]
    nongeo = [(cc, encode_region(PhoneMetadata.metadata_for_nongeo_region(cc)))
              for cc in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS)]
    codes = [(cc, "!".join(COUNTRY_CODE_TO_REGION_CODE[cc])) for cc in sorted(COUNTRY_CODE_TO_REGION_CODE)]
    for r, _ in regions:
        assert re.fullmatch(r"[A-Z]{2}", r), r
    return regions, nongeo, codes


def write_swift(encoded):
    regions, nongeo, codes = encoded
    path = os.path.join(ROOT, "Sources/NumToolsCore/Generated/PhoneMetadataData.swift")
    region_cases = "".join('    case "%s":\n        return #"""\n%s\n"""#\n' % (r, text) for r, text in regions)
    nongeo_cases = "".join('    case %d:\n        return #"""\n%s\n"""#\n' % (cc, text) for cc, text in nongeo)
    code_cases = "".join('    case %d: return "%s"\n' % (cc, ids) for cc, ids in codes)
    body = f'''// generated by scripts/gen_phone_data.py, do not edit.
//
// Numbering plans from libphonenumber's metadata, version {VERSION}, as
// carried by the Python package phonenumbers {VERSION}.
// Copyright (C) 2009-2025 The Libphonenumber Authors. Licensed under the
// Apache License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0).
//
// Each region's records are a string of their own, returned by a switch, so
// that a run decodes only the regions it uses and nothing is built at
// start-up. Format: one record a line, fields separated by ';', lists by
// '!', '@' is "absent". R = region (id, country code, international prefix,
// national prefix, national prefix for parsing, its transform rule, leading
// digits); D = number description (kind, pattern, possible lengths,
// local-only lengths, example); N / I = national / international format
// (pattern, format, leading digits patterns, national prefix formatting
// rule, optional when formatting, carrier code rule); X = the region's
// preferred extension prefix, when it has one; P = its preferred
// international prefix, when it has one.

/// Version of the libphonenumber metadata compiled into ``PhoneMetadata``.
let phoneMetadataVersion = "{VERSION}"

/// Every region code that has a numbering plan, sorted, separated by spaces.
let phoneMetadataRegionCodes: StaticString = "{" ".join(r for r, _ in regions)}"

/// The country codes of the non-geographic entities (`+800`, ...), sorted,
/// separated by spaces.
let phoneMetadataNonGeographicCodes: StaticString = "{" ".join(str(cc) for cc, _ in nongeo)}"

/// The records of region `id` (`KR`): its R record first, then its D, N and
/// I records; nil when the metadata has no such region.
func phoneMetadataRecords(region id: String) -> StaticString? {{
    switch id {{
{region_cases}    default:
        return nil
    }}
}}

/// The records of the non-geographic entity of `countryCode` (`800`); nil
/// when there is none.
func phoneMetadataRecords(nonGeographic countryCode: Int) -> StaticString? {{
    switch countryCode {{
{nongeo_cases}    default:
        return nil
    }}
}}

/// The regions of `countryCode`, the main one first, separated by '!'
/// (`001` for a non-geographic entity); nil when no region has it.
func phoneMetadataRegions(countryCode: Int) -> StaticString? {{
    switch countryCode {{
{code_cases}    default:
        return nil
    }}
}}
'''
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(body)
    print("wrote", path, len(body), "bytes")


# ---------------------------------------------------------------------------
# Fixture: the verdict a sign-up form gives, computed with phonenumbers.

PLUS = "+\uff0b"
# libphonenumber's _VALID_PUNCTUATION, less the letter x and the tildes (which
# libphonenumber reads as extension marks).
ALLOWED_PUNCT = set("-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u30fc\uff0d\uff0e\uff0f "
                    "\u00a0\u00ad\u200b\u2060\u3000()\uff08\uff09\uff3b\uff3d.[]/\u2053\u223c")


def is_digit(c):
    return unicodedata.category(c) == "Nd"


ASCII_LETTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# What may join letters to the digits before them (phonefmt's rule).
JOINERS = set(" \u00a0\u3000-.\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uff0d\uff0e")
SPACES = set(" \u00a0\u3000")
CLOSING = set(")\uff09")


def has_open_bracket(text):
    """Whether text has a "(" that no ")" closes."""
    depth = 0
    for c in text:
        if c in "(\uff08":
            depth += 1
        elif c in CLOSING and depth > 0:
            depth -= 1
    return depth > 0
# libphonenumber's extension labels (as in _create_extn_pattern), with
# phonefmt's Korean label, to find a marker followed by more digits than
# libphonenumber takes after it (21+ after explicit labels and ;ext=, 10+
# after x # ~ int, 16+ after ,, or ;).
_SEP = "[ \u00a0\\t,]*"
_AFTER = "[:\\.\uff0e]?[ \u00a0\\t,-]*"
_EXPLICIT = "(?:e?xt(?:ensi(?:o\u0301?|\u00f3))?n?|\uff45?\uff58\uff54\uff4e?|\u0434\u043e\u0431|anexo|\ub0b4\uc120)"
_AMBIGUOUS = "(?:[x\uff58#\uff03~\uff5e]|int|\uff49\uff4e\uff54)"
EXT_TOO_LONG = re.compile("(?:;ext=(\\d{21,})|" + _SEP + _EXPLICIT + _AFTER + "(\\d{21,})#?|" + _SEP + _AMBIGUOUS +
                          _AFTER + "(\\d{10,})#?|[ \u00a0\\t]*(?:,{2}|;)" + _AFTER + "(\\d{16,})#?)$", re.I | re.U)
SECOND_NUMBER = re.compile("[\\\\/] *x")


def error_code(e):
    t = e.error_type
    if t == NumberParseException.NOT_A_NUMBER:
        # Too few digits to be a number (one digit, or two with punctuation
        # or a plus sign), or a character libphonenumber refuses.
        return "invalid-character"
    if t == NumberParseException.INVALID_COUNTRY_CODE:
        return "invalid-country-code"
    if t in (NumberParseException.TOO_SHORT_NSN, NumberParseException.TOO_SHORT_AFTER_IDD):
        return "too-short"
    if t == NumberParseException.TOO_LONG:
        return "too-long"
    raise e


def judged(n):
    """The form's verdict on a parsed number: its type and formats, or why
    it is not valid."""
    if phonenumbers.is_valid_number(n):
        t = TYPE_NAMES[phonenumbers.number_type(n)]
        ext = n.extension
        n.extension = None
        digits = re.sub(r"\D", "", phonenumbers.format_number(n, PNF.NATIONAL))
        n.extension = ext
        return [t, phonenumbers.format_number(n, PNF.NATIONAL), phonenumbers.format_number(n, PNF.INTERNATIONAL),
                phonenumbers.format_number(n, PNF.E164),
                phonenumbers.format_number(n, PNF.RFC3966), digits]
    r = phonenumbers.is_possible_number_with_reason(n)
    if r == ValidationResult.TOO_SHORT:
        return ["too-short"]
    if r == ValidationResult.TOO_LONG:
        return ["too-long"]
    if r == ValidationResult.INVALID_COUNTRY_CODE:
        return ["invalid-country-code"]
    return ["invalid-number"]


def libphonenumber_verdict(raw, region):
    """What libphonenumber itself says of the whole value."""
    try:
        return judged(phonenumbers.parse(raw, region))
    except NumberParseException as e:
        return [error_code(e)]


def phonefmt_model(raw, region):
    """phonefmt's verdict (see PhoneNumberParser and PhoneInput+Text.swift):
    which part of the value is the number is phonefmt's rule; what that part
    means is libphonenumber's. Returns (verdict, reason), where reason names
    the phonefmt rule that decided when it is not libphonenumber's own."""
    start = next((i for i, c in enumerate(raw) if c in PLUS or is_digit(c)), None)
    last = next((i for i in range(len(raw) - 1, -1, -1) if is_digit(raw[i])), None)
    if start is None or last is None or last < start:
        return ["invalid-character"], "no-digit"
    # Letters that continue the number after its last digit.
    end = last + 1
    while True:
        j = end
        # A ")" that closes the number's "(" joins letters of any case.
        closes = end == last + 1 and j < len(raw) and raw[j] in CLOSING and has_open_bracket(raw[:end])
        if closes:
            j += 1
        joiner_start = j
        while j < len(raw) and raw[j] in JOINERS:
            j += 1
        k = j
        while k < len(raw) and raw[k] in ASCII_LETTERS:
            k += 1
        if k == j or (k < len(raw) and raw[k].isalpha()):
            break
        joiner, word = raw[joiner_start:j], raw[j:k]
        if joiner == "":
            cont = True
        elif closes:
            cont = all(c in SPACES for c in joiner) or len(joiner) == 1
        elif all(c in SPACES for c in joiner):
            cont = word.isupper()
        else:
            cont = len(joiner) == 1
        if not cont:
            break
        end = k
    reason = "trailing-words" if raw[end:].strip(" ") else None
    text, ext, whole = raw[start:end], None, None
    if SECOND_NUMBER.search(text):
        # libphonenumber keeps the first of two extensions (x302/x2303);
        # phonefmt reads the second, and the first is then letters inside.
        return ["invalid-character"], "second-extension"
    if end == last + 1:
        hend = end + 1 if end < len(raw) and raw[end] == "#" else end
        t = raw[start:hend]
        e, prefix = phonenumbers.phonenumberutil._maybe_strip_extension(t.replace("\ub0b4\uc120", "ext"))
        if "\ub0b4\uc120" in t:
            reason = "korean-extension"
        if e:
            whole = t.replace("\ub0b4\uc120", "ext")
            text, ext = prefix, "".join(str(unicodedata.digit(c)) for c in e)
            if hend > end:
                reason = None if reason == "trailing-words" and not raw[hend:].strip(" ") else reason
        else:
            m = EXT_TOO_LONG.search(t)
            if m and phonenumbers.phonenumberutil._is_viable_phone_number(t[:m.start()]):
                return ["extension-too-long"], "extension-too-long"
    letters = sum(1 for c in text if c in ASCII_LETTERS)
    lastd = max(i for i, c in enumerate(text) if is_digit(c)) if any(is_digit(c) for c in text) else -1
    i = 0
    while i < len(text) and text[i] in PLUS:
        i += 1
    for pos in range(i, len(text)):
        c = text[pos]
        if is_digit(c) or c in ALLOWED_PUNCT:
            continue
        if c in ASCII_LETTERS and (letters >= 3 or pos > lastd):
            continue
        return ["invalid-character"], ("letters-inside" if c in ASCII_LETTERS else "invalid-character")
    try:
        # With an extension, the whole of it, as libphonenumber's
        # viability test also looks at the extension's marker.
        n = phonenumbers.parse(whole if ext else text, region)
    except NumberParseException as e:
        return [error_code(e)], reason
    assert bool(n.extension) == bool(ext), (raw, text, n.extension)
    if ext:
        n.extension = ext
    return judged(n), reason


def verdict(raw, region):
    return phonefmt_model(raw, region)[0]


# -- random numbers from a pattern ------------------------------------------

def sample(pattern, rng):
    tree = sre_parse.parse(pattern)
    out = []

    def gen(items):
        for op, av in items:
            if op == sre_constants.LITERAL:
                out.append(chr(av))
            elif op == sre_constants.IN:
                choices = []
                for o, a in av:
                    if o == sre_constants.LITERAL:
                        choices.append(chr(a))
                    elif o == sre_constants.RANGE:
                        choices.extend(chr(x) for x in range(a[0], a[1] + 1))
                    elif o == sre_constants.CATEGORY:
                        choices.extend("0123456789")
                out.append(rng.choice(choices))
            elif op == sre_constants.CATEGORY:
                out.append(rng.choice("0123456789"))
            elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT):
                lo, hi, sub = av
                hi = min(hi, lo + 3)
                for _ in range(rng.randint(lo, hi)):
                    gen(sub)
            elif op == sre_constants.SUBPATTERN:
                gen(av[-1])
            elif op == sre_constants.BRANCH:
                gen(rng.choice(av[1]))
            elif op == sre_constants.AT:
                pass
            else:
                raise ValueError(op)
    gen(tree)
    return "".join(out)


FULLWIDTH = {c: chr(0xFF10 + i) for i, c in enumerate("0123456789")}
SCRIPTS = [0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0xFF10, 0x1040]


def to_script(s, zero):
    return "".join(chr(zero + int(c)) if c.isdigit() and c.isascii() else c for c in s)


def fullwidth(s):
    table = {"-": "\uff0d", "(": "\uff08", ")": "\uff09", " ": "\u3000", "+": "\uff0b",
             ".": "\uff0e", "/": "\uff0f"}
    return "".join(FULLWIDTH.get(c, table.get(c, c)) for c in s)


LABELS = ["Tel: ", "tel. ", "Phone: ", "mobile ", "\uc804\ud654: ", "\ud734\ub300\ud3f0 ", "TEL\uff1a",
          "\u96fb\u8a71 ", "Fax: ", "call "]
SUFFIXES = [" (home)", " \ubc88", " - office", ".", " ", " 연락주세요"]


def idd_examples(m, rng):
    """A few international dialling prefixes the region's pattern accepts."""
    out = set()
    if not m.international_prefix:
        return []
    for _ in range(30):
        try:
            s = sample(m.international_prefix, rng)
        except ValueError:
            continue
        if re.fullmatch(m.international_prefix, s) and "~" not in s:
            out.add(s)
    return sorted(out)


def shapes_for(region, nsn_list, rng, count):
    """Pasted shapes of numbers written for `region` (and a few foreign ones)."""
    m = PhoneMetadata.metadata_for_region(region)
    idds = idd_examples(m, rng)
    out = []
    for nsn in nsn_list:
        try:
            n = phonenumbers.parse("+%d%s" % (m.country_code, nsn), None)
        except NumberParseException:
            continue
        nat = phonenumbers.format_number(n, PNF.NATIONAL)
        intl = phonenumbers.format_number(n, PNF.INTERNATIONAL)
        e164 = phonenumbers.format_number(n, PNF.E164)
        rfc = phonenumbers.format_number(n, PNF.RFC3966)
        digits = re.sub(r"\D", "", nat)
        cands = [nat, intl, e164, rfc, digits, nsn, e164[1:]]
        cands.append(rng.choice(LABELS) + rng.choice([nat, intl]))
        cands.append(rng.choice([nat, intl]) + rng.choice(SUFFIXES))
        cands.append(fullwidth(rng.choice([nat, intl, digits])))
        cands.append(to_script(rng.choice([nat, intl, digits]), rng.choice(SCRIPTS)))
        cands.append(nat.replace("-", " ").replace("(", "").replace(")", ""))
        cands.append(nat.replace("-", ".").replace(" ", "."))
        cands.append(nat.replace("-", "/"))
        cands.append(nat.replace(" ", "\u00a0").replace("-", "\u2013"))
        if m.national_prefix:
            cands.append("+%d (%s)%s" % (m.country_code, m.national_prefix, intl.split(" ", 1)[1] if " " in intl else nsn))
            cands.append("+%d %s%s" % (m.country_code, m.national_prefix, nsn))
        for idd in idds[:3]:
            cands.append("%s %d %s" % (idd, m.country_code, intl.split(" ", 1)[1] if " " in intl else nsn))
            cands.append("%s%d%s" % (idd, m.country_code, nsn))
        # mutations
        cands.append(digits[:-1])
        cands.append(digits[:-3])
        cands.append(digits + str(rng.randint(0, 9)))
        cands.append(digits + "%02d" % rng.randint(0, 99))
        cands.append(e164[:-2])
        cands.append(e164 + "12")
        pos = rng.randint(1, len(nat) - 1)
        cands.append(nat[:pos] + rng.choice("abxX#*,;_!") + nat[pos:])
        d2 = list(digits)
        j = rng.randrange(len(d2))
        d2[j] = str(rng.randint(0, 9))
        cands.append("".join(d2))
        d3 = list(nsn)
        d3[0] = str(rng.randint(0, 9))
        cands.append("".join(d3))
        cands.append(str(rng.randint(1, 9)) + nsn)
        rng.shuffle(cands)
        out.extend(cands[:count])
    return out


def numbers_for(region, rng, per_type):
    m = PhoneMetadata.metadata_for_region(region)
    nsns = []
    for name in DESCS[1:]:
        d = getattr(m, name)
        if d is None or d.national_number_pattern is None:
            continue
        if d.example_number:
            nsns.append(d.example_number)
        for _ in range(per_type):
            try:
                s = sample(d.national_number_pattern, rng)
            except ValueError:
                continue
            nsns.append(s)
    return nsns


MISC = ["1", "12", "123", "1234", "+", "++82 10 1234 5678", "+999 123 4567", "+0 10 1234 5678",
        "abc", "Tel:", "010-1234-5678 ext. 12", "010-1234-5678 x12", "1588-1234",
        "010 1234 5678", "(02) 123-4567", "+82 (0)10-1234-5678", "０１０－１２３４－５６７８",
        "전화: 010-1234-5678", "٠١٠١٢٣٤٥٦٧٨", "001 82 10 1234 5678", "00 82 10 1234 5678",
        "00700 82 2 123 4567", "+82 010 1234 5678", "82 10 1234 5678", "8210 1234 5678",
        "+1 650 253 0000", "+44 20 7031 3000", "+81 3-1234-5678", "+800 1234 5678",
        "+882 3456 7890", "+7 495 123-45-67", "010-1234-5678-9", "0101234567890123456789",
        "010-1234-5678a", "0a10-1234-5678", "+82-10-1234-5678", "tel:+82-10-1234-5678",
        "02 1234 5678", "031-123-4567", "070-1234-5678", "050-1234-5678", "080-123-4567",
        "060-123-4567", "011-123-4567", "016-123-4567", "019-1234-5678", "15881234", "1588 1234",
        "0082 10 1234 5678", "00365 82 10 1234 5678", "0081 3 1234 5678", "+82 2-123-4567",
        "08100 2 123 4567", "0 2 123 4567", "02-1234-567", "+82 10 1234 567", "+8210123456789",
        "010 - 1234 - 5678", "(010) 1234-5678", "010.1234.5678", "010/1234/5678", "+(82) 10 1234 5678"]


def main():
    write_swift(encode_metadata())
    rng = random.Random(20261129)
    regions = {"KR": (40, 18)}
    big = ["US", "GB", "DE", "FR", "JP", "CN", "IN", "BR", "AU", "IT", "ES", "MX", "RU", "AR", "NL",
           "SE", "CH", "SG", "HK", "TW", "CA", "NZ", "ZA", "ID", "TR", "PL", "BE", "AT", "IL", "AE",
           "VN", "TH", "PH", "MY", "NG", "EG", "SA", "UA", "KZ", "FI", "NO", "DK", "PT", "GR", "IE"]
    for r in big:
        regions[r] = (5, 12)
    rows = []
    seen = set()

    def add(inp, region):
        inp = inp.strip(" \t")
        if not inp or (inp, region) in seen or "\t" in inp or "\n" in inp:
            return
        seen.add((inp, region))
        rows.append([inp, region] + verdict(inp, region))

    for inp in MISC:
        add(inp, "KR")
        add(inp, "US")
    for region in sorted(SUPPORTED_REGIONS):
        per_type, count = regions.get(region, (1, 4))
        for inp in shapes_for(region, numbers_for(region, rng, per_type), rng, count):
            add(inp, region)
    # foreign numbers written in KR and others
    for region in ["KR", "US", "GB", "DE", "JP"]:
        for other in rng.sample(sorted(SUPPORTED_REGIONS), 60):
            m = PhoneMetadata.metadata_for_region(other)
            for nsn in numbers_for(other, rng, 0)[:2]:
                add("+%d %s" % (m.country_code, nsn), region)
    for cc in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        m = PhoneMetadata.metadata_for_nongeo_region(cc)
        for name in DESCS[1:]:
            d = getattr(m, name)
            if d is not None and d.example_number:
                add("+%d %s" % (cc, d.example_number), "KR")
                add("00%d%s" % (cc, d.example_number), "KR")
                add("+%d %s" % (cc, d.example_number[:-2]), "US")
    path = os.path.join(ROOT, "Tests/Fixtures/phone-parse.tsv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("# generated by scripts/gen_phone_data.py from phonenumbers %s, do not edit\n" % VERSION)
        f.write("# input\tregion\tcode-or-type\tnational\tinternational\te164\trfc3966\tdigits\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("wrote", path, len(rows), "rows")

    # As-you-type: every prefix of typed inputs.
    aty = []
    typed = []
    for region, k in [("KR", 120)] + [(r, 8) for r in big]:
        m = PhoneMetadata.metadata_for_region(region)
        for nsn in rng.sample(numbers_for(region, rng, 3), min(k, len(numbers_for(region, random.Random(1), 3)))):
            try:
                n = phonenumbers.parse("+%d%s" % (m.country_code, nsn), None)
            except NumberParseException:
                continue
            nat = re.sub(r"\D", "", phonenumbers.format_number(n, PNF.NATIONAL))
            choice = rng.random()
            if choice < 0.5:
                s = nat
            elif choice < 0.7:
                s = "+%d%s" % (m.country_code, nsn)
            elif choice < 0.8:
                idds = idd_examples(m, rng)
                s = (idds[0] if idds else "00") + "%d%s" % (m.country_code, nsn)
            elif choice < 0.9:
                s = nat + str(rng.randint(0, 99))
            else:
                s = phonenumbers.format_number(n, PNF.NATIONAL)
            typed.append((s, region))
            if rng.random() < 0.2:
                typed.append((fullwidth(rng.choice([nat, "+%d%s" % (m.country_code, nsn)])), region))
            if rng.random() < 0.2:
                typed.append((phonenumbers.format_number(n, PNF.INTERNATIONAL), region))
            if m.national_prefix_for_parsing and rng.random() < 0.3:
                # national prefix and carrier code shapes the plan knows
                typed.append((sample(m.national_prefix_for_parsing, rng) + nsn, region))
    typed += [("01012345678", "KR"), ("0212345678", "KR"), ("15881234", "KR"), ("+821012345678", "KR"),
              ("00182212345678", "KR"), ("０１０１２３４５６７８", "KR"), ("6502530000", "US"),
              ("16502530000", "US"), ("011441234567890", "US"), ("+16502530000", "KR"),
              ("08001234567", "GB"), ("+80012345678", "KR"), ("0101234567890123", "KR"),
              ("＋８２１０１２３４５６７８", "KR"), ("010 1234 5678", "KR"), ("0111523456789", "AR"),
              ("+5491123456789", "AR"), ("0445512345678", "MX"), ("+5215512345678", "MX"),
              ("0212345678901", "BR"), ("8101495123", "RU"), ("00700821012345678", "KR"),
              ("0082212345678", "JP"), ("8~1082212345678", "BY"), ("+882341234567", "KR")]
    seen = set()
    for s, region in typed:
        for i in range(1, len(s) + 1):
            p = s[:i]
            if (p, region) in seen:
                continue
            seen.add((p, region))
            aty.append((p, region, as_you_type(p, region)))
    write_asyoutype_rows("Tests/Fixtures/phone-asyoutype.tsv", "input", aty)
    write_asyoutype_spaces()
    write_ext_vanity_fixture()


# -- extensions, vanity numbers, letters after digits ------------------------

# Every extension marker form libphonenumber's parser reads, and phonefmt's
# Korean one; "{}" is where the extension's digits go.
EXT_FORMS = [" ext. {}", " ext {}", "ext{}", " Ext: {}", " EXT.{}", " extn {}", " extension {}",
             " extensi\u00f3n {}", " extensio\u0301n {}", " xtn {}", " x{}", " x {}", " X{}", " x. {}",
             " #{}", "#{}", " \uff03{}", " ~{}", " \uff5e{}", " int {}", " INT. {}", " \uff45\uff58\uff54 {}",
             " \uff58{}", " \uff49\uff4e\uff54 {}", " \u0434\u043e\u0431. {}", " \u0414\u043e\u0431 {}",
             " anexo {}", " ANEXO: {}", ";ext={}", ",,{}", ";{}", " ;{}", ", {}", ",{}", " - {}#",
             "-{}#", " x{}#", " ext. {}#", ", ext {}", " \ub0b4\uc120 {}", "\ub0b4\uc120{}", " \ub0b4\uc120: {}"]
# The most digits each form takes (to try the limit and one past it).
EXT_LIMITS = [(" ext. {}", 20), (";ext={}", 20), (" x{}", 9), (" #{}", 9), (" ~{}", 9), (",,{}", 15),
              (";{}", 15), (", {}", 9), (" - {}#", 6), (" \ub0b4\uc120 {}", 20), (" \u0434\u043e\u0431. {}", 20)]
KEYPAD = {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}
TRAILING_WORDS = [" (home)", " call me", " \ud64d\uae38\ub3d9", " (\uc9d1)", " - office", " Mobile", " after 6pm"]


def valid_numbers(region, rng, k):
    """Up to k valid numbers of region, as (number, national, international)."""
    m = PhoneMetadata.metadata_for_region(region)
    out = []
    for nsn in numbers_for(region, rng, 2):
        try:
            n = phonenumbers.parse("+%d%s" % (m.country_code, nsn), None)
        except NumberParseException:
            continue
        if phonenumbers.is_valid_number(n):
            out.append((n, phonenumbers.format_number(n, PNF.NATIONAL),
                        phonenumbers.format_number(n, PNF.INTERNATIONAL)))
    rng.shuffle(out)
    return out[:k]


def vanity(written, count, rng, lower=False):
    """written with its last count digits as keypad letters (None when one
    of them is 0 or 1, which carry no letters)."""
    chars = list(written)
    idx = [i for i, c in enumerate(chars) if c.isdigit()][-count:]
    if len(idx) < count or any(chars[i] not in KEYPAD for i in idx):
        return None
    for i in idx:
        chars[i] = rng.choice(KEYPAD[chars[i]])
        if lower:
            chars[i] = chars[i].lower()
    return "".join(chars)


def ext_vanity_cases(region, rng):
    nums = valid_numbers(region, rng, 3)
    if not nums:
        return []
    cases = []
    n, nat, intl = nums[0]
    for form in EXT_FORMS:
        written = rng.choice([nat, intl]) if form not in (" - {}#", "-{}#") else nat
        cases.append(written + form.format(rng.randint(1, 9999)))
    form, limit = rng.choice(EXT_LIMITS)
    for count in (limit, limit + 1):
        ext = "".join(str(rng.randint(0, 9)) for _ in range(count))
        cases.append(nat + form.format(ext))
    for n, nat, intl in nums:
        digits = re.sub(r"\D", "", nat)
        for written in (nat, intl, digits):
            # vanity: the last 3 to 7 digits as letters, joined in several ways
            k = rng.randint(3, 7)
            v = vanity(written, k, rng, lower=rng.random() < 0.3)
            if v:
                cases.append(v)
            # letters after the digits: 1 to 4, glued, after a dash or a space
            letters = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(1, 4)))
            if rng.random() < 0.3:
                letters = letters.lower()
            cases.append(written + rng.choice(["", "-", " ", "."]) + letters)
        # a letter or two between digits, and trailing words
        pos = rng.randint(1, len(nat) - 1)
        cases.append(nat[:pos] + rng.choice(["A", "b", "Zq"]) + nat[pos:])
        cases.append(nat + rng.choice(TRAILING_WORDS))
        v = vanity(nat, 4, rng)
        if v:
            cases.append(v + " x" + str(rng.randint(1, 999)))
    return cases


def write_ext_vanity_fixture():
    rng = random.Random(20261202)
    rows = []
    seen = set()
    extra = [("1-800-FLOWERS", "US"), ("877-CASH-NOW", "US"), ("1-800-GO-FEDEX", "US"), ("02 1234 LNSV", "IT"),
             ("800 12DGLN", "AE"), ("4413701-CEH", "BM"), ("031-123-4567 ext. 12", "KR"),
             ("+1 650 253 0000 x123", "US"), ("+1 650 253 0000;ext=123", "US"), ("+1 650 253 0000 #123", "US"),
             ("02-123-4567 \ub0b4\uc120 123", "KR"), ("(530) 583-6985 x302/x2303", "US"),
             ("+7 495 123-45-67 \u0434\u043e\u0431. 123", "RU"), ("020 7031 3000 ext 12", "GB"),
             ("02 2345 6789 #12", "TW"), ("021 234 5678 int 12", "RO"), ("2408 1234 int. 5", "UY"),
             ("01 234 5678 anexo 12", "PE"), ("010-1234-5678 (home)", "KR"), ("010-1234-5678 call me", "KR"),
             ("tel:+1-650-253-0000;ext=123", "US"), ("+1 650 253 0000 ext", "US"), ("02 1234 LN", "IT"),
             # vanity letters split by a dash, a space or the area code's ")"
             ("(201) JJK-JMLZ", "US"), ("(201)JJK-JMLZ", "US"), ("(201) JJK JMLZ", "US"),
             ("+1 (201) JJK-JMLZ", "US"), ("(201) jjk-jmlz", "US"), ("201.JJK.JMLZ", "US"),
             ("1-800-FLO-WERS", "US"), ("1 800 FLO WERS", "US"), ("1 (800) FLO-WERS", "US"),
             ("1 (800) FLOWERS", "US"), ("0800 FLO-WERS", "GB"), ("(0800) FLO-WERS", "GB"),
             ("(02) 123 4567 (Home)", "AU")]
    cases = list(extra)
    for region in sorted(SUPPORTED_REGIONS):
        cases += [(c, region) for c in ext_vanity_cases(region, rng)]
    for raw, region in cases:
        raw = raw.strip(" ")
        if (raw, region) in seen or "\t" in raw:
            continue
        seen.add((raw, region))
        got, reason = phonefmt_model(raw, region)
        lib = libphonenumber_verdict(raw, region)
        if got == lib:
            rows.append([raw, region, "-"] + got)
        else:
            assert reason, (raw, region, got, lib)
            rows.append([raw, region, reason] + got + ["libphonenumber: " + " | ".join(lib)])
    path = os.path.join(ROOT, "Tests/Fixtures/phone-ext-vanity.tsv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("# generated by scripts/gen_phone_data.py from phonenumbers %s, do not edit\n" % VERSION)
        f.write("# input\tregion\treason\tcode-or-type\tnational\tinternational\te164\trfc3966\tdigits\n")
        f.write("# reason '-': phonefmt agrees with libphonenumber's parse of the whole value; otherwise the\n")
        f.write("# phonefmt rule that decides (man/phonefmt.1), libphonenumber's verdict in the last field.\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("wrote", path, len(rows), "rows")


def write_asyoutype_spaces():
    """As-you-type with spaces before or after what is typed: AsYouTypeFormatter
    is fed every character, spaces included (` 7012` shows ` 7012`, `+49 `
    shows `+49 `). Every region's example fixed-line and mobile numbers,
    national digits and +CC, each prefix with a space before and after, and
    the whole with spaces on both sides. No random choice: the rows depend on
    the phonenumbers version only."""
    typed = []
    for region in sorted(SUPPORTED_REGIONS):
        m = PhoneMetadata.metadata_for_region(region)
        for kind in (PNT.FIXED_LINE, PNT.MOBILE):
            n = phonenumbers.example_number_for_type(region, kind)
            if n is None:
                continue
            nat = re.sub(r"\D", "", phonenumbers.format_number(n, PNF.NATIONAL))
            e164 = phonenumbers.format_number(n, PNF.E164)
            for s in (nat, e164):
                typed.append((s, region))
    rows = []
    seen = set()
    for s, region in typed:
        inputs = [" " + s[:i] for i in range(1, len(s) + 1)]
        inputs += [s[:i] + " " for i in range(1, len(s) + 1)]
        inputs += ["  " + s + " ", " " + s + "  "]
        for p in inputs:
            if (p, region) in seen:
                continue
            seen.add((p, region))
            rows.append((p, region, as_you_type(p, region)))
    write_asyoutype_rows("Tests/Fixtures/phone-asyoutype-spaces.tsv", "input (with spaces around)", rows)


def as_you_type(typed, region):
    """What AsYouTypeFormatter shows after every character of `typed`."""
    f = phonenumbers.AsYouTypeFormatter(region)
    out = ""
    for c in typed:
        out = f.input_digit(c)
    return out


def write_asyoutype_rows(relative_path, input_column, rows):
    path = os.path.join(ROOT, relative_path)
    with open(path, "w", encoding="utf-8") as f:
        f.write("# generated by scripts/gen_phone_data.py from phonenumbers %s, do not edit\n" % VERSION)
        f.write("# %s\tregion\tas-you-type output\n" % input_column)
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("wrote", path, len(rows), "rows")


if __name__ == "__main__":
    main()
