#!/usr/bin/env python3
"""The Python anchors of scripts/bench.sh: each reads records from stdin, one a
line, and writes one line per record, all in one process, the way a Python
programmer would write the same filter with the usual library.

    anchors.py numconv FROM TO          Babel: parse_decimal, then format_decimal
    anchors.py coinfmt CODE LOCALE MIN MAX
                                        Babel: format_currency with MIN..MAX fraction digits
    anchors.py phonefmt REGION FORMAT   phonenumbers: parse, is_valid_number, format_number
                                        (FORMAT: national, international, e164, rfc3966)
    anchors.py priceparser              price-parser: Price.fromstring, its amount and currency
    anchors.py num2words LANG           num2words: the integer in words
    anchors.py text2num LANG            text2num: words read back to the integer

A value the library rejects is written as "error<TAB>ORIGINAL".

Two things Babel does not do by itself are done here, so that its output can be
compared with numconv's: Babel writes ASCII digits whatever the locale (it has
the symbols of a numbering system, not its digits), so the digits are mapped to
the target locale's default numbering system afterwards; and format_decimal's
default pattern rounds to 3 fraction digits, so the pattern is given the
input's fraction length, as numconv keeps it.
"""

import sys

# Digits of the numbering systems the benchmark's target locales use by default.
DIGITS = {
    "arab": "٠١٢٣٤٥٦٧٨٩",
    "arabext": "۰۱۲۳۴۵۶۷۸۹",
    "deva": "०१२३४५६७८९",
    "beng": "০১২৩৪৫৬৭৮৯",
    "mymr": "၀၁၂၃၄၅၆၇၈၉",
}


def lines():
    for line in sys.stdin:
        yield line[:-1] if line.endswith("\n") else line


def numconv(source, target):
    from babel import Locale
    from babel.numbers import format_decimal, parse_decimal, NumberFormatError

    src = Locale.parse(source)
    dst = Locale.parse(target)
    numbering = dst.default_numbering_system
    digits = DIGITS.get(numbering)
    table = str.maketrans("0123456789", digits) if digits else None
    point = src.number_symbols.get(src.default_numbering_system, src.number_symbols["latn"])["decimal"]
    # The target's own pattern (#,##,##0.### for ne), with the fraction part
    # replaced by exactly n zeros.
    integer_pattern = dst.decimal_formats[None].pattern.split(";")[0].split(".")[0]
    patterns = {}
    out = []
    write = sys.stdout.write
    for line in lines():
        value = line.strip(" \t")
        try:
            number = parse_decimal(value, locale=src)
        except NumberFormatError:
            out.append("error\t" + line)
            continue
        n = len(value) - value.rindex(point) - 1 if point in value else 0
        pattern = patterns.get(n)
        if pattern is None:
            pattern = patterns[n] = integer_pattern + ("." + "0" * n if n else "")
        text = format_decimal(number, format=pattern, locale=dst, numbering_system="default")
        out.append(text.translate(table) if table else text)
        if len(out) >= 4096:
            write("\n".join(out) + "\n")
            out.clear()
    if out:
        write("\n".join(out) + "\n")


def coinfmt(code, locale, low, high):
    from decimal import Decimal, InvalidOperation
    from babel.numbers import format_currency

    low, high = int(low), int(high)
    pattern = "¤#,##0" + ("." + "0" * low + "#" * (high - low) if high else "")
    out = []
    write = sys.stdout.write
    for line in lines():
        try:
            number = Decimal(line.strip(" \t"))
        except InvalidOperation:
            out.append("error\t" + line)
            continue
        out.append(format_currency(number, code, format=pattern, locale=locale, currency_digits=False))
        if len(out) >= 4096:
            write("\n".join(out) + "\n")
            out.clear()
    if out:
        write("\n".join(out) + "\n")


def phonefmt(region, fmt):
    import phonenumbers
    from phonenumbers import NumberParseException, PhoneNumberFormat

    style = {
        "national": PhoneNumberFormat.NATIONAL,
        "international": PhoneNumberFormat.INTERNATIONAL,
        "e164": PhoneNumberFormat.E164,
        "rfc3966": PhoneNumberFormat.RFC3966,
    }[fmt]
    out = []
    write = sys.stdout.write
    for line in lines():
        try:
            number = phonenumbers.parse(line, region)
        except NumberParseException:
            out.append("error\t" + line)
            continue
        if phonenumbers.is_valid_number(number):
            out.append(phonenumbers.format_number(number, style))
        else:
            out.append("error\t" + line)
        if len(out) >= 4096:
            write("\n".join(out) + "\n")
            out.clear()
    if out:
        write("\n".join(out) + "\n")


def write_all(results):
    """Writes each line of `results`, 4096 at a time."""
    out = []
    write = sys.stdout.write
    for result in results:
        out.append(result)
        if len(out) >= 4096:
            write("\n".join(out) + "\n")
            out.clear()
    if out:
        write("\n".join(out) + "\n")


def priceparser():
    from price_parser import Price

    def each():
        for line in lines():
            price = Price.fromstring(line)
            if price.amount is None:
                yield "error\t" + line
            else:
                yield "%s\t%s" % (price.amount, price.currency or "")

    write_all(each())


def num2words_(lang):
    from num2words import num2words

    def each():
        for line in lines():
            try:
                yield num2words(int(line), lang=lang)
            except (ValueError, OverflowError, NotImplementedError):
                yield "error\t" + line

    write_all(each())


def text2num_(lang):
    from text_to_num import text2num

    def each():
        for line in lines():
            try:
                yield str(text2num(line, lang))
            except ValueError:
                yield "error\t" + line

    write_all(each())


COMMANDS = {
    "num2words": (num2words_, 1),
    "text2num": (text2num_, 1),
    "numconv": (numconv, 2),
    "coinfmt": (coinfmt, 4),
    "phonefmt": (phonefmt, 2),
    "priceparser": (priceparser, 0),
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS or len(sys.argv) - 2 != COMMANDS[sys.argv[1]][1]:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]][0](*sys.argv[2:])
