import Foundation
import Testing

@testable import NumToolsCLI
@testable import NumToolsCore

private enum Options {
    static let style: Option<CoinFormatStyle.Style> = .choice("style", "STYLE", default: .currency, help: "")
    static let sign: Option<CoinFormatStyle.SignDisplay?> = .choice("sign", "WHEN", help: "")
    static let count: Option<Int?> = .integer("count", in: 1...9, help: "")
    static let minFraction: Option<Int?> = .fractionDigits("min-fraction", help: "")
    static let maxFraction: Option<Int?> = .fractionDigits("max-fraction", help: "")
    static let to: Option<[LocaleID]> = .locales("to", "LOCALE[,...]", required: "--to is required", help: "")
    static let quiet: Option<Bool> = .flag("quiet", short: "q", help: "")
    static let all: [any OptionDeclaration] = [style, sign, count, minFraction, maxFraction, to, quiet]
}

private func invocation(_ arguments: [String]) throws(UsageError) -> ToolInvocation {
    ToolInvocation(arguments: try ParsedArguments(arguments, options: Options.all.map(\.spec)), environment: [:])
}

@Suite struct TypedOptionTests {
    @Test func choicesReadTheirEnumeration() throws {
        #expect(try invocation([]).value(Options.style) == .currency)
        #expect(try invocation(["--style=percent"]).value(Options.style) == .percent)
        #expect(try invocation([]).value(Options.sign) == nil)
        #expect(try invocation(["--sign", "except-zero"]).value(Options.sign) == .exceptZero)
        #expect(
            throws: UsageError(
                "invalid value 'percnt' for --style: expected one of currency, percent, number, compact, scientific, engineering, si, iec, iec-i, bytes, myriad, words, numerals (did you mean 'percent'?)"
            )
        ) {
            try invocation(["--style", "percnt"]).value(Options.style)
        }
        // The completions offer every case.
        #expect(Options.style.spec.completion == .choices(CoinFormatStyle.Style.allCases.map(\.rawValue)))
    }

    @Test func integersAndFlags() throws {
        #expect(try invocation(["--count=3", "-q"]).value(Options.count) == 3)
        #expect(try invocation(["-q"]).value(Options.quiet))
        #expect(try !invocation([]).value(Options.quiet))
        #expect(throws: UsageError("invalid value '10' for --count: expected a whole number from 1 to 9")) {
            try invocation(["--count=10"]).value(Options.count)
        }
    }

    @Test func fractionRangeIsCheckedOnce() throws {
        let both = try invocation(["--min-fraction=2", "--max-fraction=4"]).fractionRange(
            Options.minFraction, Options.maxFraction)
        #expect(both == FractionRange(minimum: 2, maximum: 4))
        #expect(try invocation([]).fractionRange(Options.minFraction, Options.maxFraction).isEmpty)
        #expect(throws: UsageError("--min-fraction 3 is greater than --max-fraction 2")) {
            try invocation(["--min-fraction=3", "--max-fraction=2"]).fractionRange(
                Options.minFraction, Options.maxFraction)
        }
    }

    @Test func localeListsAndTheirRequirement() throws {
        let given = try invocation(["--to", "de_DE,fr_FR", "--to=it_CH"])
        #expect(try given.value(Options.to).map(\.identifier) == ["de_DE", "fr_FR", "it_CH"])
        #expect(throws: UsageError("--to is required")) {
            try Options.to.checkRequirement(invocation(["--to="]).arguments)
        }
        #expect(throws: UsageError.self) { try invocation(["--to", "de_DE,xx_YY"]).value(Options.to) }
    }
}
