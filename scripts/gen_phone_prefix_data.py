#!/usr/bin/env python3
"""Generates phonefmt's geocoder, carrier and time zone data (the `location`,
`carrier` and `timezone` fields of `--format`) and its test fixture from the
offline data of libphonenumber, as carried by the PyPI package `phonenumbers`
(the same release as scripts/gen_phone_data.py).

    pip install phonenumbers==9.0.43
    python3 scripts/gen_phone_prefix_data.py

Writes:
  Sources/NumToolsPhonePrefixes/Generated/PhonePrefixData.swift  (compiled in)
  Tests/Fixtures/phone-fields.tsv  number, language, type, region, valid,
                                   possible, timezone, carrier, location

The data is three binary blobs, each compressed with DEFLATE (RFC 1951, raw,
zlib level 9: the geocoder's 3.8 MB are 1.4 MB so, which keeps the installed
executable under 20 MB) and written as a base64 string literal (it compiles
in seconds, where an array literal of millions of elements takes the
compiler minutes), decoded and inflated (Inflate.swift) on the first use of
its field only. Blob layout (all integers little-endian):

  blob    := u32 stringCount, u32 offsets[stringCount + 1], UTF-8 bytes,
             u8 idWidth (bytes of a string id: 2, 3 or 4),
             u32 tableCount, table[tableCount]
  table   := u8 tagLength, tag (ASCII: a language such as `en`, `zh_Hant`;
             empty for the time zones), u8 maxLength,
             u32 counts[maxLength] (entries of each prefix length 1...max),
             for each length: u32 prefixes[count] (sorted), id ids[count]
  regions := (geocoder blob only, after the tables) u32 regionCount,
             2-byte region codes (sorted), u32 languageCount,
             for each language: u8 length, tag, id names[regionCount]
             (id 0 is the empty string)

A prefix is the leading digits of the E.164 number without `+`, at most
nine of them, so it fits a u32; the prefixes of one length are searched by
bisection. String id 0 is always the empty string.

The build and the tests never run this script; its output is committed.
"""
import base64
import os
import random
import struct
import zlib

import phonenumbers
from phonenumbers import PhoneNumberType as PNT
from phonenumbers import carrier, geocoder, timezone
from phonenumbers.carrierdata import CARRIER_DATA, CARRIER_LONGEST_PREFIX
from phonenumbers.geodata import GEOCODE_DATA, GEOCODE_LONGEST_PREFIX
from phonenumbers.geodata.locale import LOCALE_DATA
from phonenumbers.phonenumberutil import (COUNTRY_CODE_TO_REGION_CODE, _GEO_MOBILE_COUNTRIES,
                                          _MOBILE_TOKEN_MAPPINGS)
from phonenumbers.tzdata import TIMEZONE_DATA, TIMEZONE_LONGEST_PREFIX

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION = phonenumbers.__version__
assert VERSION == "9.0.43", "phonefmt's metadata is 9.0.43: regenerate both scripts together"


class Strings:
    """A string table: id 0 is the empty string."""

    def __init__(self):
        self.ids = {"": 0}
        self.items = [""]

    def id(self, s):
        if s not in self.ids:
            self.ids[s] = len(self.items)
            self.items.append(s)
        return self.ids[s]

    def encode(self):
        out = bytearray(struct.pack("<I", len(self.items)))
        data = bytearray()
        offsets = [0]
        for s in self.items:
            data += s.encode("utf-8")
            offsets.append(len(data))
        out += struct.pack("<%dI" % len(offsets), *offsets)
        out += data
        return out

    def width(self):
        n = len(self.items)
        return 2 if n < 1 << 16 else 3 if n < 1 << 24 else 4


def encode_id(i, width):
    return i.to_bytes(width, "little")


def encode_blob(strings, tables, extra=b""):
    """tables: list of (tag, {prefix: string id})."""
    width = strings.width()
    out = strings.encode()
    out += bytes([width])
    out += struct.pack("<I", len(tables))
    for tag, mapping in tables:
        tagb = tag.encode("ascii")
        out += bytes([len(tagb)]) + tagb
        longest = max(len(p) for p in mapping)
        out += bytes([longest])
        by_length = [sorted((int(p), i) for p, i in mapping.items() if len(p) == n) for n in range(1, longest + 1)]
        out += struct.pack("<%dI" % longest, *[len(b) for b in by_length])
        for bucket in by_length:
            out += struct.pack("<%dI" % len(bucket), *[p for p, _ in bucket])
            for _, i in bucket:
                out += encode_id(i, width)
    return bytes(out + extra)


def language_tables(data, strings):
    """{lang: {prefix: id}} of a prefix -> {lang: name} dictionary."""
    tables = {}
    for prefix, names in data.items():
        for lang, name in names.items():
            tables.setdefault(lang, {})[prefix] = strings.id(name)
    return sorted(tables.items())


def region_names(strings, width):
    """_region_display_name for every region and language LOCALE_DATA has."""
    regions = sorted(LOCALE_DATA)
    langs = sorted(next(iter(LOCALE_DATA.values())))
    out = bytearray(struct.pack("<I", len(regions)))
    for r in regions:
        assert len(r) == 2
        out += r.encode("ascii")
    out += struct.pack("<I", len(langs))
    for lang in langs:
        out += bytes([len(lang)]) + lang.encode("ascii")
        for r in regions:
            out += encode_id(strings.id(geocoder._region_display_name(r, lang)), width)
    return out


def deflate(blob):
    """Raw DEFLATE (no zlib header or checksum), as Inflate.swift reads it."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return packer.compress(blob) + packer.flush()


def swift_literal(name, doc, blob):
    text = base64.b64encode(deflate(blob)).decode("ascii")
    lines = [text[i:i + 120] for i in range(0, len(text), 120)]
    body = "\n".join(lines)
    return '/// %s\nlet %s: StaticString = """\n%s\n"""\n' % (doc, name, body)


def main():
    geo_strings = Strings()
    geo_tables = language_tables(GEOCODE_DATA, geo_strings)
    # Region names use the same string table; ids are assigned before the width is read.
    for r in LOCALE_DATA:
        for lang in LOCALE_DATA[r]:
            geo_strings.id(geocoder._region_display_name(r, lang))
    geo_blob = encode_blob(geo_strings, geo_tables, region_names(geo_strings, geo_strings.width()))

    carrier_strings = Strings()
    carrier_blob = encode_blob(carrier_strings, language_tables(CARRIER_DATA, carrier_strings))

    tz_strings = Strings()
    tz_table = {p: tz_strings.id(",".join(zones)) for p, zones in TIMEZONE_DATA.items()}
    tz_blob = encode_blob(tz_strings, [("", tz_table)])

    assert max(len(p) for p in GEOCODE_DATA) == GEOCODE_LONGEST_PREFIX <= 9
    assert max(len(p) for p in CARRIER_DATA) == CARRIER_LONGEST_PREFIX <= 9
    assert max(len(p) for p in TIMEZONE_DATA) == TIMEZONE_LONGEST_PREFIX <= 9

    geo_langs = [t for t, _ in geo_tables]
    carrier_langs = sorted({lang for names in CARRIER_DATA.values() for lang in names})
    path = os.path.join(ROOT, "Sources/NumToolsPhonePrefixes/Generated/PhonePrefixData.swift")
    with open(path, "w", encoding="utf-8") as f:
        f.write("// generated by scripts/gen_phone_prefix_data.py, do not edit.\n//\n")
        f.write("// The geocoder, carrier and time zone data of libphonenumber %s, as carried\n" % VERSION)
        f.write("// by the Python package phonenumbers %s (every language it has).\n" % VERSION)
        f.write("// Copyright (C) 2009-2025 The Libphonenumber Authors. Licensed under the\n")
        f.write("// Apache License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0).\n//\n")
        f.write("// Each blob is raw DEFLATE in base64 (layout: the docstring of the script) and\n")
        f.write("// is decoded the first time its field is asked for, never at start-up.\n\n")
        f.write("/// The languages of the geocoder data: %s.\n" % ", ".join(geo_langs))
        f.write("let phoneGeocoderLanguages = %s\n\n" % swift_array(geo_langs))
        f.write("/// The languages of the carrier data: %s.\n" % ", ".join(carrier_langs))
        f.write("let phoneCarrierLanguages = %s\n\n" % swift_array(carrier_langs))
        f.write("/// Country codes whose mobile numbers are geographic (`_GEO_MOBILE_COUNTRIES`).\n")
        f.write("let phoneGeoMobileCountryCodes: Set<Int> = [%s]\n\n" % ", ".join(map(str, sorted(_GEO_MOBILE_COUNTRIES))))
        f.write("/// Mobile tokens (`_MOBILE_TOKEN_MAPPINGS`): a digit dialled before the area code\n")
        f.write("/// of a mobile number from abroad.\n")
        f.write("let phoneMobileTokens: [Int: UInt8] = [%s]\n\n" % ", ".join(
            "%d: %s" % (cc, tok) for cc, tok in sorted(_MOBILE_TOKEN_MAPPINGS.items())))
        f.write(swift_literal("phoneGeocoderBlob", "Geocoder data: area names by language, and region names.", geo_blob))
        f.write("\n")
        f.write(swift_literal("phoneCarrierBlob", "Carrier data: carrier names by language.", carrier_blob))
        f.write("\n")
        f.write(swift_literal("phoneTimeZoneBlob", "Time zone data: IANA zones, comma-separated.", tz_blob))
    print("geocoder %d bytes, carrier %d bytes, time zones %d bytes (before base64)" % (
        len(geo_blob), len(carrier_blob), len(tz_blob)))
    write_fixture()


def swift_array(items):
    return "[" + ", ".join('"%s"' % s for s in items) + "]"


FIXTURE_LANGS = ["en", "ko", "de", "fr", "zh", "zh_Hant", "ja", "ru", "xx"]


def lang_args(tag):
    parts = tag.split("_")
    return parts[0], (parts[1] if len(parts) > 1 else None)


def fields(n, tag):
    lang, script = lang_args(tag)
    t = phonenumbers.number_type(n)
    region = phonenumbers.region_code_for_number(n) or ""
    return [
        t_name(t), region,
        "true" if phonenumbers.is_valid_number(n) else "false",
        "true" if phonenumbers.is_possible_number(n) else "false",
        ",".join(timezone.time_zones_for_number(n)),
        carrier.name_for_number(n, lang, script),
        geocoder.description_for_number(n, lang, script),
    ]


TYPE_NAMES = {
    PNT.FIXED_LINE: "fixed-line", PNT.MOBILE: "mobile", PNT.FIXED_LINE_OR_MOBILE: "fixed-line-or-mobile",
    PNT.TOLL_FREE: "toll-free", PNT.PREMIUM_RATE: "premium-rate", PNT.SHARED_COST: "shared-cost",
    PNT.VOIP: "voip", PNT.PERSONAL_NUMBER: "personal-number", PNT.PAGER: "pager", PNT.UAN: "uan",
    PNT.VOICEMAIL: "voicemail", PNT.UNKNOWN: "unknown",
}


def t_name(t):
    return TYPE_NAMES[t]


def numbers_from_prefixes(cc, prefixes, rng, count):
    """Up to `count` numbers of country code `cc` that start with one of `prefixes`."""
    region = COUNTRY_CODE_TO_REGION_CODE[cc][0]
    meta = phonenumbers.PhoneMetadata.metadata_for_region_or_calling_code(cc, region)
    if meta is None:
        return []
    lengths = list(meta.general_desc.possible_length) or [8]
    out = []
    prefixes = sorted(prefixes)
    rng.shuffle(prefixes)
    for p in prefixes[:count * 3]:
        rest = p[len(str(cc)):]
        for _ in range(4):
            length = rng.choice(lengths)
            if length < len(rest):
                continue
            nsn = rest + "".join(rng.choice("0123456789") for _ in range(length - len(rest)))
            try:
                n = phonenumbers.parse("+%d%s" % (cc, nsn), None)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(n):
                out.append("+%d%s" % (cc, nsn))
                break
        if len(out) >= count:
            break
    return out


def write_fixture():
    rng = random.Random(16)
    by_cc = {}
    for data in (GEOCODE_DATA, CARRIER_DATA, TIMEZONE_DATA):
        for p in data:
            for cc in COUNTRY_CODE_TO_REGION_CODE:
                if p.startswith(str(cc)):
                    by_cc.setdefault(cc, {}).setdefault(id(data), set()).add(p)
    numbers = []
    for cc in sorted(COUNTRY_CODE_TO_REGION_CODE):
        for region in COUNTRY_CODE_TO_REGION_CODE[cc]:
            for t in (PNT.FIXED_LINE, PNT.MOBILE, PNT.TOLL_FREE, PNT.PAGER, PNT.VOIP, PNT.UAN):
                ex = phonenumbers.example_number_for_type(region, t) if region != "001" else None
                if ex is None and region == "001":
                    ex = phonenumbers.example_number_for_non_geo_entity(cc)
                if ex is not None:
                    numbers.append(phonenumbers.format_number(ex, phonenumbers.PhoneNumberFormat.E164))
        for data in (GEOCODE_DATA, CARRIER_DATA, TIMEZONE_DATA):
            prefixes = by_cc.get(cc, {}).get(id(data), set())
            # A prefix shorter than the country code's is never a number's start.
            prefixes = {p for p in prefixes if len(p) > len(str(cc))}
            numbers += numbers_from_prefixes(cc, prefixes, rng, 3)
        # An invalid number of the country code: too short and wrong digits.
        numbers.append("+%d%s" % (cc, "0" * 3))
        numbers.append("+%d%s" % (cc, "9" * 8))
    seen = set()
    rows = []
    for text in numbers:
        if text in seen:
            continue
        seen.add(text)
        try:
            n = phonenumbers.parse(text, None)
        except phonenumbers.NumberParseException:
            continue
        for tag in (FIXTURE_LANGS if rng.random() < 0.25 else ["en", "ko"]):
            rows.append([text, tag] + fields(n, tag))
    path = os.path.join(ROOT, "Tests/Fixtures/phone-fields.tsv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("# generated by scripts/gen_phone_prefix_data.py from phonenumbers %s, do not edit.\n" % VERSION)
        f.write("# number\tlanguage\ttype\tregion\tvalid\tpossible\ttimezone\tcarrier\tlocation\n")
        f.write("# timezone: time_zones_for_number, carrier: name_for_number, location: description_for_number\n")
        for r in rows:
            assert all("\t" not in c and "\n" not in c for c in r)
            f.write("\t".join(r) + "\n")
    print("%d fixture rows" % len(rows))


if __name__ == "__main__":
    main()
