import Foundation
import NumToolsCore

// What an amount field shows after each keystroke: what is no part of the
// number is dropped, and the digits grouped the way the user's locale groups
// them. The number is never changed: while a decimal point has no digit
// after it yet, sanitize says it could be a decimal mark, and the field
// shows what it showed before.
var amountField = DigitGrouper(style: GroupingStyle(locale: LocaleID(identifier: "en_IN")), mode: .sanitize)
var typed = ""
var shown = ""
print("Amount field (en_IN):")
for key in "12345x67.8" {
    typed.append(key)
    shown = (try? amountField(typed)) ?? shown
    print("  typed \(typed.padding(toLength: 11, withPad: " ", startingAt: 0)) shows \(shown)")
}

// A number the user typed in German notation, shown back in Arabic (Egypt).
var converter = NumberConverter(
    from: LocaleNumberFormat(locale: LocaleID(identifier: "de_DE")),
    to: [LocaleNumberFormat(locale: LocaleID(identifier: "ar_EG"))])
print("de_DE 1.234.567,891 in ar_EG: \((try? converter("1.234.567,891")) ?? "?")")
do {
    _ = try converter("1,234.5")
} catch {
    print("de_DE 1,234.5 is rejected: \(error.code): \(error.message)")
}

// A phone field: what libphonenumber's as-you-type formatter shows after
// each digit, then the number the form stores.
var phoneField = PhoneAsYouTypeFormatter(region: "KR")!
print("Phone field (KR):")
for digit in "01012345678".unicodeScalars {
    print("  typed \(digit) shows \(phoneField.input(digit))")
}
if let parser = PhoneNumberParser(region: "KR"), let number = try? parser.validNumber("010-1234-5678") {
    print("stored as \(PhoneNumberFormatter(format: .e164).string(for: number)), type \(number.type)")
}
