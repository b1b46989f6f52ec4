import Testing

@testable import NumToolsCore

private func firstInvalid(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { b in
        b.baseAddress.flatMap { UTF8Bytes.firstInvalid($0, 0, b.count) }
    }
}

private func escaped(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { b in
        if let base = b.baseAddress { UTF8Bytes.appendEscaped(base, 0, b.count, into: &out) }
    }
    #expect(String(validating: out, as: UTF8.self) != nil, "escaped form is valid UTF-8")
    return String(decoding: out, as: UTF8.self)
}

@Suite struct UTF8BytesTests {
    @Test(
        arguments: [
            ([0x41], 1),
            ([0x7F], 1),
            ([0x80], 0),  // lone continuation byte
            ([0xC0, 0x80], 0),  // overlong
            ([0xC1, 0xBF], 0),  // overlong
            ([0xC2, 0x80], 2),
            ([0xDF, 0xBF], 2),
            ([0xC2], 0),  // truncated
            ([0xC2, 0x41], 0),
            ([0xE0, 0x9F, 0xBF], 0),  // overlong
            ([0xE0, 0xA0, 0x80], 3),
            ([0xED, 0x9F, 0xBF], 3),
            ([0xED, 0xA0, 0x80], 0),  // surrogate
            ([0xEF, 0xBF, 0xBF], 3),
            ([0xE2, 0x82], 0),  // truncated
            ([0xF0, 0x8F, 0xBF, 0xBF], 0),  // overlong
            ([0xF0, 0x90, 0x80, 0x80], 4),
            ([0xF4, 0x8F, 0xBF, 0xBF], 4),
            ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),
            ([0xFF], 0),
            ([0xF0, 0x9F, 0x98], 0),  // truncated
        ] as [([UInt8], Int)])
    func sequenceLength(bytes: [UInt8], expected: Int) {
        let n = bytes.withUnsafeBufferPointer { UTF8Bytes.sequenceLength($0.baseAddress!, 0, $0.count) }
        #expect(n == expected)
    }

    /// `firstInvalid` agrees with the standard library's validation, including
    /// around its eight-bytes-at-a-time fast path.
    @Test func firstInvalidAgreesWithTheStandardLibrary() {
        var rng = SplitMix64(seed: 8)
        let pieces: [[UInt8]] = [
            [0x41], [0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49], Array("é".utf8), Array("€".utf8),
            Array("😀".utf8), [0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
            [0xC0, 0xAF],
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<12, using: &rng) {
                let k = Int.random(in: 0..<(pieces.count + 8), using: &rng)
                bytes += pieces[k < pieces.count ? k : k % 2]
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let first = firstInvalid(bytes)
            #expect((first == nil) == valid, "\(bytes)")
            if let first {
                // Everything before it is valid, and it is not the start of a valid sequence.
                #expect(String(validating: bytes[..<first], as: UTF8.self) != nil, "\(bytes)")
                #expect(
                    bytes.withUnsafeBufferPointer { UTF8Bytes.sequenceLength($0.baseAddress!, first, $0.count) } == 0)
            }
        }
    }

    @Test(arguments: 0..<20)
    func invalidByteAtEveryPosition(position: Int) {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
        bytes[position] = 0xFF
        #expect(firstInvalid(bytes) == position)
    }

    @Test(
        arguments: [
            ([0x61, 0x09, 0x62], "a\\tb"),
            ([0x0A, 0x0D, 0x5C], "\\n\\r\\\\"),
            ([0x61, 0xFF, 0x62], "a\\xFFb"),
            ([0xC3, 0xA9, 0xC3], "é\\xC3"),
            ([0xE2, 0x82, 0x41], "\\xE2\\x82A"),
            ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),
            ([0xF0, 0x9F, 0x98, 0x80], "😀"),
            ([0x00, 0x7F], "\u{0}\u{7F}"),
            ([], ""),
        ] as [([UInt8], String)])
    func escaping(bytes: [UInt8], expected: String) {
        #expect(escaped(bytes) == expected)
    }

    /// Under -z NUL ends a record, so an error record writes it `\x00`.
    @Test func escapingNULUnderZ() {
        var out: [UInt8] = []
        let bytes: [UInt8] = [0x31, 0x00, 0x32, 0x09, 0xFC]
        bytes.withUnsafeBufferPointer { b in
            UTF8Bytes.appendEscaped(b.baseAddress!, 0, b.count, escapingNUL: true, into: &out)
        }
        #expect(String(decoding: out, as: UTF8.self) == "1\\x002\\t\\xFC")
        out = []
        UTF8Bytes.appendEscaped("'\u{0}'", escapingNUL: true, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "'\\x00'")
    }

    @Test func escapingAStringAndOffsets() {
        var out: [UInt8] = []
        UTF8Bytes.appendEscaped("a\tb\\c\nd", into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "a\\tb\\\\c\\nd")
        let text = Array("aé€😀b".utf8)
        text.withUnsafeBufferPointer { b in
            #expect(UTF8Bytes.scalarOffset(b, 0) == 0)
            #expect(UTF8Bytes.scalarOffset(b, 1) == 1)
            #expect(UTF8Bytes.scalarOffset(b, 3) == 2)
            #expect(UTF8Bytes.scalarOffset(b, 6) == 3)
            #expect(UTF8Bytes.scalarOffset(b, 10) == 4)
            #expect(UTF8Bytes.scalarOffset(b, 100) == 5)
            #expect(UTF8Bytes.quote(b, at: 1) == "'é'")
            #expect(UTF8Bytes.quote(b, at: 6) == "'😀'")
            #expect(UTF8Bytes.quote(b, at: 11) == "end of value")
            #expect(UTF8Bytes.isValid(b))
        }
        [UInt8]([0x31, 0xFF]).withUnsafeBufferPointer { b in
            #expect(UTF8Bytes.quote(b, at: 1) == "byte 0xFF")
            #expect(!UTF8Bytes.isValid(b))
        }
    }
}

/// The eight-bytes-at-a-time helpers against byte-by-byte loops, on random
/// bytes weighted toward digits and toward the bytes that border them
/// (`/`, `:`, and bytes with the high bit set, whose carries must not leak).
@Suite struct WordAtATimeTests {
    @Test func agreeWithByteLoops() {
        var rng = SplitMix64(seed: 88)
        let pool: [UInt8] =
            Array(0x30...0x39) + Array(0x30...0x39) + [
                0x2F, 0x3A, 0x0A, 0x00, 0x7F, 0x80, 0xB9, 0xC6, 0xF9, 0xFF, 0x2C, 0x2E,
            ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
            bytes.withUnsafeBufferPointer { b in
                guard let p = b.baseAddress else { return }
                let n = b.count
                let start = Int.random(in: 0...n, using: &rng)
                var run = start
                while run < n, b[run] &- 48 < 10 { run += 1 }
                #expect(UTF8Bytes.digitsEnd(p, start, n) == run, "\(bytes) from \(start)")
                if n - start >= 8 {
                    #expect(UTF8Bytes.leadingDigits(UTF8Bytes.load8(b, start)) == min(8, run - start))
                }
                for target: UInt8 in [0x0A, 0x00] {
                    let hit = b[start...].firstIndex(of: target)
                    let (found, ascii) = UTF8Bytes.findByte(target, p, start, n)
                    #expect(found == (hit ?? -1), "\(bytes) from \(start)")
                    if let hit { #expect(ascii == b[start..<hit].allSatisfy { $0 < 0x80 }, "\(bytes) from \(start)") }
                }
            }
        }
    }
}
