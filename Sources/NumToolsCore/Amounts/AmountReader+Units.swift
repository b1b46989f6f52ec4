extension AmountStyle {
    /// Whether the style reads numfmt's unit prefixes (si, iec, iec-i; never
    /// auto, where `12G` is SI to one reader and IEC to another).
    var readsUnitPrefixes: Bool { self == .si || self == .iec || self == .iecI }
}

extension AmountReader {
    /// numfmt's `--from=si|iec|iec-i`, strictly (numconv's auto reads no
    /// prefix: `12G` is SI to one writer and IEC to another): after the number (in
    /// the locale's notation), at most one space (U+0020, U+00A0, U+202F or
    /// U+2009: what `--unit-separator` may have written), a prefix and the
    /// column's suffix (`--suffix`, removed when present). `K` (and SI's
    /// `k`) to `Q` are powers of 1000 under si; under iec the same
    /// upper-case letters are powers of 1024; under iec-i a letter
    /// with IEC's `i` (`Ki`, `Mi`) is. A number without a prefix counts
    /// ones (`512` as `ls -lh` writes it), also under iec-i (numfmt refuses it).
    ///
    /// Takes the prefix and the suffix out of `lo..<hi` and sets the shape's
    /// scaling (``AmountShape/shift`` for powers of 1000,
    /// ``AmountShape/binaryPower`` for powers of 1024). Returns false, having
    /// changed nothing, when no prefix or suffix is there; throws
    /// `unknown-unit` for text after the number that is neither.
    func readUnitPrefix(
        _ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: inout Int, _ s: inout AmountShape
    ) throws(ValueError) -> Bool {
        var e = hi
        let suffix = unitSuffix
        if !suffix.isEmpty, e - lo > suffix.count, Self.has(p, e - suffix.count, suffix, end: e) {
            e -= suffix.count
        }
        // The prefix: the text after the number's last digit.
        let k = lastDigitEnd(p, lo, e)
        guard k > lo else { return false }
        var r = k
        if r < e, case let b = Self.space(p, r, end: e), b > 0 { r += b }
        if r == e {
            // Nothing but the suffix (`999B`, `999 B`), or nothing at all.
            guard e < hi else { return false }
            hi = k
            return true
        }
        let letter = p[r]
        var power = UnitPrefixes.power(ofLetter: letter)
        let binary = e - r == 2 && p[r + 1] == UInt8(ascii: "i")
        if power == nil || (e - r != 1 && !binary) || (letter == UInt8(ascii: "k") && binary) {
            throw unknownPrefix(p, r, e)
        }
        switch style {
        case .si where binary:
            throw ValueError(
                .number(.unknownUnit),
                "'\(quoted(p, r, e))' at offset \(UTF8Bytes.scalarOffset(p, r)) is an IEC prefix (a power of 1024): --style si reads powers of 1000; use --style iec-i"
            )
        case .iec where binary:
            throw ValueError(
                .number(.unknownUnit),
                "'\(quoted(p, r, e))' at offset \(UTF8Bytes.scalarOffset(p, r)) has IEC's i, which --style iec does not write: use --style iec-i"
            )
        case .iec where letter == UInt8(ascii: "k"):
            power = nil
        case .iecI where !binary:
            throw ValueError(
                .number(.unknownUnit),
                "'\(quoted(p, r, e))' at offset \(UTF8Bytes.scalarOffset(p, r)) lacks IEC's i: --style iec-i reads Ki, Mi, Gi, ... (use --style iec or si for a bare letter)"
            )
        default: break
        }
        guard let power else { throw unknownPrefix(p, r, e) }
        if binary || style == .iec {
            s.binaryPower = power
        } else {
            s.shift += 3 * power
        }
        hi = k
        return true
    }

    private func unknownPrefix(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> ValueError {
        let prefixes: String
        switch style {
        case .iec: prefixes = "K, M, G, T, P, E, Z, Y, R, Q"
        case .iecI: prefixes = "Ki, Mi, Gi, Ti, Pi, Ei, Zi, Yi, Ri, Qi"
        case .si: prefixes = "K (or k), M, G, T, P, E, Z, Y, R, Q"
        default: prefixes = "K (or k), M, G, ... Q, or with IEC's i: Ki, Mi, ... Qi"
        }
        let suffix = unitSuffix.isEmpty ? "" : " and the suffix '\(String(decoding: unitSuffix, as: UTF8.self))'"
        return ValueError(
            .number(.unknownUnit),
            "'\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) is no unit prefix: expected \(prefixes)\(suffix)"
        )
    }
}

extension DigitString {
    /// Multiplies the digits (integer and fraction, as one integer) by
    /// 1024 `power` times, in place, growing to the left (the caller leaves
    /// `4 × power` free bytes before ``start``); then drops the fraction's
    /// trailing zeros (`1.50Ki` is 1536, not `1536.00`).
    mutating func multiplyByPowerOf1024(_ power: Int) {
        var first = start
        var n = integerCount + fractionCount
        for _ in 0..<power {
            var carry: UInt32 = 0
            var q = first + n
            while q > first {
                q -= 1
                let t = UInt32(q.pointee &- 48) &* 1024 &+ carry
                q.pointee = UInt8(t % 10) &+ 48
                carry = t / 10
            }
            while carry > 0 {
                first -= 1
                first.pointee = UInt8(carry % 10) &+ 48
                carry /= 10
                n += 1
            }
        }
        start = first
        integerCount = n - fractionCount
        while fractionCount > 0 && start[integerCount + fractionCount - 1] == 48 { fractionCount -= 1 }
    }
}

extension AmountReader {
    /// `--style bytes` (and under auto, ``endsWithByteUnit(_:_:_:)``): after
    /// the number, at most one space and a byte unit (``ByteLabels``: `B`,
    /// `bytes`, `kB`, `KB`, `MB`, `GiB`, and the locale's labels, `Mo`,
    /// `ГБ`), then the suffix when given. A number without a unit is a count
    /// of bytes. Where the locale writes its label before the number
    /// (`කිබ 1` in si_LK), there. Sets the shape's scaling; `unknown-unit`
    /// for other text.
    func readByteUnit(_ p: UnsafeBufferPointer<UInt8>, _ lo: inout Int, _ hi: inout Int, _ s: inout AmountShape)
        throws(ValueError)
    {
        var e = hi
        if !unitSuffix.isEmpty, e - lo > unitSuffix.count, Self.has(p, e - unitSuffix.count, unitSuffix, end: e) {
            e -= unitSuffix.count
        }
        let k = lastDigitEnd(p, lo, e)
        guard k > lo else { return }
        var r = k
        if r < e, case let b = Self.space(p, r, end: e), b > 0 { r += b }
        var end = e
        // The locale's pattern may close with a bidi mark or a joiner after
        // the label (`ಬೈಟ್‌` in kn ends with U+200C).
        while end > r, case let b = Self.formatCharacterBefore(p, end, start: r), b > 0 { end -= b }
        if r == end {
            hi = k
            // Before the number: the text up to the space before its sign or first digit.
            var j = lo
            while j < k && !isDigit(p, j, end: k) && minus(p, j, end: k) == 0 { j += Self.scalarLength(p[j]) }
            var labelEnd = j
            if case let b = Self.blankBefore(p, labelEnd, start: lo), b > 0 { labelEnd -= b }
            var labelStart = lo
            while labelStart < labelEnd, case let b = Self.bidi(p, labelStart, end: labelEnd), b > 0 { labelStart += b }
            guard labelEnd > labelStart, j < k else { return }
            if let (binary, power) = ByteLabels.asciiUnit(p, labelStart, labelEnd) {
                if binary { s.binaryPower = power } else { s.shift += 3 * power }
            } else if let power = ByteLabels.of(locale).localizedUnit(p, labelStart, labelEnd) {
                s.shift += 3 * power
            } else {
                throw unknownByteUnit(p, labelStart, labelEnd)
            }
            lo = j
            return
        }
        if let (binary, power) = ByteLabels.asciiUnit(p, r, end) {
            if binary { s.binaryPower = power } else { s.shift += 3 * power }
        } else if let power = ByteLabels.of(locale).localizedUnit(p, r, end) {
            s.shift += 3 * power
        } else {
            throw unknownByteUnit(p, r, end)
        }
        hi = k
    }

    /// The length of a format character (U+200B–U+200F, U+2060–U+2064,
    /// U+061C, U+FEFF) ending at `end`, or 0.
    static func formatCharacterBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int, start: Int) -> Int {
        if end - start >= 3, p[end - 3] == 0xE2 {
            let (b1, b2) = (p[end - 2], p[end - 1])
            if b1 == 0x80 && (0x8B...0x8F).contains(b2) { return 3 }
            if b1 == 0x81 && (0xA0...0xA4).contains(b2) { return 3 }
        }
        if end - start >= 3, p[end - 3] == 0xEF, p[end - 2] == 0xBB, p[end - 1] == 0xBF { return 3 }
        if end - start >= 2, p[end - 2] == 0xD8, p[end - 1] == 0x9C { return 2 }
        return 0
    }

    private func unknownByteUnit(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> ValueError {
        ValueError(
            .number(.unknownUnit),
            "'\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) is no byte unit: expected B, bytes, kB, MB, ... PB (powers of 1000), KiB, MiB, ... (of 1024) or \(identifier)'s own"
        )
    }

    /// Under auto: whether the value ends with an ASCII byte unit without
    /// a prefix after a digit (`1536 bytes`, `1 byte`, `999 B` after a
    /// space), which is no compact unit of the locale's (`70 B` is es_ES's
    /// billón, `10 B` tr_TR's bin, `1.5 B` en_US's billion). A prefixed unit
    /// (`1.5 GB`, `2 TiB`) is read under `--style bytes` only: `GB` is 10^9
    /// to one writer and 2^30 to another. A bare `B` right after the digits
    /// is left to the compact units (`1.5B` is a billion in en_US).
    func endsWithByteUnit(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> Bool {
        guard hi > lo,
            p[hi - 1] == UInt8(ascii: "B") || p[hi - 1] == UInt8(ascii: "e") || p[hi - 1] == UInt8(ascii: "s")
        else { return false }
        var k = hi
        while k > lo && p[k - 1] >= 0x41 && p[k - 1] < 0x7B { k -= 1 }
        guard k < hi, let unit = ByteLabels.asciiUnit(p, k, hi), unit.power == 0 else { return false }
        if let compact, compact.power(p, k, hi) != nil { return false }
        var d = k
        var spaced = false
        if case let b = Self.blankBefore(p, d, start: lo), b > 0, Self.bidi(p, d - b, end: d) == 0 {
            d -= b
            spaced = true
        }
        guard d > lo, digitEnds(p, at: d, from: lo) else { return false }
        return spaced || hi - k > 1
    }
}
