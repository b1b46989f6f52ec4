/// Formats a phone number while it is typed, one character at a time, as
/// libphonenumber's `AsYouTypeFormatter` does: `0`, `01`, `010`, `010-1`,
/// ..., `010-1234-5678`.
///
/// Digits of any script are accepted (and shown as typed until a format
/// applies); a leading `+` starts an international number; any other
/// character (a space, `-`) makes the formatter give up and echo the input,
/// like libphonenumber.
///
/// Typing costs amortised O(1) a character however long the input grows:
/// the steps run on a state that stays a few dozen digits long, and once
/// the display can only grow by what is typed (libphonenumber has given up,
/// or awaits a country code that cannot come), a character is appended and
/// nothing else is done. ``output`` (or ``input(_:)``, which returns it)
/// costs the length of the display.
public struct PhoneAsYouTypeFormatter: Sendable {
    /// The region whose plan is assumed until a country code is typed.
    public let region: String

    // What is not private here is the state of libphonenumber's steps, which
    // PhoneAsYouTypeFormatter+Steps.swift reads and writes; `display`, `phase`
    // and `scalarsTouched` belong to this file's phases alone.
    private let defaultMetadata: PhoneRegionMetadata
    var currentMetadata: PhoneRegionMetadata

    /// What the formatter shows: ``Display``, read when asked.
    private var display = Display.typed
    /// The display when it is ``Display/scalars``.
    var currentOutput: [Unicode.Scalar] = []
    private var phase = Phase.formatting
    /// Whether a phase other than ``Phase/formatting`` may be entered: false
    /// only in tests, which compare the two.
    var takesShortcuts = true
    /// Work done so far, in scalars: for each character that runs
    /// libphonenumber's steps, the length of the state they read and copy
    /// (the typed input, its digits, the national number and what precedes
    /// it), plus one; and one for a character only appended. A deterministic
    /// witness of the time typing takes, for the tests.
    private(set) var scalarsTouched = 0
    var accruedInput: [Unicode.Scalar] = []
    var accruedInputCount = 0
    /// Digits (ASCII) and `+` typed so far.
    var accruedDigits: [Unicode.Scalar] = []
    var formattingTemplate: [Unicode.Scalar] = []
    var lastMatchPosition = 0
    var currentFormattingPattern = ""
    var prefixBeforeNationalNumber: [Unicode.Scalar] = []
    var shouldAddSpaceAfterNationalPrefix = false
    var extractedNationalPrefix: [Unicode.Scalar] = []
    var nationalNumber: [Unicode.Scalar] = []
    var ableToFormat = true
    var inputHasFormatting = false
    var isCompleteNumber = false
    var isExpectingCountryCallingCode = false
    var possibleFormats: [PhoneFormatRule] = []

    /// What the formatter shows after a step.
    enum Display {
        /// The characters typed (``accruedInput``).
        case typed
        /// ``currentOutput``.
        case scalars
        /// The prefix (international prefix) and the national number.
        case prefixAndNational
    }

    /// How the next character is taken.
    private enum Phase {
        /// libphonenumber's steps run for each character.
        case formatting
        /// Given up for good: the display is what was typed, and a character
        /// is only appended to it.
        case echoing
        /// After an international prefix, the first three digits hold no
        /// country code (or start with 0): the display is the prefix and the
        /// national number, which digits extend; anything else starts
        /// ``echoing``.
        case awaitingCountryCode
    }

    /// A formatter for numbers typed in `region` (`KR`); nil when the
    /// metadata has no such region.
    public init?(region: String) {
        guard let meta = Self.metadataForRegion(region) else { return nil }
        self.region = region
        defaultMetadata = meta
        currentMetadata = meta
    }

    /// What the formatter shows after each character of `typed` was entered.
    public static func format(_ typed: String, region: String) -> String? {
        guard var f = PhoneAsYouTypeFormatter(region: region) else { return nil }
        for scalar in typed.unicodeScalars { f.enter(scalar) }
        return f.output
    }

    /// What the formatter shows now.
    public var output: String {
        var out = ""
        switch display {
        case .typed: out.unicodeScalars.append(contentsOf: accruedInput)
        case .scalars: out.unicodeScalars.append(contentsOf: currentOutput)
        case .prefixAndNational:
            out.unicodeScalars.append(contentsOf: prefixBeforeNationalNumber)
            out.unicodeScalars.append(contentsOf: nationalNumber)
        }
        return out
    }

    /// Appends ``output`` to `bytes` as UTF-8.
    func appendOutput<Output: ByteOutput & ~Copyable>(to bytes: inout Output) {
        switch display {
        case .typed: Self.append(accruedInput, to: &bytes)
        case .scalars: Self.append(currentOutput, to: &bytes)
        case .prefixAndNational:
            Self.append(prefixBeforeNationalNumber, to: &bytes)
            Self.append(nationalNumber, to: &bytes)
        }
    }

    private static func append<Output: ByteOutput & ~Copyable>(_ scalars: [Unicode.Scalar], to bytes: inout Output) {
        for scalar in scalars {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else {
                for b in UTF8.encode(scalar)! { bytes.append(b) }
            }
        }
    }

    /// The main region's plan for the country code of `region` (the plan
    /// shared by all of `+1`, say).
    static func metadataForRegion(_ region: String) -> PhoneRegionMetadata? {
        let store = PhoneMetadataStore.shared
        guard let meta = store.region(region), let main = store.mainRegion(countryCode: meta.countryCode) else {
            return nil
        }
        return store.region(main)
    }

    /// Forgets everything typed.
    public mutating func clear() {
        self = PhoneAsYouTypeFormatter(region: region)!
    }

    /// Enters one character and returns what the formatter shows now.
    public mutating func input(_ next: Unicode.Scalar) -> String {
        enter(next)
        return output
    }

    /// Enters one character; ``output`` is then what the formatter shows.
    public mutating func enter(_ next: Unicode.Scalar) {
        if takesShortcuts, phase == .formatting, accruedInputCount >= Self.typedLimit {
            // Past any phone number's length: shown as typed from here on
            // (the steps, O(length) a character, would make it quadratic).
            startEchoing()
            display = .typed
            currentOutput = []
        }
        switch phase {
        case .echoing:
            scalarsTouched += 1
            if display != .typed {
                display = .typed
                currentOutput = []
            }
            accruedInput.append(next)
            accruedInputCount += 1
        case .awaitingCountryCode:
            scalarsTouched += 1
            accruedInput.append(next)
            accruedInputCount += 1
            if let d = Self.digitValue(next) {
                nationalNumber.append(Unicode.Scalar(UInt8(0x30 + d)))
            } else {
                // What step does with it: give up, show what was typed.
                ableToFormat = false
                inputHasFormatting = true
                startEchoing()
                display = .typed
            }
        case .formatting:
            scalarsTouched +=
                accruedInput.count + accruedDigits.count + nationalNumber.count + prefixBeforeNationalNumber.count + 1
            display = step(next)
            guard takesShortcuts else { return }
            if !ableToFormat {
                if inputHasFormatting {
                    // No step sets ableToFormat again once the input has formatting.
                    startEchoing()
                } else if let limit = Self.givenUpDigits, accruedDigits.count > limit,
                    prefixBeforeNationalNumber.isEmpty, extractedNationalPrefix.isEmpty,
                    !canExtractIDD(limit), !canExtractNationalPrefix(limit)
                {
                    // No prefix to take and more digits than any format: no
                    // step formats again. With a prefix in play the steps can
                    // take a country code and national prefixes in turn and
                    // format again (AE `00` and forty `1`s, then `311`): they
                    // go on, up to typedLimit characters.
                    startEchoing()
                }
            } else if isExpectingCountryCallingCode && nationalNumber.count >= 3 {
                // The step tried the first three digits as a country code
                // and failed; later digits are only appended to the national
                // number, so it fails the same way for each.
                phase = .awaitingCountryCode
                currentOutput = []
            }
        }
    }

    /// How many characters are run through libphonenumber's steps at the
    /// most: past it the display is what was typed (but after an
    /// international prefix with no country code, which only appends). Longer than any number
    /// with its formatting, extension and international prefix; a bound, so
    /// that typing stays linear where libphonenumber's steps would go on
    /// formatting (an international prefix followed by many digits).
    public static let typedLimit = 100

    /// Stops running the steps: after this character the display is what
    /// was typed. The state only the steps read is let go.
    private mutating func startEchoing() {
        phase = .echoing
        accruedDigits = []
        nationalNumber = []
        prefixBeforeNationalNumber = []
        formattingTemplate = []
        possibleFormats = []
    }
}
