// libFuzzer target: phonefmt --as-you-type on inputs of any length (up to
// the 1 MiB of a record). Invariants: the formatter answers in time linear in
// the input (a quadratic path is a libFuzzer timeout on long inputs); its
// shortcuts once it has given up show what running libphonenumber's steps for
// every character shows (compared after each character, on inputs short
// enough for the steps); once a character that is neither a digit nor a
// leading `+` is typed it shows what was typed; phonefmt's transform writes
// what the formatter shows.
//
// Input: the first byte picks the region (of `regionCodes`), the rest is
// what is typed (UTF-8; invalid inputs are skipped, as phonefmt reports them
// before typing).

/// A few dozen regions, not all 245: each one compiled costs memory. Each is
/// compiled when an input first needs it (all at once would make the first
/// input slow enough to pass for a timeout), as are the plans a typed country
/// code switches to.
let regionCodes = [
    "KR", "US", "GB", "DE", "JP", "IN", "BR", "FR", "CN", "AU", "IT", "RU", "AR", "MX", "BY", "UZ", "NZ", "SG",
    "HK", "AE", "ZA", "ID", "TH", "VN", "PL", "NL", "AT", "CH", "CO", "IR", "KZ", "CA",
]

/// Longest input compared character by character with the steps run every
/// time: past it the formatter shows what was typed, by design.
let comparedScalars = PhoneAsYouTypeFormatter.typedLimit

func fuzzAsyoutype(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let region = regionCodes[Int(data[0]) % regionCodes.count]
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard UTF8Bytes.isValid(value) else { return 0 }
    let text = String(decoding: value, as: UTF8.self)
    var fast = PhoneAsYouTypeFormatter(region: region)!
    var steps = fast
    steps.takesShortcuts = false
    var typed = 0
    var formatting = false
    for scalar in text.unicodeScalars {
        fast.enter(scalar)
        typed += 1
        let isDigit = scalar.properties.numericType == .decimal || scalar.properties.numericType == .digit
        if !isDigit && !(typed == 1 && (scalar == "+" || scalar == "\u{FF0B}")) { formatting = true }
        if typed <= comparedScalars {
            steps.enter(scalar)
            check(
                fast.output == steps.output,
                "\(region) \(text.debugDescription): after \(typed) characters the shortcuts show "
                    + "\(fast.output.debugDescription), the steps \(steps.output.debugDescription)")
        }
    }
    // Counted work, not time: a constant a character once given up, a few
    // dozen characters of state a step before.
    check(
        fast.scalarsTouched <= 2 * typed + 20_000, "\(region): \(fast.scalarsTouched) scalars touched typing \(typed)")
    let shown = fast.output
    if formatting {
        check(
            shown == text, "\(region) \(text.debugDescription): formatting typed, but shows \(shown.debugDescription)")
    }
    var transform = PhoneTransform(region: region, asYouType: true)!
    var out: [UInt8] = []
    do { try transform.transform(value, into: &out) } catch { check(false, "as-you-type threw \(error.code)") }
    check(
        out == Array(shown.utf8),
        "\(region): phonefmt writes \(String(decoding: out, as: UTF8.self).debugDescription), "
            + "the formatter shows \(shown.debugDescription)")
    return 0
}
