#!/usr/bin/env python3
"""Generates coinfmt's currency words (`--style words --currency`) from
num2words' CURRENCY_FORMS, and the fixtures the tests hold them to.

    python3 -m venv .build/words-venv
    .build/words-venv/bin/pip install num2words==0.5.14 cn2an==0.5.24 babel==2.19.0
    .build/words-venv/bin/python scripts/gen_currency_words.py

Writes:

- Sources/NumToolsCore/Generated/CurrencyWordsData.swift (compiled in): for
  en, fr, de, es, it, pt, ko and ja, each currency's major and minor unit
  names (singular, plural), whether the number before it takes the feminine
  form (num2words' CURRENCIES_UNA and CENTS_UNA, es and it), and the word
  that joins the major and minor parts (num2words' `separator`).
- Tests/Fixtures/currency-words-num2words.tsv: language, code, amount and
  num2words' own `to_currency` text with every number written as `<N>`
  (num2words' number words are not coinfmt's: those are ICU's), so that the
  test compares the currency words, their plural and their joining exactly.
- Tests/Fixtures/currency-words-rmb.tsv: amount and cn2an's
  `an2cn(amount, "rmb")`, the Chinese 大写 amount coinfmt's `--words cheque
  -l zh` writes after `人民币`.

Where coinfmt departs from num2words on purpose, the fixture says what
coinfmt writes, and this script makes the change in one place (`coinfmt_form`):

- a zero minor part is not written (num2words writes `and zero cents`,
  except in pt);
- English joins the parts with `and` (num2words writes a comma), as the
  issue's example does.

Rows are made only for currencies of 0 or 2 fraction digits (CLDR's, as
babel carries them; ICU's, which coinfmt rounds to), and the same cash
digits: num2words writes every currency in hundredths. The build and the tests never run this script; its
outputs are committed.
"""
import inspect
import os
import re
from decimal import Decimal

import cn2an
from babel.core import get_global
from num2words import CONVERTER_CLASSES
from num2words import lang_ES, lang_IT

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "NumToolsCore", "Generated", "CurrencyWordsData.swift")
FIXTURE = os.path.join(ROOT, "Tests", "Fixtures", "currency-words-num2words.tsv")
RMB = os.path.join(ROOT, "Tests", "Fixtures", "currency-words-rmb.tsv")

LANGUAGES = ["en", "fr", "de", "es", "it", "pt", "ko", "ja"]
# The languages whose words are spaced; ko and ja write number and unit together.
SPACED = {"en", "fr", "de", "es", "it", "pt"}
# Where coinfmt's joining word is not num2words' (see the docstring).
JOINER_OVERRIDE = {"en": " and"}
FEMININE_MAJOR = {"es": set(lang_ES.CURRENCIES_UNA), "it": set(lang_IT.CURRENCIES_UNA)}
FEMININE_MINOR = {"es": set(lang_ES.CENTS_UNA)}

AMOUNTS = [
    "0", "0.01", "0.02", "0.1", "0.5", "0.99", "1", "1.01", "1.1", "1.5", "2", "2.02", "10", "11.11", "12.5",
    "21", "21.21", "100", "101.01", "1000", "1005", "1234.56", "100000", "1000000", "2000000.02",
    "100000000.07", "1000000000",
]

RMB_AMOUNTS = [
    "0", "0.01", "0.05", "0.1", "0.5", "0.55", "1", "1.01", "1.1", "1.5", "10", "10.05", "10.5", "11", "12.5",
    "20", "100", "101", "110", "1000", "1001", "1005", "1010", "1100", "1000.05", "10000", "10001", "10010",
    "10100", "11000", "100000", "100010", "100100", "101000", "110000", "1000000", "1001000", "10000000",
    "10001000", "10010000", "100000000", "100000000.07", "100000001", "100001000", "100010000", "101000000",
    "110000000", "1000000000", "1000100000", "10000000000", "100000000000", "1000000000000", "1000000000001",
    "1000010000000", "1010101010101", "10000000000000", "100000000000000", "1000000000000000",
    "9999999999999999.99", "1234.56", "12345", "1234567.89", "20406080.9", "30000000.03", "50005",
    "60000600", "7000000007", "80080080080.8", "90909090909", "123456789012.34",
]


def digits_of(code):
    """CLDR's fraction digits of `code` (ICU's); None where its cash digits
    are others (PKR, RSD: ICU writes those with the cash digits)."""
    fractions = get_global("currency_fractions")
    digits, _, cash_digits, _ = fractions.get(code, fractions["DEFAULT"])
    return digits if digits == cash_digits else None


def forms(lang):
    """code → (major singular, major plural, minor singular or "", minor plural or "")."""
    result = {}
    for code, (major, minor) in sorted(CONVERTER_CLASSES[lang].CURRENCY_FORMS.items()):
        if isinstance(major, str):  # ko: one form
            major = (major, major)
        if lang == "ja":  # ja: (written, reading)
            major = (major[0], major[0])
        if isinstance(minor, str):
            minor = (minor, minor)
        if not minor or lang == "ja":
            minor = ("", "")
        result[code] = (major[0], major[1], minor[0], minor[1])
    return result


def joiner(lang):
    if lang in JOINER_OVERRIDE:
        return JOINER_OVERRIDE[lang]
    return inspect.signature(CONVERTER_CLASSES[lang].to_currency).parameters["separator"].default


def check_plural(lang):
    """num2words' pluralize takes the singular for 1 alone, in every language listed: say so loudly if not."""
    converter = CONVERTER_CLASSES[lang]
    if lang not in SPACED:
        return
    for n in range(0, 1002):
        expected = "s" if n == 1 else "p"
        if converter.pluralize(n, ("s", "p")) != expected:
            raise SystemExit(f"{lang}: num2words' pluralize({n}) is not 'singular for 1 alone'")


def template(lang, code, amount):
    """num2words' to_currency text for `amount` with each number as `<N>`."""
    converter = CONVERTER_CLASSES[lang]
    saved = converter.to_cardinal
    converter.to_cardinal = lambda n, **kw: f"<{n}>"
    try:
        return converter.to_currency(Decimal(amount), currency=code)
    finally:
        converter.to_cardinal = saved


def coinfmt_form(lang, code, amount):
    """What coinfmt writes, as a template: num2words' text, its zero minor part
    dropped and its joining word made coinfmt's."""
    text = template(lang, code, amount)
    own = inspect.signature(CONVERTER_CLASSES[lang].to_currency).parameters["separator"].default
    cents = int((Decimal(amount) * 100) % 100)
    if lang in SPACED:
        head, sep, tail = text.partition(own + " ")
        if not sep:
            # pt writes no `e zero cêntimos`; its text is the major part alone.
            assert cents == 0 and lang == "pt", (lang, code, amount, text)
            return text
        if cents == 0:
            return head
        return head + joiner(lang) + " " + tail
    # ko: `<N>원`, `<N>달러 <M>센트` (a zero minor part dropped too).
    if cents == 0:
        return re.sub(r" <0>.*$", "", text)
    return text


def swift_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    lines = [
        f"// Generated by scripts/gen_currency_words.py from num2words {version('num2words')}'s",
        "// CURRENCY_FORMS, CURRENCIES_UNA and CENTS_UNA. Do not edit.",
        "",
        "extension CurrencyWordsData {",
        "    /// The num2words release the table is taken from.",
        f"    static let source = \"num2words {version('num2words')}\"",
        "",
        "    /// Language → the word joining the major and minor parts (with its leading space), and whether",
        "    /// words are spaced (ko and ja write the number and its unit together).",
        "    static let languages: [String: (joiner: String, spaced: Bool)] = [",
    ]
    for lang in LANGUAGES:
        check_plural(lang)
        lines.append(f"        {swift_string(lang)}: ({swift_string(joiner(lang))}, {'true' if lang in SPACED else 'false'}),")
    lines += [
        "    ]",
        "",
        "    /// Language → ISO 4217 code → major singular, major plural, minor singular, minor plural (\"\": none),",
        "    /// and whether the major and the minor unit are feminine (the number before them said so).",
        "    static let forms: [String: [String: Forms]] = [",
    ]
    for lang in LANGUAGES:
        lines.append(f"        {swift_string(lang)}: [")
        for code, (ms, mp, ns, np) in forms(lang).items():
            fem = "true" if code in FEMININE_MAJOR.get(lang, ()) else "false"
            fem_minor = "true" if code in FEMININE_MINOR.get(lang, ()) else "false"
            lines.append(
                f"            {swift_string(code)}: Forms({swift_string(ms)}, {swift_string(mp)}, "
                f"{swift_string(ns)}, {swift_string(np)}, {fem}, {fem_minor}),"
            )
        lines.append("        ],")
    lines += ["    ]", "}", ""]
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))

    rows = []
    for lang in LANGUAGES:
        for code, (_, _, minor, _) in forms(lang).items():
            digits = digits_of(code)
            if digits not in (0, 2):
                continue
            for amount in AMOUNTS:
                if digits == 0 or not minor:
                    if "." in amount:
                        continue
                rows.append(f"{lang}\t{code}\t{amount}\t{coinfmt_form(lang, code, amount)}")
    with open(FIXTURE, "w", encoding="utf-8") as f:
        f.write(f"# coinfmt --style words --words plain, as templates (<N>: the number N in words), from num2words {version('num2words')}\n")
        f.write("# language\tcode\tamount\ttext\n")
        f.write("\n".join(rows) + "\n")

    with open(RMB, "w", encoding="utf-8") as f:
        f.write(f"# cn2an {version('cn2an')}: an2cn(amount, \"rmb\")\n")
        f.write("# amount\ttext\n")
        for amount in RMB_AMOUNTS:
            f.write(f"{amount}\t{cn2an.an2cn(amount, 'rmb')}\n")
    print(f"{len(rows)} num2words rows, {len(RMB_AMOUNTS)} rmb rows")


def version(name):
    from importlib.metadata import version as v

    return v(name)


if __name__ == "__main__":
    main()
