/// The prefixes of the unit styles, shared by writing and reading: `K`
/// (or SI's `k`) to `Q`, powers of 1000, and with IEC's `i` powers of 1024.
public enum UnitPrefixes {
    /// The power a prefix letter names (`K` and `k` 1, `M` 2, ... `Q` 10), or nil.
    public static func power(ofLetter byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "K"), UInt8(ascii: "k"): 1
        case UInt8(ascii: "M"): 2
        case UInt8(ascii: "G"): 3
        case UInt8(ascii: "T"): 4
        case UInt8(ascii: "P"): 5
        case UInt8(ascii: "E"): 6
        case UInt8(ascii: "Z"): 7
        case UInt8(ascii: "Y"): 8
        case UInt8(ascii: "R"): 9
        case UInt8(ascii: "Q"): 10
        default: nil
        }
    }

    /// A unit size: digits, optionally followed by a prefix (`1K` is 1000,
    /// `1Ki` 1024); nil when malformed or above `UInt64`.
    public static func unitSize(_ text: String) -> UInt64? {
        var bytes = Array(text.utf8)
        var multiplier: UInt64 = 1
        if bytes.last == UInt8(ascii: "i"), bytes.count >= 2, let p = power(ofLetter: bytes[bytes.count - 2]) {
            guard p <= 6 else { return nil }
            multiplier = 1 << (10 * UInt64(p))
            bytes.removeLast(2)
        } else if let last = bytes.last, let p = power(ofLetter: last) {
            guard p <= 6 else { return nil }
            for _ in 0..<p { multiplier *= 1000 }
            bytes.removeLast()
        }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let n = UInt64(String(decoding: bytes, as: UTF8.self))
        else { return nil }
        let (product, overflow) = n.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    /// Whether dividing by `n` always gives a finite decimal (its prime factors are 2 and 5).
    public static func dividesExactly(_ n: UInt64) -> Bool { ExactDecimal.twosAndFives(n) != nil }
}
